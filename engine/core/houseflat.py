"""The flat house search, player "flat-ucb-3" (core/house.py): UCB1 over the seat's orders at
the root only, each iteration one sampled world played on by the rollout policy.

It is kept under its name so that `pbem audit` can choose again every order it recorded, and
for the titles where it plays better than the tree (`Game.house_player`)."""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from .contract import Game, Order
from .errors import RuleViolation
from .housevalue import Ending, play_on
from .rng import Rng

NAME = "flat-ucb-3"
EXPLORATION = 0.7
"""UCB1's exploration constant (rewards lie in [0, 1])."""


class FlatSearch:
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
        return Ending(game, play_on(game, state, rng, self.horizon)).value(self.seat)

    def best(self) -> Order:
        """Return the order with the best mean reward (more visits, then listed first, on a
        tie); the first listed when nothing was searched."""
        def key(i: int) -> tuple[float, int, int]:
            mean = self.totals[i] / self.visits[i] if self.visits[i] else -1.0
            return (mean, self.visits[i], -i)

        return self.orders[max(range(len(self.orders)), key=key)]
