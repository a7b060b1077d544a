"""What the house player knows of Illuminati besides its rules.

A game runs to hundreds of decisions with dice and long attack windows, so a rollout plays a
short stretch and is scored by how far each seat has come towards winning: the larger of its
progress towards the basic goal (cards controlled) and towards its special goal, with its
Power beside them; a seat that is out has no chance.

Rollouts play cheaply: a seat asked in a window (a response, a reaction, Secrets) mostly
passes, as players mostly do, and a turn's order is drawn among the unchecked candidates by
the random players' weights (mostly attacks) and checked one at a time, instead of checking
every candidate first.
"""
from __future__ import annotations

from typing import Any

from engine.core.house import shares
from engine.core.rng import Rng

from .candidates import candidates
from .cards import power
from .goals import progress, special_goal
from .orders import PassOrder
from .rules import accepts
from .state import Phase, Player, State
from .steps import SAMPLE_WEIGHTS

HORIZON = 24
"""Decisions a rollout plays before it is scored by `estimate`."""
SPREAD = 0.08
"""A lead of 8% of the way to a goal makes a seat's share e times another's."""
POWER_WORTH = 0.004
"""What a point of Power controlled adds to a seat's progress."""


def estimate(state: State) -> dict[str, float]:
    """Return each seat's share of the win from its progress towards its goals."""
    basic = state.basic_goal()
    found = {player.seat: _progress(player, basic) for player in state.players}
    if all(value < 0 for value in found.values()):
        return shares({seat: 0.0 for seat in found}, SPREAD)
    return {seat: share if found[seat] >= 0 else 0.0
            for seat, share in shares({s: max(v, 0.0) for s, v in found.items()},
                                      SPREAD).items()}


def _progress(player: Player, basic: int) -> float:
    """Return how far `player` has come towards winning (-1 when it is out)."""
    if player.out:
        return -1.0
    towards = len(player.cards) / basic
    goal = special_goal(player)
    if goal is not None:
        whole = goal.amount or 10
        towards = max(towards, progress(player, goal) / whole)
    return towards + POWER_WORTH * sum(power(p.card) for p in player.cards)


WINDOWS = (Phase.RESPONSE, Phase.REACTION, Phase.SECRETS, Phase.COUNTER)
"""The phases in which a seat answers another's attack."""
PASS_ODDS = 10
"""A seat asked in a window passes in a rollout this many times in this many plus one."""
TRIES = 8
"""Candidates drawn and checked for a turn before a random legal order is played instead."""


def rollout_order(state: State, seat: str, rng: Rng) -> Any:
    """Return a rollout's order for `seat`, or None for a random legal one."""
    if state.phase in WINDOWS:
        if rng.randbelow(PASS_ODDS + 1) and accepts(state, seat, PassOrder()):
            return PassOrder()
        return None
    if state.phase is not Phase.TURN:
        return None
    found = candidates(state, seat)
    weighted = [k for k, item in enumerate(found)
                for _ in range(SAMPLE_WEIGHTS.get(type(item), 1))]
    for _ in range(TRIES):
        item = found[rng.choice(weighted)]
        if accepts(state, seat, item):
            return item
    return None
