"""Vacation days across a player's games: an allowance per calendar year for each address,
spent in whole days, automatically when a deadline would otherwise pass (after the time
bank), or booked ahead with `vacation from DATE to DATE` by mail or on "my games".

How days are counted: a day is one UTC date of one player, however many games it serves.
A booked day counts when it is booked, whether or not a deadline falls on it. A day spent
automatically counts when a deadline of the player's, in any game, would pass on it and no
bank is left; a day already counted (booked, or spent in another game) is spent again in
another game for nothing. What is left is the yearly allowance (`PBEM_VACATION_DAYS`,
14 by default) less the days counted in that year.

Days spent automatically are a safety net for a missed mail or a few days away: at most
AUTO_DAYS_IN_ROW of them are spent for a seat whose player has not answered since (a longer
absence is booked ahead, or passes to the defaults), so that a player gone without a word
holds the table for days, not weeks (`bench/time.py` measured the length it costs).
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Protocol, runtime_checkable

from service.base.config import load_config
from service.game.current import GameLists, games_at_rows
from service.game.events import DEADLINE_ACTOR, FORCED_ACTOR, STANDING_ACTOR
from service.game.loading import LoadedGame, load_game
from service.game.meta import normal_address
from service.orders.appending import append_service_events
from service.orders.results import ServiceError
from service.seats.once import append_once
from service.store.records import DeadlineRow, SeqConflict
from service.store.roles import EventLog
from service.time.vacation import booking_events, day_text, vacation_days, vacation_spending

AUTO_DAYS_IN_ROW = 2
"""The most vacation days spent automatically for a seat before its player answers again."""
NOT_ANSWERED = frozenset({DEADLINE_ACTOR, FORCED_ACTOR, STANDING_ACTOR})
"""Actors of orders that are no answer of the seat's player."""
MAX_GAMES = 1000
MAX_BOOKED_DAYS = 60
DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")


@runtime_checkable
class AddressBook(GameLists, EventLog, Protocol):
    """The store as a player's games are found and written to: the games of an address,
    each game's log."""


@dataclass(frozen=True)
class VacationLeft:
    """A player's vacation this year: the allowance, the days counted, the days left, and
    the days booked from today on."""

    year: int
    allowance: int
    used: tuple[str, ...]
    booked_ahead: tuple[str, ...]

    @property
    def left(self) -> int:
        """Return how many days the player may still spend or book this year."""
        return max(self.allowance - len(self.used), 0)

    def text(self) -> str:
        """Return it in a sentence."""
        ahead = (f" Booked ahead: {', '.join(self.booked_ahead)}." if self.booked_ahead
                 else "")
        return (f"Vacation days left in {self.year}: {self.left} of {self.allowance}."
                + ahead)


def allowance() -> int:
    """Return each player's vacation days per year, as the operator set them."""
    return load_config().vacation_days


def player_seats(store: GameLists, email: str) -> list[tuple[LoadedGame, str]]:
    """Return (game, seat) of every seat the address plays, in any game (newest first)."""
    wanted = normal_address(email)
    rows = store.games_of_address(wanted, MAX_GAMES)
    games = games_at_rows(store, rows)
    return [(loaded, seat.name) for row in rows if (loaded := games.get(row.id)) is not None
            for seat in loaded.meta.seats if normal_address(seat.email) == wanted]


def days_counted(seats: Sequence[tuple[LoadedGame, str]], year: int) -> set[str]:
    """Return the player's vacation days of `year`, counted once across all games."""
    prefix = f"{year:04d}-"
    return {day for loaded, seat in seats for day in vacation_days(loaded.meta, seat)
            if day.startswith(prefix)}


def vacation_left(store: GameLists, email: str, today: date,
                  yearly: int | None = None) -> VacationLeft:
    """Return what the address has left of its vacation this year."""
    seats = player_seats(store, email)
    used = days_counted(seats, today.year)
    ahead = {day for loaded, seat in seats
             for day in loaded.meta.vacation_booked.get(seat, frozenset())
             if day >= today.isoformat()}
    return VacationLeft(today.year, allowance() if yearly is None else yearly,
                        tuple(sorted(used)), tuple(sorted(ahead)))


