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


def test_two_hundred_seeded_games_keep_every_invariant() -> None:
    """About 40 s; not marked slow while it stays under a minute."""
    assert play_and_check(200, base=3000) > 200


@pytest.mark.parametrize("option", [spec.name for spec in GAME.options])
def test_every_variant_plays_to_the_end(option: str) -> None:
    play_and_check(4, base=4000, options={option: True})


def test_all_variants_together_play_to_the_end() -> None:
    play_and_check(4, base=5000, options={spec.name: True for spec in GAME.options})
