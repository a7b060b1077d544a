"""After the wall: the tower die and the house dice, and when the player is asked."""
from __future__ import annotations

from engine.masons import GAME
from engine.masons import events as ev
from engine.masons.orders import HouseOrder, TowerOrder
from engine.masons.state import Phase

from .helpers import deal, dice, given, houses, of_type, refused, then, towers, when


def test_the_tower_example_rolled_colour_on_one_end_free_choice_on_the_other() -> None:
    state = given(deal())
    events = when(state, "anna", "wall 4-9", dice("black", "red", "red"))
    assert ev.DiceRolled("black", ("red", "red")) in events
    assert events[-1] == ev.ChoiceOpened("anna", "tower")
    after = then(state, events)
    legal = set(GAME.legal_orders(after, "anna"))
    assert TowerOrder(((4, "black"), (9, "grey"))) in legal
    assert TowerOrder(((4, "white"), (9, "black"))) in legal
    assert TowerOrder(((4, "grey"), (9, "grey"))) not in legal
    assert len(legal) == 5  # black on 4 or 9, the other end any colour, black-black once
    placed = when(after, "anna", "tower 4 black 9 grey")
    assert placed[:2] == [ev.TowerPlaced(4, "black"), ev.TowerPlaced(9, "grey")]
    assert ev.HousePlaced(1, "red") in placed and ev.HousePlaced(15, "red") in placed


def test_a_tower_against_the_die_is_refused() -> None:
    after = then(given(deal()), when(given(deal()), "anna", "wall 4-9",
                                     dice("black", "red", "red")))
    refused(after, "anna", "tower 4 grey 9 grey", "masons.tower-colour")
    refused(after, "anna", "tower 4 black 6 grey", "masons.tower-space")


def test_one_empty_end_gets_the_rolled_colour_without_asking() -> None:
    state = given(deal(), towers(t4="white"))
    events = when(state, "anna", "wall 4-9", dice("grey", "red", "red"))
    assert ev.TowerPlaced(9, "grey") in events
    assert not of_type(events, ev.ChoiceOpened)


def test_no_tower_roll_between_two_towers() -> None:
    state = given(deal(), towers(t4="white", t9="black"))
    events = when(state, "anna", "wall 4-9", dice(None, "red", "red"))
    assert ev.DiceRolled("", ("red", "red")) in events
    assert not of_type(events, ev.TowerPlaced)


def test_a_colour_that_ran_out_becomes_a_free_choice() -> None:
    grey = {f"t{p}": "grey" for p in (1, 3, 6, 8, 11, 13, 16, 18, 21, 23)}
    state = given(deal(), towers(t4="white", **grey))
    events = when(state, "anna", "wall 4-9", dice("grey", "red", "red"))
    assert events[-1] == ev.ChoiceOpened("anna", "tower")
    after = then(state, events)
    assert set(GAME.legal_orders(after, "anna")) == {TowerOrder(((9, "white"),)),
                                                      TowerOrder(((9, "black"),))}
    assert GAME.parse("tower black", "anna", after) == TowerOrder(((9, "black"),))


def test_the_house_example_a_free_die_gives_a_free_colour() -> None:
    state = given(deal(), towers(t4="white", t9="black"))
    events = when(state, "anna", "wall 4-9", dice(None, "red", "?"))
    assert events[-1] == ev.ChoiceOpened("anna", "house")
    after = then(state, events)
    legal = set(GAME.legal_orders(after, "anna"))
    assert HouseOrder((("north", "red"), ("south", "green"))) in legal
    assert HouseOrder((("north", "blue"), ("south", "red"))) in legal
    assert HouseOrder((("north", "blue"), ("south", "green"))) not in legal
    assert len(legal) == 9  # red on one side and any colour on the other
    placed = when(after, "anna", "house south red north green")
    assert placed[:2] == [ev.HousePlaced(1, "green"), ev.HousePlaced(15, "red")]


def test_two_dice_two_colours_the_player_chooses_the_sides() -> None:
    state = given(deal(), towers(t4="white", t9="black"))
    after = then(state, when(state, "anna", "wall 4-9", dice(None, "red", "blue")))
    assert set(GAME.legal_orders(after, "anna")) == {
        HouseOrder((("north", "red"), ("south", "blue"))),
        HouseOrder((("north", "blue"), ("south", "red")))}
    refused(after, "anna", "house north red south red", "masons.house-colour")
    refused(after, "anna", "house west red east blue", "masons.house-side")


def test_a_wall_on_the_board_edge_places_one_house_of_either_die() -> None:
    state = given(deal(), towers(t1="white", t4="black"))
    events = when(state, "anna", "wall 1-4", dice(None, "red", "blue"))
    assert events[-1] == ev.ChoiceOpened("anna", "house")
    after = then(state, events)
    assert set(GAME.legal_orders(after, "anna")) == {HouseOrder((("", "red"),)),
                                                      HouseOrder((("", "blue"),))}
    placed = when(after, "anna", "house blue")
    assert placed[0] == ev.HousePlaced(0, "blue")


def test_the_edge_wall_with_a_free_die_allows_every_colour() -> None:
    state = given(deal(), towers(t1="white", t4="black"))
    after = then(state, when(state, "anna", "wall 1-4", dice(None, "red", "?")))
    assert len(GAME.legal_orders(after, "anna")) == 5


def test_where_the_dice_leave_no_choice_nothing_is_asked() -> None:
    state = given(deal(), towers(t1="white", t4="black"))
    events = when(state, "anna", "wall 1-4", dice(None, "red", "red"))
    assert ev.HousePlaced(0, "red") in events
    assert not of_type(events, ev.ChoiceOpened)
    assert then(state, events).phase is Phase.WALL


def test_a_house_colour_that_ran_out_is_a_free_choice_for_that_die() -> None:
    reds = [(s, "red") for s in range(30, 42)]
    state = given(deal(), towers(t1="white", t4="black"), houses(*reds))
    after = then(state, when(state, "anna", "wall 1-4", dice(None, "red", "red")))
    assert {o.placements[0][1] for o in GAME.legal_orders(after, "anna")} == {
        "yellow", "green", "blue", "pink"}
