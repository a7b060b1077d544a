"""A seat at the table as the service's events record it."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SeatInfo:
    """A seat at the table: its name (used in orders and addresses), its player and email."""

    name: str
    email: str
    player: str
