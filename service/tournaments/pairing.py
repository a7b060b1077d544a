"""Seating a round: tables of the chosen size, players of close standing together, repeat
meetings avoided where possible, and what is done with the players left over (a smaller
table, house players, or byes). Pure: the same standings and meetings give the same round."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

LOOK_AHEAD = 2
"""How many tables' worth of the next players a table's seat is chosen from."""


@dataclass(frozen=True)
class Round:
    """A round's seating: each table's players in seat order, how many house players each
    table takes after them, and the players who sit out with a bye."""

    tables: tuple[tuple[str, ...], ...]
    house: tuple[int, ...]
    byes: tuple[str, ...]


def meetings(tables: Sequence[Sequence[str]]) -> dict[frozenset[str], int]:
    """Return how often each pair of players sat at one table."""
    met: dict[frozenset[str], int] = {}
    for table in tables:
        for index, one in enumerate(table):
            for other in table[index + 1:]:
                pair = frozenset((one, other))
                met[pair] = met.get(pair, 0) + 1
    return met


def seat_round(order: Sequence[str], met: Mapping[frozenset[str], int], seats: int,
               least: int, house_allowed: bool, had_bye: frozenset[str]) -> Round:
    """Return the round for players in priority order (Swiss: the standings; round robin:
    sign-up order turned each round): tables of `seats`; the players left over play at a
    smaller table if they are at least `least` (the game's fewest players), else at a table
    filled with house players if allowed, else sit out with a bye (the lowest placed who have
    not had one first)."""
    left_over = len(order) % seats
    byes: tuple[str, ...] = ()
    if left_over and left_over < least and not house_allowed:
        byes = _byes(order, left_over, had_bye)
    remaining = [player for player in order if player not in byes]
    sizes = [seats] * (len(remaining) // seats)
    if len(remaining) % seats:
        sizes.append(len(remaining) % seats)
    tables = []
    for size in sizes:
        table = [remaining.pop(0)]
        while len(table) < size:
            window = remaining[:LOOK_AHEAD * seats]
            best = min(range(len(window)), key=lambda i: (
                sum(met.get(frozenset((window[i], other)), 0) for other in table), i))
            table.append(remaining.pop(best))
        tables.append(tuple(table))
    house = tuple(seats - len(table) if len(table) < least or (
        house_allowed and len(table) < seats) else 0 for table in tables)
    return Round(tuple(tables), house, byes)


def _byes(order: Sequence[str], count: int, had_bye: frozenset[str]) -> tuple[str, ...]:
    """Return `count` players to sit out: from the bottom, those who had no bye first."""
    bottom_up = list(reversed(order))
    chosen = [p for p in bottom_up if p not in had_bye][:count]
    chosen += [p for p in bottom_up if p not in chosen][:count - len(chosen)]
    return tuple(chosen)
