"""Orders as players write them: counted votes, declining Redeploy in words, and refusals that
say what is true at that moment in the players' own words."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleViolation, UnreadableOrder, WrongOrderKind
from engine.core.testing import given, refused, then, when
from engine.secret_masters import GAME
from engine.secret_masters.events import AgentPlaced, RedeployPassed, RedeployStarted
from engine.secret_masters.orders import PassOrder, VoteOrder
from engine.secret_masters.state import Side, State

from .helpers import BLUE, SEATS, opening, placed_both, round_started, set_up
from .test_grammar import random_states


def redeploy() -> State:
    return given(GAME, SEATS, set_up(), round_started(), RedeployStarted("ann", 1))


def unreadable(text: str, state: State, seat: str = "ann") -> UnreadableOrder:
    with pytest.raises(UnreadableOrder) as caught:
        GAME.parse(text, seat, state)
    return caught.value


@pytest.mark.parametrize(("text", "expected"), [
    ("vote two red and a white", VoteOrder(2, 1, 0)),
    ("vote two reds and a white", VoteOrder(2, 1, 0)),
    ("vote red, white and orange", VoteOrder(1, 1, 1)),
    ("vote one red and two whites", VoteOrder(1, 2, 0)),
    ("Vote: a red, a white and an orange", VoteOrder(1, 1, 1)),
    ("vote 2 red 1 orange", VoteOrder(2, 0, 1)),
])
def test_a_vote_may_count_its_markers_in_words(text: str, expected: VoteOrder) -> None:
    assert GAME.parse(text, "ann", given(GAME, SEATS, opening(), placed_both())) == expected


def test_a_vote_written_in_words_is_cast() -> None:
    state = given(GAME, SEATS, opening(), placed_both())
    then(when(GAME, state, "ann", "vote two red and a white")[:1],
         *when(GAME, state, "ann", VoteOrder(2, 1, 0))[:1])


@pytest.mark.parametrize("text", ["no redeploy", "No redeploy this round", "don't redeploy",
                                  "do not redeploy", "skip redeploy", "pass redeploy",
                                  "I don't redeploy", "no redeployment"])
def test_the_grand_master_may_decline_redeploy_in_words(text: str) -> None:
    assert GAME.parse(text, "ann", redeploy()) == PassOrder()
    then(when(GAME, redeploy(), "ann", text)[:1], RedeployPassed("ann"))


def test_declining_redeploy_outside_redeploy_says_when_it_comes() -> None:
    error = unreadable("no redeploy", given(GAME, SEATS, opening()))
    assert "no Redeploy to decline now" in error.message
    assert "third turn" in error.message


def test_other_refusals_in_words_say_what_can_be_declined() -> None:
    assert "no redeploy" in unreadable("no vote", redeploy()).message
    assert '"now"' in unreadable("pass now", redeploy()).message


@pytest.mark.parametrize("text", ["move blue europe to russia", "move blue europe",
                                  "move green from east asia onto russia"])
def test_a_move_during_redeploy_is_answered_with_what_redeploy_takes(text: str) -> None:
    for seat in SEATS:
        error = unreadable(text, redeploy(), seat)
        assert error.message.startswith("No card is open during Redeploy.")
        assert "redeploy <colour> <from region> <to region>" in error.message
        assert "open card (" not in error.message


def test_a_move_before_the_first_placement_says_the_active_seat_places_first() -> None:
    error = unreadable("move green africa", given(GAME, SEATS, opening()), "bob")
    assert error.message.startswith("No card is open for a move yet")


def test_a_move_onto_the_wrong_card_names_the_open_one() -> None:
    state = given(GAME, SEATS, opening(), AgentPlaced("ann", BLUE, Side.RED, "europe"))
    error = unreadable("move green africa to europe", state, "bob")
    assert "only go onto the open card (russia)" in error.message


def test_an_order_of_another_step_is_refused_with_what_the_seat_decides() -> None:
    error = refused(GAME, given(GAME, SEATS, opening()), "ann", "vote red red orange")
    assert isinstance(error, WrongOrderKind)
    assert error.message.startswith('"vote" is not an order you can give now: you place an '
                                    "agent from the pool on the red card (Europe, worth 3)")
    error = refused(GAME, redeploy(), "ann", "place blue europe")
    assert error.message.startswith('"place" is not an order you can give now: you redeploy '
                                    "one agent or pass")


PROBES = ("place blue europe", "place green", "move red africa", "move red africa to russia",
          "vote red white orange", "vote two red and a white", "redeploy blue russia africa",
          "pass", "no redeploy", "skip", "attack", "default", "place purple", "vote blue")
INTERNAL = ("Order", "order_kind", "_", "sm.", "None", "Colour.", "Side.", "place-first",
            "place-second")


def test_every_refusal_uses_the_words_players_write() -> None:
    checked = 0
    for state in random_states(4, seed="phrasings"):
        for seat in SEATS:
            for text in PROBES:
                try:
                    when(GAME, state, seat, text)
                except RuleViolation as exc:
                    answer = exc.message + " " + exc.legal
                    assert not any(word in answer for word in INTERNAL), (text, answer)
                    checked += 1
    assert checked > 1000
