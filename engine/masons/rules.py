"""The checks of every decision (legality is written once, here) and the orders they allow.

Each check raises a RuleViolation with a stable code and a reason a player understands; the
candidate lists are what the forms, the help and random play offer, each passing its check.
"""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from engine.core.errors import RuleViolation
from engine.core.rng import Rng

from . import cities as ct
from .board import board
from .cards import cards
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
from .placing import empty_ends, house_options, house_spaces, tower_options
from .state import Phase, State, contains

SIDE_ORDER = ("north", "west", "south", "east", "")


def deciders(state: State) -> tuple[int, ...]:
    """Return the seats with a decision open now."""
    if state.phase in (Phase.WALL, Phase.TOWER, Phase.HOUSE, Phase.MERGE):
        return (state.active,)
    if state.phase in (Phase.SCORE, Phase.FINAL):
        return state.queue if state.sealed else state.queue[:1]
    if state.phase is Phase.SWAP:
        return state.queue[:1]
    return ()


# -- the wall -------------------------------------------------------------------------------

def wall_orders(state: State, seat: int) -> list[Any]:
    """Return a wall order for every free wall line."""
    brd = board()
    return [WallOrder(brd.lines[k].a, brd.lines[k].b) for k in ct.free_lines(state)]


def check_wall(state: State, seat: int, order: WallOrder) -> None:
    """Refuse a wall on no wall line, on a wall, or inside a completed city."""
    line = board().line_between(order.a, order.b)
    name = f"{order.a}-{order.b}"
    if line is None:
        raise RuleViolation(f"{name} is not a wall line: a wall line joins two neighbouring "
                            "tower spaces (numbered on the board).", code="masons.no-line")
    if line in state.walls:
        raise RuleViolation(f"A wall already stands on {name}.", code="masons.line-taken")
    owner = ct.city_spaces(state)
    numbers = {owner.get(space) for space in board().lines[line].spaces}
    if len(numbers) == 1 and None not in numbers:
        number = numbers.pop()
        raise RuleViolation(f"{name} lies inside completed city {number}; no wall may be "
                            "built there.", code="masons.inside-city")


# -- towers and houses ----------------------------------------------------------------------

def tower_orders(state: State, seat: int) -> list[Any]:
    """Return every tower placement the tower die allows."""
    return [TowerOrder(p) for p in tower_options(state)]


def check_tower(state: State, seat: int, order: TowerOrder) -> None:
    """Refuse towers off the new wall's empty ends or against the tower die."""
    if order.placements in tower_options(state):
        return
    ends = " and ".join(str(p) for p in empty_ends(state))
    if {p for p, _ in order.placements} - set(empty_ends(state)):
        raise RuleViolation(f"Towers go on the empty ends of your new wall: {ends}.",
                            code="masons.tower-space")
    raise RuleViolation(f"The tower die showed {state.tower_roll}: one empty end of your wall "
                        f"({ends}) gets a {state.tower_roll} tower while any remain; the other "
                        "end takes any colour left in the supply.", code="masons.tower-colour")


def side_names(state: State) -> dict[str, int]:
    """Return {side name: space} for the new wall ('' for the one space at the board's edge)."""
    spaces = house_spaces(state)
    if len(spaces) == 1:
        return {"": spaces[0]}
    return board().sides(state.wall) if spaces else {}


def house_order(state: State, placement: tuple[tuple[int, str], ...]) -> HouseOrder:
    """Return the house order naming a placement by the sides of the new wall."""
    named = {space: side for side, space in side_names(state).items()}
    return HouseOrder(tuple(sorted(((named[s], c) for s, c in placement),
                                   key=lambda item: SIDE_ORDER.index(item[0]))))


def house_orders(state: State, seat: int) -> list[Any]:
    """Return every house placement the house dice allow."""
    return [house_order(state, p) for p in house_options(state)]


def check_house(state: State, seat: int, order: HouseOrder) -> None:
    """Refuse houses on other sides than the new wall's or against the house dice."""
    sides = side_names(state)
    unknown = [s for s, _ in order.placements if s not in sides]
    if unknown:
        named = " and ".join(s for s in sides if s) or "just one (write the colour only)"
        raise RuleViolation(f"Your new wall's landscape spaces are {named}, not {unknown[0]}.",
                            code="masons.house-side")
    if order in house_orders(state, seat):
        return
    dice = " and ".join(state.house_roll)
    raise RuleViolation(f"The house dice showed {dice} ('?' is a free choice): each space next "
                        "to the wall gets one die's colour, any colour left when that colour "
                        "ran out; a wall on the board's edge gets one house of either die's "
                        "colour.", code="masons.house-colour")


# -- merging --------------------------------------------------------------------------------

