"""The end of the game: as soon as the last wall, tower, palace or house is placed (rules 1.1);
games created under 1.0 keep finding the end at the end of the turn."""
from __future__ import annotations

from typing import Any

from engine.masons import GAME
from engine.masons import events as ev
from engine.masons.board import board
from engine.masons.state import Phase, State

from .helpers import city, deal, dice, given, houses, line, of_type, then, towers, walls, when

CLOSING = (walls("1-4", "1-6"), towers(t4="grey", t6="white"))
"""Space 0 walled on two sides: wall 4-6 completes it as city 1."""
MERGING = (city(2, (1, 2, 3)), city(3, (18,)), walls("7-12"), towers(t4="grey", t7="white"))
"""Cities 2 (spaces 1-3) and 3 (space 18) wait; wall 4-7 completes city 4 (15-17), which
may merge with city 2."""


def filler(state_walls: tuple[Any, ...], count: int) -> list[Any]:
    """Return `count` walls far east, away from every wall of the position."""
    used = {e.line for e in state_walls if isinstance(e, ev.WallBuilt)}
    assert len(used) == sum(isinstance(e, ev.WallBuilt) for e in state_walls)
    east = [k for k, item in enumerate(board().lines)
            if min(int(x) for x in item.name.split("-")) >= 22 and k not in used]
    return [ev.WallBuilt("bruno", k) for k in east[:count]]


def with_walls_left(one: int, *position: Any, version: str | None = None) -> State:
    """Return the position with walls added far east until `one` wall is left in the supply."""
    flat: tuple[Any, ...] = tuple(e for group in position
                                  for e in (group if isinstance(group, list | tuple) else [group]))
    standing = sum(isinstance(e, ev.WallBuilt) for e in flat)
    state = given(deal(2), *position, filler(flat, 33 - one - standing), version=version)
    assert state.walls_left() == one
    return state


def swap_none(state: State) -> list[Any]:
    """Return the events of every last-place player keeping their cards, in turn."""
    events: list[Any] = []
    while state.phase is Phase.SWAP:
        step = when(state, state.seats[state.queue[0]], "swap none")
        state = then(state, step)
        events += step
    return events


def test_the_last_wall_ends_the_game_at_once_without_dice() -> None:
    state = with_walls_left(1, walls("1-4"))
    events = when(state, "anna", "wall 2-4", dice("black", "red", "red"))
    assert events[:2] == [ev.WallBuilt("anna", line("2-4")),
                          ev.EndReached("the last wall was placed")]
    assert not of_type(events, ev.DiceRolled) and not of_type(events, ev.TowerPlaced)
    assert events[-1] == ev.ScoringStarted(0, ("anna", "bruno"), final=True)


def test_under_1_0_the_turn_of_the_last_wall_is_played_out() -> None:
    state = with_walls_left(1, walls("1-4"), version="1.0")
    events = when(state, "anna", "wall 2-4", dice("black", "red", "red"))
    assert of_type(events, ev.DiceRolled) and not of_type(events, ev.EndReached)
    assert events[-1] == ev.ChoiceOpened("anna", "tower")


def _merged(version: str | None = None) -> tuple[State, list[Any]]:
    """Return the state after the last wall, 4-7, completed city 4 and anna merged it with
    city 2 (the shared walls went back to the supply), and the merge's events."""
    state = with_walls_left(1, *MERGING, version=version)
    events = when(state, "anna", "wall 4-7", dice(None, "red", "red"))
    state = then(state, events)
    merged = when(state, "anna", "merge with city 2")
    return then(state, merged), events + merged


def test_the_city_of_the_last_wall_is_scored_and_a_merge_does_not_prolong_the_game() -> None:
    state, events = _merged()
    assert ev.EndReached("the last wall was placed") in events
    assert not of_type(events, ev.DiceRolled)
    assert ev.CityCompleted(4, (15, 16, 17)) in events
    assert state.walls_left() == 2 and of_type(events, ev.ScoringStarted)[0].city == 2
    state = then(state, when(state, "anna", "play walls"))
    state = then(state, when(state, "bruno", "discard walls"))
    ended = swap_none(state)
    assert not of_type(ended, ev.TurnStarted) and not of_type(ended, ev.ScoringStarted)
    assert isinstance(ended[-1], ev.GameEnded) and "the last wall was placed" in ended[-1].reason


