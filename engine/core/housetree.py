"""The information-set tree search, player "ismcts-1" (core/house.py).

Single-observer information-set Monte-Carlo tree search (Cowling, Powley and Whitehouse,
2012): one tree for the searching seat, whose nodes are what that seat has seen since the
decision it searches, never the worlds themselves. Each iteration samples a world the seat
cannot tell from the true one (`Game.hidden_variant` from its own information) and walks
the tree down in it:

- at each step a seat is drawn among those the world awaits (the root is the searching
  seat's own decision, its orders listed from what it knows); the seat to move chooses among
  its orders legal in this world by UCB1 over its own mean reward, counting an order's
  chances by how often it was available when its node was visited (availability counts),
  so an order legal in few worlds is not favoured for being rarely tried. Every seat
  maximises its own reward at its nodes; an order not tried yet at a node is tried first;
- the node reached next is keyed by what the searching seat observes of the step: its own
  order where it moved, and the events it may read (their public line where it may not, and
  nothing where the rules hide even that they happened). So a sealed answer of another seat,
  its hand or a card it drew lead to the same node whatever they are: the tree reveals
  nothing the seat could not know, and a decision another seat takes in secret is a hidden
  one to the tree;
- the walk stops after expanding one node not visited before (or where the world ends, or a
  step's orders cannot be listed), the world is played on by the game's rollout policy up to
  its horizon, and each seat's reward (the outcome's, or the game's estimate where cut
  short) is backed up along the walk to the statistics of the seat that moved at each step.

The order played is the root's most visited (best mean, then listed first, on a tie).
Determinism: statistics live in insertion-ordered dicts, keys are compared by equality
(never iterated through a hash), ties are broken by the order listed, and every draw comes
from the `rng` handed in, so the same seat information, rng and count give the same order in
any process.
"""
from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any

from .canonical import canonical_json
from .codec import encode
from .contract import Event, Game, Order
from .errors import RuleViolation
from .housevalue import Ending, play_on
from .rng import Rng

NAME = "ismcts-1"
EXPLORATION = 0.7
"""UCB1's exploration constant (rewards lie in [0, 1])."""


class _Edge:
    """One order of one seat at one node: visits, total reward of the seat, availability."""

    __slots__ = ("avail", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 0


class _Node:
    """One information set of the searching seat: the orders tried at it and where they led."""

    __slots__ = ("children", "edges")

    def __init__(self) -> None:
        self.edges: dict[tuple[str, Order], _Edge] = {}
        self.children: dict[Hashable, _Node] = {}


def _event_key(event: Event) -> Hashable:
    """Return an event as a key compared by equality (its canonical JSON if unhashable)."""
    try:
        hash(event)
    except TypeError:
        return (type(event).__name__, canonical_json(encode(event)))
    key: Hashable = event
    return key


class TreeSearch:
    """One search of one seat's decision: the tree and the walks that grow it."""

    def __init__(self, game: Game[Any], seat: str, orders: Sequence[Order]) -> None:
        self.game = game
        self.seat = seat
        self.orders = list(orders)
        self.root = _Node()
        self.horizon = game.house_horizon()

    def observed(self, mover: str, order: Order,
                 events: Sequence[Event]) -> tuple[Order | None, tuple[Hashable, ...]]:
        """Return what the searching seat sees of `mover` giving `order` with `events`."""
        seen: list[Hashable] = []
        for event in events:
            audience = self.game.visibility(event)
            if audience.allows(self.seat):
                seen.append(_event_key(event))
            elif audience.summary:
                seen.append(audience.summary)
        return (order if mover == self.seat else None, tuple(seen))

    def choices(self, state: Any, mover: str, at_root: bool) -> list[Order] | None:
        """Return `mover`'s orders at this step (the root's own where it is the root), or
        None where they cannot be listed (the walk ends there)."""
        if at_root:
            return self.orders
        if not self.game.can_list(state, mover):
            return None
        listed = list(self.game.legal_orders(state, mover))
        return listed or None

    @staticmethod
    def select(node: _Node, mover: str, orders: Sequence[Order]) -> tuple[Order, _Edge, bool]:
        """Count each order's availability at `node`; return the first not tried yet (and
        True: a new node), else the best by UCB1 over availability."""
        edges = []
        for order in orders:
            edge = node.edges.get((mover, order))
            if edge is None:
                edge = node.edges[(mover, order)] = _Edge()
            edge.avail += 1
            edges.append(edge)
        for order, edge in zip(orders, edges):
            if edge.visits == 0:
                return order, edge, True
        best, best_score = 0, -math.inf
        for index, edge in enumerate(edges):
            score = (edge.total / edge.visits
                     + EXPLORATION * math.sqrt(math.log(edge.avail) / edge.visits))
            if score > best_score:
                best, best_score = index, score
        return orders[best], edges[best], False

    def iterate(self, world: Any, rng: Rng) -> None:
        """Walk the tree down in `world`, expand one node, play on, back the rewards up."""
        game = self.game
        node, state = self.root, world
        path: list[tuple[_Edge, str]] = []
        steps = 0
        refused = False
        while steps < self.horizon and game.outcome(state) is None:
            if steps == 0:
                mover = self.seat
            else:
                movers = game.awaiting(state)
                if not movers:
                    break
                mover = movers[rng.randbelow(len(movers))]
            orders = self.choices(state, mover, steps == 0)
            if orders is None:
                break
            order, edge, new = self.select(node, mover, orders)
            path.append((edge, mover))
            steps += 1
            try:
                events, state = game.decide_and_fold(state, mover, order, rng)
            except RuleViolation:  # not legal in this world: a sample the seat could not tell
                refused = True
                break
            key = self.observed(mover, order, events)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node()
            node = child
            if new:
                break
        if refused:
            for edge, _ in path:
                edge.visits += 1
            return
        ending = Ending(game, play_on(game, state, rng, self.horizon - steps))
        values: dict[str, float] = {}
        for edge, mover in path:
            if mover not in values:
                values[mover] = ending.value(mover)
            edge.visits += 1
            edge.total += values[mover]

    def best(self) -> Order:
        """Return the root's most visited order (best mean, then listed first, on a tie);
        the first listed when nothing was searched."""
        def key(index: int) -> tuple[int, float, int]:
            edge = self.root.edges.get((self.seat, self.orders[index]))
            if edge is None or not edge.visits:
                return (0, -1.0, -index)
            return (edge.visits, edge.total / edge.visits, -index)

        return self.orders[max(range(len(self.orders)), key=key)]
