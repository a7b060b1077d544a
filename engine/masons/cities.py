"""Cities: which landscape spaces walls enclose, what lies in or on a city, what may merge.

A group of spaces is the set reachable from one space without crossing a wall. It is closed when
every board-edge line of its spaces carries a wall too: the edge alone never closes a city.
"""
from __future__ import annotations

from collections.abc import Iterable

from .board import Board, board
from .state import City, State


def group_of(space: int, walls: frozenset[int], brd: Board | None = None) -> frozenset[int]:
    """Return the spaces reachable from `space` without crossing a wall."""
    brd = brd or board()
    seen = {space}
    todo = [space]
    while todo:
        here = todo.pop()
        for line in brd.spaces[here].lines:
            if line in walls:
                continue
            for other in brd.lines[line].spaces:
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
    return frozenset(seen)


def is_closed(group: frozenset[int], walls: frozenset[int]) -> bool:
    """Return whether walls stand on every board-edge line of the group's spaces."""
    brd = board()
    return all(line in walls for s in group for line in brd.spaces[s].lines
               if brd.lines[line].edge)


def city_spaces(state: State) -> dict[int, int]:
    """Return {landscape space: number of the completed city holding it}."""
    return {space: city.number for city in state.cities for space in city.spaces}


def new_closures(state: State) -> list[frozenset[int]]:
    """Return the closed groups next to this turn's wall that are not cities yet, smallest
    first (ties: the one with the lowest space first)."""
    if state.wall < 0:
        return []
    taken = city_spaces(state)
    found: list[frozenset[int]] = []
    for space in board().lines[state.wall].spaces:
        group = group_of(space, state.walls)
        if group in found or any(s in taken for s in group):
            continue
        if is_closed(group, state.walls):
            found.append(group)
    return sorted(found, key=lambda g: (len(g), min(g)))


def perimeter(spaces: Iterable[int]) -> set[int]:
    """Return the wall lines on the outline of a set of spaces (board-edge lines included)."""
    brd = board()
    inside = set(spaces)
    return {line for s in inside for line in brd.spaces[s].lines
            if not set(brd.lines[line].spaces) <= inside or brd.lines[line].edge}


def inner_lines(spaces: Iterable[int]) -> set[int]:
    """Return the wall lines with the city's spaces on both sides."""
    brd = board()
    inside = set(spaces)
    return {line for s in inside for line in brd.spaces[s].lines
            if not brd.lines[line].edge and set(brd.lines[line].spaces) <= inside}


def corners(spaces: Iterable[int]) -> set[int]:
    """Return every tower space at a corner of the given spaces."""
    brd = board()
    return {p for s in spaces for p in brd.spaces[s].corners}


def inner_points(spaces: Iterable[int]) -> set[int]:
    """Return the tower spaces completely inside: corners not on the outline."""
    brd = board()
    group = set(spaces)
    outline = {p for line in perimeter(group) for p in (brd.lines[line].a, brd.lines[line].b)}
    return corners(group) - outline


def clean_up(state: State, spaces: Iterable[int]) -> tuple[list[int], list[int]]:
    """Return (walls, towers) standing completely inside the spaces, to go back to the supply."""
    group = set(spaces)
    walls = sorted(line for line in inner_lines(group) if line in state.walls)
    towers = sorted(p for p in inner_points(group) if p in state.towers)
    return walls, towers


def merge_options(state: State, number: int) -> dict[int, tuple[int, ...]]:
    """Return {neighbouring completed city: the walls it shares with city `number`}."""
    brd = board()
    city = state.city_numbered(number)
    if city is None:
        return {}
    owner = city_spaces(state)
    shared: dict[int, set[int]] = {}
    for line in perimeter(city.spaces):
        for other in brd.lines[line].spaces:
            neighbour = owner.get(other)
            if neighbour is not None and neighbour != number and line in state.walls:
                shared.setdefault(neighbour, set()).add(line)
    return {n: tuple(sorted(lines)) for n, lines in sorted(shared.items())}


def next_number(state: State) -> int:
    """Return the number a new city gets: one more than the highest on the board."""
    return max((c.number for c in state.cities), default=0) + 1


# -- in the city, outside every city ---------------------------------------------------------

def city_pieces(state: State, city: City) -> tuple[list[str], list[str], list[str]]:
    """Return (houses, palaces, towers) in the city: in its spaces or on its outline."""
    houses = [c for s in city.spaces for c in state.houses[s]]
    palaces = [c for s in city.spaces for c in state.palaces[s]]
    towers = [state.towers[p] for p in sorted(corners(city.spaces)) if p in state.towers]
    return houses, palaces, towers


def outside_towers(state: State) -> list[int]:
    """Return the tower spaces holding a tower that touches no completed city."""
    brd = board()
    taken = city_spaces(state)
    return [p for p in sorted(state.towers)
            if not any(s in taken for s in brd.spaces_at_point[p])]


def outside_walls(state: State) -> list[int]:
    """Return the walls that lie neither in nor on any completed city."""
    brd = board()
    taken = city_spaces(state)
    return [line for line in sorted(state.walls)
            if not any(s in taken for s in brd.lines[line].spaces)]


def outside_spaces(state: State) -> list[int]:
    """Return the landscape spaces in no completed city."""
    taken = city_spaces(state)
    return [s.index for s in board().spaces if s.index not in taken]


def free_lines(state: State) -> list[int]:
    """Return the wall lines a wall may be built on: empty, and not inside a completed city."""
    taken = city_spaces(state).keys()
    return [w.index for w in board().lines
            if w.index not in state.walls and not taken >= set(w.spaces)]