def test_under_1_0_a_merge_after_the_last_wall_lets_play_go_on() -> None:
    state, _ = _merged("1.0")
    state = then(state, when(state, "anna", "play walls"))
    state = then(state, when(state, "bruno", "discard walls"))
    assert of_type(swap_none(state), ev.TurnStarted)


def _last_house_position(version: str | None = None) -> State:
    """Return a position with 58 houses on the board, a red one in space 0, and 2 reds left."""
    placed = [(0, "red")] + [(20 + k % 30, c) for k, c in enumerate(
        ["yellow"] * 12 + ["green"] * 12 + ["blue"] * 12 + ["pink"] * 12 + ["red"] * 9)]
    state = given(deal(2), *CLOSING, houses(*placed), version=version)
    assert sum(state.houses_left().values()) == 2
    return state


def test_the_last_house_ends_the_game_though_a_palace_returns_two() -> None:
    state = _last_house_position()
    events = when(state, "anna", "wall 4-6", dice(None, "red", "red"))
    at = events.index(ev.EndReached("the last house was placed"))
    assert isinstance(events[at - 1], ev.HousePlaced)
    assert ev.PalaceBuilt(0, "red", (0, 0)) in events[at:]
    state = then(state, events)
    assert sum(state.houses_left().values()) == 2 and state.city == 1
    state = then(state, when(state, "anna", "play walls"))
    state = then(state, when(state, "bruno", "discard walls"))
    ended = swap_none(state)
    assert not of_type(ended, ev.TurnStarted)
    assert isinstance(ended[-1], ev.GameEnded) and "the last house" in ended[-1].reason


def test_under_1_0_the_houses_a_palace_returns_let_play_go_on() -> None:
    state = _last_house_position("1.0")
    state = then(state, when(state, "anna", "wall 4-6", dice(None, "red", "red")))
    state = then(state, when(state, "anna", "play walls"))
    state = then(state, when(state, "bruno", "discard walls"))
    assert of_type(swap_none(state), ev.TurnStarted)


def _last_tower_position(version: str | None = None) -> State:
    """Return a state where all towers but one black are on the board; anna builds 4-9."""
    colours = ["white"] * 10 + ["grey"] * 9 + ["black"] * 9
    placed = [ev.TowerPlaced(p, c) for p, c in zip(range(10, 38), colours, strict=True)]
    return given(deal(2), placed, towers(t4="grey"), walls("1-4", "2-4"), version=version)


def test_the_last_tower_ends_the_game_before_the_houses() -> None:
    events = when(_last_tower_position(), "anna", "wall 4-9", dice("black", "red", "red"))
    at = events.index(ev.EndReached("the last tower was placed"))
    assert events[at - 1] == ev.TowerPlaced(9, "black")
    assert not of_type(events, ev.HousePlaced)
    assert events[-1] == ev.ScoringStarted(0, ("anna", "bruno"), final=True)


def test_under_1_0_the_houses_follow_the_last_tower() -> None:
    events = when(_last_tower_position("1.0"), "anna", "wall 4-9", dice("black", "red", "red"))
    assert of_type(events, ev.HousePlaced) and not of_type(events, ev.EndReached)


def test_the_last_palace_ends_the_game_after_the_scoring_of_its_city() -> None:
    colours = ["yellow", "green", "blue", "pink", "red"] * 3
    palaces = [e for s, c in zip(range(20, 34), colours[:14], strict=True)
               for e in (*houses((s, c), (s, c)), ev.PalaceBuilt(s, c, (s, s)))]
    state = given(deal(2), *CLOSING, palaces, houses((0, "red")))
    assert sum(state.palaces_left().values()) == 1
    events = when(state, "anna", "wall 4-6", dice(None, "red", "red"))
    at = events.index(ev.EndReached("the last palace was placed"))
    assert events[at - 1] == ev.PalaceBuilt(0, "red", (0, 0))
    assert events[-1] == ev.ScoringStarted(1, ("anna", "bruno"))
    state = then(state, events)
    state = then(state, when(state, "anna", "play city-size"))
    state = then(state, when(state, "bruno", "discard walls"))
    ended = swap_none(state)
    assert isinstance(ended[-1], ev.GameEnded) and "the last palace" in ended[-1].reason
    assert GAME.outcome(then(state, ended)) is not None
