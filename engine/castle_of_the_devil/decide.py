"""decide: check an order against the open decision and return the events it causes.

The legal orders of each step are the single source of truth: an order is accepted exactly
when it is among them, and a refusal says why and what may be written instead.
"""
from __future__ import annotations

from typing import Any

from engine.core.errors import RuleViolation, WrongOrderKind
from engine.core.rng import Rng

from . import claims
from .orders import ClaimOrder, DefaultOrder, DoneOrder, legal_text
from .rules import deciding_seats
from .state import Phase, State
from .steps import STEPS, Step
from .turns import Emitter


def legal_orders(state: State, seat: int) -> list[Any]:
    """Return every order seat `seat` may give now."""
    step = STEPS.get(state.phase)
    if step is None or seat not in deciding_seats(state):
        return []
    return step.orders(state, seat)


def default_order(state: State, seat: int, rng: Rng) -> Any:
    """Return the order a missed deadline gives for `seat` now."""
    step = STEPS[state.phase]
    plain = step.default(state, seat)
    return step.resolve_default(state, seat, rng) if isinstance(plain, DefaultOrder) else plain


def decide(state: State, seat: int, order: Any, rng: Rng) -> list[Any]:
    """Return the events of seat `seat` giving `order`; the seat is known to be prompted."""
    step = STEPS[state.phase]
    if isinstance(order, DefaultOrder):
        order = default_order(state, seat, rng)
    legal = step.orders(state, seat)
    if isinstance(order, ClaimOrder) and order.names:
        return claim_in_one_line(state, seat, order, rng, step, legal)
    if order not in legal:
        raise _refusal(state, seat, order, step, legal)
    em = Emitter(state)
    step.handle(em, seat, order, rng)
    return em.events


def claim_in_one_line(state: State, seat: int, order: ClaimOrder, rng: Rng, step: Step,
                      legal: list[Any]) -> list[Any]:
    """Proclaim, name the given players and stop naming, as one decision."""
    plain_claim = ClaimOrder(order.society)
    if plain_claim not in legal:
        raise _refusal(state, seat, plain_claim, step, legal)
    em = Emitter(state)
    claims.proclaim(em, seat, plain_claim, rng)
    if em.state.claim is None or em.state.phase is not Phase.CLAIM:
        return em.events
    named = claims.name_in_order(em.state, seat, order.names)
    if named not in claims.name_orders(em.state, seat):
        raise RuleViolation("Name other players, each once, not yourself: claim "
                            f"{order.society} <player> [<player> ...].", code="cd.bad-name",
                            legal=legal_text(legal))
    claims.name(em, seat, named, rng)
    if em.state.phase is Phase.CLAIM:
        claims.name(em, seat, DoneOrder(), rng)
    return em.events


def _refusal(state: State, seat: int, order: Any, step: Step, legal: list[Any]) -> RuleViolation:
    """Return the violation explaining why `order` is not legal now."""
    if not isinstance(order, step.kinds):
        kind = getattr(type(order), "order_kind", type(order).__name__)
        return WrongOrderKind(f"A {kind} order is not taken now: {step.doing}.",
                              legal=legal_text(legal))
    message, code = step.why_not(state, seat, order)
    return RuleViolation(message, code=code, legal=legal_text(legal))
