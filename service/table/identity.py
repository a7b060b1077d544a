"""One player, one address: signed sign-in links for "my games", and every seat of an address."""
from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass
from datetime import datetime, timedelta

from service.game.current import games_at_rows
from service.game.loading import load_game
from service.game.meta import normal_address, seat_addresses
from service.log.store import Store
from service.time.localtime import deadline_text

SIGN_IN_HOURS = 24
MAX_GAMES_LISTED = 1000
"""The most games "my games" lists for one address, newest first."""


@dataclass(frozen=True)
class MySeat:
    """A seat an address plays: the game, whose turn it is, and the seat's own deadline."""

    game_id: str
    title: str
    seat: str
    status: str
    waiting_for: tuple[str, ...]
    must_act: bool
    deadline: str
    generation: int


def sign_in_token(key: bytes, email: str, expires: datetime) -> str:
    """Return the token of a sign-in link for `email`, valid until `expires`."""
    stamp = expires.strftime("%Y%m%d%H%M")
    address = base64.urlsafe_b64encode(normal_address(email).encode()).decode().rstrip("=")
    mac = hmac.new(key, f"me|{normal_address(email)}|{stamp}".encode(), hashlib.sha256)
    return f"{address}.{stamp}.{base64.b32encode(mac.digest()[:15]).decode().lower()}"


def read_sign_in(key: bytes, token: str, now: datetime) -> str | None:
    """Return the address a sign-in token stands for, or None if it is forged or expired."""
    parts = token.split(".")
    if len(parts) != 3 or len(token) > 400:
        return None
    try:
        email = base64.urlsafe_b64decode(parts[0] + "=" * (-len(parts[0]) % 4)).decode()
        expires = datetime.strptime(parts[1], "%Y%m%d%H%M").replace(tzinfo=now.tzinfo)
    except ValueError:
        return None
    if expires < now or expires > now + timedelta(hours=SIGN_IN_HOURS + 1):
        return None
    expected = sign_in_token(key, email, expires)
    return normal_address(email) if hmac.compare_digest(expected, token) else None


def seats_of(store: Store, email: str, zone: str = "") -> list[MySeat]:
    """Return every seat the address plays now, newest games first."""
    wanted = normal_address(email)
    found = []
    rows = store.games_of_address(wanted, MAX_GAMES_LISTED)
    games = games_at_rows(store, rows)
    for row in rows:
        loaded = games.get(row.id)
        if loaded is None:
            continue
        meta = loaded.meta
        waiting = tuple(p.seat for p in loaded.game.prompts(loaded.state)) \
            if not meta.finished else ()
        for seat in meta.seats:
            if normal_address(seat.email) != wanted:
                continue
            deadline = meta.deadlines.get(seat.name)
            due = (deadline_text(deadline.due, zone or meta.prefs(seat.name).timezone)
                   if deadline and seat.name in waiting and not meta.paused else "")
            status = "finished" if meta.finished else "paused" if meta.paused else "active"
            found.append(MySeat(meta.id, meta.title, seat.name, status, waiting,
                                seat.name in waiting, due, meta.generation(seat.name)))
    return found


def rebuild_seat_addresses(store: Store) -> int:
    """Write who plays every game's seats anew, from the logs; return how many games."""
    count = 0
    for row in store.list_games():
        store.replace_seats(row.id, seat_addresses(load_game(store, row.id, row=row).meta))
        count += 1
    return count
