"""What the house player knows of Masons besides its rules.

A game is short enough for a rollout to play it to the end; where one is cut short, a seat's
chance is read from the points it has scored (the cards in hand break ties, as at the end).
"""
from __future__ import annotations

from engine.core.house import shares

from .state import State

HORIZON = 120
"""Decisions a rollout plays before it is scored by `estimate` (a whole game, mostly)."""
SPREAD = 3.0
"""A lead of three points makes a seat's share e times another's."""
HAND_WORTH = 0.1
"""What a card in hand adds to a seat's progress (it breaks ties at the end)."""


def estimate(state: State) -> dict[str, float]:
    """Return each seat's share of the win from its points and the cards in its hand."""
    progress = {seat: score + HAND_WORTH * len(hand)
                for seat, score, hand in zip(state.seats, state.scores or (0,) * len(state.seats),
                                             state.hands, strict=True)}
    return shares(progress, SPREAD)
