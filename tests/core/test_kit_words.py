"""The kit in a game's own words: enum values in forms, what an order means at a step, and
names abbreviated word by word."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import pytest

from engine.core.contract import replace
from engine.core.declare import OrderTypes
from engine.core.errors import UnreadableOrder
from engine.core.forms import forms_from_orders
from engine.core.ordertext import Names, Reader
from engine.core.testing import given

from .test_kit import GAME, SEATS, TURN, PileMade, Take


class Shade(str, Enum):
    LIGHT = "light"
    DARK = "dark"


ORDERS = OrderTypes("shades")


@ORDERS.register("paint", text=lambda o: f"paint {o.shade.value}", syntax="paint <shade>")
@dataclass(frozen=True)
class Paint:
    shade: Shade


def test_enum_fields_are_offered_by_the_words_players_write() -> None:
    (form,) = forms_from_orders(ORDERS, [Paint(Shade.DARK), Paint(Shade.LIGHT)])
    assert form.fields[0].options == ("dark", "light")


def test_a_step_may_say_what_an_order_kind_means_there() -> None:
    state = given(GAME, SEATS, PileMade(10))
    relabelled = replace(TURN, labels={Take: lambda state, seat: f"Take from {state.stones}"})
    take, pay = GAME._forms(state, "anna", relabelled)
    assert (take.label, pay.label) == ("Take from 10", "Pay coins to skip")
    assert GAME._forms(state, "anna", TURN)[0].label == "Take stones"


def test_names_by_words_read_each_word_abbreviated() -> None:
    entries = {"north-america": ["North America"], "south-america": ["South America"],
               "east-asia": ["East Asia", "asia"], "europe": ["Europe"]}
    reader = Reader({}, None, lambda p: "")
    regions = Names(entries, "region", by_words=True)
    assert regions.find(["n", "am"], reader) == "north-america"
    assert regions.find(["s", "am"], reader) == "south-america"
    assert regions.find(["northam"], reader) == "north-america"
    with pytest.raises(UnreadableOrder, match="could be East Asia or Europe"):
        regions.find(["e"], reader)
    assert Names(entries, "region").matches("n am") == []
