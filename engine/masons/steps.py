"""Every decision point as a kit `Step`: who decides, which orders it takes, their checks and
handlers, the candidates offered, the deadline default and how long it waits."""
from __future__ import annotations

from typing import Any

from engine.core.contract import replace
from engine.core.declare import DefaultOrder
from engine.core.kit import Check, Emitter, Step
from engine.core.rng import Rng

from . import cities as ct
from . import events as ev
from . import flow, rules, rules_scoring
from .board import board
from .orders import (
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
from .summaries import SUMMARIES, step_forms

TURN_HOURS = 48
ANSWER_HOURS = 24
Em = Emitter[State]


def _wall(em: Em, seat: int, order: WallOrder, rng: Rng) -> None:
    """Build the wall and go on with the dice."""
    line = board().line_between(order.a, order.b)
    assert line is not None
    em.emit(ev.WallBuilt(em.state.seats[seat], line))
    flow.after_wall(em, rng)


def _towers(em: Em, seat: int, order: TowerOrder, rng: Rng) -> None:
    """Place the chosen towers, then the houses."""
    em.emit(*[ev.TowerPlaced(p, c) for p, c in order.placements])
    flow.mark_end(em)
    flow.place_houses(em, rng)


def _houses(em: Em, seat: int, order: HouseOrder, rng: Rng) -> None:
    """Place the chosen houses, then handle the cities."""
    sides = rules.side_names(em.state)
    em.emit(*[ev.HousePlaced(sides[s], c) for s, c in order.placements])
    flow.mark_end(em)
    flow.next_city(em, rng)


def _merge(em: Em, seat: int, order: MergeOrder, rng: Rng) -> None:
    """Join the new city with the neighbour chosen (or keep it apart), then score it."""
    number = em.state.city
    if order.city:
        shared = ct.merge_options(em.state, number)[order.city]
        em.emit(ev.CitiesMerged(number, order.city, shared))
        joined = em.state.city_numbered(order.city)
        assert joined is not None
        _, towers = ct.clean_up(em.state, joined.spaces)
        em.emit(*[ev.TowerRemoved(p) for p in towers])
    else:
        em.emit(ev.MergeDeclined(number))
    flow.start_scoring(em, rng)


def _score(em: Em, seat: int, order: Any, rng: Rng) -> None:
    """Take a scoring order as a choice (sealed or not)."""
    if isinstance(order, PlayOrder):
        choice = Choice(play=order.cards, city=order.city)
    elif isinstance(order, DiscardOrder):
        choice = Choice(discard=order.card)
    else:
        choice = Choice()
    rules_scoring.decide_scoring(em, em.state.seats[seat], choice, rng)


def _swap(em: Em, seat: int, order: SwapOrder, rng: Rng) -> None:
    """Swap the chosen cards."""
    rules_scoring.swap(em, em.state.seats[seat], order.cards, rng)


def _random_discard(state: State, seat: int, rng: Rng) -> Any:
    """Return the scoring default: discard a random card (to draw two)."""
    return DiscardOrder(rng.choice(state.hands[seat]))


def _chosen(state: State, seat: int) -> bool:
    """Return whether the seat has made its sealed scoring choice."""
    return state.choices[seat] is not None


SCORING_CHECKS: dict[type, Check] = {PlayOrder: rules.check_play, DiscardOrder: rules.check_discard,
                  PassOrder: rules.check_pass}

WALL = Step(
    key="wall", summary=SUMMARIES[Phase.WALL], deciders=rules.deciders, kinds=(WallOrder,),
    check=rules.check_wall, handle=_wall, candidates=rules.wall_orders, forms=step_forms,
    default=DefaultOrder(), default_summary="a wall is built on a random free wall line",
    hours=TURN_HOURS, public=True)
TOWER = Step(
    key="tower", summary=SUMMARIES[Phase.TOWER], deciders=rules.deciders, kinds=(TowerOrder,),
    check=rules.check_tower, handle=_towers, candidates=rules.tower_orders, forms=step_forms,
    default=DefaultOrder(), default_summary="the towers are placed at random as the die allows",
    hours=ANSWER_HOURS, public=True)
HOUSE = Step(
    key="house", summary=SUMMARIES[Phase.HOUSE], deciders=rules.deciders, kinds=(HouseOrder,),
    check=rules.check_house, handle=_houses, candidates=rules.house_orders, forms=step_forms,
    default=DefaultOrder(), default_summary="the houses are placed at random as the dice allow",
    hours=ANSWER_HOURS, public=True)
MERGE = Step(
    key="merge", summary=SUMMARIES[Phase.MERGE], deciders=rules.deciders, kinds=(MergeOrder,),
    check=rules.check_merge, handle=_merge, candidates=rules.merge_orders, forms=step_forms,
    default=MergeOrder(0), default_summary="the new city stays apart", hours=ANSWER_HOURS,
    public=True)
SCORE = Step(
    key="score", summary=SUMMARIES[Phase.SCORE], deciders=rules.deciders,
    kinds=(PlayOrder, DiscardOrder, PassOrder), check=SCORING_CHECKS, handle=_score,
    candidates=rules.score_orders, forms=step_forms, default=DefaultOrder(),
    resolve_default=_random_discard, default_summary="you discard a random card and draw two",
    hours=ANSWER_HOURS)
FINAL = replace(SCORE, key="final", summary=SUMMARIES[Phase.FINAL], default=PassOrder(),
                resolve_default=None, default_summary="you play no card")
SCORE_SEALED = replace(SCORE, key="score-sealed", sealed=True, submitted=_chosen)
FINAL_SEALED = replace(FINAL, key="final-sealed", sealed=True, submitted=_chosen)
SWAP = Step(
    key="swap", summary=SUMMARIES[Phase.SWAP], deciders=rules.deciders, kinds=(SwapOrder,),
    check=rules.check_swap, handle=_swap, sample=rules.sample_swap, forms=step_forms,
    default=SwapOrder(()), default_summary="you keep your cards", hours=ANSWER_HOURS)

STEPS: tuple[Step, ...] = (WALL, TOWER, HOUSE, MERGE, SCORE, FINAL, SCORE_SEALED, FINAL_SEALED,
                           SWAP)
BY_PHASE = {Phase.WALL: WALL, Phase.TOWER: TOWER, Phase.HOUSE: HOUSE, Phase.MERGE: MERGE,
            Phase.SCORE: SCORE, Phase.FINAL: FINAL, Phase.SWAP: SWAP}


def step(state: State) -> Step | None:
    """Return the open decision point, if any (the sealed scoring with that option)."""
    if state.sealed and state.phase is Phase.SCORE:
        return SCORE_SEALED
    if state.sealed and state.phase is Phase.FINAL:
        return FINAL_SEALED
    return BY_PHASE.get(state.phase)
