"""The orders a player can give in Masons, each registered with its canonical text."""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.declare import DefaultOrder, OrderTypes

ORDERS = OrderTypes("masons")


def tower_text(value: TowerOrder) -> str:
    """Return e.g. 'tower 12 black 13 grey'."""
    return " ".join(["tower", *(f"{p} {c}" for p, c in value.placements)])


def house_text(value: HouseOrder) -> str:
    """Return e.g. 'house north red south green' or 'house red'."""
    return " ".join(["house", *(f"{s} {c}" if s else c for s, c in value.placements)])


def play_text(value: PlayOrder) -> str:
    """Return e.g. 'play city-size walls' or 'play walls in city 2'."""
    text = " ".join(("play", *value.cards))
    return f"{text} in city {value.city}" if value.city else text


@ORDERS.register("wall", text=lambda o: f"wall {o.a}-{o.b}", label="Build a wall",
                 syntax="wall <tower space>-<tower space>")
@dataclass(frozen=True)
class WallOrder:
    """Build a wall on the wall line between tower spaces `a` < `b`."""

    a: int
    b: int


@ORDERS.register("tower", text=tower_text, label="Place towers",
                 syntax="tower <space> <colour> [<space> <colour>]")
@dataclass(frozen=True)
class TowerOrder:
    """Place towers: (tower space, colour) for each empty end of the new wall."""

    placements: tuple[tuple[int, str], ...]


@ORDERS.register("house", text=house_text, label="Place houses",
                 syntax="house <side> <colour> [<side> <colour>]")
@dataclass(frozen=True)
class HouseOrder:
    """Place houses: (side of the new wall, colour); the side is empty at the board's edge."""

    placements: tuple[tuple[str, str], ...]


@ORDERS.register("merge", text=lambda o: f"merge with city {o.city}" if o.city else "merge none",
                 label="Merge the new city", syntax="merge with city <number> | merge none")
@dataclass(frozen=True)
class MergeOrder:
    """Join the new city with completed city `city`, or keep it apart (0)."""

    city: int


@ORDERS.register("play", text=play_text, label="Score: play 1 or 2 cards",
                 syntax="play <card> [<card>] [in city <number>]")
@dataclass(frozen=True)
class PlayOrder:
    """Score with 1 or 2 guild cards (in the final scoring: for completed city `city`)."""

    cards: tuple[str, ...]
    city: int = 0


@ORDERS.register("discard", text=lambda o: f"discard {o.card}",
                 label="Do not score: discard 1 card, draw 2", syntax="discard <card>")
@dataclass(frozen=True)
class DiscardOrder:
    """Do not score: discard `card` and draw two."""

    card: str


@ORDERS.register("pass", text=lambda o: "pass", label="Play no card", syntax="pass")
@dataclass(frozen=True)
class PassOrder:
    """Final scoring: play no card."""


@ORDERS.register("swap", text=lambda o: " ".join(("swap", *o.cards)) if o.cards else "swap none",
                 label="Replace cards (none: keep your hand)",
                 syntax="swap <card> ... | swap none")
@dataclass(frozen=True)
class SwapOrder:
    """Last place: discard `cards` (none: keep the hand) and draw as many."""

    cards: tuple[str, ...]


def canonical_text(value: object) -> str:
    """Return the canonical text of an order, the form the grammar reads back unchanged."""
    return ORDERS.text(value)


__all__ = ["ORDERS", "DefaultOrder", "DiscardOrder", "HouseOrder", "MergeOrder", "PassOrder",
           "PlayOrder", "SwapOrder", "TowerOrder", "WallOrder", "canonical_text"]
