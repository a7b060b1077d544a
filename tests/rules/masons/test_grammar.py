"""The order grammar by email: natural orders, help with the free wall lines, and refusals that
never depend on what the writer may not see."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleViolation, UnreadableOrder
from engine.masons import GAME
from engine.masons.orders import (
    DiscardOrder,
    HouseOrder,
    MergeOrder,
    PassOrder,
    PlayOrder,
    SwapOrder,
    TowerOrder,
    WallOrder,
)
from engine.masons.state import State

from .helpers import deal, dice, given, then, towers, walls, when


def read(text: str, state: State | None = None, seat: str = "anna") -> object:
    return GAME.parse(text, seat, state or given(deal()))


@pytest.mark.parametrize(("text", "order"), [
    ("wall 3-7", WallOrder(3, 7)),
    ("Wall 7 - 3", WallOrder(3, 7)),
    ("build a wall from 12 to 9", WallOrder(9, 12)),
    ("tower 12 black 13 grey", TowerOrder(((12, "black"), (13, "grey")))),
    ("towers 13 gray, 12 black", TowerOrder(((12, "black"), (13, "grey")))),
    ("house north red south green", HouseOrder((("north", "red"), ("south", "green")))),
    ("houses red south, green north", HouseOrder((("north", "green"), ("south", "red")))),
    ("house rose", HouseOrder((("", "pink"),))),
    ("merge with city 2", MergeOrder(2)),
    ("merge none", MergeOrder(0)),
    ("no merge", MergeOrder(0)),
    ("play city-size shore-towers", PlayOrder(("city-size", "shore-towers"))),
    ("play city size, shore", PlayOrder(("city-size", "shore-towers"))),
    ("play walls walls", PlayOrder(("walls", "walls"))),
    ("play walls in city 3", PlayOrder(("walls",), 3)),
    ("discard walls draw", DiscardOrder("walls")),
    ("discard walls and draw two", DiscardOrder("walls")),
    ("pass", PassOrder()),
    ("swap towers-white houses-red", SwapOrder(("houses-red", "towers-white"))),
    ("swap none", SwapOrder(())),
    ("keep", SwapOrder(())),
])
def test_natural_orders(text: str, order: object) -> None:
    assert read(text) == order


def test_a_single_empty_end_needs_no_number() -> None:
    state = given(deal(), towers(t4="white", **{f"t{p}": "grey" for p in range(10, 20)}))
    state = then(state, when(state, "anna", "wall 4-9", dice("grey", "red", "red")))
    assert read("tower black", state) == TowerOrder(((9, "black"),))


@pytest.mark.parametrize(("text", "words"), [
    ("xyzzy plugh", "does not begin an order"),
    ("wall 3", "two tower spaces"),
    ("tower purple", "colour of each tower"),
    ("house north purple", "colour of each house"),
    ("house north red green", "a side"),
    ("play city", "could be"),
    ("play dragons", "not a guild card"),
])
def test_unreadable_text_says_what_to_write(text: str, words: str) -> None:
    with pytest.raises(UnreadableOrder) as caught:
        read(text)
    assert words in str(caught.value)


def test_help_lists_the_free_wall_lines_compactly() -> None:
    state = given(deal(), walls("1-4", "4-6"))
    with pytest.raises(UnreadableOrder) as caught:
        read("help", state)
    text = str(caught.value)
    assert "Free lines (93; 3-5/8 means 3-5 and 3-8): 1-6, 2-4/5/7, 3-5/8," in text
    assert "wall <tower space>-<tower space>" in text
    assert "If the deadline passes (48 hours), a wall is built on a random free wall line" in text


def test_help_while_scoring_lists_the_seats_own_cards() -> None:
    state = given(deal(), walls("1-4", "1-6"), towers(t4="grey", t6="white"))
    state = then(state, when(state, "anna", "wall 4-6", dice(None, "red", "red")))
    help_text = GAME.help(GAME.prompts(state)[0])
    assert "cities (1 per completed city on the board)" in help_text
    assert "play <card> [<card>] [in city <number>]" in help_text


def test_answers_never_depend_on_other_hands() -> None:
    texts = ("play walls", "play city", "discard cities", "swap towers", "play dragons",
             "wall 1-4", "help")
    first = given(deal(2, (("walls", "towers"), ("cities", "city-size"))))
    second = given(deal(2, (("walls", "towers"), ("houses-red", "region-east"))))
    for text in texts:
        answers = []
        for state in (first, second):
            try:
                answers.append(repr(when(state, "anna", text)[0]))
            except RuleViolation as exc:
                answers.append(str(exc))
        assert answers[0] == answers[1], text
