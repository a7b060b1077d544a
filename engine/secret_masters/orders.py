"""The orders a seat can give in Secret Masters."""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.contract import order

from .state import Colour, Markers


@order("place")
@dataclass(frozen=True)
class PlaceOrder:
    """Put an agent of `colour` from the pool on the region card showing `region`."""

    colour: Colour
    region: str


@order("move")
@dataclass(frozen=True)
class MoveOrder:
    """Second seat only: move an agent of `colour` from `from_region` onto the open card."""

    colour: Colour
    from_region: str


@order("vote")
@dataclass(frozen=True)
class VoteOrder:
    """Put these markers in the bag (exactly three of the seat's own)."""

    red: int
    white: int
    orange: int

    @property
    def markers(self) -> Markers:
        """Return the vote as markers."""
        return Markers(self.red, self.white, self.orange)


@order("redeploy")
@dataclass(frozen=True)
class RedeployOrder:
    """Grand Master at the Redeploy card: move one agent to a region of lower value."""

    colour: Colour
    from_region: str
    to_region: str


@order("pass")
@dataclass(frozen=True)
class PassOrder:
    """Decline the Redeploy move, or leave a card empty when no agent can legally go there."""


@order("default")
@dataclass(frozen=True)
class DefaultOrder:
    """What a missed deadline submits; decided with the random stream into a legal order."""


ORDER_TYPES: tuple[type, ...] = (
    PlaceOrder, MoveOrder, VoteOrder, RedeployOrder, PassOrder, DefaultOrder,
)


def canonical_text(value: object) -> str:
    """Return the canonical text of an order, the form the grammar reads back unchanged."""
    if isinstance(value, PlaceOrder):
        return f"place {value.colour.value} {value.region}"
    if isinstance(value, MoveOrder):
        return f"move {value.colour.value} {value.from_region}"
    if isinstance(value, VoteOrder):
        return " ".join(["vote", *value.markers.as_words()])
    if isinstance(value, RedeployOrder):
        return f"redeploy {value.colour.value} {value.from_region} {value.to_region}"
    if isinstance(value, PassOrder):
        return "pass"
    if isinstance(value, DefaultOrder):
        return "default"
    raise TypeError(f"not a Secret Masters order: {value!r}")
