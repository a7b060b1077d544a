"""A seat as the service's events record it, and the seats' order drawn from the game's seed."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core import Rng


@dataclass(frozen=True)
class SeatInfo:
    """A seat at the table: its name (used in orders and addresses), its player and email."""

    name: str
    email: str
    player: str


def seating(seed: bytes, game_id: str, seq: int, seats: Sequence[SeatInfo]) -> list[SeatInfo]:
    """Return the seats in the order drawn from the game's seed for the game.created at
    `seq`: a stream of its own, so the opening's draws are those of any game."""
    return Rng.for_position(seed, f"{game_id}/seating", seq).shuffled(list(seats))
