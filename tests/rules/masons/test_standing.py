"""Standing answers: read by mail, turned into an order at the open decision, checked like
one, and dropped with the reason where they are not legal."""
from __future__ import annotations

import pytest

from engine.core.errors import UnreadableOrder
from engine.core.standing import Standing, split_then
from engine.masons import GAME
from engine.masons import events as ev
from engine.masons.orders import (
    DiscardOrder,
    HouseOrder,
    MergeOrder,
    PassOrder,
    SwapOrder,
    TowerOrder,
)
from engine.masons.state import State

from .helpers import city, deal, dice, given, of_type, then, when
from .test_scoring import scoring_example


def read(text: str, state: State | None = None, ahead: bool = False) -> tuple[Standing, ...]:
    return GAME.read_standing(text, "anna", state or given(deal()), ahead=ahead)


@pytest.mark.parametrize(("text", "entries"), [
    ("towers: nearest the shore / houses: first offered / scoring: play no card / swap: none",
     (Standing("towers", "nearest-the-shore"), Standing("houses", "first-offered"),
      Standing("scoring", "play-no-card"), Standing("swap", "none"))),
    ("tower shore; house either", (Standing("towers", "nearest-the-shore"),
                                   Standing("houses", "either"))),
    ("Swap: keep", (Standing("swap", "none"),)),
    ("merge none, scoring pass", (Standing("merge", "none"), Standing("scoring", "play-no-card"))),
])
def test_standing_answers_by_mail(text: str, entries: tuple[Standing, ...]) -> None:
    assert read(text) == entries


def test_answers_ahead_hold_for_this_turn_and_may_be_orders_written_out() -> None:
    order, rest = split_then("wall 4-6, then towers nearest the shore, houses either")
    assert order == "wall 4-6"
    assert read(rest, ahead=True) == (Standing("towers", "nearest-the-shore", until="t5"),
                                      Standing("houses", "either", until="t5"))
    assert read("house north red south green", ahead=True) == (
        Standing("houses", written="house north red south green", until="t5"),)


@pytest.mark.parametrize("text", ["towers highest", "wall 3-7", "fly away", ""])
def test_what_is_no_standing_answer_is_refused_with_what_can_be_written(text: str) -> None:
    with pytest.raises(UnreadableOrder) as refused:
        read(text)
    assert "towers: nearest the shore | first offered" in refused.value.legal


def test_towers_nearest_the_shore_put_the_rolled_colour_on_the_shore_end() -> None:
    state = given(deal())
    after = then(state, when(state, "anna", "wall 4-6", dice("black", "red", "red")))
    applied = GAME.standing_order(after, "anna", read("towers nearest the shore"))
    assert applied is not None and not applied.reason
    assert ((6, "black")) in applied.order.placements
    first = GAME.standing_order(after, "anna", read("towers first offered"))
    assert first is not None and first.order == GAME.legal_orders(after, "anna")[0]


def test_a_standing_answer_for_another_decision_waits() -> None:
    state = given(deal())
    after = then(state, when(state, "anna", "wall 4-6", dice("black", "red", "red")))
    assert GAME.standing_order(after, "anna", read("swap none / houses either")) is None
    assert GAME.standing_order(after, "bruno", read("towers shore")) is None


def test_an_answer_ahead_lapses_with_its_turn() -> None:
    state = given(deal())
    after = then(state, when(state, "anna", "wall 4-6", dice("black", "red", "red")))
    stale = (Standing("towers", "first-offered", until="t4"),)
    assert GAME.standing_order(after, "anna", stale) is None
    ahead = (Standing("towers", written="tower 4 white 6 black", until="t5"),
             Standing("towers", "nearest-the-shore"))
    applied = GAME.standing_order(after, "anna", ahead)
    assert applied is not None and applied.order == TowerOrder(((4, "white"), (6, "black")))


def test_an_order_written_ahead_is_checked_like_an_order_and_dropped_when_illegal() -> None:
    state = given(deal())
    after = then(state, when(state, "anna", "wall 4-6", dice("black", "red", "red")))
    ahead = (Standing("towers", written="tower 4 grey 6 grey", until="t5"),)
    applied = GAME.standing_order(after, "anna", ahead)
    assert applied is not None and applied.order is None
    assert "The tower die showed black" in applied.reason


def test_scoring_play_no_card_at_a_city_discards_the_card_scoring_least_and_draws_two() -> None:
    """At an ordinary city the standing answer `scoring: play no card` is the rules' other way
    of not scoring: discard 1 card and draw 2. The card is the one scoring least in the city now, the first by
    name of equal ones (anna's houses-red and region-west both score 0 here)."""
    state = scoring_example()
    applied = GAME.standing_order(state, "anna", read("scoring: play no card"))
    assert applied is not None and not applied.reason
    assert applied.order == DiscardOrder("houses-red")
    events = when(state, "anna", "discard houses-red")
    assert of_type(events, ev.CardDiscarded) == [ev.CardDiscarded("anna", "houses-red")]
    assert sum(len(e.cards) for e in of_type(events, ev.CardsDrawn)) == 2


def test_scoring_play_no_card_in_a_sealed_scoring_is_a_sealed_discard() -> None:
    state = given(deal(), city(1, (6,)), ev.ScoringStarted(1, ("anna", "bruno", "carla", "dieter")),
                  turn_of=None, options={"scoring": "sealed"})
    applied = GAME.standing_order(state, "bruno", read("scoring: pass"))
    # every card of bruno's scores 0 in city 1: the first by name goes
    assert applied is not None and applied.order == DiscardOrder("city-palaces")
    assert of_type(when(state, "bruno", applied.order), ev.ChoiceSealed)


def test_scoring_play_no_card_at_the_final_scoring_passes() -> None:
    state = given(deal(), city(1, (6,)),
                  ev.ScoringStarted(0, ("anna", "bruno", "carla", "dieter"), final=True),
                  turn_of=None)
    applied = GAME.standing_order(state, "anna", read("scoring: play no card"))
    assert applied is not None and applied.order == PassOrder()


def test_fixed_answers_give_their_orders() -> None:
    state = given(deal())
    after = then(state, when(state, "anna", "wall 4-6", dice("black", "red", "green")))
    houses_state = then(after, when(after, "anna", "tower 4 white 6 black"))
    applied = GAME.standing_order(houses_state, "anna", read("houses either"))
    assert applied is not None and isinstance(applied.order, HouseOrder)
    assert MergeOrder(0) == GAME.standing_topics()[2].answers[0].order
    assert SwapOrder(()) == GAME.standing_topics()[4].answers[0].order
