"""Turn play: one action on the first turn, two afterwards, Reorganize first, the end declaration,
prompt keys and deadline defaults."""
from __future__ import annotations

import pytest

from engine.core.errors import GameOver, NotYourTurn
from engine.core.testing import Scripted, after, given, play, refused, types_of, when
from engine.freimaurerei import GAME
from engine.freimaurerei.events import ActionCompleted, DuesAssessed, TurnStarted
from engine.freimaurerei.events_intrigue import EndDeclared
from engine.freimaurerei.orders import (
    AcceptOrder,
    DeclareEndOrder,
    DoneOrder,
    DuesOrder,
    ForgoOrder,
    IntrigueOrder,
    PlaceOrder,
    RecruitOrder,
    ReorganizeOrder,
    RerollOrder,
)
from engine.freimaurerei.state import Charter, Phase

from .helpers import (
    ANN,
    BEA,
    FRENCH,
    LARGE,
    MEDIUM,
    PYRAMID,
    ROSY,
    SEATS,
    SMALL,
    TREEHOUSE,
    cash,
    chartered,
    found,
    into_rite,
    perfected,
    recruit,
    set_up,
    turn,
)


def test_the_first_player_takes_a_single_action_then_the_turn_passes() -> None:
    state = given(GAME, SEATS, set_up())
    assert when(GAME, state, ANN, DuesOrder()) == [DuesAssessed(ANN, 3, 3),
                                             ActionCompleted(ANN, 1, 1),
                                             TurnStarted(BEA, 2, 2)]


def test_every_later_turn_has_two_actions() -> None:
    state = play(GAME, given(GAME, SEATS, set_up()), (ANN, DuesOrder()))
    first = when(GAME, state, BEA, DuesOrder())
    assert first == [DuesAssessed(BEA, 3, 3), ActionCompleted(BEA, 2, 1)]
    second = when(GAME, after(GAME, state, first), BEA, DuesOrder())
    assert second[-2:] == [ActionCompleted(BEA, 2, 2), TurnStarted(ANN, 3, 2)]


def test_only_the_active_seat_may_act() -> None:
    with pytest.raises(NotYourTurn):
        when(GAME, given(GAME, SEATS, set_up()), BEA, DuesOrder())


def lodge_of_three(seat: str = BEA) -> list[object]:
    """Return a lodge of bea's three starting Masons."""
    return found(seat, 1, "4C", "M4", "M5", "M6")


def test_reorganize_is_offered_as_the_first_action_only() -> None:
    state = given(GAME, SEATS, set_up(), lodge_of_three(), turn(BEA))
    assert ReorganizeOrder() in GAME.legal_orders(state, BEA)
    second = play(GAME, state, (BEA, DuesOrder()))
    assert ReorganizeOrder() not in GAME.legal_orders(second, BEA)
    assert refused(GAME, second, BEA, ReorganizeOrder()).code == "fm.reorganize-first"


def test_reorganize_needs_a_lodge() -> None:
    assert refused(GAME, given(GAME, SEATS, set_up(), turn(BEA)), BEA, ReorganizeOrder()).code == "fm.no-lodges"


def test_the_single_opening_action_may_be_a_reorganization() -> None:
    state = given(GAME, SEATS, set_up(), found(ANN, 1, "4C", "M1", "M2", "M3"), turn(ANN, 1, 1))
    assert state.actions == 1 and ReorganizeOrder() in GAME.legal_orders(state, ANN)


def five_lodges(seat: str = BEA) -> list[object]:
    """Return five lodges of three fresh Masons each for bea."""
    events: list[object] = []
    for number in range(1, 6):
        ids = [f"M{10 + 3 * number + k}" for k in range(3)]
        events.append(recruit(seat, *[(i, SMALL) for i in ids[:1]],
                              *[(i, MEDIUM) for i in ids[1:]]))
        events += found(seat, number, ("4C", "7H", "5S", "9D", "2H")[number - 1], *ids)
    return events


