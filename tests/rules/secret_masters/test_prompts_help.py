"""Prompts and help: who decides what, with concrete choices, and nothing of others' secrets."""
from __future__ import annotations

from engine.core.testing import given
from engine.secret_masters import GAME
from engine.secret_masters.events import AgentPlaced, PlacementPassed, RedeployStarted
from engine.secret_masters.orders import PassOrder
from engine.secret_masters.state import Markers, Side

from .helpers import BLUE, RED, SEATS, opening, placed_both, round_started, set_up, votes
from .test_placement import drained


def only_prompt(state: object) -> object:
    [prompt] = GAME.prompts(state)
    return prompt


def test_prompt_keys_name_the_decision_point() -> None:
    state = given(GAME, SEATS, opening())
    assert [(p.seat, p.key) for p in GAME.prompts(state)] == [("ann", "r1.t1.place")]
    state = given(GAME, SEATS, opening(), AgentPlaced("ann", BLUE, Side.RED, "europe"))
    assert [(p.seat, p.key) for p in GAME.prompts(state)] == [("bob", "r1.t1.second")]
    state = given(GAME, SEATS, opening(), placed_both())
    assert {p.key for p in GAME.prompts(state)} == {"r1.t1.vote"}
    state = given(GAME, SEATS, set_up(), round_started(), RedeployStarted("ann", 1))
    assert [(p.seat, p.key) for p in GAME.prompts(state)] == [("ann", "r1.redeploy")]


def test_placement_help_lists_the_choices_with_examples() -> None:
    text = GAME.help(only_prompt(given(GAME, SEATS, opening())))
    assert "place <colour> <card region>" in text
    assert "blue, green, red, yellow" in text
    assert "europe, russia" in text
    assert "place blue europe" in text
    assert '"red" (left) or "white" (right)' in text
    assert "48 hours" in text and "random legal placement" in text


def test_second_seat_help_offers_pool_and_moves() -> None:
    state = given(GAME, SEATS, opening(), AgentPlaced("ann", RED, Side.WHITE, "russia"))
    prompt = only_prompt(state)
    assert [form.kind for form in prompt.forms] == ["place", "move"]
    text = GAME.help(prompt)
    assert "move <colour> <from region>" in text and "move green africa" in text
    assert "different colour" in prompt.summary and "worth 3 or less" in prompt.summary
    assert "place blue europe" in text and "place red europe" not in text


def test_vote_help_lists_the_seats_own_votes() -> None:
    state = given(GAME, SEATS, opening(), placed_both(), votes(("bob", Markers(2, 0, 1))))
    prompts = {p.seat: p for p in GAME.prompts(state)}
    text = GAME.help(prompts["ann"])
    assert "red red white" in text and "white white orange" in text
    assert "red red red" not in text
    assert "sealed" in text and "three of your markers" in text
    assert "Your vote is in" in prompts["bob"].summary
    assert "Your vote is in" not in prompts["ann"].summary


def test_redeploy_help_offers_moves_and_pass() -> None:
    start = {"europe": BLUE}
    state = given(GAME, SEATS, set_up(start=start), round_started(), RedeployStarted("ann", 1))
    prompt = only_prompt(state)
    assert [form.kind for form in prompt.forms] == ["redeploy", "pass"]
    text = GAME.help(prompt)
    assert "redeploy <colour> <from region> <to region>" in text
    assert "redeploy blue europe east-asia" in text and "pass" in text
    assert "no agent is redeployed" in text


def test_when_only_pass_is_legal_help_says_so() -> None:
    state = given(GAME, SEATS, drained(("south-america", "antarctica")),
                  PlacementPassed("bob", Side.RED, "south-america"))
    prompt = only_prompt(state)
    assert [form.kind for form in prompt.forms] == ["pass"]
    assert GAME.legal_orders(state, prompt.seat) == [PassOrder()]
    assert "Leave the card empty" in GAME.help(prompt)


def test_every_form_field_offers_only_legal_values() -> None:
    state = given(GAME, SEATS, opening(), AgentPlaced("ann", BLUE, Side.RED, "europe"))
    prompt = only_prompt(state)
    place = prompt.forms[0]
    assert place.fields[0].options == ("green", "red", "yellow")
    assert place.fields[1].options == ("russia",)
