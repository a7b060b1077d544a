"""One player, one address: signed sign-in links for "my games", and every seat of an address."""
from __future__ import annotations

from dataclasses import dataclass

from service.base.tokens import link_token, link_token_signed
from service.game.current import GameLists, games_at_rows
from service.game.loading import IndexedLog, load_game
from service.game.meta import normal_address, seat_addresses
from service.store.links import MailLinks
from service.store.roles import Connections
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


SIGN_IN = "sign-in"
"""The purpose of a "my games" sign-in link."""


def new_sign_in(store: Connections, key: bytes, email: str) -> str:
    """Return the token of a new sign-in link for `email`, valid for SIGN_IN_HOURS.

    The token is opaque: the address it stands for is kept in the store, never in the link,
    so it does not end up in proxy logs or a browser's history.
    """
    token = link_token(key, SIGN_IN)
    MailLinks(store).add(token, SIGN_IN, normal_address(email), {}, SIGN_IN_HOURS * 3600)
    return token


def read_sign_in(store: Connections, key: bytes, token: str) -> str | None:
    """Return the address a sign-in token stands for, or None if it is forged or expired."""
    if not link_token_signed(key, token, SIGN_IN):
        return None
    link = MailLinks(store).read(token, SIGN_IN)
    return None if link is None else link.address


def is_old_sign_in(token: str) -> bool:
    """Return whether a token has the shape of the sign-in links that carried the address
    (ADDRESS.STAMP.MAC), which are no longer accepted."""
    parts = token.split(".")
    return len(parts) == 3 and parts[1].isdigit() and len(parts[1]) == 12


def seats_of(store: GameLists, email: str, zone: str = "") -> list[MySeat]:
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
            if meta.started and not meta.finished else ()
        for seat in meta.seats:
            if normal_address(seat.email) != wanted:
                continue
            deadline = meta.deadlines.get(seat.name)
            due = (deadline_text(deadline.due, zone or meta.prefs(seat.name).timezone)
                   if deadline and seat.name in waiting and not meta.paused else "")
            status = ("finished" if meta.finished else "paused" if meta.paused
                      else "active" if meta.started
                      else meta.table.status if meta.table else "active")
            found.append(MySeat(meta.id, meta.title, seat.name, status, waiting,
                                seat.name in waiting, due, meta.generation(seat.name)))
    return found


def rebuild_seat_addresses(store: IndexedLog) -> int:
    """Write who plays every game's seats anew, from the logs; return how many games."""
    count = 0
    for row in store.list_games():
        store.replace_seats(row.id, seat_addresses(load_game(store, row.id, row=row).meta))
        count += 1
    return count
