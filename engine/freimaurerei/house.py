"""What the house player knows of Freimaurerei besides its rules.

A game runs to several hundred decisions, so a rollout plays a stretch and is scored as the
game will be at its end: each principality's points against its SM's inner alignment, as they
stand now, with lodges and Perfect Initiates (the tie-breaks) beside them.
"""
from __future__ import annotations

from engine.core.house import shares

from .scoring import standing
from .state import State

HORIZON = 40
"""Decisions a rollout plays before it is scored by `estimate`."""
SPREAD = 2.0
"""A lead of two points makes a seat's share e times the other's."""
TIE_WORTH = 0.3
"""What a lodge or a Perfect Initiate adds to a seat's progress."""


def estimate(state: State) -> dict[str, float]:
    """Return each seat's share of the win from its points as they would be counted now."""
    progress = {}
    for index, realm in enumerate(state.realms):
        points, lodges, initiates, _ = standing(state, index)
        progress[realm.seat] = points + TIE_WORTH * (lodges + initiates)
    return shares(progress, SPREAD)
