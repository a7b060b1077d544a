"""Every decision point as data: who decides, which orders it takes, their check and handler,
the candidates offered, the deadline default and how long it waits."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core.rng import Rng

from . import events as ev
from . import rounds, rules, turn
from .board import board
from .orders import (
    DefaultOrder,
    DiscardOrder,
    HouseOrder,
    MergeOrder,
    PassOrder,
    PlayOrder,
    SwapOrder,
    TowerOrder,
    WallOrder,
)
from .state import Choice, Phase, State
from .turn import Emitter

TURN_HOURS = 48
ANSWER_HOURS = 24


@dataclass(frozen=True)
class Step:
    """One decision point: its orders, their check and handler, and the deadline default."""

    key: str
    doing: str
    kinds: tuple[type, ...]
    check: Callable[[State, int, Any], None]
    handle: Callable[[Emitter, int, Any, Rng], None]
    candidates: Callable[[State, int], list[Any]]
    default: Callable[[State, int, Rng], Any]
    default_summary: str
    sealed: bool = False
    hours: int = ANSWER_HOURS


def _by_kind(checks: dict[type, Callable[[State, int, Any], None]]
             ) -> Callable[[State, int, Any], None]:
    """Return a check dispatching on the order's class."""
    return lambda state, seat, order: checks[type(order)](state, seat, order)


def _wall(em: Emitter, seat: int, order: WallOrder, rng: Rng) -> None:
    line = board().line_between(order.a, order.b)
    assert line is not None
    turn.build_wall(em, em.state.seats[seat], line, rng)


def _towers(em: Emitter, seat: int, order: TowerOrder, rng: Rng) -> None:
    em.emit(*[ev.TowerPlaced(p, c) for p, c in order.placements])
    turn.place_houses(em, rng)


def _houses(em: Emitter, seat: int, order: HouseOrder, rng: Rng) -> None:
    sides = rules.side_names(em.state)
    em.emit(*[ev.HousePlaced(sides[s], c) for s, c in order.placements])
    turn.next_city(em, rng)


def _merge(em: Emitter, seat: int, order: MergeOrder, rng: Rng) -> None:
    turn.merge(em, em.state.city, order.city, rng)


def _score(em: Emitter, seat: int, order: Any, rng: Rng) -> None:
    if isinstance(order, PlayOrder):
        choice = Choice(play=order.cards, city=order.city)
    elif isinstance(order, DiscardOrder):
        choice = Choice(discard=order.card)
    else:
        choice = Choice()
    rounds.decide_scoring(em, em.state.seats[seat], choice, rng)


def _swap(em: Emitter, seat: int, order: SwapOrder, rng: Rng) -> None:
    rounds.swap(em, em.state.seats[seat], order.cards, rng)


def _random(candidates: Callable[[State, int], list[Any]]) -> Callable[[State, int, Rng], Any]:
    """Return a default picking one candidate at random."""
    return lambda state, seat, rng: rng.choice(candidates(state, seat))


def _random_discard(state: State, seat: int, rng: Rng) -> Any:
    """Return the scoring default: discard a random card (to draw two)."""
    return DiscardOrder(rng.choice(state.hands[seat]))


STEPS: dict[Phase, Step] = {
    Phase.WALL: Step(
        "wall", "build a wall on a free wall line", (WallOrder,), rules.check_wall, _wall,
        rules.wall_orders, _random(rules.wall_orders), "a wall is built on a random free line",
        hours=TURN_HOURS),
    Phase.TOWER: Step(
        "tower", "place the towers the tower die allows", (TowerOrder,), rules.check_tower,
        _towers, rules.tower_orders, _random(rules.tower_orders),
        "the towers are placed at random as the die allows"),
    Phase.HOUSE: Step(
        "house", "place the houses the house dice allow", (HouseOrder,), rules.check_house,
        _houses, rules.house_orders, _random(rules.house_orders),
        "the houses are placed at random as the dice allow"),
    Phase.MERGE: Step(
        "merge", "merge the new city with one completed neighbour, or keep it apart",
        (MergeOrder,), rules.check_merge, _merge, rules.merge_orders,
        lambda state, seat, rng: MergeOrder(0), "the new city stays apart"),
    Phase.SCORE: Step(
        "score", "score with 1 or 2 guild cards, or discard one to draw two",
        (PlayOrder, DiscardOrder, PassOrder),
        _by_kind({PlayOrder: rules.check_play, DiscardOrder: rules.check_discard,
                  PassOrder: rules.check_pass}),
        _score, rules.score_orders, _random_discard,
        "you discard a random card and draw two"),
    Phase.FINAL: Step(
        "final", "final scoring: play 1 or 2 guild cards for a completed city, or pass",
        (PlayOrder, DiscardOrder, PassOrder),
        _by_kind({PlayOrder: rules.check_play, DiscardOrder: rules.check_discard,
                  PassOrder: rules.check_pass}),
        _score, rules.score_orders, lambda state, seat, rng: PassOrder(),
        "you play no card"),
    Phase.SWAP: Step(
        "swap", "you are in last place: replace any of your cards, or keep them",
        (SwapOrder,), rules.check_swap, _swap, rules.swap_orders,
        lambda state, seat, rng: SwapOrder(()), "you keep your cards"),
}


def step_of(state: State) -> Step | None:
    """Return the open decision point, if any."""
    return STEPS.get(state.phase)


def resolve_default(state: State, seat: int, order: Any, rng: Rng) -> Any:
    """Return the order a DefaultOrder stands for now; other orders unchanged."""
    step = step_of(state)
    if isinstance(order, DefaultOrder) and step is not None:
        return step.default(state, seat, rng)
    return order
