"""What the house player knows of Castle of the Devil besides its rules.

One proclamation ends the game, so a rollout mostly plays to it; where one is cut short, each
society's chance is read from the objects it needs that its members hold (Keys for the
Order, Goblets for the Brotherhood, the Bags of Secrets marked with them counting half), and a
seat's share is its society's, split among its members.
"""
from __future__ import annotations

from engine.core.house import shares

from .cards import BROTHERHOOD, ORDER
from .state import State

HORIZON = 80
"""Decisions a rollout plays before it is scored by `estimate`."""
SPREAD = 1.0
"""A lead of one needed object makes a society's chance e times the other's."""
NEEDED = {ORDER: {"key": 1.0, "bag-key": 0.5}, BROTHERHOOD: {"goblet": 1.0, "bag-goblet": 0.5}}
"""What each object in a member's hand is worth to each society."""


def estimate(state: State) -> dict[str, float]:
    """Return each seat's share of the win: its society's chance, split among its members."""
    held = {society: sum(worth.get(obj, 0.0) for k, hand in enumerate(state.hands)
                         if state.societies[k] == society for obj in hand)
            for society, worth in NEEDED.items()}
    chances = shares(held, SPREAD)
    members = {society: sum(1 for soc in state.societies if soc == society)
               for society in NEEDED}
    return {seat: chances[soc] / members[soc] if soc in chances and members[soc] else 0.0
            for seat, soc in zip(state.seats, state.societies)}