def test_five_lodges_allow_the_end_to_be_declared_at_the_start_of_the_turn() -> None:
    state = given(GAME, SEATS, set_up(), five_lodges(), turn(BEA))
    assert DeclareEndOrder() in GAME.legal_orders(state, BEA)
    events = when(GAME, state, BEA, DeclareEndOrder())
    assert events[0] == EndDeclared(BEA, 5, 0)
    assert types_of(GAME, events)[1:] == ["secrets-revealed", "game-scored"]
    final = after(GAME, state, events)
    assert final.phase is Phase.OVER and GAME.prompts(final) == ()
    assert GAME.outcome(final) is not None


def test_three_perfect_initiates_including_the_sm_allow_the_end() -> None:
    scene = [set_up(), recruit(BEA, ("M7", LARGE), ("M8", LARGE)),
             *chartered(BEA, Charter.FRENCH, Charter.PERFECTION),
             into_rite(BEA, FRENCH, "M7", "M8"), perfected(BEA, "M7", ROSY),
             perfected(BEA, "M8", ROSY), turn(BEA)]
    assert DeclareEndOrder() in GAME.legal_orders(given(GAME, SEATS, *scene), BEA)
    without_sm = [e for e in scene if getattr(e, "charter", None) is not Charter.PERFECTION]
    state = given(GAME, SEATS, *without_sm)
    assert DeclareEndOrder() not in GAME.legal_orders(state, BEA)
    assert refused(GAME, state, BEA, DeclareEndOrder()).code == "fm.end-conditions"


def test_the_end_cannot_be_declared_after_an_action() -> None:
    state = play(GAME, given(GAME, SEATS, set_up(), five_lodges(), turn(BEA)), (BEA, DuesOrder()))
    assert refused(GAME, state, BEA, DeclareEndOrder()).code == "fm.end-not-at-start"


def test_no_order_is_taken_once_the_game_is_over() -> None:
    state = play(GAME, given(GAME, SEATS, set_up(), five_lodges(), turn(BEA)), (BEA, DeclareEndOrder()))
    with pytest.raises(GameOver):
        GAME.decide(state, ANN, DuesOrder(), Scripted())


def test_the_missed_deadline_default_is_assess_dues_without_declaring_the_end() -> None:
    state = given(GAME, SEATS, set_up(), five_lodges(), turn(BEA))
    prompt = GAME.prompt_for(state, BEA)
    assert prompt is not None and prompt.default == DuesOrder()
    assert prompt.deadline_hours == 48


def test_defaults_inside_actions() -> None:
    state = given(GAME, SEATS, set_up(), lodge_of_three(), turn(BEA))
    placing = play(GAME, state, (BEA, RecruitOrder()), random=Scripted(PYRAMID["small"], PYRAMID["small"]))
    assert GAME.prompt_for(placing, BEA).default == PlaceOrder(None)  # type: ignore[union-attr]
    rolled = play(GAME, state, (BEA, IntrigueOrder()), random=Scripted(TREEHOUSE["tip"]))
    assert GAME.prompt_for(rolled, BEA).default == AcceptOrder()  # type: ignore[union-attr]
    kept = play(GAME, rolled, (BEA, AcceptOrder()))
    assert GAME.prompt_for(kept, BEA).default == ForgoOrder()  # type: ignore[union-attr]
    moving = play(GAME, state, (BEA, ReorganizeOrder()))
    prompt = GAME.prompt_for(moving, BEA)
    assert prompt is not None and prompt.default == DoneOrder() and prompt.deadline_hours == 24


def test_the_prompt_key_changes_at_every_step_of_an_action() -> None:
    state = given(GAME, SEATS, set_up(), lodge_of_three(), cash(BEA, 20), turn(BEA))
    keys = [GAME.prompt_for(state, BEA).key]  # type: ignore[union-attr]
    for order in (IntrigueOrder(), RerollOrder(), AcceptOrder()):
        state = play(GAME, state, (BEA, order), random=Scripted(TREEHOUSE["tip"]))
        keys.append(GAME.prompt_for(state, BEA).key)  # type: ignore[union-attr]
    assert keys == ["t4.a1.action", "t4.a1.intrigue-roll.1", "t4.a1.intrigue-roll.2",
                    "t4.a1.intrigue-target"]

