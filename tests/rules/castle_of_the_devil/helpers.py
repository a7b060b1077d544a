"""Helpers for the Castle of the Devil rule tests: build a table from events, decide, compare.

A scenario starts from `deal(...)`: the setup events with chosen societies, professions and
objects, then `given(...)` folds them (and any later events) into a state.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import partial
from typing import Any

from engine.castle_of_the_devil import GAME
from engine.castle_of_the_devil.cards import BROTHERHOOD, ORDER, PROFESSIONS, all_objects
from engine.castle_of_the_devil.events import (
    GameSetUp,
    ObjectDealt,
    PileShuffled,
    ProfessionDealt,
    ProfessionsSetAside,
    SocietyDealt,
    SocietyRemoved,
    TurnStarted,
)
from engine.castle_of_the_devil.state import State
from engine.core import testing
from engine.core.contract import replace

SEATS = ("anna", "bruno", "carla", "dieter", "emma", "felix", "greta", "hugo")
O, B = ORDER, BROTHERHOOD
SOCIETIES = (O, B, O, B, O, B, O, B)
PROFS = ("thug", "bodyguard", "priest", "doctor", "grand-master", "hypnotist", "swordsman",
         "alchemist")
HANDS = (("key",), ("goblet",), ("bag-key",), ("bag-goblet",), ("dagger",), ("gloves",),
         ("whip",), ("knives",))


def deal(players: int = 4, *, societies: Sequence[str] | None = None,
         professions: Sequence[str] | None = None,
         hands: Sequence[Sequence[str]] | None = None, pile: Sequence[str] | None = None,
         first: str = "anna", removed: str | None = None) -> list[Any]:
    """Return setup events for a chosen deal; the pile holds every other object by default."""
    seats = SEATS[:players]
    societies = list(societies or SOCIETIES[:players])
    professions = list(professions or PROFS[:players])
    hands = [tuple(hand) for hand in (hands or HANDS[:players])]
    if pile is None:
        rest = list(all_objects())
        for hand in hands:
            for obj in hand:
                rest.remove(obj)
        pile = rest
    events: list[Any] = [GameSetUp(seats, first)]
    events += [SocietyDealt(seat, soc) for seat, soc in zip(seats, societies)]
    if removed is not None:
        events.append(SocietyRemoved(removed))
    events += [ProfessionDealt(seat, prof) for seat, prof in zip(seats, professions)]
    events.append(ProfessionsSetAside(tuple(sorted(set(PROFESSIONS) - set(professions)))))
    events += [ObjectDealt(seat, obj) for seat, hand in zip(seats, hands) for obj in hand]
    events += [PileShuffled(tuple(pile)), TurnStarted(first, 1)]
    return events


def given(*groups: Iterable[Any] | Any, players: int | None = None) -> State:
    """Return the state after the given events (lists are flattened)."""
    events = testing.flatten(groups)
    setup = next(e for e in events if isinstance(e, GameSetUp))
    return testing.given(GAME, setup.seats, events)


def with_tokens(state: State, **tokens: int) -> State:
    """Return `state` with duel tokens moved from the pile to the named seats."""
    counts = list(state.tokens)
    for seat, count in tokens.items():
        counts[state.index(seat)] += count
    return replace(state, tokens=tuple(counts),
                   token_pile=state.token_pile - sum(tokens.values()))


when = partial(testing.when, GAME)
"""Return the events of a seat giving an order (or its text), decided with a fixed stream."""
play = partial(testing.play, GAME)
refused = partial(testing.refused, GAME)
types_of = partial(testing.types_of, GAME)
after = partial(testing.after, GAME)
prompted = partial(testing.prompted, GAME)
of_type = testing.of_type
rng = testing.rng


def hand(state: State, seat: str) -> tuple[str, ...]:
    """Return the objects `seat` holds."""
    return state.hands[state.index(seat)]


def legal(state: State, seat: str) -> list[Any]:
    """Return the seat's legal orders."""
    return list(GAME.legal_orders(state, seat))


def audience(event: Any) -> frozenset[str] | None:
    """Return the seats allowed to read `event` (None: everyone)."""
    return GAME.visibility(event).seats


def hands_of(state: State) -> Mapping[str, tuple[str, ...]]:
    """Return every hand by seat."""
    return dict(zip(state.seats, state.hands))
