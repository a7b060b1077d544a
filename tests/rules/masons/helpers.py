"""Helpers for the Masons rule tests: a table built from events, scripted dice, decisions.

A position is written as events: `deal(...)` seats the players with chosen hands, `walls(...)`,
`towers(...)`, `houses(...)` and `city(...)` put pieces on the board, and `given(...)` folds them
into a state, ending with the turn of `turn_of`.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.core import testing
from engine.core.errors import RuleViolation
from engine.core.rng import Rng
from engine.masons import GAME
from engine.masons import events as ev
from engine.masons.board import board
from engine.masons.cities import perimeter
from engine.masons.state import State

SEATS = ("anna", "bruno", "carla", "dieter")
HANDS = (("walls", "towers", "cities", "city-size", "shore-towers", "houses-red"),
         ("walls", "towers", "city-palaces", "city-towers", "region-west", "houses-blue"),
         ("city-size", "towers-black", "cities", "city-colours", "region-east", "houses-pink"),
         ("city-towers", "towers-white", "city-red", "city-blue", "region-middle",
          "houses-green"))
TOWER = {"black": 0, "white": 2, "grey": 4}
HOUSE = {"yellow": 0, "green": 1, "blue": 2, "pink": 3, "red": 4, "?": 5}


class Scripted(testing.Scripted):
    """Scripted dice first (faces counted from 0), then a fixed seeded stream for the draws."""

    def randbelow(self, n: int) -> int:
        """Return the next scripted value (it must be below `n`), or a seeded draw."""
        if not self.values:
            return Rng.randbelow(self, n)
        return super().randbelow(n)

    def roll(self, sides: int) -> int:
        """Return a die roll: the next scripted face (from 0) plus one."""
        return self.randbelow(sides) + 1


def dice(tower: str | None, first: str, second: str) -> Scripted:
    """Return a stream rolling the given tower colour (None: not rolled) and house faces."""
    rolls = ([TOWER[tower]] if tower else []) + [HOUSE[first], HOUSE[second]]
    return Scripted(*rolls)


def line(name: str) -> int:
    """Return the index of the wall line named e.g. 3-7."""
    a, b = (int(x) for x in name.split("-"))
    found = board().line_between(a, b)
    assert found is not None, name
    return found


def deal(players: int = 4, hands: Sequence[Sequence[str]] | None = None,
         first: str = "anna") -> list[Any]:
    """Return the setup events with chosen hands."""
    seats = SEATS[:players]
    chosen = hands if hands is not None else HANDS[:players]
    return [ev.GameSetUp(seats, first),
            *[ev.CardsDrawn(seat, tuple(sorted(hand))) for seat, hand in zip(seats, chosen)]]


def walls(*names: str, seat: str = "anna") -> list[Any]:
    """Return events standing walls on the named lines."""
    return [ev.WallBuilt(seat, line(name)) for name in names]


def towers(**placed: str) -> list[Any]:
    """Return events placing towers, given as t12="black"."""
    return [ev.TowerPlaced(int(key[1:]), colour) for key, colour in placed.items()]


def houses(*placed: tuple[int, str]) -> list[Any]:
    """Return events placing houses: (space, colour) pairs."""
    return [ev.HousePlaced(space, colour) for space, colour in placed]


def city(number: int, spaces: Iterable[int], seat: str = "anna") -> list[Any]:
    """Return events walling in `spaces` completely and recording them as a completed city."""
    group = tuple(sorted(spaces))
    return [*[ev.WallBuilt(seat, k) for k in sorted(perimeter(group))],
            ev.CityCompleted(number, group)]


def given(*groups: Iterable[Any] | Any, turn_of: str | None = "anna", turn: int = 5,
          options: dict[str, Any] | None = None, version: str | None = None) -> State:
    """Return the state after the events (lists are flattened), at the start of a turn, under
    the rules of engine version `version` (the newest by default)."""
    events = testing.flatten(groups)
    setup = next(e for e in events if isinstance(e, ev.GameSetUp))
    if turn_of is not None:
        events.append(ev.TurnStarted(turn_of, turn))
    game = GAME.at_version(version)
    # the rules' own reading (scoring in turns) unless a test asks for sealed scoring, which
    # new games default to
    options = {"scoring": "turns", **(options or {})}
    return testing.given(game, setup.seats, events, options=options)  # type: ignore[no-any-return]


def when(state: State, seat: str, order: Any, rng: Rng | None = None) -> list[Any]:
    """Return the events of `seat` giving `order` (text or an order object); the dice and draws
    come from `rng`, a seeded stream by default."""
    return testing.when(GAME, state, seat, order, rng or Scripted())


def then(state: State, events: list[Any]) -> State:
    """Return the state after `events`."""
    return testing.after(GAME, state, events)  # type: ignore[no-any-return]


def refused(state: State, seat: str, order: Any, code: str) -> RuleViolation:
    """Check that `order` is refused with `code`; return the violation."""
    return testing.refused(GAME, state, seat, order, code)


of_type = testing.of_type
