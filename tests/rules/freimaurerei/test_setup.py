"""Components and setup: decks, rulers, starting Masons, the banks, money and the SMs."""
from __future__ import annotations

from engine.core.rng import Rng
from engine.core.testing import Scripted, after, given, refused, types_of, when
from engine.freimaurerei import GAME
from engine.freimaurerei.board import bank_money
from engine.freimaurerei.events import (
    ConsortTurnedUp,
    DecksShuffled,
    InnerAlignmentDrawn,
    OuterAlignmentChosen,
    OuterAlignmentsShown,
    PrincipalitiesAssigned,
    RulerTurnedUp,
    StartingMasonsTaken,
    TurnStarted,
)
from engine.freimaurerei.orders import DefaultOrder, OuterOrder
from engine.freimaurerei.state import SM, Phase, Size

from .helpers import (
    ANN,
    BEA,
    ILLU,
    ROSY,
    SEATS,
    L,
    S,
    set_up,
)


def started(options: dict[str, bool] | None = None, key: bytes = b"setup") -> list[object]:
    """Return the opening events of a fresh game."""
    state = GAME.initial_state(SEATS, options or {})
    return GAME.start(state, Rng(key))


def test_setup_assigns_principalities_shuffles_and_turns_up_both_rulers() -> None:
    events = started()
    assert types_of(GAME, events) == ["principalities-assigned", "decks-shuffled", "ruler-turned-up",
                                "ruler-turned-up", "starting-masons-taken",
                                "starting-masons-taken"]
    assigned, shuffled = events[0], events[1]
    assert isinstance(assigned, PrincipalitiesAssigned)
    assert {assigned.leichtberg, assigned.schwerheim} == set(SEATS)
    assert isinstance(shuffled, DecksShuffled)
    assert len(shuffled.lodge) == 40 and len(set(shuffled.lodge)) == 40
    assert sorted(shuffled.ruler) == sorted(f"{r}{s}" for r in "JQK" for s in "SCHD")
    assert events[2] == RulerTurnedUp(L, shuffled.ruler[0])
    assert events[3] == RulerTurnedUp(S, shuffled.ruler[1])


def test_principality_assignment_is_random() -> None:
    firsts = {started(key=bytes([k]))[0].leichtberg for k in range(12)}  # type: ignore[attr-defined]
    assert firsts == set(SEATS)


def test_each_player_starts_with_one_mason_of_each_size_and_no_money() -> None:
    state = GAME.fold(GAME.initial_state(SEATS, {}), started())
    for realm in state.realms:
        sizes = sorted(p.size.value for p in realm.pieces.values() if not p.is_master)
        assert sizes == ["large", "medium", "small"]
        assert all(p.lodge is None for p in realm.pieces.values())
        assert realm.money == 0
    assert (state.bank.small, state.bank.medium, state.bank.large) == (8, 8, 8)
    assert (state.bank.red_medium, state.bank.red_small, state.bank.green_medium,
            state.bank.green_small, state.bank.purple) == (5, 5, 5, 5, 5)
    assert bank_money(state) == 310
    assert len(state.lodge_deck) == 40 and len(state.ruler_deck) == 10


def test_starting_masons_event_names_them() -> None:
    events = started()
    assert isinstance(events[4], StartingMasonsTaken)
    assert [(r.id, r.size) for r in events[4].recruits] == [
        ("M1", Size.SMALL), ("M2", Size.MEDIUM), ("M3", Size.LARGE)]


def test_both_seats_choose_their_sm_colour_at_once_and_sealed() -> None:
    state = given(GAME, SEATS, set_up()[:6])
    prompts = GAME.prompts(state)
    assert [p.seat for p in prompts] == [ANN, BEA]
    assert all(p.simultaneous and p.key == "setup.outer" for p in prompts)
    assert all(isinstance(p.default, DefaultOrder) for p in prompts)
    assert when(GAME, state, BEA, OuterOrder(ILLU)) == [OuterAlignmentChosen(BEA, ILLU, False)]


def test_a_sealed_choice_may_be_changed_until_the_other_has_chosen() -> None:
    state = given(GAME, SEATS, set_up()[:6], OuterAlignmentChosen(BEA, ILLU))
    assert GAME.prompt_for(state, BEA).submitted  # type: ignore[union-attr]
    assert when(GAME, state, BEA, OuterOrder(ROSY)) == [OuterAlignmentChosen(BEA, ROSY, True)]


def test_once_both_have_chosen_the_sms_are_shown_and_inner_alignments_drawn() -> None:
    state = given(GAME, SEATS, set_up()[:6], OuterAlignmentChosen(BEA, ILLU))
    events = when(GAME, state, ANN, OuterOrder(ILLU), Scripted(0, 8))
    assert events == [OuterAlignmentChosen(ANN, ILLU, False), OuterAlignmentsShown(ILLU, ILLU),
                      InnerAlignmentDrawn(ANN, ROSY), InnerAlignmentDrawn(BEA, ILLU),
                      TurnStarted(ANN, 1, 1)]
    final = after(GAME, state, events)
    assert final.realms[0].pieces[SM].outer is ILLU and final.realms[0].pieces[SM].inner is ROSY
    assert final.bag.total(Size.SMALL) == 8 and final.bag.total(Size.MEDIUM) == 10


def test_the_setup_deadline_picks_a_colour_at_random() -> None:
    state = given(GAME, SEATS, set_up()[:6])
    assert when(GAME, state, ANN, DefaultOrder(), Scripted(1)) == [
        OuterAlignmentChosen(ANN, ILLU, False)]
    assert when(GAME, state, ANN, DefaultOrder(), Scripted(0)) == [
        OuterAlignmentChosen(ANN, ROSY, False)]


def test_the_deadline_default_is_only_a_setup_order() -> None:
    assert refused(GAME, given(GAME, SEATS, set_up()), ANN, DefaultOrder()).code == "wrong-order-kind"


def test_leichtberg_moves_first_with_a_single_action() -> None:
    state = given(GAME, SEATS, set_up())
    assert state.phase is Phase.ACTION and state.active_seat == ANN
    assert (state.action, state.actions) == (1, 1)


def test_an_empress_turned_up_at_setup_lies_beside_the_ruler() -> None:
    deck = ("EMPRESS", "KD", "QE")
    state = GAME.initial_state(SEATS, {"empress_emperor": True})
    state = after(GAME, state, [PrincipalitiesAssigned(ANN, BEA), DecksShuffled(("4C",), deck)])
    from engine.core.kit import Emitter
    from engine.freimaurerei.flow import turn_up_ruler
    em = Emitter(GAME, state)
    turn_up_ruler(em, L, None)
    assert em.events == [ConsortTurnedUp(L, "EMPRESS"), RulerTurnedUp(L, "KD")]
    assert em.state.realms[0].consorts == ("EMPRESS",)
