"""The decisions of a Masons turn a seat may answer in advance, and their standing answers.

    towers: nearest the shore | first offered     where the rolled tower goes
    houses: either | first offered                which die's colour goes to which side
    merge: none                                   keep every new city apart
    scoring: play no card                         at a city, do not score: discard the card
                                                  scoring least there and draw two; at the
                                                  final scoring, pass
           | best card                            play the card (or two) scoring most here
           | unless worth it                      the best card only where it scores 2 or more
           | keep red (or any colour)             the best card, never one of that colour at
                                                  a city (kept for the final scoring)
    swap: none                                    keep the hand when last

A wall order may answer the rest of its turn ahead: `wall 19-22, then towers nearest the
shore, houses either` (or `then house north red south green`).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.standing import Answer, Topic

from .board import board
from .cards import HOUSE_COLOURS, TOWER_COLOURS
from .orders import DiscardOrder, MergeOrder, PassOrder, PlayOrder, SwapOrder
from .scoring import score_card, score_cards
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


def _worth(state: State, order: PlayOrder) -> int:
    """Return the points a play scores in the city it is played in (the final scoring
    names its city; a city scoring plays in the city being scored)."""
    number = order.city or state.city
    return sum(score_cards(state, order.cards, state.city_numbered(number)))


def _best_play(state: State, legal: Sequence[Any], keep: str = "") -> Any:
    """Return the play scoring most (fewer cards, then the first by name, of equal ones),
    never playing a card whose colour is `keep`; None when no play scores a point."""
    plays = [order for order in legal if isinstance(order, PlayOrder) and not (
        keep and any(card.endswith("-" + keep) for card in order.cards))]
    scored = [(_worth(state, order), order) for order in plays]
    scored = [(points, order) for points, order in scored if points > 0]
    if not scored:
        return None
    return min(scored, key=lambda item: (-item[0], len(item[1].cards), item[1].cards))[1]


def best_card(state: State, seat: int, legal: Sequence[Any]) -> Any:
    """Return the play scoring most here (two cards only where they score more than one);
    where no play scores a point, no card is played."""
    return _best_play(state, legal) or play_no_card(state, seat, legal)


def unless_worth_it(state: State, seat: int, legal: Sequence[Any]) -> Any:
    """Return the best play only where it scores at least as much as the two cards a
    discard draws are worth on average (2 points, a card's usual yield); else no card."""
    best = _best_play(state, legal)
    if best is not None and _worth(state, best) >= WORTH_PLAYING:
        return best
    return play_no_card(state, seat, legal)


def keeping(colour: str) -> Any:
    """Return the pick that plays the best card but never one of `colour` at a city,
    keeping those for the final scoring (where it plays its best, colour or not)."""
    def pick(state: State, seat: int, legal: Sequence[Any]) -> Any:
        if PassOrder() in legal:  # the final scoring: the kept cards are for now
            return _best_play(state, legal) or PassOrder()
        return _best_play(state, legal, colour) or _discard_keeping(state, legal, colour)
    return pick


def _discard_keeping(state: State, legal: Sequence[Any], colour: str) -> Any:
    """Return the discard of the card scoring least here that is not of `colour` (any card
    when every one is)."""
    discards = [order for order in legal if isinstance(order, DiscardOrder)]
    if not discards:
        return None
    others = [order for order in discards if not order.card.endswith("-" + colour)]
    city = state.city_numbered(state.city)
    return min(others or discards,
               key=lambda order: (score_card(state, order.card, city), order.card))


WORTH_PLAYING = 2
"""Points a play must score for `unless worth it` to play it rather than draw two."""
KEPT_COLOURS = (*HOUSE_COLOURS, *TOWER_COLOURS)

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
               aliases=("pass", "no-card", "none")),
        Answer("best-card", "play the card (or two) scoring most in this city; none where "
               "nothing scores", pick=best_card, aliases=("best", "my-best-card", "play-best")),
        Answer("unless-worth-it", f"play your best card only where it scores "
               f"{WORTH_PLAYING} points or more, else play no card", pick=unless_worth_it,
               aliases=("only-if-worth-it", "none-unless-worth-it", "worth-it")),
        *(Answer(f"keep-{colour}", f"play your best card but never a {colour} one at a city "
                 f"(kept for the final scoring, where the best plays)", pick=keeping(colour))
          for colour in KEPT_COLOURS)),
        kinds=("play", "discard", "pass"), aliases=("score",)),
    Topic("swap", ("swap",), (
        Answer("none", "keep the hand when last", order=SwapOrder(()),
               aliases=("keep", "no", "nothing")),),
        kinds=("swap",), aliases=("swaps",)),
)
