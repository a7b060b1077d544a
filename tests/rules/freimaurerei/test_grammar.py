"""The plain-text grammar: round trips, forgiving reading, clear errors and help."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core.errors import UnreadableOrder
from engine.core.harness import chooser_for, play_random_game, seat_names, seeds
from engine.core.testing import Scripted, given, play, refused
from engine.freimaurerei import GAME
from engine.freimaurerei.orders import (
    AcceptOrder,
    AimOrder,
    BuildOrder,
    CharterOrder,
    DeclareEndOrder,
    DeclineOrder,
    DefectOrder,
    DigOrder,
    DoneOrder,
    DuesOrder,
    ForgoOrder,
    HopOrder,
    InitiateOrder,
    IntrigueOrder,
    MembersOrder,
    MoveOrder,
    OuterOrder,
    PlaceOrder,
    RecruitOrder,
    ReorganizeOrder,
    RerollOrder,
    SwapOrder,
    TipOrder,
)
from engine.freimaurerei.state import SM, Charter, State

from .helpers import (
    ANN,
    BEA,
    ILLU,
    SEATS,
    TREEHOUSE,
    L,
    S,
    cash,
    found,
    set_up,
    turn,
)
from .test_advance import example_advancing
from .test_variants import five_lodges


def read(state: State, seat: str, text: str) -> Any:
    """Return the order `seat` wrote."""
    return GAME.parse(text, seat, state)


def test_every_legal_order_of_random_games_round_trips() -> None:
    checked = 0
    for seed in seeds(6, base=500):
        played = play_random_game(GAME, seat_names(2), seed)
        for state in played.sampled_states:
            for prompt in GAME.prompts(state):
                for order in GAME.legal_orders(state, prompt.seat):
                    text = GAME.format_order(order)
                    assert GAME.parse(text, prompt.seat, state) == order, text
                    checked += 1
    assert checked > 500


ACTION_TEXTS = {
    "Recruit": RecruitOrder(), "assess dues": DuesOrder(), "DUES!": DuesOrder(),
    "build a lodge": BuildOrder(), "Intrigue": IntrigueOrder(),
    "charter St. Andrew's": CharterOrder(Charter.ST_ANDREWS),
    "charter st-andrews rite": CharterOrder(Charter.ST_ANDREWS),
    "charter the French rite": CharterOrder(Charter.FRENCH),
    "charter purple": CharterOrder(Charter.PERFECTION), "reorganise": ReorganizeOrder(),
    "declare end": DeclareEndOrder(), "declare the game over": DeclareEndOrder(),
    "collect dues": DuesOrder(),
}


@pytest.mark.parametrize(("text", "order"), list(ACTION_TEXTS.items()))
def test_action_words_are_read_forgivingly(text: str, order: Any) -> None:
    assert read(given(GAME, SEATS, set_up(), turn(BEA)), BEA, text) == order


def test_setup_colours() -> None:
    state = given(GAME, SEATS, set_up()[:6])
    assert read(state, ANN, "outer Black") == OuterOrder(ILLU)
    assert read(state, ANN, "illuminati") == OuterOrder(ILLU)
    assert read(state, ANN, "choose white") != OuterOrder(ILLU)


def test_step_orders_are_read_forgivingly() -> None:
    state = given(GAME, SEATS, set_up(), cash(BEA, 30), found(BEA, 1, "5S", "M4", "M5", "M6"), turn(BEA))
    assert read(state, BEA, "move m4 to L1") == MoveOrder("M4", 1)
    assert read(state, BEA, "move M4 into lodge #1") == MoveOrder("M4", 1)
    assert read(state, BEA, "move sm to 5s") == MoveOrder(SM, 1)
    assert read(state, BEA, "move the secret master to unaffiliated") == MoveOrder(SM, None)
    reorganizing = play(GAME, state, (BEA, ReorganizeOrder()))
    assert read(reorganizing, BEA, "reorganize M3 to lodge 2") == MoveOrder("M3", 2)
    assert read(reorganizing, BEA, "Done.") == DoneOrder()
    assert read(reorganizing, BEA, "end") == DoneOrder()
    assert read(reorganizing, BEA, "end the reorganization") == DoneOrder()
    assert read(state, BEA, "place them in lodge 1") == PlaceOrder(1)
    assert read(state, BEA, "put unaffiliated") == PlaceOrder(None)
    assert read(state, BEA, "members M5, sm and M4") == MembersOrder((SM, "M4", "M5"))
    building = play(GAME, state, (BEA, BuildOrder()))
    assert read(building, BEA, "build lodge with M1 M2 SM") == MembersOrder((SM, "M1", "M2"))
    assert read(building, BEA, "with M6 M4 M5") == MembersOrder(("M4", "M5", "M6"))


def test_initiations_and_intrigue_results_are_read_forgivingly() -> None:
    advancing = example_advancing()
    assert read(advancing, BEA, "advance M9 and M10 by M7") == InitiateOrder("M7", ("M9", "M10"))
    assert read(advancing, BEA, "M7 advances M10 M9") == InitiateOrder("M7", ("M9", "M10"))
    state = given(GAME, SEATS, set_up(), turn(BEA))
    assert read(state, BEA, "re-roll") == RerollOrder()
    assert read(state, BEA, "roll again") == RerollOrder()
    assert read(state, BEA, "keep") == AcceptOrder()
    assert read(state, BEA, "swap mine") == SwapOrder(S)
    assert read(state, BEA, "tip theirs") == TipOrder(L)
    assert read(state, BEA, "swap Leicht") == SwapOrder(L)
    assert read(state, BEA, "aim at lodge 4") == AimOrder(4)
    assert read(state, BEA, "dig m7 inner") == DigOrder("M7", True)
    assert read(state, BEA, "dig under M7, the outer alignment") == DigOrder("M7", False)
    assert read(state, BEA, "hop M9 with SM") == HopOrder("M9", SM)
    assert read(state, BEA, "hop M9 M7") == HopOrder("M9", "M7")
    assert read(state, BEA, "forgo") == ForgoOrder()


def unreadable(state: State, seat: str, text: str) -> UnreadableOrder:
    """Return the error for `text`."""
    with pytest.raises(UnreadableOrder) as caught:
        read(state, seat, text)
    return caught.value


def test_errors_name_the_wrong_word_and_list_what_is_legal_now() -> None:
    state = given(GAME, SEATS, set_up(), turn(BEA))
    error = unreadable(state, BEA, "recrut")
    assert '"recrut"' in error.message and "recruit" in error.legal and "dues" in error.legal
    assert '"x"' in unreadable(state, BEA, "move M3 to lodge x").message
    assert '"scottish"' in unreadable(state, BEA, "charter scottish").message
    assert '"q7"' in unreadable(state, BEA, "dig q7 inner").message
    assert '"nowhereland"' in unreadable(state, BEA, "swap nowhereland").message
    assert "takes nothing more" in unreadable(state, BEA, "dues now").message
    assert unreadable(state, BEA, "").message == "The order is empty."


def test_details_given_too_early_are_explained() -> None:
    state = given(GAME, SEATS, set_up(), turn(BEA))
    assert "reorganize on its own" in unreadable(state, BEA, "reorganize M3 to lodge 2").message
    assert "advance on its own" in unreadable(state, BEA, "advance M5 by SM").message
    assert "advance on its own" in unreadable(state, BEA, "SM advances M5").message


def test_help_lists_the_legal_orders_with_examples_and_the_deadline() -> None:
    state = given(GAME, SEATS, set_up(), cash(BEA, 30), turn(BEA))
    prompt = GAME.prompt_for(state, BEA)
    assert prompt is not None
    text = GAME.help(prompt)
    for line in ("recruit", "dues", "build lodge", "charter french|st andrews|perfection",
                 "intrigue", "for example: charter french | charter st andrews",
                 "If the deadline passes (48 hours), you Assess Dues"):
        assert line in text
    assert "reorganize" not in text and "declare end" not in text


def test_help_inside_an_intrigue_lists_its_targets() -> None:
    state = given(GAME, SEATS, set_up(), found(ANN, 1, "4C", "M1", "M2", "M3"), turn(BEA))
    state = play(GAME, state, (BEA, IntrigueOrder()), (BEA, AcceptOrder()), random=Scripted(TREEHOUSE["wild"]))
    prompt = GAME.prompt_for(state, BEA)
    assert prompt is not None
    text = GAME.help(prompt)
    assert "swap leichtberg" in text and "aim lodge 1" in text and "forgo" in text


def test_a_random_game_can_be_replayed_from_its_texts_alone() -> None:
    seed = next(iter(seeds(1, base=77)))
    played = play_random_game(GAME, seat_names(2), seed)
    state = GAME.fold(GAME.initial_state(played.seats, played.options), played.steps[0].events)
    for step in played.steps[1:]:
        assert step.seat is not None
        order = step.order
        if GAME.format_order(order) != "default":
            order = GAME.parse(GAME.format_order(order), step.seat, state)
        assert order == step.order
        state = GAME.fold(state, step.events)
    assert chooser_for(seed) is not None


def test_ending_the_game_takes_its_full_words() -> None:
    state = given(GAME, SEATS, set_up(), five_lodges(BEA, ("4C", "5S", "9D", "2H", "8C")),
                  turn(BEA))
    for text in ("end", "end game", "declare"):
        error = unreadable(state, BEA, text)
        assert "declare end" in error.message and "undone" in error.message, text
    assert read(state, BEA, "declare end") == DeclareEndOrder()


def test_orders_players_wrote_are_understood() -> None:
    state = given(GAME, SEATS, set_up(), found(BEA, 1, "5S", "M4", "M5", "M6"), turn(BEA))
    assert read(state, BEA, "collect dues") == DuesOrder()
    assert read(state, BEA, "swap the ruler of schwerheim") == SwapOrder(S)
    assert read(state, BEA, "tip the ruler of leichtberg") == TipOrder(L)
    assert read(state, BEA, "move M9 lodge 1") == MoveOrder("M9", 1)
    assert read(state, BEA, "move sm unaffiliated") == MoveOrder(SM, None)


def test_pass_is_answered_in_the_players_words() -> None:
    state = given(GAME, SEATS, set_up(), turn(BEA))
    error = unreadable(state, BEA, "pass")
    assert '"pass"' in error.message and "forgo" not in error.message
    assert "dues" in error.legal
    kept = play(GAME, state, (BEA, IntrigueOrder()), (BEA, AcceptOrder()),
                random=Scripted(TREEHOUSE["tip"]))
    assert read(kept, BEA, "pass") == ForgoOrder()


def test_an_order_of_the_wrong_step_is_refused_in_the_players_words() -> None:
    state = given(GAME, SEATS, set_up(), turn(BEA))
    error = refused(GAME, state, BEA, "done")
    assert error.message.startswith('"done" is not an order you can give now: you choose')
    assert "-" not in error.message.split(":")[0]


def test_a_defection_is_chosen_or_declined_in_words() -> None:
    state = given(GAME, SEATS, set_up(), turn(BEA))
    assert read(state, BEA, "defect M8") == DefectOrder("M8")
    assert read(state, BEA, "bring over m8") == DefectOrder("M8")
    assert read(state, BEA, "decline") == DeclineOrder()
    assert read(state, BEA, "decline the defection") == DeclineOrder()
    assert '"x9"' in unreadable(state, BEA, "defect x9").message
