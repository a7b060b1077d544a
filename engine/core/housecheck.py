"""The differential test of the house player: its choice for a seat must be the same in a
state and in every hidden variant of it for that seat, given the same rng and iteration count.

The house player (`core/house.py`) sees the seat's information only through the worlds it
samples with `Game.hidden_variant`; a search that read anything else of the true state (the
others' hands, a sealed answer, the deck's order) would choose differently, sooner or later,
in a state and in its variant. Here the house player chooses in states of a played random
game and in variants of them, with the same stream and a small iteration count, and the
choices are compared. A player that peeks fails it (`tests/harness/test_house.py`).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from .codec import encode
from .contract import Game, Order
from .harness import HarnessFailure, PlayedGame, states_of
from .house import choose
from .probing import decision_kind
from .rng import Rng

Player = Callable[[Game[Any], Any, str, Rng, int], Order]
"""A house player under test: (game, state, seat, rng, iterations) -> order."""

ITERATIONS = 6
"""Iterations per choice: enough that the worlds sampled steer the choice, few enough to be
quick (a peeking search tells itself apart within one)."""
PER_KIND = 3
"""States compared per kind of decision point."""
MOST_STATES = 24
"""States compared per game at most."""


def house(game: Game[Any], state: Any, seat: str, rng: Rng, iterations: int) -> Order:
    """Return the house player's order (the game's own search), searched for exactly
    `iterations` iterations."""
    return choose(game, state, seat, rng, iterations=iterations, cpu_seconds=None).order


def house_playing(player: str) -> Player:
    """Return the house player searching with `player` (a name in core/house.py `PLAYERS`)."""
    def searched(game: Game[Any], state: Any, seat: str, rng: Rng, iterations: int) -> Order:
        return choose(game, state, seat, rng, iterations=iterations, cpu_seconds=None,
                      player=player).order

    return searched


def sampled_decisions(played: PlayedGame) -> Iterator[tuple[Any, str]]:
    """Yield (state, seat) for open, unanswered decisions of a played game, `PER_KIND` of each
    kind of decision point and `MOST_STATES` in all."""
    game = played.game
    covered: Counter[str] = Counter()
    taken = 0
    for state in states_of(played):
        prompts = [p for p in game.prompts(state) if not p.submitted]
        if not prompts or taken >= MOST_STATES:
            continue
        kind = decision_kind(prompts[0].key)
        if covered[kind] >= PER_KIND:
            continue
        covered[kind] += 1
        taken += 1
        for prompt in prompts:
            yield state, prompt.seat


def check_house_fair(played: PlayedGame, player: Player = house, *,
                     iterations: int = ITERATIONS) -> int:
    """Fail where `player`'s choice for a seat differs between a state and a hidden variant
    of it for that seat; return how many choices were compared."""
    game = played.game
    variants = Rng(b"house-variants:" + played.seed)
    compared = 0
    for index, (state, seat) in enumerate(sampled_decisions(played)):
        variant = game.hidden_variant(state, seat, variants)
        if variant is None or encode(variant) == encode(state):
            continue
        key = b"house:%d:" % index + played.seed
        mine = player(game, state, seat, Rng(key), iterations)
        theirs = player(game, variant, seat, Rng(key), iterations)
        if mine != theirs:
            raise HarnessFailure(
                f"{game.name}: the house player's choice for {seat} depends on what it may "
                f"not know: {game.format_order(mine)!r} in the state, "
                f"{game.format_order(theirs)!r} in a hidden variant of it")
        compared += 1
    return compared
