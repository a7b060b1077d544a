"""What the dice allow after a wall: the legal tower and house placements.

A placement is a sorted tuple of (tower space or landscape space, colour). When the dice leave
one placement only, it is made without asking.
"""
from __future__ import annotations

from itertools import product

from .board import board
from .cards import FREE, HOUSE_DIE, TOWER_DIE
from .state import State

Placement = tuple[tuple[int, str], ...]


def empty_ends(state: State) -> list[int]:
    """Return the ends of this turn's wall with no tower yet."""
    if state.wall < 0:
        return []
    line = board().lines[state.wall]
    return [p for p in (line.a, line.b) if p not in state.towers]


def tower_rolled(state: State) -> bool:
    """Return whether the tower die is rolled: not when the wall stands between two towers."""
    return bool(empty_ends(state)) and sum(state.towers_left().values()) > 0


def tower_options(state: State) -> list[Placement]:
    """Return every legal tower placement for this turn's wall and tower roll."""
    ends = empty_ends(state)
    supply = state.towers_left()
    count = min(len(ends), sum(supply.values()))
    rolled = state.tower_roll
    found: set[Placement] = set()
    for first in ends:
        first_colours = [rolled] if supply.get(rolled, 0) > 0 else _available(supply)
        for colour in first_colours:
            if count == 1:
                found.add(((first, colour),))
                continue
            rest = {**supply, colour: supply[colour] - 1}
            other = next(p for p in ends if p != first)
            for second in _available(rest):
                found.add(tuple(sorted(((first, colour), (other, second)))))
    return sorted(found)


def _available(supply: dict[str, int]) -> list[str]:
    """Return the colours with at least one piece in the supply."""
    return [c for c, n in supply.items() if n > 0]


def house_spaces(state: State) -> list[int]:
    """Return the landscape spaces next to this turn's wall."""
    return list(board().lines[state.wall].spaces) if state.wall >= 0 else []


def _die_allows(colour: str, die: str, supply: dict[str, int], other: str) -> bool:
    """Return whether a house die allows `colour`: its face, a free face, or its colour ran
    out (counting the house placed on the other side)."""
    if die == FREE or colour == die:
        return True
    return supply.get(die, 0) - (1 if other == die else 0) <= 0


def house_options(state: State) -> list[Placement]:
    """Return every legal house placement for this turn's wall and house dice."""
    spaces = house_spaces(state)
    supply = state.houses_left()
    total = sum(supply.values())
    dice = state.house_roll
    if not spaces or total == 0 or len(dice) != 2:
        return []
    colours = _available(supply)
    if len(spaces) == 1 or total == 1:
        return [((space, c),) for space in spaces for c in colours
                if any(_die_allows(c, die, supply, "") for die in dice)]
    found: list[Placement] = []
    for a, b in product(colours, colours):
        if a == b and supply[a] < 2:
            continue
        if any(_die_allows(a, p, supply, b) and _die_allows(b, q, supply, a)
               for p, q in (dice, dice[::-1])):
            found.append(tuple(sorted(((spaces[0], a), (spaces[1], b)))))
    return sorted(set(found))


def roll_dice(rolls: tuple[int, int, int], tower: bool) -> tuple[str, tuple[str, str]]:
    """Return (tower colour or empty, the two house faces) for die rolls 1-6."""
    return (TOWER_DIE[rolls[0] - 1] if tower else "",
            (HOUSE_DIE[rolls[1] - 1], HOUSE_DIE[rolls[2] - 1]))