def merge_orders(state: State, seat: int) -> list[Any]:
    """Return a merge with each neighbouring completed city, and keeping the city apart."""
    return [MergeOrder(n) for n in ct.merge_options(state, state.city)] + [MergeOrder(0)]


def check_merge(state: State, seat: int, order: MergeOrder) -> None:
    """Refuse a merge with a city that shares no wall with the new one."""
    options = ct.merge_options(state, state.city)
    if order.city and order.city not in options:
        names = ", ".join(f"city {n}" for n in options)
        raise RuleViolation(f"City {order.city} shares no wall with the new city "
                            f"{state.city}; merge with {names}, or none.", code="masons.merge")


# -- scoring --------------------------------------------------------------------------------

def city_cards(names: tuple[str, ...]) -> bool:
    """Return whether any of the cards scores the city."""
    return any(n in cards() and cards()[n].rule.startswith("city-") for n in names)


def play_sets(hand: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Return every set of 1 or 2 cards the hand can play."""
    distinct = sorted(set(hand))
    pairs = [p for p in combinations_with_replacement(distinct, 2) if contains(hand, p)]
    singles: list[tuple[str, ...]] = [(c,) for c in distinct]
    return singles + list(pairs)


def score_orders(state: State, seat: int) -> list[Any]:
    """Return every scoring order: plays and discards, or in the final scoring plays and pass."""
    hand = state.hands[seat]
    if state.phase is Phase.SCORE:
        return ([PlayOrder(p) for p in play_sets(hand)]
                + [DiscardOrder(c) for c in sorted(set(hand))])
    numbers = [c.number for c in state.cities]
    found: list[Any] = []
    for played in play_sets(hand):
        for number in (numbers if numbers and city_cards(played) else [0]):
            found.append(PlayOrder(played, number))
    return [*found, PassOrder()]


def check_play(state: State, seat: int, order: PlayOrder) -> None:
    """Refuse plays of other than 1 or 2 held cards, or naming a city that cannot be scored."""
    if len(order.cards) not in (1, 2):
        raise RuleViolation("Play 1 or 2 guild cards.", code="masons.play-count")
    _check_held(state, seat, order.cards)
    if state.phase is Phase.SCORE:
        if order.city:
            raise RuleViolation(f"This scoring is for the new city {state.city}; write the "
                                "cards without a city.", code="masons.city-given")
        return
    if order.city and state.city_numbered(order.city) is None:
        raise RuleViolation(f"There is no completed city {order.city}.", code="masons.no-city")
    if not order.city and state.cities and city_cards(order.cards):
        raise RuleViolation("Name the completed city your city cards score, e.g. "
                            f"play {' '.join(order.cards)} in city {state.cities[0].number}.",
                            code="masons.city-needed")


def check_discard(state: State, seat: int, order: DiscardOrder) -> None:
    """Refuse a discard in the final scoring or of a card not held."""
    if state.phase is Phase.FINAL:
        raise RuleViolation("In the final scoring nobody draws: play 1 or 2 cards, or pass.",
                            code="masons.final-discard")
    _check_held(state, seat, (order.card,))


def check_pass(state: State, seat: int, order: PassOrder) -> None:
    """Refuse a pass outside the final scoring."""
    if state.phase is not Phase.FINAL:
        raise RuleViolation("Play 1 or 2 cards, or discard one card to draw two.",
                            code="masons.no-pass")


def _check_held(state: State, seat: int, wanted: tuple[str, ...]) -> None:
    """Refuse cards that are not guild cards or not in the hand."""
    unknown = [c for c in wanted if c not in cards()]
    if unknown:
        raise RuleViolation(f"{unknown[0]} is not a guild card.", code="masons.no-card")
    if not contains(state.hands[seat], wanted):
        held = ", ".join(state.hands[seat]) or "none"
        raise RuleViolation(f"You do not hold {' and '.join(wanted)} (your cards: {held}).",
                            code="masons.not-held")


# -- the last-place swap --------------------------------------------------------------------

def swap_examples(state: State, seat: int) -> list[Any]:
    """Return keeping the hand and swapping each single card (the choices are too many to
    list: any part of the hand may be swapped)."""
    return [SwapOrder(())] + [SwapOrder((c,)) for c in sorted(set(state.hands[seat]))]


def sample_swap(state: State, seat: int, rng: Rng) -> Any:
    """Return a random legal swap: each card of the hand swapped or kept at even odds."""
    return SwapOrder(tuple(c for c in state.hands[seat] if rng.randbelow(2)))


def check_swap(state: State, seat: int, order: SwapOrder) -> None:
    """Refuse a swap of cards not held."""
    if order.cards:
        _check_held(state, seat, order.cards)
