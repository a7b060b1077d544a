"""Vacation days: the events of a player's yearly allowance, spent in a game's log.

A player's allowance is counted across all their games (`service/seats/vacation.py`); each
game records the days that concern its seat: booked ahead (`vacation from ... to ...`) or
spent when a deadline would otherwise pass. The game master may forbid vacation in a game
(`game.vacation`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import event


@event("game.vacation")
@dataclass(frozen=True)
class VacationAllowed:
    """Whether the seats of this game may spend vacation days (written as a game is created;
    games created before it was a setting have none and spend none)."""

    allowed: bool


@event("seat.vacation")
@dataclass(frozen=True)
class SeatVacation:
    """Days (UTC dates, YYYY-MM-DD) of the seat's player's vacation: `booked` ahead, or
    spent at a deadline that would otherwise have passed (then one day, moving it a day)."""

    seat: str
    days: tuple[str, ...]
    booked: bool


VACATION_EVENTS = (VacationAllowed, SeatVacation)


def describe_vacation_event(item: Any) -> str | None:
    """Return the history line of a vacation event (None: not one)."""
    if isinstance(item, VacationAllowed):
        return ("Players may spend vacation days in this game." if item.allowed
                else "The game master does not allow vacation days in this game.")
    if isinstance(item, SeatVacation) and item.booked:
        return f"{item.seat} booked vacation from {item.days[0]} to {item.days[-1]}."
    if isinstance(item, SeatVacation):
        return f"{item.seat} spent a vacation day ({item.days[0]}); the deadline moved a day."
    return None
