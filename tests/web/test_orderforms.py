"""Order forms from prompts: every legal order of every game can be given through its fields."""
from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from engine.core import Game, Prompt, Rng, get_game
from service.web.orderforms import carries, form_views, order_text

from .conftest import SEATS

STEPS = 60


def combinations(prompt: Prompt, index: int, limit: int = 400) -> list[dict[str, list[str]]]:
    """Return filled-in forms (as posted) for a prompt's form, up to `limit`."""
    choices = []
    for item in prompt.forms[index].fields:
        if item.kind == "multi":
            sizes = range(item.min, min(item.max, 3) + 1)
            picks = [list(c) for k in sizes for c in itertools.combinations(item.options, k)]
            choices.append(picks or [[]])
        else:
            choices.append([[o] for o in item.options])
    names = [f"f-{item.name}" for item in prompt.forms[index].fields]
    return [dict(zip(names, combo)) for combo in itertools.islice(itertools.product(*choices),
                                                                  limit)]


def reachable(game: Game[Any], state: Any, prompt: Prompt) -> set[str]:
    """Return the order texts some filled-in form of the prompt gives."""
    found = set()
    for index in range(len(prompt.forms)):
        for posted in combinations(prompt, index):
            found.add(order_text(game, state, prompt.seat, prompt, index, posted))
    return found


@pytest.mark.parametrize("name", sorted(SEATS))
def test_forms_reach_the_legal_orders(name: str) -> None:
    game = get_game(name)
    state = game.initial_state(SEATS[name], game.default_options())
    state = game.fold(state, game.start(state, Rng.for_position(b"f" * 32, "forms", 1)))
    rng = random.Random(3)
    for step in range(STEPS):
        prompts = game.prompts(state)
        if not prompts:
            break
        prompt = rng.choice(prompts)
        legal = {game.format_order(o) for o in game.legal_orders(state, prompt.seat)}
        small = all(len(combinations(prompt, i)) < 400 for i in range(len(prompt.forms)))
        found = reachable(game, state, prompt)
        if small:
            assert legal <= found, (name, prompt.key, legal - found)
        assert form_views(prompt)
        listed = list(game.legal_orders(state, prompt.seat))
        order = rng.choice(listed) if listed else game.random_legal_order(
            state, prompt.seat, Rng.for_position(b"s" * 32, "forms", step))
        state = game.fold(state, game.decide(state, prompt.seat, order,
                                             Rng.for_position(b"f" * 32, "forms", step + 2)))


def test_an_illegal_choice_is_sent_as_written_for_the_engine_to_explain() -> None:
    game = get_game("secret-masters")
    state = game.initial_state(SEATS["secret-masters"], game.default_options())
    state = game.fold(state, game.start(state, Rng.for_position(b"f" * 32, "forms", 1)))
    prompt = game.prompts(state)[0]
    posted = {"f-colour": ["purple"], "f-region": ["moon"]}
    assert order_text(game, state, prompt.seat, prompt, 0, posted) == "place purple moon"
    assert order_text(game, state, prompt.seat, prompt, 9, posted) == ""


def test_multiple_choices_must_match_exactly() -> None:
    from engine.core import Field, OrderForm

    form = OrderForm("name", "Name seats", (Field("seats", "seats", "multi",
                                                  ("anna", "bruno", "carla"), 1, 3),))
    assert carries("name anna bruno", form, {"seats": ["bruno", "anna"]})
    assert not carries("name anna bruno", form, {"seats": ["anna"]})
    assert not carries("name anna", form, {"seats": ["anna", "carla"]})
