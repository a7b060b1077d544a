"""The shared harness on Castle of the Devil for every player count: random games end, replay,
audit, keep every secret (canaries) and read their own text."""
from __future__ import annotations

import pytest

from engine.castle_of_the_devil import GAME
from engine.core.harness import check_all, play_random_game, seat_names, seeds

FAST_GAMES = 15
SLOW_GAMES = 100


def run(players: int, count: int, base: int) -> None:
    for seed in seeds(count, base=base):
        played = play_random_game(GAME, seat_names(players), seed)
        check_all(played)
        assert GAME.outcome(played.state) is not None


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_harness_quick(players: int) -> None:
    run(players, FAST_GAMES, base=20_000 + players * 1000)


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_harness_hundred_games(players: int) -> None:
    run(players, SLOW_GAMES, base=40_000 + players * 1000)
