"""The house player's arithmetic and bounds (engine/core/house.py): rewards, shares, and a
CPU bound that limits how many iterations run but never which order a count leads to."""
from __future__ import annotations

import math

import pytest

from engine.core import Outcome, Rng, Termination, get_game
from engine.core.harness import play_random_game, seat_names, seeds
from engine.core.house import choose, reward, shares
from engine.core.housecheck import sampled_decisions


def test_a_win_is_one_a_shared_win_is_split_and_places_count_a_little() -> None:
    alone = Outcome(("anna",), "won", termination=Termination.GOAL)
    assert reward(alone, "anna") == 1.0 and reward(alone, "bruno") == 0.0
    shared = Outcome(("anna", "bruno"), "shared", termination=Termination.GOAL)
    assert reward(shared, "bruno") == 0.5
    scored = Outcome(("anna",), "most points", {"anna": 9, "bruno": 5, "carla": 2},
                     termination=Termination.LAST_ROUND)
    assert reward(scored, "anna") == 1.0
    assert reward(scored, "carla") == 0.0
    assert 0.0 < reward(scored, "bruno") < 0.25


def test_shares_add_up_to_one_and_follow_progress() -> None:
    found = shares({"anna": 3.0, "bruno": 2.0, "carla": 2.0}, 1.0)
    assert math.isclose(sum(found.values()), 1.0)
    assert math.isclose(found["anna"], math.e * found["bruno"])
    assert found["bruno"] == found["carla"]


def test_a_cpu_bound_limits_the_count_never_the_order_a_count_gives() -> None:
    game = get_game("masons")
    played = play_random_game(game, seat_names(3), next(seeds(1, base=5656)))
    state, seat = next(iter(sampled_decisions(played)))
    bounded = choose(game, state, seat, Rng(b"bound"), iterations=8, cpu_seconds=60.0)
    counted = choose(game, state, seat, Rng(b"bound"), iterations=bounded.iterations,
                     cpu_seconds=None)
    assert bounded == counted and bounded.iterations == 8
    short = choose(game, state, seat, Rng(b"bound"), cpu_seconds=0.0)
    assert short.iterations == 0


def test_a_search_needs_a_count_or_a_budget() -> None:
    game = get_game("masons")
    played = play_random_game(game, seat_names(3), next(seeds(1, base=5656)))
    state, seat = next(iter(sampled_decisions(played)))
    with pytest.raises(ValueError, match="iteration count or a CPU budget"):
        choose(game, state, seat, Rng(b"x"), iterations=None, cpu_seconds=None)
