"""Time banks: the events of a game whose seats have spare time to spend at a deadline.

A game created with a time bank records its rules (`game.time-bank`); a seat gains time for
decisions answered early (`bank.gained`) and spends it when a deadline passes
(`bank.spent`, followed by the `deadline.set` that moves the deadline by what was spent).
Every seat, the table and the game master may read them: a bank is no secret.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import event


@event("game.time-bank")
@dataclass(frozen=True)
class TimeBankRules:
    """The game's time bank: every seat starts with `start_hours`, gains `gain_hours` per
    decision answered more than `early_hours` before its deadline, up to `cap_hours`, and
    spends at most `step_hours` each time a deadline passes."""

    start_hours: int
    gain_hours: int
    early_hours: int
    cap_hours: int
    step_hours: int


@event("bank.gained")
@dataclass(frozen=True)
class BankGained:
    """The seat answered the decision `prompt_key` early: its bank grows by `hours`."""

    seat: str
    prompt_key: str
    hours: int


@event("bank.spent")
@dataclass(frozen=True)
class BankSpent:
    """The seat's deadline for `prompt_key` passed: `hours` of its bank were spent, and the
    deadline moves by as much (the `deadline.set` that follows)."""

    seat: str
    prompt_key: str
    hours: int


BANK_EVENTS = (TimeBankRules, BankGained, BankSpent)


def hours_text(hours: int) -> str:
    """Return hours in words: '3 days', '1 day 2 h', '5 h', '0 h'."""
    days, rest = divmod(max(hours, 0), 24)
    parts = ([f"{days} day{'s' if days != 1 else ''}"] if days else []) + (
        [f"{rest} h"] if rest or not days else [])
    return " ".join(parts)


def describe_bank_event(item: Any) -> str | None:
    """Return the history line of a time bank event (None: not one)."""
    if isinstance(item, TimeBankRules):
        return (f"Time banks: every seat starts with {hours_text(item.start_hours)}, gains "
                f"{hours_text(item.gain_hours)} per decision answered more than "
                f"{hours_text(item.early_hours)} early, up to {hours_text(item.cap_hours)}.")
    if isinstance(item, BankGained):
        return f"{item.seat} answered early; their time bank grows by {hours_text(item.hours)}."
    if isinstance(item, BankSpent):
        return (f"{item.seat}'s deadline passed: {hours_text(item.hours)} spent from their "
                "time bank, and the deadline moves by as much.")
    return None
