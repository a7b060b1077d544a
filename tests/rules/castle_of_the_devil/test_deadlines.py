"""No prompt can stall a game: every waiting state has a deadline default that is accepted and
moves the game on, alone or mixed with ordinary orders."""
from __future__ import annotations

from typing import Any

import pytest

from engine.castle_of_the_devil import GAME
from engine.castle_of_the_devil.orders import AcceptOrder, OfferOrder
from engine.castle_of_the_devil.state import Phase, State
from engine.castle_of_the_devil.steps import STEPS
from engine.core.harness import chooser_for, play_random_game, seat_names, seeds
from engine.core.rng import Rng

from .helpers import deal, given, play


def test_every_waiting_step_has_a_deadline_default() -> None:
    waiting = set(Phase) - {Phase.SETUP, Phase.FLOW, Phase.OVER}
    assert set(STEPS) == waiting
    for step in STEPS.values():
        assert step.hours > 0 and step.default_summary


def apply_default(state: State, prompt: Any, position: int) -> State:
    """Decide the prompt's default, check it moved the game on, return the new state."""
    events = GAME.decide(state, prompt.seat, prompt.default, Rng(position.to_bytes(4, "big")))
    assert events, f"the default of {prompt.key} caused nothing"
    after = GAME.fold(state, events)
    again = GAME.prompt_for(after, prompt.seat)
    assert again is None or again.key != prompt.key or again.submitted
    return after


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_deadline_defaults_alone_keep_the_game_going(players: int) -> None:
    """Defaults only: every turn becomes a Spy, so turns keep passing (no rule ends the game
    without a proclamation, and a default never proclaims)."""
    for seed in seeds(3, base=70 + players):
        state = GAME.initial_state(seat_names(players), {})
        state = GAME.fold(state, GAME.start(state, Rng(seed)))
        chooser = chooser_for(seed)
        for position in range(1, 301):
            waiting = [p for p in GAME.prompts(state) if not p.submitted]
            assert waiting, "a game waits for nobody"
            state = apply_default(state, chooser.choice(waiting), position)
        assert state.turn == 301


def mixed_game(players: int, seed: bytes) -> set[Phase]:
    """Play a game where every second decision is a deadline default; return where defaults
    were applied. The game must end."""
    state = GAME.initial_state(seat_names(players), {})
    state = GAME.fold(state, GAME.start(state, Rng(seed)))
    chooser, used = chooser_for(seed), set()
    for position in range(1, 20_001):
        prompts = GAME.prompts(state)
        if not prompts:
            assert GAME.outcome(state) is not None
            return used
        waiting = [p for p in prompts if not p.submitted]
        if waiting and chooser.randbelow(2) == 0:
            used.add(state.phase)
            state = apply_default(state, chooser.choice(waiting), position)
            continue
        prompt = chooser.choice(prompts)
        order = chooser.choice(list(GAME.legal_orders(state, prompt.seat)))
        state = GAME.fold(state, GAME.decide(state, prompt.seat, order, Rng(bytes([position
                                                                                  % 256]))))
    raise AssertionError("a game mixing defaults did not end")


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_random_games_mixing_defaults_end(players: int) -> None:
    used: set[Phase] = set()
    for seed in seeds(12, base=90 + players):
        used |= mixed_game(players, seed)
    assert {Phase.TURN, Phase.ANSWER, Phase.SIDES, Phase.PLAY} <= used


def states_by_phase() -> dict[Phase, State]:
    """Return one state per waiting phase, from random games and a hand-limit scenario."""
    found: dict[Phase, State] = {}
    wanted = set(STEPS) - {Phase.GIFT}
    for index, seed in enumerate(seeds(200, base=3000)):
        played = play_random_game(GAME, seat_names(5 + index % 4), seed, sample_every=1)
        for state in played.sampled_states:
            found.setdefault(state.phase, state)
        if wanted <= set(found):
            break
    hands = [("bag-key", "key", "goblet", "dagger", "gloves"), ("whip",),
             ("coat", "tome", "sextant", "monocle", "ring"), ("knives",), ("privilege",)]
    state = given(deal(5, hands=hands, pile=("seal", "mirror")))
    found[Phase.GIFT] = play(state, ("anna", OfferOrder("bag-key", "bruno")),
                             ("bruno", AcceptOrder("whip")))
    return found


def test_in_every_waiting_phase_each_default_is_accepted() -> None:
    found = states_by_phase()
    assert set(STEPS) <= set(found)
    for phase in STEPS:
        state = found[phase]
        for position, prompt in enumerate(GAME.prompts(state)):
            if not prompt.submitted:
                apply_default(state, prompt, position)
