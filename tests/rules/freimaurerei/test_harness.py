"""The shared harness on Freimaurerei: seeded random games to the end, replay, audit, secrecy,
history, rejections and the text round trip."""
from __future__ import annotations

import pytest

from engine.core.harness import check_all, play_random_game, seat_names, seeds
from engine.freimaurerei import GAME


def play_and_check(count: int, base: int, options: dict[str, bool] | None = None) -> int:
    """Play `count` seeded games and run every harness check; return the orders played."""
    orders = 0
    for seed in seeds(count, base=base):
        played = play_random_game(GAME, seat_names(2), seed, options)
        check_all(played)
        assert GAME.outcome(played.state) is not None
        orders += len(played.steps) - 1
    return orders


def test_thirty_seeded_games_keep_every_invariant() -> None:
    assert play_and_check(30, base=2000) > 30


BATCH = 50


@pytest.mark.parametrize("first", range(0, 200, BATCH))
def test_two_hundred_seeded_games_keep_every_invariant(first: int) -> None:
    """Seeds 3000 to 3199, in four batches of 50 (about a minute each) that parallel workers
    can share; rare paths keep turning up deep into the 200."""
    assert play_and_check(BATCH, base=3000 + first) > BATCH


@pytest.mark.parametrize("option", [spec.name for spec in GAME.options])
def test_every_variant_plays_to_the_end(option: str) -> None:
    play_and_check(4, base=4000, options={option: True})


def test_all_variants_together_play_to_the_end() -> None:
    play_and_check(4, base=5000, options={spec.name: True for spec in GAME.options})
