"""The house player's arithmetic and bounds (engine/core/house.py): rewards, shares, and a
CPU bound that limits how many iterations run but never which order a count leads to."""
from __future__ import annotations

import math
from typing import Any

import pytest

from engine.core import Outcome, Rng, Termination, get_game
from engine.core.harness import play_random_game, seat_names, seeds
from engine.core.house import (
    PLAYER_VERSION,
    PLAYERS,
    UnknownPlayer,
    choose,
    player_of,
    reward,
    root_orders,
    shares,
)
from engine.core.housecheck import sampled_decisions
from engine.core.housetree import TreeSearch


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


def test_a_cpu_budget_stops_before_an_iteration_that_would_overrun_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Iterations of half a second each against a budget of 2 s: three run (1.5 s), since a
    fourth would end at the budget; a search never spends past its budget by an iteration."""
    import itertools

    from engine.core import house

    game = get_game("masons")
    played = play_random_game(game, seat_names(3), next(seeds(1, base=5656)))
    state, seat = next(iter(sampled_decisions(played)))
    ticks = itertools.count(0.0, 0.5)
    monkeypatch.setattr(house.time, "process_time", lambda: next(ticks))
    assert choose(game, state, seat, Rng(b"bound"), cpu_seconds=2.0).iterations == 3
    ticks = itertools.count(0.0, 0.5)
    assert choose(game, state, seat, Rng(b"bound"), cpu_seconds=2.01).iterations == 4


def test_a_search_needs_a_count_or_a_budget() -> None:
    game = get_game("masons")
    played = play_random_game(game, seat_names(3), next(seeds(1, base=5656)))
    state, seat = next(iter(sampled_decisions(played)))
    with pytest.raises(ValueError, match="iteration count or a CPU budget"):
        choose(game, state, seat, Rng(b"x"), iterations=None, cpu_seconds=None)


def test_an_unknown_player_is_refused_and_each_kept_one_is_named_in_its_choice() -> None:
    game = get_game("masons")
    played = play_random_game(game, seat_names(3), next(seeds(1, base=5656)))
    state, seat = next(iter(sampled_decisions(played)))
    with pytest.raises(UnknownPlayer, match="flat-ucb-1"):
        choose(game, state, seat, Rng(b"x"), iterations=2, player="flat-ucb-1")
    for player in PLAYERS:
        assert choose(game, state, seat, Rng(b"x"), iterations=2, cpu_seconds=None,
                      player=player).player == player
    assert player_of(game) == (type(game).house_player or PLAYER_VERSION)


def test_the_tree_grows_below_the_root_and_counts_each_iteration_at_it() -> None:
    """Nodes below the root are expanded (one a walk), the root's visits add up to the
    iterations, and the most visited order is played."""
    game = get_game("secret-masters")
    played = play_random_game(game, seat_names(3), next(seeds(1, base=5757)))
    state, seat = next((s, p) for s, p in sampled_decisions(played)
                       if len(root_orders(game, s, p, Rng(b"n"))) > 1)
    rng = Rng(b"tree")
    search = TreeSearch(game, seat, root_orders(game, state, seat, rng))
    for _ in range(40):
        world = game.hidden_variant(state, seat, rng)
        search.iterate(state if world is None else world, rng)
    root = [edge for (mover, _), edge in search.root.edges.items() if mover == seat]
    assert sum(edge.visits for edge in root) == 40
    assert max(depth(child) for child in search.root.children.values()) >= 1
    visits = {order: search.root.edges[(seat, order)].visits for order in search.orders}
    assert visits[search.best()] == max(visits.values())


def depth(node: Any) -> int:
    """Return how many levels of nodes lie below `node`."""
    return 1 + max((depth(child) for child in node.children.values()), default=-1)


def test_the_tree_sees_of_another_seats_step_only_what_its_seat_may_read() -> None:
    """The key of the node after another seat's step holds no event hidden from the
    searching seat: a sealed answer or a card drawn leads to the same node whatever it is."""
    game = get_game("illuminati")
    played = play_random_game(game, seat_names(3), next(seeds(1, base=5858)))
    search = TreeSearch(game, "anna", [])
    hidden = 0
    for step in played.steps:
        if step.seat in (None, "anna"):
            continue
        _, seen = search.observed(step.seat, step.order, step.events)
        for event in step.events:
            audience = game.visibility(event)
            if not audience.allows("anna"):
                hidden += 1
                assert event not in seen
    assert hidden > 0
