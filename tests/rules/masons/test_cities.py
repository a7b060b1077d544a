"""Cities: completion by walls, the clean-up inside, palaces, and merging with one neighbour."""
from __future__ import annotations

from typing import Any

from engine.masons import GAME
from engine.masons import events as ev
from engine.masons.orders import MergeOrder, WallOrder
from engine.masons.state import Phase, State

from .helpers import (
    city,
    deal,
    dice,
    given,
    houses,
    line,
    of_type,
    refused,
    then,
    towers,
    walls,
    when,
)

HEXAGON = (1, 2, 3, 15, 16, 17)
"""The six spaces around tower space 9."""
HEXAGON_OUTLINE = ("4-6", "6-11", "11-14", "14-12", "12-7", "7-4")


def test_a_wall_closing_a_space_completes_a_city() -> None:
    state = given(deal(), walls("1-4", "1-6"), towers(t4="grey", t6="white"))
    events = when(state, "anna", "wall 4-6", dice(None, "red", "red"))
    assert of_type(events, ev.CityCompleted) == [ev.CityCompleted(1, (0,))]
    assert of_type(events, ev.ScoringStarted)[0].city == 1


def test_walls_on_the_edge_count_only_when_built() -> None:
    state = given(deal(), walls("1-4"), towers(t4="grey", t6="white"))
    events = when(state, "anna", "wall 4-6", dice(None, "red", "red"))
    assert not of_type(events, ev.CityCompleted)
    assert of_type(events, ev.TurnStarted) == [ev.TurnStarted("bruno", 6)]


def test_the_end_of_city_clean_up_example() -> None:
    # A wall (6-9) and a tower (on 9) stand inside; the last outline wall completes the city.
    outline = HEXAGON_OUTLINE[1:]
    state = given(deal(), walls(*outline, "6-9"), towers(t9="black", t4="grey", t6="grey"))
    events = when(state, "anna", "wall 4-6", dice(None, "red", "red"))
    assert of_type(events, ev.CityCompleted) == [ev.CityCompleted(1, HEXAGON)]
    assert of_type(events, ev.WallRemoved) == [ev.WallRemoved(line("6-9"))]
    assert of_type(events, ev.TowerRemoved) == [ev.TowerRemoved(9)]
    after = then(state, events)
    assert 9 not in after.towers and after.towers[4] == "grey"
    assert line("6-9") not in after.walls and line("4-6") in after.walls


def test_the_palace_example() -> None:
    # Space 0 already holds a red house; the wall completing it brings a second red one.
    state = given(deal(), walls("1-4", "1-6"), towers(t4="grey", t6="white"),
                  houses((0, "red")))
    events = when(state, "anna", "wall 4-6", dice(None, "red", "red"))
    assert ev.HousePlaced(0, "red") in events
    assert of_type(events, ev.PalaceBuilt) == [ev.PalaceBuilt(0, "red", (0, 0))]
    after = then(state, events)
    assert after.houses[0] == () and after.palaces[0] == ("red",)
    assert after.palaces_left()["red"] == 2 and after.houses_left()["red"] == 11


def test_no_palace_when_that_colour_ran_out() -> None:
    state = given(deal(), walls("1-4", "1-6"), towers(t4="grey", t6="white"),
                  houses((0, "red")), *[_palace_elsewhere(space) for space in (40, 41, 42)])
    events = when(state, "anna", "wall 4-6", dice(None, "red", "red"))
    assert not of_type(events, ev.PalaceBuilt)
    assert then(state, events).houses[0] == ("red", "red")


def _palace_elsewhere(space: int) -> list[object]:
    return [*houses((space, "red"), (space, "red")), ev.PalaceBuilt(space, "red", (space, space))]


def test_one_wall_can_complete_two_cities_smaller_first() -> None:
    state = given(deal(), walls("1-4", "1-6", "4-9", "6-9"), towers(t4="grey", t6="white"))
    events = when(state, "anna", "wall 4-6", dice(None, "red", "red"))
    assert of_type(events, ev.CityCompleted) == [ev.CityCompleted(1, (0,))]
    after = then(state, events)
    assert after.phase is Phase.SCORE and after.city == 1


def merge_example() -> tuple[State, list[Any]]:
    """City 2 (spaces 1-3) and city 3 (space 18) wait; wall 4-7 completes city 4 (15-17)."""
    state = given(deal(), city(2, (1, 2, 3)), city(3, (18,)), walls("7-12"),
                  towers(t4="grey", t7="white"))
    return state, when(state, "anna", "wall 4-7", dice(None, "red", "red"))


def test_the_merge_example_offers_three_options() -> None:
    state, events = merge_example()
    assert ev.CityCompleted(4, (15, 16, 17)) in events
    assert events[-1] == ev.ChoiceOpened("anna", "merge")
    after = then(state, events)
    assert list(GAME.legal_orders(after, "anna")) == [MergeOrder(2), MergeOrder(3), MergeOrder(0)]
    view = GAME.view(after, None)
    assert view["this_turn"]["merge"] == {"2": ["4-9", "9-14"], "3": ["12-14"]}


def test_merging_removes_every_shared_wall() -> None:
    state, events = merge_example()
    after = then(state, events)
    merged = when(after, "anna", "merge with city 2")
    assert merged[0] == ev.CitiesMerged(4, 2, (line("4-9"), line("9-14")))
    final = then(after, merged)
    assert final.city_numbered(4) is None
    joined = final.city_numbered(2)
    assert joined is not None and joined.spaces == (1, 2, 3, 15, 16, 17)
    assert line("4-9") not in final.walls and line("12-14") in final.walls
    assert of_type(merged, ev.ScoringStarted)[0].city == 2


def test_merging_with_a_city_not_next_to_it_is_refused() -> None:
    state, events = merge_example()
    after = then(state, events)
    refused(after, "anna", MergeOrder(7), "masons.merge")


def test_keeping_the_new_city_apart() -> None:
    state, events = merge_example()
    after = then(state, events)
    kept = when(after, "anna", "merge none")
    assert kept[0] == ev.MergeDeclined(4)
    assert len(then(after, kept).cities) == 3


def test_no_wall_inside_a_completed_city() -> None:
    state = given(deal(), city(1, HEXAGON))
    refused(state, "anna", WallOrder(6, 9), "masons.inside-city")
    refused(state, "anna", WallOrder(4, 6), "masons.line-taken")
    refused(state, "anna", WallOrder(1, 2), "masons.no-line")



def test_a_tower_left_inside_by_a_merge_goes_back() -> None:
    # Tower space 9 lies between city 2 and the new city; after the merge it is inside.
    state = given(deal(), city(2, (1, 2, 3)), city(3, (18,)), walls("7-12"),
                  towers(t4="grey", t7="white", t9="black"))
    after = then(state, when(state, "anna", "wall 4-7", dice(None, "red", "red")))
    merged = when(after, "anna", "merge with city 2")
    assert ev.TowerRemoved(9) in merged
    assert 9 not in then(after, merged).towers
