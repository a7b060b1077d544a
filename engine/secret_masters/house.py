"""What the house player knows of Secret Masters besides its rules.

A game lasts a few dozen decisions, so a rollout mostly plays to the end; where it is cut
short, a seat's chance is read from the points its faction controls against the goal: the
faction closest to it wins at the start of its turn.
"""
from __future__ import annotations

from engine.core.house import shares

from .state import State, points

HORIZON = 80
"""Decisions a rollout plays before it is scored by `estimate` (a whole game, mostly)."""
SPREAD = 1.0
"""A lead of one point makes a seat's share e times another's."""


def estimate(state: State) -> dict[str, float]:
    """Return each seat's share of the win from the points its faction controls."""
    totals = points(state.board)
    progress = {seat: float(totals[faction]) if faction is not None else 0.0
                for seat, faction in zip(state.seats, state.factions)}
    return shares(progress, SPREAD)
