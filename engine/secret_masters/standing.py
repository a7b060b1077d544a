"""The recurring decisions of Secret Masters a seat may answer in advance.

    vote: neither          as many orange markers as the seat holds, the rest split as evenly
                           as they can be between red and white
    vote: mine             back the card holding an agent of the seat's own faction with as many
                           markers of its colour as it holds, the rest orange, then the other
                           colour; where neither card holds one, as `neither`
    redeploy: none         the Grand Master leaves every agent where it is
    place: mine            an agent of the seat's own faction on the card worth most it may
                           fill, from the pool, else moved there; where none can go (or only
                           onto Antarctica) the seat is asked

A placement may answer the turn's vote ahead: `place blue europe, then vote neither` (or
`then vote red red orange`). `place: mine` serves a player who plays its own colour openly;
a player who hides its faction places by hand.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.standing import Answer, Topic

from .orders import MoveOrder, PassOrder, PlaceOrder, VoteOrder
from .rules import open_card
from .state import Side, State, value_of


def most_orange(state: State, index: int, legal: Sequence[Any]) -> Any:
    """Return the legal vote with the most orange markers, red and white as even as they can
    be (the first offered of equal ones)."""
    votes = [order for order in legal if isinstance(order, VoteOrder)]
    if not votes:
        return None
    return min(votes, key=lambda order: (-order.markers.orange,
                                         abs(order.markers.red - order.markers.white)))


def back_mine(state: State, index: int, legal: Sequence[Any]) -> Any:
    """Return the legal vote backing the card that holds an agent of the seat's own faction:
    the most markers of that card's colour, then the most orange (the first offered of equal
    ones); where neither card holds one, `most_orange`. It reads only the seat's own faction
    and markers and the public cards."""
    faction = state.factions[index]
    side = next((side for side in Side if faction is not None and state.agent(side) is faction),
                None)
    if side is None:
        return most_orange(state, index, legal)
    votes = [order for order in legal if isinstance(order, VoteOrder)]
    if not votes:
        return None
    return min(votes, key=lambda order: (
        -(order.markers.red if side is Side.RED else order.markers.white),
        -order.markers.orange))


def place_mine(state: State, index: int, legal: Sequence[Any]) -> Any:
    """Return the legal placement putting an agent of the seat's own faction on the card worth
    most (from the pool before moving one there; the first offered of equal ones), or None
    where none can go onto a card with a value. It reads only the seat's own faction and the
    public cards, board and pool."""
    faction = state.factions[index]
    target = open_card(state)

    def worth(order: Any) -> int:
        region = order.region if isinstance(order, PlaceOrder) else target
        return value_of(region) or 0 if region is not None else 0

    mine = [order for order in legal if isinstance(order, (PlaceOrder, MoveOrder))
            and faction is not None and order.colour is faction and worth(order) > 0]
    if not mine:
        return None
    return max(mine, key=lambda order: (worth(order), isinstance(order, PlaceOrder)))


TOPICS: tuple[Topic, ...] = (
    Topic("vote", ("vote",), (
        Answer("neither", "as many orange markers as you hold, red and white as even as can be",
               pick=most_orange, aliases=("orange", "abstain")),
        Answer("mine", "back the card holding an agent of your faction with every marker of its"
               " colour you hold, the rest orange (as neither where no card holds one)",
               pick=back_mine, aliases=("faction", "my-faction", "own")),),
        kinds=("vote",), aliases=("votes",)),
    Topic("redeploy", ("redeploy",), (
        Answer("none", "leave every agent where it is", order=PassOrder(),
               aliases=("no", "pass", "never")),),
        kinds=("redeploy",), aliases=("redeploys",)),
    Topic("place", ("place", "second"), (
        Answer("mine", "an agent of your faction on the card worth most you may fill, from the"
               " pool, else moved there (asked where none can go)", pick=place_mine,
               aliases=("faction", "my-faction", "own")),),
        aliases=("placement", "placements", "places")),
)
