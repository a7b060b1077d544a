"""What both house searches share (core/house.py): the seat's reward for a finished game, a
game's estimate for one cut short, the seat's orders at the root, and the rollout policy."""
from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from .contract import Game, Order, Outcome
from .declare import DefaultOrder
from .errors import RuleViolation
from .rng import Rng

SAMPLED_ORDERS = 12
"""Random legal orders drawn as the root's choices where a step cannot list them."""
WIN_WEIGHT = 0.8
"""A finished game's reward: this much for the win (split among winners), the rest by place."""


def root_orders(game: Game[Any], state: Any, seat: str, rng: Rng) -> list[Order]:
    """Return the seat's orders to choose among: every legal order where they can be listed,
    else the prompt's default (when it is an order) and a sample of random legal ones."""
    if game.can_list(state, seat):
        listed = list(game.legal_orders(state, seat))
        if listed:
            return listed
    found: dict[Order, None] = {}
    prompt = game.prompt_for(state, seat)
    if prompt is not None and not isinstance(prompt.default, DefaultOrder) and (
            game.is_legal(state, seat, prompt.default) is None):
        found[prompt.default] = None
    for _ in range(SAMPLED_ORDERS):
        found[game.random_legal_order(state, seat, rng)] = None
    return list(found)


def reward(outcome: Outcome, seat: str) -> float:
    """Return `seat`'s reward for a finished game in [0, 1]: its share of the win, and its
    place among the scores where the outcome gives them."""
    win = 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    scores = outcome.scores
    if seat not in scores or len(scores) < 2:
        return win
    mine = scores[seat]
    beaten = sum(1.0 if score < mine else 0.5 if score == mine else 0.0
                 for other, score in scores.items() if other != seat)
    return WIN_WEIGHT * win + (1 - WIN_WEIGHT) * beaten / (len(scores) - 1)


def shares(progress: Mapping[str, float], spread: float) -> dict[str, float]:
    """Return each seat's share of the win from its progress (a softmax: a lead of `spread`
    in progress makes a seat's share e times another's); the shares add up to 1."""
    if not progress:
        return {}
    top = max(progress.values())
    weights = {seat: math.exp((value - top) / spread) for seat, value in progress.items()}
    total = sum(weights.values())
    return {seat: weight / total for seat, weight in weights.items()}


def estimate_of(game: Game[Any], state: Any, seat: str) -> float:
    """Return the game's estimate of `seat`'s share of the win in an unfinished `state`,
    clipped to [0, 1]; an even share among the estimated seats when the game gives none."""
    found: Mapping[str, float] | None = game.house_estimate(state)
    if not found:
        return 0.0
    value = found.get(seat, 1.0 / len(found))
    return min(1.0, max(0.0, value))


class Ending:
    """How a world ended for the search: finished (its outcome) or cut short (the game's
    estimate), read per seat."""

    def __init__(self, game: Game[Any], state: Any) -> None:
        self.game = game
        self.state = state
        self.outcome = game.outcome(state)
        self.estimate: Mapping[str, float] | None = (
            None if self.outcome is not None else game.house_estimate(state))

    def value(self, seat: str) -> float:
        """Return `seat`'s reward in this ending: as `reward` where the game is over, else as
        `estimate_of`."""
        if self.outcome is not None:
            return reward(self.outcome, seat)
        if not self.estimate:
            return 0.0
        return min(1.0, max(0.0, self.estimate.get(seat, 1.0 / len(self.estimate))))



def play_on(game: Game[Any], state: Any, rng: Rng, steps: int) -> Any:
    """Return the state after at most `steps` decisions of the rollout policy from `state`
    (each by a seat drawn among those awaited, playing the game's `house_order`, else a
    random legal order), or earlier where the game ends or nobody is awaited."""
    for _ in range(steps):
        if game.outcome(state) is not None:
            break
        movers = game.awaiting(state)
        if not movers:
            break
        mover = movers[rng.randbelow(len(movers))]
        chosen = game.house_order(state, mover, rng)
        if chosen is None:
            chosen = game.random_legal_order(state, mover, rng)
        try:
            state = game.decide_and_fold(state, mover, chosen, rng)[1]
        except RuleViolation:
            break
    return state
