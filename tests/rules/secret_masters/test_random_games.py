"""Seeded random games: they all end, replay to the same state and keep their invariants."""
from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core.rng import Rng
from engine.secret_masters import GAME
from engine.secret_masters.state import Markers, State

SEATS = ("ann", "bob", "cid")
MAX_DECISIONS = 5000


def check_invariants(state: State) -> None:
    """Agents and markers are never created or lost; every prompted seat can act."""
    agents = [sum(column) for column in zip(state.pool, *state.board.values())]
    on_cards = [state.red_agent, state.white_agent]
    for index, colour in enumerate(("blue", "green", "red", "yellow")):
        agents[index] += sum(1 for agent in on_cards if agent is not None and agent.value == colour)
    assert agents == [5, 5, 5, 5]
    markers = state.bag
    for hand in state.hands:
        markers = markers + hand
    assert markers == Markers(6, 6, 3)
    for prompt in GAME.prompts(state):
        assert GAME.legal_orders(state, prompt.seat), prompt


def play(seed: int) -> tuple[State, list[Any], int]:
    """Play one random game; return the final state, its events and the decisions taken."""
    rng = Rng(f"random-game-{seed}".encode())
    state = GAME.initial_state(SEATS, {"long": seed % 2 == 1})
    events = GAME.start(state, rng)
    state = GAME.fold(state, events)
    decisions = 0
    while GAME.outcome(state) is None and decisions < MAX_DECISIONS:
        check_invariants(state)
        open_prompts = [p for p in GAME.prompts(state) if not p.submitted] or \
            list(GAME.prompts(state))
        prompt = rng.choice(open_prompts)
        if rng.randbelow(10) == 0 and not prompt.submitted:
            order = prompt.default
        else:
            order = rng.choice(list(GAME.legal_orders(state, prompt.seat)))
        new = GAME.decide(state, prompt.seat, order, rng)
        state = GAME.fold(state, new)
        events.extend(new)
        decisions += 1
    return state, events, decisions


@pytest.mark.timeout(300)
def test_two_hundred_random_games_end_and_replay() -> None:
    longest = 0
    for seed in range(200):
        state, events, decisions = play(seed)
        assert GAME.outcome(state) is not None, f"game {seed} did not end"
        assert GAME.prompts(state) == ()
        replayed = GAME.fold(GAME.initial_state(SEATS, {"long": seed % 2 == 1}), events)
        assert replayed == state
        longest = max(longest, decisions)
    assert longest < MAX_DECISIONS


def test_events_survive_json_storage() -> None:
    state, events, _ = play(7)
    loaded = []
    for item in events:
        name, payload = GAME.events.dump(item)
        text = json.dumps(payload)
        loaded.append(GAME.events.load(name, json.loads(text), GAME.events.version_of(item)))
    assert loaded == events
    assert GAME.fold(GAME.initial_state(SEATS, {"long": True}), loaded) == state


def test_views_of_random_games_are_json_and_hold_only_the_seats_own_secrets() -> None:
    _, events, _ = play(3)
    replay = GAME.initial_state(SEATS, {"long": True})
    for item in events:
        replay = GAME.evolve(replay, item)
        over = GAME.outcome(replay) is not None
        for seat in (*SEATS, None):
            seen = GAME.view(replay, seat)
            json.dumps(seen)
            assert ("you" in seen) == (seat is not None)
            assert ("revealed" in seen) == over
            if seat is not None:
                assert seen["you"]["seat"] == seat


def test_orders_round_trip_through_json() -> None:
    rng = Rng(b"json-orders")
    state = GAME.initial_state(SEATS, {})
    state = GAME.fold(state, GAME.start(state, rng))
    for _ in range(200):
        if GAME.outcome(state) is not None:
            break
        prompt = rng.choice(GAME.prompts(state))
        for order in GAME.legal_orders(state, prompt.seat):
            assert GAME.order_from_json(json.loads(json.dumps(GAME.order_to_json(order)))) == order
        order = rng.choice(list(GAME.legal_orders(state, prompt.seat)))
        state = GAME.fold(state, GAME.decide(state, prompt.seat, order, rng))
