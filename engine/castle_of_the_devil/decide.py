"""decide: check an order against the open decision and return the events it causes.

The legal orders of each step are the single source of truth: an order is accepted exactly
when it is among them, and a refusal says why and what may be written instead.
"""
from __future__ import annotations

from typing import Any

from engine.core.errors import RuleViolation, WrongOrderKind
from engine.core.rng import Rng

from .orders import DefaultOrder, legal_text
from .rules import deciding_seats
from .state import State
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
    if order not in legal:
        raise _refusal(state, seat, order, step, legal)
    em = Emitter(state)
    step.handle(em, seat, order, rng)
    return em.events


def _refusal(state: State, seat: int, order: Any, step: Step, legal: list[Any]) -> RuleViolation:
    """Return the violation explaining why `order` is not legal now."""
    if not isinstance(order, step.kinds):
        kind = getattr(type(order), "order_kind", type(order).__name__)
        return WrongOrderKind(f"A {kind} order is not taken now: {step.doing}.",
                              legal=legal_text(legal))
    message, code = step.why_not(state, seat, order)
    return RuleViolation(message, code=code, legal=legal_text(legal))
