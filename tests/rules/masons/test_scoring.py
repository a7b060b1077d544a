"""Guild-card scoring: the rule text's scoring example card by card, and every card of the deck."""
from __future__ import annotations

from typing import Any

import pytest

from engine.masons import events as ev
from engine.masons.board import board
from engine.masons.cards import cards, full_deck
from engine.masons.scoring import city_size_points, colour_points, score_card
from engine.masons.state import State

from .helpers import city, deal, given, houses, of_type, then, towers, walls, when

CITY_X = (0, 1, 2, 3, 15, 16, 17)
"""Seven spaces around tower space 9 (inside) with space 0; its outline has 7 tower spaces."""
OUTLINE_TOWERS = {"t1": "white", "t4": "grey", "t6": "black", "t7": "white", "t11": "grey",
                  "t12": "black", "t14": "white"}
SHORE_TOWERS = {"t26": "grey", "t31": "black", "t33": "white", "t36": "grey", "t38": "black"}
EAST_WALLS = ("29-31", "29-34", "30-32", "32-35", "35-37", "37-40")
HANDS = (("city-size", "shore-towers", "walls", "towers", "region-west", "houses-red"),
         ("walls", "city-palaces", "city-towers", "towers-white", "region-west", "cities"),
         ("cities", "houses-pink", "city-size", "towers-black", "region-middle", "towers"),
         ("region-east", "city-towers", "city-red", "city-blue", "towers", "houses-green"))


def scoring_example() -> State:
    """Return the example's board: city X (number 4) just completed among 4 cities, scoring."""
    return given(
        deal(hands=HANDS), city(1, (6,)), city(2, (20,)), city(3, (36,)), city(4, CITY_X),
        towers(**OUTLINE_TOWERS, **SHORE_TOWERS, t32="white"), walls(*EAST_WALLS),
        houses((38, "pink"), (39, "pink"), (52, "pink"), (53, "pink"), (40, "blue"),
               (41, "blue"), (54, "blue"), (5, "pink"), (7, "pink"), (0, "red"), (16, "blue")),
        ev.ScoringStarted(4, ("anna", "bruno", "carla", "dieter")), turn_of=None)


def test_the_scoring_example_card_by_card() -> None:
    state = scoring_example()
    played: list[Any] = []
    for seat, text in (("anna", "play city-size shore-towers"), ("bruno", "play walls"),
                       ("carla", "play cities houses-pink"),
                       ("dieter", "play region-east city-towers")):
        events = when(state, seat, text)
        played += of_type(events, ev.CardsPlayed)
        state = then(state, events)
    assert played == [
        ev.CardsPlayed("anna", ("city-size", "shore-towers"), (9, 10), 4),
        ev.CardsPlayed("bruno", ("walls",), (6,), 4),
        ev.CardsPlayed("carla", ("cities", "houses-pink"), (4, 6), 4),
        ev.CardsPlayed("dieter", ("region-east", "city-towers"), (7, 7), 4),
    ]
    assert state.scores == (19, 6, 10, 14)


@pytest.mark.parametrize(("card", "points"), [
    ("city-size", 9), ("city-colours", 4), ("city-towers-white", 6), ("city-towers-grey", 4),
    ("city-towers-black", 4), ("city-palaces", 0), ("city-red", 1), ("city-blue", 1),
    ("city-yellow", 0), ("city-towers", 7), ("houses-pink", 6), ("houses-blue", 3),
    ("houses-red", 0), ("region-east", 7), ("region-middle", 2), ("region-west", 0),
    ("towers", 6), ("towers-white", 4), ("towers-grey", 4), ("towers-black", 4),
    ("shore-towers", 10), ("walls", 6), ("cities", 4),
])
def test_every_card_on_the_example_board(card: str, points: int) -> None:
    state = scoring_example()
    assert score_card(state, card, state.city_numbered(4)) == points


def test_palaces_score_three_and_houses_one_for_a_colour() -> None:
    state = given(deal(), city(1, (0, 1)), houses((0, "red"), (1, "red"), (1, "red")),
                  ev.PalaceBuilt(0, "red", (0, 1)), houses((0, "green")))
    x = state.city_numbered(1)
    assert score_card(state, "city-red", x) == 3 + 1
    assert score_card(state, "city-palaces", x) == 1
    assert score_card(state, "city-colours", x) == 4
    assert score_card(state, "houses-red", x) == 0


def test_city_size_and_colour_tables() -> None:
    assert [city_size_points(n) for n in range(10)] == [0, 6, 7, 8, 0, 0, 0, 9, 9, 9]
    assert [colour_points(n) for n in range(6)] == [0, 0, 4, 4, 7, 7]


def test_walls_and_towers_on_a_city_outline_are_not_outside() -> None:
    state = given(deal(), city(1, (0,)), towers(t1="grey", t9="grey"), walls("9-14"))
    assert score_card(state, "towers", None) == 1
    assert score_card(state, "walls", None) == 1
    assert score_card(state, "city-towers", state.city_numbered(1)) == 1


def test_two_copies_played_together_both_score() -> None:
    hands = (("walls", "walls", "towers"), ("towers",))
    state = given(deal(2, hands), walls("29-31", "30-32"), city(1, (0,)),
                  ev.ScoringStarted(1, ("anna", "bruno")), turn_of=None)
    events = when(state, "anna", "play walls walls")
    assert of_type(events, ev.CardsPlayed) == [ev.CardsPlayed("anna", ("walls", "walls"),
                                                              (2, 2), 1)]


def test_the_deck_file_holds_sixty_cards() -> None:
    assert len(full_deck()) == 60
    assert sum(c.copies for c in cards().values() if c.rule.startswith("city-")) == 29
    regions = {c.param for c in cards().values() if c.rule == "houses-region"}
    assert regions == set(board().regions)
