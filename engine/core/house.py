"""The house player: a fair computer player for a seat, seeing only what that seat sees.

It is a Monte-Carlo search over the seat's information set. Each iteration samples a world
the seat cannot tell from the true one (`Game.hidden_variant` from the seat's own information;
None means nothing is hidden from it), picks one of the seat's legal orders by UCB1, plays the
world on with the game's rollout policy (its house part's `rollout_order`, else a random legal
order) for at most the game's horizon, and backs up the seat's reward: its share of the win
at the end (a shared win split, places by the outcome's scores besides), or the game's
estimate of it where the rollout was cut short. Every seat in a rollout plays for itself; the
searching seat keeps the order with the best mean reward.

A game may add a plan of its own where search alone plays badly (`Game.house_plan`): before
searching, the house player samples one world from the seat's information and asks the game's
plan for the seat's order in it. The plan never sees the true state, only that world, so it
is exactly as blind as the search; where it names one of the seat's orders, that order is
played (with no iterations searched), else the search decides.

Determinism: every draw comes from the `rng` handed in, orders are visited in the order the
game lists them, and ties are broken by that order, so the same game, seat information, rng
and iteration count give the same order in any process. Process CPU time only bounds how many
iterations are run (`Choice.iterations` says how many), never which order they lead to: an
audit re-runs exactly that many and gets the same order.
"""
from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .contract import Game, Order, Outcome
from .declare import DefaultOrder
from .errors import RuleViolation
from .rng import Rng

PLAYER_VERSION = "flat-ucb-3"
"""Names the search; bumped whenever the order chosen for a given count may change."""

SAMPLED_ORDERS = 12
"""Random legal orders drawn as the root's choices where a step cannot list them."""
EXPLORATION = 0.7
"""UCB1's exploration constant (rewards lie in [0, 1])."""
WIN_WEIGHT = 0.8
"""A finished game's reward: this much for the win (split among winners), the rest by place."""


class NoDecision(ValueError):
    """The seat has no open decision for the house player to take."""


@dataclass(frozen=True)
class Choice:
    """The order the house player chose, the iterations it searched, and which player it is."""

    order: Order
    iterations: int
    player: str


def choose(game: Game[Any], state: Any, seat: str, rng: Rng, *, iterations: int | None = None,
           cpu_seconds: float | None = 2.0) -> Choice:
    """Return the house player's order for `seat` in `state`, searching until `iterations`
    iterations are done or `cpu_seconds` of process CPU time are spent, whichever is first."""
    if iterations is None and cpu_seconds is None:
        raise ValueError("the house player needs an iteration count or a CPU budget")
    if game.outcome(state) is not None or not game.is_deciding(state, seat):
        raise NoDecision(f"{seat} has no open decision in this {game.title} game")
    orders = root_orders(game, state, seat, rng)
    if len(orders) == 1:
        return Choice(orders[0], 0, PLAYER_VERSION)
    if game.house_plans():
        world = game.hidden_variant(state, seat, rng)
        planned = game.house_plan(state if world is None else world, seat, rng)
        if planned is not None and planned in orders:
            return Choice(planned, 0, PLAYER_VERSION)
    search = _Search(game, seat, orders)
    started = time.process_time()
    done = 0
    while iterations is None or done < iterations:
        if cpu_seconds is not None and time.process_time() - started >= cpu_seconds:
            break
        world = game.hidden_variant(state, seat, rng)
        search.iterate(state if world is None else world, rng)
        done += 1
    return Choice(search.best(), done, PLAYER_VERSION)


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


class _Search:
    """The statistics of one search: visits and total reward of each root order."""

    def __init__(self, game: Game[Any], seat: str, orders: Sequence[Order]) -> None:
        self.game = game
        self.seat = seat
        self.orders = list(orders)
        self.visits = [0] * len(orders)
        self.totals = [0.0] * len(orders)
        self.horizon = game.house_horizon()

    def pick(self) -> int:
        """Return the index of the order to try next: each once, then by UCB1."""
        for index, visits in enumerate(self.visits):
            if visits == 0:
                return index
        log_n = math.log(sum(self.visits))
        scores = [self.totals[i] / self.visits[i]
                  + EXPLORATION * math.sqrt(log_n / self.visits[i])
                  for i in range(len(self.orders))]
        return max(range(len(scores)), key=lambda i: (scores[i], -i))

    def iterate(self, world: Any, rng: Rng) -> None:
        """Try one order in `world` and record the seat's reward."""
        index = self.pick()
        value = self.playout(world, self.orders[index], rng)
        self.visits[index] += 1
        self.totals[index] += value

    def playout(self, world: Any, order: Order, rng: Rng) -> float:
        """Return the seat's reward after giving `order` in `world` and playing on."""
        game = self.game
        try:
            state = game.decide_and_fold(world, self.seat, order, rng)[1]
        except RuleViolation:  # not legal in this world: a sample the seat could not tell
            return 0.0
        for _ in range(self.horizon):
            outcome = game.outcome(state)
            if outcome is not None:
                return reward(outcome, self.seat)
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
        outcome = game.outcome(state)
        if outcome is not None:
            return reward(outcome, self.seat)
        return estimate_of(game, state, self.seat)

    def best(self) -> Order:
        """Return the order with the best mean reward (more visits, then listed first, on a
        tie); the first listed when nothing was searched."""
        def key(i: int) -> tuple[float, int, int]:
            mean = self.totals[i] / self.visits[i] if self.visits[i] else -1.0
            return (mean, self.visits[i], -i)

        return self.orders[max(range(len(self.orders)), key=key)]


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
    shares: Mapping[str, float] | None = game.house_estimate(state)
    if not shares:
        return 0.0
    value = shares.get(seat, 1.0 / len(shares))
    return min(1.0, max(0.0, value))
