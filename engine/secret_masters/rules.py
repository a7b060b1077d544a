"""Legality (the steps' checks, written once per order kind) and effects (the steps' handlers).

Seats are named by their index in `State.seats`. A check raises a RuleViolation in the player's
words; the orders worth trying (`*_candidates`) are filtered through the checks to list the legal
ones, so no rule is written twice.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.errors import RuleViolation
from engine.core.kit import Emitter
from engine.core.rng import Rng

from . import events as ev
from . import flow
from .orders import MoveOrder, PassOrder, PlaceOrder, RedeployOrder, VoteOrder
from .state import (
    ANTARCTICA,
    COLOUR_INDEX,
    COLOURS,
    MARKERS_PER_VOTE,
    SCORING,
    VALUE,
    Colour,
    Markers,
    Phase,
    Side,
    State,
    name_of,
)

Check = Callable[[State, int, Any], None]


def open_card(state: State) -> str | None:
    """Return the region card the second seat fills (None outside the second placement)."""
    return state.card(state.open_side) if state.open_side is not None else None


def first_agent(state: State) -> Colour | None:
    """Return the colour the active seat put on its card (None if that card stayed empty)."""
    return state.agent(state.open_side.other) if state.open_side is not None else None


def side_of(state: State, region: str) -> Side | None:
    """Return the side of the revealed card showing `region`, if any."""
    if region == state.red_card:
        return Side.RED
    if region == state.white_card:
        return Side.WHITE
    return None


def _allowed(check: Check, state: State, index: int, order: Any) -> bool:
    """Return whether `order` passes `check`."""
    try:
        check(state, index, order)
    except RuleViolation:
        return False
    return True


# -- the orders worth trying at each decision ------------------------------------------------

def first_placements(state: State) -> list[PlaceOrder]:
    """Return every colour on either revealed card, red card first."""
    cards = [card for card in (state.red_card, state.white_card) if card is not None]
    return [PlaceOrder(colour, card) for colour in COLOURS for card in cards]


def second_placements(state: State) -> list[PlaceOrder | MoveOrder]:
    """Return every colour on the open card, then every agent that might move onto it."""
    card = open_card(state)
    if card is None:
        return []
    places: list[PlaceOrder | MoveOrder] = [PlaceOrder(colour, card) for colour in COLOURS]
    return places + [MoveOrder(colour, region) for region in SCORING for colour in COLOURS]


def first_candidates(state: State, index: int) -> list[Any]:
    """Return the active seat's orders worth trying."""
    return [*first_placements(state), PassOrder()]


def second_candidates(state: State, index: int) -> list[Any]:
    """Return the second seat's orders worth trying."""
    return [*second_placements(state), PassOrder()]


def vote_candidates(state: State, index: int) -> list[VoteOrder]:
    """Return every split of three markers, red first."""
    return [VoteOrder(red, white, MARKERS_PER_VOTE - red - white)
            for red in range(MARKERS_PER_VOTE + 1) for white in range(MARKERS_PER_VOTE + 1 - red)]


def redeploy_candidates(state: State, index: int) -> list[Any]:
    """Return every agent colour between every two scoring regions, and passing."""
    return [*(RedeployOrder(colour, source, target) for source in SCORING for colour in COLOURS
              for target in SCORING), PassOrder()]


# -- placing agents --------------------------------------------------------------------------

def _check_pool(order: PlaceOrder, state: State) -> None:
    """Raise unless an agent of the order's colour is in the pool."""
    if state.pool[COLOUR_INDEX[order.colour]] == 0:
        raise RuleViolation(f"There is no {order.colour.value} agent left in the pool.",
                            code="sm.not-in-pool")


def check_first_place(state: State, index: int, order: PlaceOrder) -> None:
    """The active seat places a pool agent of any colour on one of the two revealed cards."""
    if side_of(state, order.region) is None:
        raise RuleViolation(f"{name_of(order.region)} is not one of the two revealed cards.",
                            code="sm.not-a-card")
    _check_pool(order, state)


def check_second_place(state: State, index: int, order: PlaceOrder) -> None:
    """The second seat places a pool agent of a different colour on the open card."""
    card = open_card(state)
    if order.region != card:
        raise RuleViolation(f"The only card left to fill is {name_of(card)}.",
                            code="sm.wrong-card")
    _check_pool(order, state)
    if order.colour is first_agent(state):
        raise RuleViolation(f"The other card already holds a {order.colour.value} agent; "
                            "choose a different colour.", code="sm.same-colour")


def check_move(state: State, index: int, order: MoveOrder) -> None:
    """The second seat may instead move an agent of lower or equal value onto the open card."""
    problem = _move_problem(state, order, open_card(state))
    if problem is not None:
        raise RuleViolation(problem[0], code=problem[1])


def _move_problem(state: State, order: MoveOrder, card: str | None) -> tuple[str, str] | None:
    """Return (message, code) of the first rule the move breaks, or None."""
    source, colour = order.from_region, order.colour.value
    if card == ANTARCTICA or card is None:
        return ("Nothing can be moved onto the Antarctica card: it has no value.",
                "sm.move-to-antarctica")
    if source == ANTARCTICA:
        return ("Agents in Antarctica cannot be moved onto a card.", "sm.move-from-antarctica")
    if source not in VALUE:
        return (f"{name_of(source)} is not a region of the map.", "sm.unknown-region")
    if source == card:
        return (f"The agent must come from a different region than {name_of(card)}.",
                "sm.move-same-region")
    if state.board[source][COLOUR_INDEX[order.colour]] == 0:
        return (f"There is no {colour} agent in {name_of(source)}.", "sm.no-such-agent")
    if order.colour is first_agent(state):
        return (f"The other card already holds a {colour} agent; choose a different colour.",
                "sm.same-colour")
    if VALUE[source] > VALUE[card]:
        return ((f"{name_of(source)} is worth more than {name_of(card)}; agents may only come "
                 "from regions of equal or lower value."), "sm.move-from-higher")
    return None


