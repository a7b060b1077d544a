"""The decisions of a Masons turn a seat may answer in advance, and their standing answers.

    towers: nearest the shore | first offered     where the rolled tower goes
    houses: either | first offered                which die's colour goes to which side
    merge: none                                   keep every new city apart
    scoring: play no card                         at a city, do not score: discard the card
                                                  scoring least there and draw two; at the
                                                  final scoring, pass
    swap: none                                    keep the hand when last

A wall order may answer the rest of its turn ahead: `wall 19-22, then towers nearest the
shore, houses either` (or `then house north red south green`).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.standing import Answer, Topic

from .board import board
from .orders import DiscardOrder, MergeOrder, PassOrder, SwapOrder
from .scoring import score_card
from .state import State


def shore_distance(point: int) -> int:
    """Return how many lines a tower space lies from the nearer coast (0: on the shore)."""
    brd = board()
    deepest = max(line for _, line in brd.points.values())
    line = brd.points[point][1]
    return min(line, deepest - line)


def nearest_the_shore(state: State, seat: int, legal: Sequence[Any]) -> Any:
    """Return the tower placement putting the rolled colour nearest a coast (the first
    offered of equal ones)."""
    if not legal:
        return None

    def distance(order: Any) -> int:
        rolled = [p for p, c in order.placements if c == state.tower_roll]
        return sum(shore_distance(p) for p in rolled or [p for p, _ in order.placements])

    return min(legal, key=distance)


def first_offered(state: State, seat: int, legal: Sequence[Any]) -> Any:
    """Return the first legal order offered (the forms' and help's first)."""
    return legal[0] if legal else None


def play_no_card(state: State, seat: int, legal: Sequence[Any]) -> Any:
    """Return the order that scores nothing: at the final scoring the pass; at a city the
    rules' other way of not scoring ("Score": discard 1 card and draw 2), discarding the card
    that would score least in this city now (the first by name of equal ones)."""
    if PassOrder() in legal:
        return PassOrder()
    discards = [order for order in legal if isinstance(order, DiscardOrder)]
    if not discards:
        return None
    city = state.city_numbered(state.city)
    return min(discards, key=lambda order: (score_card(state, order.card, city), order.card))


SCORING_STEPS = ("score", "final", "score-sealed", "final-sealed")

TOPICS: tuple[Topic, ...] = (
    Topic("towers", ("tower",), (
        Answer("nearest-the-shore", "the rolled tower goes on the end nearest a coast",
               pick=nearest_the_shore, aliases=("shore", "nearest-shore")),
        Answer("first-offered", "the first placement offered", pick=first_offered,
               aliases=("first", "any", "either"))),
        kinds=("tower",), aliases=("tower",)),
    Topic("houses", ("house",), (
        Answer("either", "either die's colour on either side (the first offered)",
               pick=first_offered, aliases=("any",)),
        Answer("first-offered", "the first placement offered", pick=first_offered,
               aliases=("first",))),
        kinds=("house",), aliases=("house",)),
    Topic("merge", ("merge",), (
        Answer("none", "the new city stays apart", order=MergeOrder(0),
               aliases=("no", "never", "apart")),),
        kinds=("merge",), aliases=("merging",)),
    Topic("scoring", SCORING_STEPS, (
        Answer("play-no-card", "play no card: at a city, discard the card scoring least there "
               "and draw two; at the final scoring, pass", pick=play_no_card,
               aliases=("pass", "no-card", "none")),),
        kinds=("play", "discard", "pass"), aliases=("score",)),
    Topic("swap", ("swap",), (
        Answer("none", "keep the hand when last", order=SwapOrder(()),
               aliases=("keep", "no", "nothing")),),
        kinds=("swap",), aliases=("swaps",)),
)
