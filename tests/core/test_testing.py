"""The rule-test helpers (a scripted stream shared by every move of `play`), and a step that
takes no `default` order."""
from __future__ import annotations

from engine.core.contract import replace
from engine.core.declare import DefaultOrder
from engine.core.testing import Scripted, given, play, refused, then, when

from .test_kit import GAME, SEATS, TURN, PileMade, Stones, Take, Taken


def test_play_draws_every_move_from_one_given_stream() -> None:
    state = given(GAME, SEATS, PileMade(10))
    state = play(GAME, state, ("anna", DefaultOrder()), ("bruno", DefaultOrder()),
                 random=Scripted(0, 4))
    assert (state.stones, state.coins, state.turn) == (9, (5, 3), 2)


def test_play_without_a_stream_gives_each_move_a_fresh_one() -> None:
    state = given(GAME, SEATS, PileMade(10))
    assert play(GAME, state, ("anna", "take 2"), ("bruno", "pay 1")).coins == (5, 4)


def test_a_step_may_refuse_a_default_order_and_keep_its_plain_default() -> None:
    strict = Stones()
    strict.STEPS = (replace(TURN, default=Take(1), default_as_order=False),)
    strict.step = lambda state: strict.STEPS[0]  # type: ignore[method-assign]
    state = given(strict, SEATS, PileMade(10))
    assert refused(strict, state, "anna", DefaultOrder()).code == "wrong-order-kind"
    assert strict.is_legal(state, "anna", DefaultOrder()) is not None
    assert strict.prompts(state)[0].default == Take(1)
    then(when(strict, state, "anna", Take(1)), Taken("anna", 1))
