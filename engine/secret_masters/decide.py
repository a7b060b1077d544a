"""decide: check an order against the rules and return the events it causes."""
from __future__ import annotations

from typing import Any

from engine.core.errors import RuleViolation, WrongOrderKind
from engine.core.rng import Rng

from . import events as ev
from . import turns
from .board import ANTARCTICA, VALUE, name_of
from .orders import (
    DefaultOrder,
    MoveOrder,
    PassOrder,
    PlaceOrder,
    RedeployOrder,
    VoteOrder,
    canonical_text,
)
from .rules import first_agent, legal_text, open_card, placement_orders, side_of
from .state import COLOUR_INDEX, MARKERS_PER_VOTE, Markers, Phase, Side, State
from .turns import Emitter


def decide(state: State, index: int, order: Any, rng: Rng) -> list[Any]:
    """Return the events of seat `index` giving `order`; the seat is known to be prompted."""
    if isinstance(order, DefaultOrder):
        order = default_order(state, index, rng)
    em = Emitter(state)
    phase = state.phase
    if phase is Phase.PLACE_FIRST:
        _place_first(em, index, order)
    elif phase is Phase.PLACE_SECOND:
        _place_second(em, index, order)
    elif phase is Phase.VOTE:
        _vote(em, index, order, rng)
    elif phase is Phase.REDEPLOY:
        _redeploy(em, index, order, rng)
    return em.events


def default_order(state: State, index: int, rng: Rng) -> Any:
    """Return the order a missed deadline gives: random placement, random vote, or no move."""
    if state.phase is Phase.VOTE:
        if state.votes[index] is not None:
            raise RuleViolation("Your vote is already in; the deadline default only fills a "
                                "missing vote.", code="sm.vote-already-cast",
                                legal="You may still change your vote with a vote order.")
        words = rng.sample(state.hands[index].as_words(), MARKERS_PER_VOTE)
        markers = Markers.from_words(words)
        return VoteOrder(markers.red, markers.white, markers.orange)
    if state.phase is Phase.REDEPLOY:
        return PassOrder()
    return rng.choice(placement_orders(state))


def _wrong_kind(state: State, index: int, order: Any, doing: str) -> WrongOrderKind:
    """Return the violation for an order of the wrong kind at this point."""
    kind = getattr(type(order), "order_kind", type(order).__name__)
    return WrongOrderKind(f"A {kind} order is not taken now: {doing}.",
                          legal=legal_text(state, index))


def _violation(state: State, index: int, message: str, code: str) -> RuleViolation:
    """Return a rule violation listing what the seat may write instead."""
    return RuleViolation(message, code=code, legal=legal_text(state, index))


def _check_pool(state: State, index: int, order: PlaceOrder) -> None:
    """Raise unless an agent of the order's colour is in the pool."""
    if state.pool[COLOUR_INDEX[order.colour]] == 0:
        raise _violation(state, index, f"There is no {order.colour.value} agent left in the pool.",
                         "sm.not-in-pool")


def _check_pass(state: State, index: int) -> None:
    """Raise unless passing is the only thing the seat can do."""
    if not isinstance(placement_orders(state)[0], PassOrder):
        raise _violation(state, index, "You can only pass when no agent can legally be placed.",
                         "sm.pass-not-allowed")


def _place_first(em: Emitter, index: int, order: Any) -> None:
    """The active seat places an agent of any colour from the pool on either card."""
    state = em.state
    seat = state.seats[index]
    if isinstance(order, PassOrder):
        _check_pass(state, index)
        # Decision: when the active seat cannot place, the red card is the one left empty.
        em.emit(ev.PlacementPassed(seat, Side.RED, state.red_card or ANTARCTICA))
        return
    if not isinstance(order, PlaceOrder):
        raise _wrong_kind(state, index, order, "place an agent from the pool on a card")
    side = side_of(state, order.region)
    if side is None:
        raise _violation(state, index, f"{name_of(order.region)} is not one of the two revealed "
                         "cards.", "sm.not-a-card")
    _check_pool(state, index, order)
    em.emit(ev.AgentPlaced(seat, order.colour, side, order.region))


def _place_second(em: Emitter, index: int, order: Any) -> None:
    """The next seat fills the other card: a different colour, from the pool or by a move."""
    state = em.state
    seat = state.seats[index]
    card = open_card(state)
    assert card is not None and state.open_side is not None
    if isinstance(order, PlaceOrder):
        _check_second_place(state, index, order, card)
        em.emit(ev.AgentPlaced(seat, order.colour, state.open_side, card))
    elif isinstance(order, MoveOrder):
        _check_move(state, index, order, card)
        em.emit(ev.AgentMoved(seat, order.colour, order.from_region, state.open_side, card))
    elif isinstance(order, PassOrder):
        _check_pass(state, index)
        em.emit(ev.PlacementPassed(seat, state.open_side, card))
    else:
        raise _wrong_kind(state, index, order, f"put an agent on the {name_of(card)} card")
    if em.state.red_agent is None and em.state.white_agent is None:
        turns.skip_vote(em)


