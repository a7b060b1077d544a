"""The shared harness on Masons for 2, 3 and 4 players and with sealed scoring: random games
end, replay, audit, keep the hands secret (canaries) and read their own text."""
from __future__ import annotations

import pytest

from engine.core.harness import check_all, play_random_game, seat_names, seeds
from engine.masons import GAME

FAST_GAMES = 12
SLOW_GAMES = 100


def run(players: int, count: int, base: int, **options: str) -> None:
    for seed in seeds(count, base=base):
        played = play_random_game(GAME, seat_names(players), seed, dict(options))
        check_all(played)
        assert GAME.outcome(played.state) is not None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_harness_quick(players: int) -> None:
    run(players, FAST_GAMES, base=60_000 + players * 1000)


@pytest.mark.parametrize("players", [2, 4])
def test_harness_sealed_scoring(players: int) -> None:
    run(players, FAST_GAMES, base=61_000 + players * 1000, scoring="sealed")


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_harness_hundred_games(players: int) -> None:
    run(players, SLOW_GAMES, base=62_000 + players * 1000)
