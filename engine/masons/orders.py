"""The orders a player can give in Masons, and their canonical texts."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core.contract import order


@order("wall")
@dataclass(frozen=True)
class WallOrder:
    """Build a wall on the wall line between tower spaces `a` < `b`."""

    a: int
    b: int


@order("tower")
@dataclass(frozen=True)
class TowerOrder:
    """Place towers: (tower space, colour) for each empty end of the new wall."""

    placements: tuple[tuple[int, str], ...]


@order("house")
@dataclass(frozen=True)
class HouseOrder:
    """Place houses: (side of the new wall, colour); the side is empty at the board's edge."""

    placements: tuple[tuple[str, str], ...]


@order("merge")
@dataclass(frozen=True)
class MergeOrder:
    """Join the new city with completed city `city`, or keep it apart (0)."""

    city: int


@order("play")
@dataclass(frozen=True)
class PlayOrder:
    """Score with 1 or 2 guild cards (in the final scoring: for completed city `city`)."""

    cards: tuple[str, ...]
    city: int = 0


@order("discard")
@dataclass(frozen=True)
class DiscardOrder:
    """Do not score: discard `card` and draw two."""

    card: str


@order("pass")
@dataclass(frozen=True)
class PassOrder:
    """Final scoring: play no card."""


@order("swap")
@dataclass(frozen=True)
class SwapOrder:
    """Last place: discard `cards` (none: keep the hand) and draw as many."""

    cards: tuple[str, ...]


@order("default")
@dataclass(frozen=True)
class DefaultOrder:
    """What a missed deadline submits where the default is random; decided with the stream."""


ORDER_TYPES: tuple[type, ...] = (WallOrder, TowerOrder, HouseOrder, MergeOrder, PlayOrder,
                                 DiscardOrder, PassOrder, SwapOrder, DefaultOrder)


def _tower_text(value: TowerOrder) -> str:
    """Return e.g. 'tower 12 black 13 grey'."""
    return " ".join(["tower", *(f"{p} {c}" for p, c in value.placements)])


def _house_text(value: HouseOrder) -> str:
    """Return e.g. 'house north red south green' or 'house red'."""
    return " ".join(["house", *(f"{s} {c}" if s else c for s, c in value.placements)])


def _play_text(value: PlayOrder) -> str:
    """Return e.g. 'play city-size walls' or 'play walls in city 2'."""
    text = " ".join(("play", *value.cards))
    return f"{text} in city {value.city}" if value.city else text


_TEXTS: dict[type, Callable[[Any], str]] = {
    WallOrder: lambda o: f"wall {o.a}-{o.b}",
    TowerOrder: _tower_text,
    HouseOrder: _house_text,
    MergeOrder: lambda o: f"merge with city {o.city}" if o.city else "merge none",
    PlayOrder: _play_text,
    DiscardOrder: lambda o: f"discard {o.card}",
    PassOrder: lambda o: "pass",
    SwapOrder: lambda o: " ".join(("swap", *o.cards)) if o.cards else "swap none",
    DefaultOrder: lambda o: "default",
}


def canonical_text(value: object) -> str:
    """Return the canonical text of an order, the form the grammar reads back unchanged."""
    text = _TEXTS.get(type(value))
    if text is None:
        raise TypeError(f"not a Masons order: {value!r}")
    return text(value)
