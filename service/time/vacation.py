"""Vacation days in one game: a booked day holds the seat's deadlines back, and a day spent
when a deadline would otherwise pass moves it a day. How many days a player has left is
counted across all their games (`service/seats/vacation.py`); here, only what one game's
log says.

Days are UTC dates. A deadline that falls on a booked day moves to the end of that run of
booked days. A day spent automatically is the date on which the passed deadline fell; it
moves the deadline by 24 hours.
"""
from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta

from engine.core.contract import replace
from service.game.events import DeadlineSet
from service.game.loading import LoadedGame
from service.game.meta import GameMeta, format_time, parse_time
from service.game.vacationevents import SeatVacation

DAY = timedelta(days=1)


def day_text(moment: datetime | date) -> str:
    """Return the UTC date of a moment as YYYY-MM-DD."""
    return (moment.astimezone(UTC).date() if isinstance(moment, datetime)
            else moment).isoformat()


def vacation_days(meta: GameMeta, seat: str) -> frozenset[str]:
    """Return every vacation day the seat booked or spent in this game."""
    return (meta.vacation_booked.get(seat, frozenset())
            | meta.vacation_spent.get(seat, frozenset()))


def booked_until(meta: GameMeta, seat: str, due: datetime) -> datetime | None:
    """Return the end (midnight UTC) of the booked run of days `due` falls on, or None."""
    booked = meta.vacation_booked.get(seat, frozenset())
    day = due.astimezone(UTC).date()
    if not meta.vacation_allowed or day.isoformat() not in booked:
        return None
    while day.isoformat() in booked:
        day += DAY
    return datetime(day.year, day.month, day.day, tzinfo=UTC)


def extend_for_vacation(meta: GameMeta, seat: str, due: datetime) -> datetime:
    """Return a new deadline moved past the seat's booked vacation it falls in."""
    end = booked_until(meta, seat, due)
    return due if end is None else max(due, end)


def booking_events(loaded: LoadedGame, seat: str, days: tuple[str, ...]) -> list[object]:
    """Return the booking of `days` in this game and its open deadline moved past them
    (nothing where vacation is forbidden, the game is over, or all were booked before)."""
    meta = loaded.meta
    new = tuple(day for day in days if day not in meta.vacation_booked.get(seat, frozenset()))
    if not new or not meta.vacation_allowed or meta.finished or not meta.started:
        return []
    booking = SeatVacation(seat, new, True)
    after = replace_booked(meta, seat, new)
    deadline = meta.deadlines.get(seat)
    prompt = loaded.game.prompt_for(loaded.state, seat) if loaded.state is not None else None
    moves: list[object] = []
    if deadline is not None and prompt is not None and prompt.key == deadline.prompt_key:
        due = parse_time(deadline.due)
        moved = extend_for_vacation(after, seat, due)
        if moved != due and not meta.paused:
            moves.append(DeadlineSet(seat, deadline.prompt_key, format_time(moved)))
    return [booking, *moves]


def replace_booked(meta: GameMeta, seat: str, days: tuple[str, ...]) -> GameMeta:
    """Return the meta with `days` booked for the seat (to see where deadlines move)."""
    booked = meta.vacation_booked.get(seat, frozenset()) | set(days)
    return replace(meta, vacation_booked={**meta.vacation_booked, seat: booked})


def vacation_spending(meta: GameMeta, seat: str, now: datetime,
                      may_spend: Callable[[str], bool]) -> list[object]:
    """Return the events that spend a vacation day on the seat's passed deadline and move it
    a day (none: vacation forbidden here, a resigned seat, not passed, or no day left, as
    `may_spend(day)` answers for the player across games)."""
    deadline = meta.deadlines.get(seat)
    if not meta.vacation_allowed or deadline is None or seat in meta.resigned:
        return []
    due = parse_time(deadline.due)
    if due > now or not may_spend(day_text(due)):
        return []
    return [SeatVacation(seat, (day_text(due),), False),
            DeadlineSet(seat, deadline.prompt_key, format_time(max(due, now) + DAY))]
