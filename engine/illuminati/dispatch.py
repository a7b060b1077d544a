"""The dispatcher: runs the step that follows each handler (`handling.Next`) with its
handler, until the decision waits for a seat again or the game is over."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, assert_never

from engine.core.rng import Rng

from . import rules_attack as att
from . import rules_counter as ctr
from . import rules_specials as sp
from . import rules_window as win
from .handling import (
    CarryOut,
    CloseCounter,
    CloseWindow,
    Emitter,
    FailUnrolled,
    Next,
    OpenCounter,
    OpenWindow,
    PassCounter,
    PassWindow,
    Resolve,
    RollDice,
    SettleRoll,
)
from .orders import PassOrder

Handler = Callable[[Emitter, str, Any, Rng], Next | None]
"""A rule's handler: emits an order's events and returns what follows."""


def carried_on(handle: Handler) -> Callable[[Emitter, str, Any, Rng], None]:
    """Return the kit's handler for `handle`: the order's events, then all that follows."""

    def handled(em: Emitter, seat: str, order: Any, rng: Rng) -> None:
        carry_on(em, handle(em, seat, order, rng), rng)

    handled.__doc__ = handle.__doc__
    return handled


def carry_on(em: Emitter, step: Next | None, rng: Rng) -> None:
    """Run `step` and every step that follows it."""
    while step is not None:
        step = run(em, step, rng)


def run(em: Emitter, step: Next, rng: Rng) -> Next | None:
    """Run one step with its handler; return the step that follows, if any."""
    match step:
        case OpenWindow(phase):
            return win.open_window(em, phase)
        case CloseWindow(countered):
            return win.close_window(em, countered)
        case PassWindow(seat):
            return win.answer(em, seat, PassOrder(), rng)
        case RollDice():
            return att.roll_dice(em, rng)
        case SettleRoll():
            return win.settle_roll(em)
        case Resolve():
            att.resolve(em)
            return None
        case FailUnrolled():
            att.fail_unrolled(em)
            return None
        case OpenCounter():
            return ctr.open_counter(em, step)
        case CloseCounter():
            return ctr.close_counter(em)
        case PassCounter(seat):
            return ctr.answer_counter(em, seat, PassOrder(), rng)
        case CarryOut():
            return sp.carry_out_plays(em, step)
        case _:
            assert_never(step)
