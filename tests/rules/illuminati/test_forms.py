"""The forms and help offer only what the order check accepts."""
from __future__ import annotations

from engine.core.contract import Prompt, replace
from engine.core.formcheck import check_prompt_forms
from engine.illuminati import GAME
from engine.illuminati.state import State

from .helpers import own, table


def _attack_fields(state: State, seat: str = "anna") -> dict[str, tuple[str, ...]]:
    """Return the options of each field of the seat's attack form."""
    prompt = GAME.prompt_for(state, seat)
    assert isinstance(prompt, Prompt)
    form = next(f for f in prompt.forms if f.kind == "attack")
    return {item.name: item.options for item in form.fields}


def test_a_lone_illuminati_card_is_not_offered_as_its_own_aider() -> None:
    state = table(illuminati=("discordia", "gnomes", "cthulhu"))
    fields = _attack_fields(state)
    assert fields["group"] == ("discordia",) and "aiders" not in fields
    assert "aided by:" not in GAME.help(GAME.prompt_for(state, "anna"))  # type: ignore[arg-type]
    check_prompt_forms(GAME, state, GAME.prompt_for(state, "anna"))  # type: ignore[arg-type]


def test_with_a_puppet_each_card_may_aid_the_other() -> None:
    state = own(table(illuminati=("discordia", "gnomes", "cthulhu")), "anna", "cia")
    fields = _attack_fields(state)
    assert fields["aiders"] == ("discordia", "cia")
    check_prompt_forms(GAME, state, GAME.prompt_for(state, "anna"))  # type: ignore[arg-type]


def test_neutralize_is_offered_only_with_a_group_of_another_player_in_reach() -> None:
    state = table()
    assert "neutralize" not in _attack_fields(state)["purpose"]
    assert "neutralize" in _attack_fields(own(state, "bruno", "cia"))["purpose"]


def test_a_card_that_has_attacked_this_turn_is_no_longer_offered() -> None:
    state = own(table(), "anna", "cia")
    state = replace(state, turn=replace(state.turn, used=("cia",)))
    fields = _attack_fields(state)
    assert "cia" not in fields["group"] and "aiders" not in fields


def test_transfers_are_offered_only_from_cards_with_money() -> None:
    state = own(table(), "anna", "cia", money=0)
    prompt = GAME.prompt_for(state, "anna")
    assert prompt is not None
    form = next(f for f in prompt.forms if f.kind == "transfer")
    assert {i.name: i.options for i in form.fields}["source"] == ("bavaria",)
    check_prompt_forms(GAME, state, prompt)
