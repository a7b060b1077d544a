"""The house player: a fair computer player for a seat, seeing only what that seat sees.

It searches the seat's information set. Each iteration samples a world the seat cannot tell
from the true one (`Game.hidden_variant` from the seat's own information; None means nothing
is hidden from it), chooses among the seat's orders, plays the world on with the game's
rollout policy (its house part's `rollout_order`, else a random legal order) for at most the
game's horizon, and backs up rewards: a seat's share of the win at the end (a shared win
split, places by the outcome's scores besides), or the game's estimate of it where the
rollout was cut short. Every seat plays for itself.

Two searches are kept, each under its name (the `player` recorded with every house order):

- "ismcts-1" (`housetree.py`), an information-set tree: the tree's nodes are what the seat
  has observed, every seat chooses by UCB1 at its own nodes among the orders legal in the
  sampled world, and another seat's secret decisions stay hidden in it;
- "flat-ucb-3" (`houseflat.py`), UCB1 over the seat's orders at the root only.

A game names the one it plays (`Game.house_player`: the tree unless the flat search plays
it better); `pbem audit` chooses a recorded order again with the player that chose it.

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

import time
from dataclasses import dataclass
from typing import Any

from . import houseflat, housetree
from .contract import Game, Order
from .housevalue import reward, root_orders, shares
from .rng import Rng

__all__ = ["PLAYERS", "PLAYER_VERSION", "Choice", "NoDecision", "UnknownPlayer", "choose",
           "player_of", "reward", "root_orders", "shares"]

PLAYER_VERSION = housetree.NAME
"""Names the newest search; a new name whenever the order chosen for a given count may
change (the older ones stay in `PLAYERS` so that their orders can be audited)."""
PLAYERS = (housetree.NAME, houseflat.NAME)
"""The searches this release plays and audits, newest first."""


class NoDecision(ValueError):
    """The seat has no open decision for the house player to take."""


class UnknownPlayer(ValueError):
    """A player name this release does not keep."""


@dataclass(frozen=True)
class Choice:
    """The order the house player chose, the iterations it searched, and which player it is."""

    order: Order
    iterations: int
    player: str


def player_of(game: Game[Any]) -> str:
    """Return the name of the search `game` plays (`Game.house_player`, else the newest)."""
    return type(game).house_player or PLAYER_VERSION


def choose(game: Game[Any], state: Any, seat: str, rng: Rng, *, iterations: int | None = None,
           cpu_seconds: float | None = 2.0, player: str | None = None) -> Choice:
    """Return the house player's order for `seat` in `state`, searching until `iterations`
    iterations are done or one more would overrun `cpu_seconds` of process CPU time (were it
    as long as the longest so far), whichever is first, with the search named `player` (the
    game's own, `player_of`, when None)."""
    name = player or player_of(game)
    if name not in PLAYERS:
        raise UnknownPlayer(f"the house player {name!r} is not kept by this release (it "
                            f"keeps {', '.join(PLAYERS)})")
    if iterations is None and cpu_seconds is None:
        raise ValueError("the house player needs an iteration count or a CPU budget")
    if game.outcome(state) is not None or not game.is_deciding(state, seat):
        raise NoDecision(f"{seat} has no open decision in this {game.title} game")
    orders = root_orders(game, state, seat, rng)
    if len(orders) == 1:
        return Choice(orders[0], 0, name)
    if game.house_plans():
        world = game.hidden_variant(state, seat, rng)
        planned = game.house_plan(state if world is None else world, seat, rng)
        if planned is not None and planned in orders:
            return Choice(planned, 0, name)
    search: houseflat.FlatSearch | housetree.TreeSearch = (
        housetree.TreeSearch(game, seat, orders) if name == housetree.NAME
        else houseflat.FlatSearch(game, seat, orders))
    started = last = time.process_time()
    done, longest = 0, 0.0
    while iterations is None or done < iterations:
        if cpu_seconds is not None and last - started + longest >= cpu_seconds:
            break  # the next iteration, were it the longest yet, would overrun the budget
        world = game.hidden_variant(state, seat, rng)
        search.iterate(state if world is None else world, rng)
        done += 1
        now = time.process_time()
        longest, last = max(longest, now - last), now
    return Choice(search.best(), done, name)
