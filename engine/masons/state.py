"""The state of a game of Masons: the board, the supplies, the hands and the open decision."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .cards import (
    HOUSE_COLOURS,
    HOUSES_EACH,
    PALACES_EACH,
    TOWER_COLOURS,
    TOWERS_EACH,
    WALLS,
)


class Phase(str, Enum):
    """Where the game stands: which decision is open, or none."""

    SETUP = "setup"
    FLOW = "flow"
    WALL = "wall"
    TOWER = "tower"
    HOUSE = "house"
    MERGE = "merge"
    SCORE = "score"
    SWAP = "swap"
    FINAL = "final"
    OVER = "over"


@dataclass(frozen=True)
class City:
    """A completed city: its number on the board and its landscape spaces."""

    number: int
    spaces: tuple[int, ...]


@dataclass(frozen=True)
class Choice:
    """A sealed scoring choice: the cards played (for city `city` in the final scoring), or
    the one card discarded to draw two; neither is a pass."""

    play: tuple[str, ...] = ()
    discard: str = ""
    city: int = 0


@dataclass(frozen=True)
class State:
    """Everything about a game of Masons; seats are indexed clockwise from 0. `rules` is the
    engine version whose reading the game plays; `ending` says which supply ran out when the
    game's end was reached (rules 1.1), empty while the game goes on."""

    seats: tuple[str, ...]
    sealed: bool = False
    rules: str = "1.1"
    ending: str = ""
    phase: Phase = Phase.SETUP
    turn: int = 0
    active: int = 0
    step: int = 0
    walls: frozenset[int] = frozenset()
    towers: dict[int, str] = field(default_factory=dict)
    houses: tuple[tuple[str, ...], ...] = ()
    palaces: tuple[tuple[str, ...], ...] = ()
    cities: tuple[City, ...] = ()
    wall: int = -1
    tower_roll: str = ""
    house_roll: tuple[str, ...] = ()
    closed: int = 0
    city: int = 0
    queue: tuple[int, ...] = ()
    choices: tuple[Choice | None, ...] = ()
    hands: tuple[tuple[str, ...], ...] = ()
    supply: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    scores: tuple[int, ...] = ()
    winners: tuple[str, ...] = ()
    reason: str = ""

    @property
    def ends_at_placement(self) -> bool:
        """Return whether the game ends as soon as the last piece of a kind is placed (rules
        1.1), rather than when a supply is found empty at the end of a turn (1.0)."""
        return self.rules != "1.0"

    @property
    def players(self) -> int:
        """Return the number of players."""
        return len(self.seats)

    def index(self, seat: str | None) -> int:
        """Return the index of `seat`, or -1 for a spectator or a stranger."""
        return self.seats.index(seat) if seat in self.seats else -1

    def next_seat(self, seat: int, steps: int = 1) -> int:
        """Return the seat `steps` places clockwise from `seat`."""
        return (seat + steps) % self.players

    def clockwise_from(self, seat: int) -> tuple[int, ...]:
        """Return every seat clockwise, starting with `seat`."""
        return tuple(self.next_seat(seat, k) for k in range(self.players))

    def city_numbered(self, number: int) -> City | None:
        """Return the completed city with that number, if any."""
        return next((c for c in self.cities if c.number == number), None)

    # -- supplies: what is not on the board ------------------------------------------------
    def walls_left(self) -> int:
        """Return how many walls are in the supply."""
        return WALLS - len(self.walls)

    def towers_left(self) -> dict[str, int]:
        """Return the towers in the supply by colour."""
        placed = list(self.towers.values())
        return {c: TOWERS_EACH - placed.count(c) for c in TOWER_COLOURS}

    def houses_left(self) -> dict[str, int]:
        """Return the houses in the supply by colour."""
        placed = [c for space in self.houses for c in space]
        return {c: HOUSES_EACH - placed.count(c) for c in HOUSE_COLOURS}

    def palaces_left(self) -> dict[str, int]:
        """Return the palaces in the supply by colour."""
        placed = [c for space in self.palaces for c in space]
        return {c: PALACES_EACH - placed.count(c) for c in HOUSE_COLOURS}


def with_item(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    """Return sorted `items` with one more `item`."""
    return tuple(sorted((*items, item)))


def without(items: tuple[str, ...], removed: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Return `items` with one copy of each of `removed` taken out (each must be there)."""
    rest = list(items)
    for item in removed:
        rest.remove(item)
    return tuple(rest)


def contains(items: tuple[str, ...], wanted: tuple[str, ...] | list[str]) -> bool:
    """Return whether `items` holds every card of `wanted`, duplicates counted."""
    rest = list(items)
    for item in wanted:
        if item not in rest:
            return False
        rest.remove(item)
    return True
