"""What each seat may do now: the legal orders of every decision point."""
from __future__ import annotations

from typing import Any

from .board import SCORING, VALUE, colours_in
from .orders import MoveOrder, PassOrder, PlaceOrder, RedeployOrder, VoteOrder, canonical_text
from .state import MARKERS_PER_VOTE, Colour, Markers, Phase, Side, State


def deciding_seats(state: State) -> tuple[int, ...]:
    """Return the indexes of the seats that have a decision open now."""
    phase = state.phase
    if phase is Phase.PLACE_FIRST:
        return (state.active,)
    if phase is Phase.PLACE_SECOND:
        return (state.next_seat(state.active),)
    if phase is Phase.VOTE:
        return tuple(range(len(state.seats)))
    if phase is Phase.REDEPLOY:
        return (state.grand_master,)
    return ()


def open_card(state: State) -> str | None:
    """Return the region card the second seat fills (None outside the second placement)."""
    if state.open_side is None:
        return None
    return state.card(state.open_side)


def first_agent(state: State) -> Colour | None:
    """Return the colour the active seat put on its card (None if that card stayed empty)."""
    if state.open_side is None:
        return None
    return state.agent(state.open_side.other)


def side_of(state: State, region: str) -> Side | None:
    """Return the side of the revealed card showing `region`, if any."""
    if region == state.red_card:
        return Side.RED
    if region == state.white_card:
        return Side.WHITE
    return None


def first_placements(state: State) -> list[PlaceOrder]:
    """Return the active seat's choices: any pool colour on either card."""
    cards = [card for card in (state.red_card, state.white_card) if card is not None]
    return [PlaceOrder(colour, card) for colour in colours_in(state.pool) for card in cards]


def second_placements(state: State) -> list[PlaceOrder | MoveOrder]:
    """Return the second seat's choices: a different colour from the pool or a move."""
    card = open_card(state)
    if card is None:
        return []
    first = first_agent(state)
    orders: list[PlaceOrder | MoveOrder] = [
        PlaceOrder(colour, card) for colour in colours_in(state.pool) if colour is not first]
    orders.extend(moves_onto(state, card, first))
    return orders


def moves_onto(state: State, card: str, first: Colour | None) -> list[MoveOrder]:
    """Return the agents that may move onto `card`: other colour, other region, value not higher."""
    limit = VALUE.get(card)
    if limit is None:
        return []
    return [MoveOrder(colour, region) for region in SCORING
            if region != card and VALUE[region] <= limit
            for colour in colours_in(state.board[region]) if colour is not first]


def placement_orders(state: State) -> list[Any]:
    """Return the placement choices now, or only `pass` when the card must stay empty."""
    if state.phase is Phase.PLACE_FIRST:
        orders: list[Any] = list(first_placements(state))
    else:
        orders = list(second_placements(state))
    return orders or [PassOrder()]


def vote_orders(hand: Markers) -> list[VoteOrder]:
    """Return every way to put exactly three of `hand`'s markers in the bag."""
    votes = []
    for red in range(min(hand.red, MARKERS_PER_VOTE) + 1):
        for white in range(min(hand.white, MARKERS_PER_VOTE - red) + 1):
            orange = MARKERS_PER_VOTE - red - white
            if orange <= hand.orange:
                votes.append(VoteOrder(red, white, orange))
    return votes


def redeploy_moves(state: State) -> list[RedeployOrder]:
    """Return every Redeploy move: one agent to a different region of strictly lower value."""
    return [RedeployOrder(colour, source, target)
            for source in SCORING for colour in colours_in(state.board[source])
            for target in SCORING if VALUE[target] < VALUE[source]]


def legal_orders(state: State, index: int) -> list[Any]:
    """Return every order seat `index` may give now."""
    if index not in deciding_seats(state):
        return []
    if state.phase in (Phase.PLACE_FIRST, Phase.PLACE_SECOND):
        return placement_orders(state)
    if state.phase is Phase.VOTE:
        return list(vote_orders(state.hands[index]))
    return [*redeploy_moves(state), PassOrder()]


def legal_text(state: State, index: int, limit: int = 8) -> str:
    """Return a short list of what seat `index` may write now."""
    orders = legal_orders(state, index)
    if not orders:
        return "You have nothing to decide now."
    texts = [canonical_text(item) for item in orders[:limit]]
    more = f" (and {len(orders) - limit} more)" if len(orders) > limit else ""
    return "You can write: " + "; ".join(texts) + more + "."

