"""The harness's form check: an example or a choice that the order check refuses fails it."""
from __future__ import annotations

import dataclasses

import pytest

from engine.core.contract import Field, OrderForm
from engine.core.formcheck import FormRefused, check_prompt_forms
from engine.illuminati import GAME
from tests.rules.illuminati.helpers import own, table


def _prompt_with(form: OrderForm):  # type: ignore[no-untyped-def]
    """Return anna's turn prompt in a fresh Illuminati table, offering only `form`."""
    state = own(table(), "anna", "cia")
    prompt = GAME.prompt_for(state, "anna")
    assert prompt is not None
    return state, dataclasses.replace(prompt, forms=(form,))


def test_every_offered_form_of_a_fresh_table_passes() -> None:
    state = own(table(), "anna", "cia")
    prompt = GAME.prompt_for(state, "anna")
    assert prompt is not None
    check_prompt_forms(GAME, state, prompt)


def test_an_example_the_check_refuses_fails() -> None:
    state, prompt = _prompt_with(OrderForm("attack", "Attack", (),
                                           ("attack control cia with bavaria",)))
    with pytest.raises(FormRefused, match="already yours"):
        check_prompt_forms(GAME, state, prompt)


def test_a_choice_the_check_refuses_in_every_order_fails() -> None:
    aiders = Field("aiders", "aided by", "multi", ("big-media",), 0, 1)
    state, prompt = _prompt_with(OrderForm("attack", "Attack", (aiders,),
                                           ("attack control big-media with bavaria",)))
    with pytest.raises(FormRefused, match="big-media"):
        check_prompt_forms(GAME, state, prompt)


def test_a_choice_some_other_order_accepts_passes() -> None:
    group = Field("group", "attacking group", "choice", ("bavaria", "cia"))
    state, prompt = _prompt_with(OrderForm("attack", "Attack", (group,),
                                           ("attack control big-media with bavaria",)))
    check_prompt_forms(GAME, state, prompt)