def check_placement_pass(state: State, index: int, order: PassOrder) -> None:
    """A seat leaves its card empty only when no agent can legally go there."""
    if state.phase is Phase.PLACE_FIRST:
        possible = any(_allowed(check_first_place, state, index, o)
                       for o in first_placements(state))
    else:
        checks: dict[type, Check] = {PlaceOrder: check_second_place, MoveOrder: check_move}
        possible = any(_allowed(checks[type(o)], state, index, o)
                       for o in second_placements(state))
    if possible:
        raise RuleViolation("You can only pass when no agent can legally be placed.",
                            code="sm.pass-not-allowed")


def place_first(em: Emitter[State], index: int, order: PlaceOrder, rng: Rng) -> None:
    """Put the pool agent on the card the active seat chose."""
    state = em.state
    side = side_of(state, order.region)
    assert side is not None
    em.emit(ev.AgentPlaced(state.seats[index], order.colour, side, order.region))


def pass_first(em: Emitter[State], index: int, order: PassOrder, rng: Rng) -> None:
    """The active seat cannot place: the red card is the one left empty."""
    state = em.state
    em.emit(ev.PlacementPassed(state.seats[index], Side.RED, state.red_card or ANTARCTICA))


def fill_second(em: Emitter[State], index: int, order: Any, rng: Rng) -> None:
    """Fill the open card (from the pool, by a move, or not at all); no agents, no vote."""
    state = em.state
    seat, side, card = state.seats[index], state.open_side, open_card(state)
    assert side is not None and card is not None
    if isinstance(order, PlaceOrder):
        em.emit(ev.AgentPlaced(seat, order.colour, side, card))
    elif isinstance(order, MoveOrder):
        em.emit(ev.AgentMoved(seat, order.colour, order.from_region, side, card))
    else:
        em.emit(ev.PlacementPassed(seat, side, card))
    if em.state.red_agent is None and em.state.white_agent is None:
        flow.skip_vote(em)


# -- the vote --------------------------------------------------------------------------------

def check_vote(state: State, index: int, order: VoteOrder) -> None:
    """A vote is exactly three of the seat's own markers."""
    counts = (order.red, order.white, order.orange)
    if not type(order.red) is type(order.white) is type(order.orange) is int:
        raise RuleViolation("A vote gives whole numbers of red, white and orange markers.",
                            code="sm.three-markers")
    markers = order.markers
    if min(counts) < 0 or markers.total != MARKERS_PER_VOTE:
        raise RuleViolation(f"A vote is exactly {MARKERS_PER_VOTE} markers, not "
                            f"{markers.total}.", code="sm.three-markers")
    if not state.hands[index].holds(markers):
        raise RuleViolation(f"You do not hold {', '.join(markers.as_words())}.",
                            code="sm.markers-not-held")


def holds(state: State, index: int, order: VoteOrder) -> bool:
    """Return whether `order` is a legal vote of the seat."""
    return _allowed(check_vote, state, index, order)


def default_vote(state: State, index: int, rng: Rng) -> VoteOrder:
    """Return three of the seat's markers drawn at random; a vote already in stands."""
    if state.votes[index] is not None:
        raise RuleViolation("Your vote is already in; the deadline default only fills a "
                            "missing vote.", code="sm.vote-already-cast",
                            legal="You may still change your vote with a vote order.")
    markers = Markers.from_words(rng.sample(state.hands[index].as_words(), MARKERS_PER_VOTE))
    return VoteOrder(markers.red, markers.white, markers.orange)


def vote(em: Emitter[State], index: int, order: VoteOrder, rng: Rng) -> None:
    """Seal (or change) the seat's vote; the last vote in is counted at once."""
    state = em.state
    revised = state.votes[index] is not None
    em.emit(ev.VoteCast(state.seats[index], order.markers, revised))
    if None not in em.state.votes:
        flow.resolve_vote(em, rng)


# -- Redeploy --------------------------------------------------------------------------------

def check_redeploy(state: State, index: int, order: RedeployOrder) -> None:
    """The Grand Master moves one agent between scoring regions, to a lower value only."""
    source, target = order.from_region, order.to_region
    for region in (source, target):
        if region == ANTARCTICA:
            raise RuleViolation("Redeploy never moves agents from or to Antarctica.",
                                code="sm.redeploy-antarctica")
        if region not in VALUE:
            raise RuleViolation(f"{region!r} is not a region of the map.",
                                code="sm.unknown-region")
    if state.board[source][COLOUR_INDEX[order.colour]] == 0:
        raise RuleViolation(f"There is no {order.colour.value} agent in {name_of(source)}.",
                            code="sm.no-such-agent")
    if VALUE[target] >= VALUE[source]:
        raise RuleViolation(f"{name_of(target)} is not worth less than {name_of(source)}; "
                            "Redeploy only moves to a lower value.", code="sm.redeploy-not-lower")


def check_nothing(state: State, index: int, order: Any) -> None:
    """Passing at Redeploy is always allowed."""


def redeploy(em: Emitter[State], index: int, order: Any, rng: Rng) -> None:
    """Move the agent (or nothing), then pass the Grand Master marker and start a round."""
    seat = em.state.seats[index]
    if isinstance(order, RedeployOrder):
        em.emit(ev.Redeployed(seat, order.colour, order.from_region, order.to_region))
    else:
        em.emit(ev.RedeployPassed(seat))
    flow.end_round(em, rng)
