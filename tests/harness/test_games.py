"""The shared harness, run on every registered game and every allowed player count."""
from __future__ import annotations

import os
from typing import Any

import pytest

from engine.core import all_games, get_game
from engine.core.contract import Game
from engine.core.harness import (
    check_all,
    check_secret_answers,
    play_random_game,
    player_counts,
    seat_names,
    seeds,
)

GAMES_PER_COUNT = int(os.environ.get("PBEM_HARNESS_GAMES", "12"))
LONG_GAMES = {"illuminati": 2, "masons": 6}
"""Games whose random plays run to hundreds of orders play fewer seeds per player count."""
SECRECY_GAMES = int(os.environ.get("PBEM_SECRECY_GAMES", "1"))

CASES = [(game.name, players) for game in all_games() for players in player_counts(game)]
VARIANT_CASES = [(game.name, players) for game in all_games() if game.hidden_information
                 for players in player_counts(game)]
"""Every game that declares hidden information (whether it gives hidden variants is checked by
`missing_secrecy`, so a game cannot leave this test by leaving `hidden_variant` out)."""


def random_games_keep_every_invariant(game: Game[Any], players: int) -> None:
    """Play seeded random games of `game` at `players` seats and run every check on each."""
    count = min(GAMES_PER_COUNT, LONG_GAMES.get(game.name, GAMES_PER_COUNT))
    for seed in seeds(count, base=players * 1000):
        played = play_random_game(game, seat_names(players), seed)
        check_all(played)
        assert game.outcome(played.state) is not None


def no_answer_depends_on_hidden_information(game: Game[Any], players: int) -> None:
    """Compare every seat's answers in the states of random games and their hidden variants."""
    for seed in seeds(SECRECY_GAMES, base=players * 1000 + 500):
        played = play_random_game(game, seat_names(players), seed)
        assert check_secret_answers(played) > 0


@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_games_keep_every_invariant(name: str, players: int) -> None:
    """Seeded random games end, replay, audit, keep secrets, never reopen a prompt key and read
    their own text."""
    random_games_keep_every_invariant(get_game(name), players)


@pytest.mark.parametrize("name", [game.name for game in all_games()])
def test_every_option_combination_plays(name: str) -> None:
    """Each boolean option, switched on, still plays to an end."""
    game = get_game(name)
    for spec in game.options:
        if spec.kind != "bool":
            continue
        for seed in seeds(5, base=9000):
            played = play_random_game(game, seat_names(game.min_players), seed,
                                      {spec.name: not spec.default})
            check_all(played)


@pytest.mark.parametrize(("name", "players"), VARIANT_CASES)
def test_no_answer_depends_on_hidden_information(name: str, players: int) -> None:
    """Each seat's view, prompt, help, legal orders and answers to probe texts are the same in
    a state and in its variant with that seat's hidden information reshuffled."""
    no_answer_depends_on_hidden_information(get_game(name), players)