def read_dates(rest: Sequence[str], today: date) -> tuple[str, ...]:
    """Return the days of `from 2026-12-20 to 2026-12-27` (both included), or raise."""
    words = [word for word in rest if word.lower() not in {"from", "to", "until", "till", "-"}]
    usage = "Write `vacation from YYYY-MM-DD to YYYY-MM-DD` (UTC dates, both included)."
    if len(words) != 2 or not all(DATE.match(word) for word in words):
        raise ServiceError(usage, "bad-vacation")
    try:
        first, last = (date.fromisoformat(word) for word in words)
    except ValueError:
        raise ServiceError(usage, "bad-vacation") from None
    if first < today or last < first:
        raise ServiceError("A vacation starts today or later and ends on or after its "
                           "first day.", "bad-vacation")
    if (last - first).days >= MAX_BOOKED_DAYS:
        raise ServiceError(f"A vacation is booked {MAX_BOOKED_DAYS} days at most at a time.",
                           "bad-vacation")
    return tuple(day_text(first + timedelta(days=n)) for n in range((last - first).days + 1))


def book_vacation(store: AddressBook, email: str, days: tuple[str, ...], causation: str,
                  today: date, yearly: int | None = None) -> str:
    """Book `days` in every running game of the address where vacation is allowed (once per
    causation and game); return the answer, or raise ServiceError when too few are left."""
    yearly = allowance() if yearly is None else yearly
    seats = player_seats(store, email)
    for year in sorted({int(day[:4]) for day in days}):
        used = days_counted(seats, year)
        new = {day for day in days if day.startswith(f"{year:04d}-")} - used
        if len(used) + len(new) > yearly:
            raise ServiceError(f"Not booked: that needs {len(new)} more vacation days in "
                               f"{year}, and {max(yearly - len(used), 0)} are left.",
                               "no-vacation-left")
    booked = []
    for loaded, seat in seats:
        if loaded.meta.finished or not loaded.meta.started:
            continue
        if not loaded.meta.vacation_allowed:
            continue

        def build(current: LoadedGame, seat: str = seat) -> list[object]:
            return booking_events(current, seat, days)

        append_once(store, loaded.meta.id, f"{causation}:vacation", seat, build)
        booked.append(f"{loaded.meta.title} ({loaded.meta.id})")
    if not booked:
        return "Not booked: none of your running games allows vacation days."
    left = vacation_left(store, email, today, yearly)
    return (f"Vacation booked from {days[0]} to {days[-1]} (UTC) in {', '.join(booked)}: "
            "deadlines that fall on those days wait until the day after. " + left.text())


def auto_days_in_row(store: EventLog, game_id: str, seat: str) -> int:
    """Return how many vacation days were spent automatically for the seat since its player
    last answered a decision (its own order: not a default, a standing or a forced answer)
    or the seat was handed to a new player."""
    count = 0
    for stored in reversed(store.events(game_id)):
        if stored.payload.get("seat") != seat:
            continue
        if stored.type == "seat.replaced" or (stored.type == "order.accepted"
                                              and stored.actor not in NOT_ANSWERED):
            break
        if stored.type == "seat.vacation" and not stored.payload.get("booked"):
            count += len(stored.payload.get("days", ()))
    return count


def spend_vacation(store: AddressBook, loaded: LoadedGame, row: DeadlineRow, now: datetime,
                   yearly: int | None = None) -> bool:
    """Spend a vacation day of the seat's player on its passed deadline, moving it a day;
    return whether it was (or another sweep moved the game meanwhile), so no default is
    played now. Exactly once, as every deadline action, through the expected seq."""
    meta = loaded.meta
    deadline = meta.deadlines.get(row.seat)
    if deadline is None or deadline.seq != row.seq or not meta.vacation_allowed:
        return False
    email = meta.seat(row.seat).email
    yearly = allowance() if yearly is None else yearly

    def may_spend(day: str) -> bool:
        counted = days_counted(player_seats(store, email), int(day[:4]))
        return day in counted or len(counted) < yearly

    if auto_days_in_row(store, meta.id, row.seat) >= AUTO_DAYS_IN_ROW:
        return False
    items = vacation_spending(meta, row.seat, now, may_spend)
    if not items:
        return False
    try:
        append_service_events(store, loaded, items, DEADLINE_ACTOR)
    except SeqConflict:
        pass  # the game moved meanwhile: the next sweep looks again
    return True


def vacation_command(store: EventLog, game_id: str, seat: str, rest: Sequence[str],
                     causation: str, now: datetime) -> str:
    """Answer `vacation` (what is left) or `vacation from DATE to DATE` (book them in every
    game of the seat's address)."""
    if not isinstance(store, AddressBook):
        raise ServiceError("Vacation cannot be booked from here.", "bad-vacation")
    today = now.astimezone(UTC).date()
    email = load_game(store, game_id).meta.seat(seat).email
    if not rest:
        return vacation_left(store, email, today).text()
    return book_vacation(store, email, read_dates(rest, today), causation, today)
