"""The automatic steps: setup, automatic trade abilities, the hand limit, and the next turn.

Random outcomes are drawn here (and in the rule modules) and written into events.
"""
from __future__ import annotations

from engine.core.kit import Emitter as KitEmitter
from engine.core.rng import Rng

from . import events as ev
from .cards import (
    BROTHERHOOD,
    GREEN_SEAL,
    GREEN_SEAL_FROM,
    ORDER,
    PROFESSIONS,
    RED_SEAL,
    all_objects,
    society_cards,
    trade_ability,
)
from .state import Ability, Phase, State

Emitter = KitEmitter[State]
"""The kit's emitter over this game's state: handlers emit events through it."""


def set_up(em: Emitter, rng: Rng) -> None:
    """Deal societies, professions and starting objects, shuffle the pile, start turn 1."""
    seats = em.state.seats
    first = rng.choice(seats)
    em.emit(ev.GameSetUp(seats, first))
    _deal_societies(em, rng)
    professions = rng.shuffled(sorted(PROFESSIONS))
    em.emit(*[ev.ProfessionDealt(seat, prof) for seat, prof in zip(seats, professions)])
    em.emit(ev.ProfessionsSetAside(tuple(sorted(professions[len(seats):]))))
    _deal_objects(em, rng)
    em.emit(ev.TurnStarted(first, 1))


def _deal_societies(em: Emitter, rng: Rng) -> None:
    """Deal one society card each; with an odd count the last card leaves the game unseen."""
    seats = em.state.seats
    each = society_cards(len(seats))
    cards = rng.shuffled([ORDER] * each + [BROTHERHOOD] * each)
    em.emit(*[ev.SocietyDealt(seat, card) for seat, card in zip(seats, cards)])
    if len(cards) > len(seats):
        em.emit(ev.SocietyRemoved(cards[len(seats)]))


def starting_objects(players: int, rng: Rng) -> tuple[list[str], list[str]]:
    """Return (one object per player, the rest) following the seal rules."""
    sealed = list(RED_SEAL) + (list(GREEN_SEAL) if players >= GREEN_SEAL_FROM else [])
    others = list(all_objects())
    for obj in sealed:
        others.remove(obj)
    others = rng.shuffled(others)
    extra = players - len(sealed)
    return rng.shuffled(sealed + others[:extra]), others[extra:]


def _deal_objects(em: Emitter, rng: Rng) -> None:
    """Deal the starting objects and shuffle the others into the pile."""
    seats = em.state.seats
    dealt, rest = starting_objects(len(seats), rng)
    em.emit(*[ev.ObjectDealt(seat, obj) for seat, obj in zip(seats, dealt)])
    em.emit(ev.PileShuffled(tuple(rng.shuffled(rest))))


def over_limit(state: State) -> int:
    """Return the first seat clockwise from the active one holding too many objects, or -1."""
    for step in range(state.players):
        index = state.next_seat(state.active, step)
        if len(state.hands[index]) > state.limit:
            return index
    return -1


def advance(em: Emitter) -> None:
    """Carry on after a step: the hand limit first, then trade abilities, then the next turn."""
    while em.state.phase is Phase.FLOW:
        state = em.state
        over = over_limit(state)
        if over >= 0:
            em.emit(ev.HandOverLimit(state.seats[over], len(state.hands[over])))
        elif state.pending:
            _run_ability(em, state.pending[0])
        else:
            following = state.next_seat(state.active)
            em.emit(ev.TurnStarted(state.seats[following], state.turn + 1))


def _run_ability(em: Emitter, ability: Ability) -> None:
    """Perform an automatic trade ability, or offer the trader the choice to use it."""
    state = em.state
    giver, partner = state.seats[ability.giver], state.seats[ability.partner]
    kind = trade_ability(ability.obj)
    if kind in ("coat", "tome", "sextant"):
        em.emit(ev.AbilityOffered(giver, ability.obj, partner))
        return
    em.emit(ev.AbilityUsed(giver, ability.obj, partner))
    if kind == "draw" and state.pile:
        em.emit(ev.ObjectDrawn(giver, state.pile[0], "bag"))
    elif kind == "monocle":
        em.emit(ev.SocietyShown(partner, giver, state.societies[ability.partner], "monocle"))
    elif kind == "privilege":
        em.emit(ev.HandShown(partner, giver, state.hands[ability.partner], "privilege"))
