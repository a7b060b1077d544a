"""`help ORDER` for every order of every game: the list of orders comes from the code (each
game's declared order kinds), and each has help built from the grammar and its examples; the
help reads nothing but the grammar and the seat's own prompt, so it is the same in every
hidden variant of a state."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core import all_games, get_game
from engine.core.contract import Game
from engine.core.errors import UnreadableOrder
from engine.core.harness import play_random_game, seat_names, seeds, states_of
from engine.core.rng import Rng
from service.seats.manual import order_names

NAMES = [game.name for game in all_games()]
STATE_BOUND = {("freimaurerei", "initiate"), ("secret-masters", "move")}
"""Examples that read only in the phase their order belongs to (not at the opening)."""


def _kinds(game: Game[Any]) -> dict[str, Any]:
    return {spec.kind: spec for spec in game.ORDERS.specs.values()  # type: ignore[attr-defined]
            if spec.kind != "default"}


def _opening(game: Game[Any]) -> tuple[Any, tuple[str, ...]]:
    seats = tuple(seat_names(game.min_players))
    state = game.initial_state(seats, game.default_options())
    return game.fold(state, game.start(state, Rng(b"help" * 8))), seats


@pytest.mark.parametrize("name", NAMES)
def test_every_order_kind_has_help_with_its_syntax_and_an_example(name: str) -> None:
    game = get_game(name)
    grammar = game.GRAMMAR  # type: ignore[attr-defined]
    for kind, spec in _kinds(game).items():
        examples = grammar.examples.get(kind, ())
        assert examples, f"{name}: order {kind!r} has no example"
        for asked in (kind, kind.replace("-", " "), spec.syntax.split()[0]):
            said = game.order_help(asked, None)
            assert spec.syntax in said and examples[0] in said, (name, kind, asked)
            assert "You cannot write it now" in said
    for word in order_names(game):
        assert game.order_help(word, None), (name, word)
    assert game.order_help("hello", None) == ""


@pytest.mark.parametrize("name", NAMES)
def test_every_example_reads_as_its_own_order(name: str) -> None:
    game = get_game(name)
    grammar = game.GRAMMAR  # type: ignore[attr-defined]
    state, seats = _opening(game)
    for kind, examples in grammar.examples.items():
        assert kind in _kinds(game), f"{name}: examples of an unknown order {kind!r}"
        for example in examples:
            assert kind in grammar.kinds_of_word(example.split()[0]), (name, example)
            read = None
            for seat in seats:
                try:
                    read = game.parse(example, seat, state)
                    break
                except UnreadableOrder:
                    continue
            if (name, kind) in STATE_BOUND:
                continue
            assert read is not None, f"{name}: {example!r} reads in no seat's opening"
            assert game.ORDERS.spec(read).kind == kind, (name, example)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", NAMES)
def test_order_help_is_the_same_whatever_is_hidden(name: str) -> None:
    game = get_game(name)
    played = play_random_game(game, seat_names(game.min_players), next(seeds(1, base=35)))
    rng = Rng(b"variant" * 4 + b"help")
    words = order_names(game)
    for state in list(states_of(played))[:60]:
        for prompt in game.prompts(state):
            variant = game.hidden_variant(state, prompt.seat, rng)
            if variant is None:
                continue
            twin = game.prompt_for(variant, prompt.seat)
            for word in words:
                assert game.order_help(word, prompt) == game.order_help(word, twin), (name, word)


def test_an_open_order_is_told_with_the_examples_of_now() -> None:
    game = get_game("secret-masters")
    state, _ = _opening(game)
    prompt = game.prompts(state)[0]
    said = game.order_help("place", prompt)
    assert "You can write it now, for example: place " in said
    assert "You cannot write it now" in game.order_help("vote", prompt)