def _check_second_place(state: State, index: int, order: PlaceOrder, card: str) -> None:
    """Raise unless the pool agent may go on the open card."""
    if order.region != card:
        raise _violation(state, index, f"The only card left to fill is {name_of(card)}.",
                         "sm.wrong-card")
    _check_pool(state, index, order)
    if order.colour is first_agent(state):
        raise _violation(state, index, f"The other card already holds a {order.colour.value} "
                         "agent; choose a different colour.", "sm.same-colour")


def _check_move(state: State, index: int, order: MoveOrder, card: str) -> None:
    """Raise unless the agent may move from its region onto the open card."""
    problem = _move_problem(state, order, card)
    if problem is not None:
        message, code = problem
        text = message.format(card=name_of(card), source=name_of(order.from_region),
                              colour=order.colour.value)
        raise _violation(state, index, text, code)


def _move_problem(state: State, order: MoveOrder, card: str) -> tuple[str, str] | None:
    """Return (message, code) of the first rule the move breaks, or None."""
    source = order.from_region
    if card == ANTARCTICA:
        return ("Nothing can be moved onto the Antarctica card: it has no value.",
                "sm.move-to-antarctica")
    if source == ANTARCTICA:
        return "Agents in Antarctica cannot be moved onto a card.", "sm.move-from-antarctica"
    if source not in VALUE:
        return "{source} is not a region of the map.", "sm.unknown-region"
    if source == card:
        return ("The agent must come from a different region than {card}.",
                "sm.move-same-region")
    if state.board[source][COLOUR_INDEX[order.colour]] == 0:
        return "There is no {colour} agent in {source}.", "sm.no-such-agent"
    if order.colour is first_agent(state):
        return ("The other card already holds a {colour} agent; choose a different colour.",
                "sm.same-colour")
    if VALUE[source] > VALUE[card]:
        return ("{source} is worth more than {card}; agents may only come from regions "
                "of equal or lower value."), "sm.move-from-higher"
    return None


def _vote(em: Emitter, index: int, order: Any, rng: Rng) -> None:
    """A seat seals its vote (or changes it); the last vote in is counted at once."""
    state = em.state
    if not isinstance(order, VoteOrder):
        raise _wrong_kind(state, index, order, "vote with three of your markers")
    counts = (order.red, order.white, order.orange)
    if not all(type(count) is int for count in counts):
        raise _violation(state, index, "A vote gives whole numbers of red, white and orange "
                         "markers.", "sm.three-markers")
    markers = order.markers
    if min(counts) < 0 or markers.total != MARKERS_PER_VOTE:
        raise _violation(state, index, f"A vote is exactly {MARKERS_PER_VOTE} markers, not "
                         f"{markers.total}.", "sm.three-markers")
    if not state.hands[index].holds(markers):
        raise _violation(state, index, f"You do not hold {canonical_text(order)[5:]}.",
                         "sm.markers-not-held")
    revised = state.votes[index] is not None
    em.emit(ev.VoteCast(state.seats[index], markers, revised))
    if all(vote is not None for vote in em.state.votes):
        turns.resolve_vote(em, rng)


def _redeploy(em: Emitter, index: int, order: Any, rng: Rng) -> None:
    """The Grand Master may move one agent to a region of lower value, or pass."""
    state = em.state
    seat = state.seats[index]
    if isinstance(order, PassOrder):
        em.emit(ev.RedeployPassed(seat))
    elif isinstance(order, RedeployOrder):
        _check_redeploy(state, index, order)
        em.emit(ev.Redeployed(seat, order.colour, order.from_region, order.to_region))
    else:
        raise _wrong_kind(state, index, order, "redeploy one agent or pass")
    turns.end_round(em, rng)


def _check_redeploy(state: State, index: int, order: RedeployOrder) -> None:
    """Raise unless the Redeploy move is legal."""
    source, target = order.from_region, order.to_region
    for region in (source, target):
        if region == ANTARCTICA:
            raise _violation(state, index, "Redeploy never moves agents from or to Antarctica.",
                             "sm.redeploy-antarctica")
        if region not in VALUE:
            raise _violation(state, index, f"{region!r} is not a region of the map.",
                             "sm.unknown-region")
    if state.board[source][COLOUR_INDEX[order.colour]] == 0:
        raise _violation(state, index, f"There is no {order.colour.value} agent in "
                         f"{name_of(source)}.", "sm.no-such-agent")
    if VALUE[target] >= VALUE[source]:
        raise _violation(state, index, f"{name_of(target)} is not worth less than "
                         f"{name_of(source)}; Redeploy only moves to a lower value.",
                         "sm.redeploy-not-lower")

