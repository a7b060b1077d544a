"""Time banks: spare time a seat gains by answering early and spends when a deadline passes.

A game created with a time bank gives every seat `start_hours`. A decision answered more
than `early_hours` before its deadline adds `gain_hours`, up to `cap_hours`. When a
deadline passes, the bank is spent before any default: at most `step_hours` at a time, the
deadline moving by what is spent, until the seat answers or the bank is empty. All of it is
data (`bank.gained`, `bank.spent` and `deadline.set` events), so a replay gives the same
banks.
"""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from engine.core import Game
from service.game.bankevents import BankGained, BankSpent, TimeBankRules, hours_text
from service.game.events import (
    DEADLINE_ACTOR,
    FORCED_ACTOR,
    STANDING_ACTOR,
    DeadlineSet,
    OrderAccepted,
)
from service.game.meta import GameMeta, format_time, parse_time

START_HOURS = 24
"""The bank the new-game form and the manual suggest: a day (bench/time.py plays it). A bank
is time the whole table waits: 3 days, gaining 2 h per early answer up to 7 days, made games
half as long again. A day, gaining an hour only for an answer 36 hours ahead (well ahead of
a 48-hour deadline) up to 2 days, covers a busy week's late answers without a bank that
fills by itself."""
GAIN_HOURS = 1
EARLY_HOURS = 36
CAP_HOURS = 2 * 24
STEP_HOURS = 24
MAX_START_HOURS = 30 * 24
NOT_ANSWERED = frozenset({DEADLINE_ACTOR, FORCED_ACTOR, STANDING_ACTOR})
"""Actors whose orders are no player's early answer: they gain nothing."""


def time_bank_rules(start_hours: int) -> list[TimeBankRules]:
    """Return the rules event of a game whose banks start at `start_hours` (none for 0),
    or raise ValueError."""
    if start_hours == 0:
        return []
    if not 0 < start_hours <= MAX_START_HOURS:
        raise ValueError(f"a time bank holds 1 hour to {MAX_START_HOURS // 24} days, "
                         f"not {start_hours} hours")
    return [TimeBankRules(start_hours, GAIN_HOURS, EARLY_HOURS,
                          max(CAP_HOURS, start_hours), STEP_HOURS)]


def bank_gains(game: Game[Any], state: Any, meta: GameMeta, head: Sequence[Any], actor: str,
               now: datetime) -> list[BankGained]:
    """Return what the seats whose orders are in `head` gain for answering early (`state`:
    the game before them). A decision whose answering is private gains nothing: a bank that
    grew would tell the table who has answered."""
    rules = meta.time_bank
    if rules is None or actor in NOT_ANSWERED or not rules.gain_hours:
        return []
    gains = []
    for item in head:
        if not isinstance(item, OrderAccepted):
            continue
        deadline = meta.deadlines.get(item.seat)
        if deadline is None or deadline.prompt_key != item.prompt_key:
            continue
        prompt = game.prompt_for(state, item.seat) if state is not None else None
        if prompt is None or not prompt.answering_public:
            continue
        left = meta.bank(item.seat)
        early = parse_time(deadline.due) - now > timedelta(hours=rules.early_hours)
        if early and left is not None and left < rules.cap_hours:
            gained = min(rules.gain_hours, rules.cap_hours - left)
            gains.append(BankGained(item.seat, item.prompt_key, gained))
    return gains


def bank_spending(meta: GameMeta, seat: str, now: datetime) -> list[Any]:
    """Return the events that spend the seat's bank on its passed deadline and move the
    deadline by as much (none: no bank, nothing left, a resigned seat, or not passed)."""
    rules, left, deadline = meta.time_bank, meta.bank(seat), meta.deadlines.get(seat)
    if rules is None or not left or deadline is None or seat in meta.resigned:
        return []
    due = parse_time(deadline.due)
    if due > now:
        return []
    spent = min(left, rules.step_hours)
    # A sweep that comes late still gives the seat the whole of what it spends from now.
    moved = max(due, now) + timedelta(hours=spent)
    return [BankSpent(seat, deadline.prompt_key, spent),
            DeadlineSet(seat, deadline.prompt_key, format_time(moved))]


def bank_text(meta: GameMeta, seat: str) -> str:
    """Return what is left in the seat's bank ('2 days 4 h'), or '' without banks."""
    left = meta.bank(seat)
    return "" if left is None else hours_text(left)


def bank_line(meta: GameMeta, seat: str) -> str:
    """Return the sentence a reminder says of the seat's bank, or '' without banks."""
    left = meta.bank(seat)
    if left is None:
        return ""
    if not left:
        return "Your time bank is empty: at the deadline your default order is played."
    return (f"Your time bank holds {hours_text(left)}: if the deadline passes, it is spent "
            "(a day at a time) before your default order is played.")
