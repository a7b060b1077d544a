"""The text grammar: canonical forms round-trip, lenient reading, precise errors."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.core.errors import UnreadableOrder
from engine.core.rng import Rng
from engine.core.testing import given
from engine.secret_masters import GAME
from engine.secret_masters.events import AgentPlaced, CardsRevealed, RedeployStarted
from engine.secret_masters.orders import MoveOrder, PassOrder, PlaceOrder, RedeployOrder, VoteOrder
from engine.secret_masters.state import Side, State

from .helpers import BLUE, GREEN, RED, YELLOW, deck_from, opening, round_started, set_up

SEATS = ("ann", "bob", "cid")


def random_states(games: int, seed: str = "grammar") -> Iterator[State]:
    """Yield every state reached in `games` seeded random games."""
    for number in range(games):
        rng = Rng(f"{seed}-{number}".encode())
        state = GAME.initial_state(SEATS, {"long": number % 2 == 0})
        state = GAME.fold(state, GAME.start(state, rng))
        while GAME.outcome(state) is None:
            yield state
            prompt = rng.choice(GAME.prompts(state))
            order = rng.choice(list(GAME.legal_orders(state, prompt.seat)))
            state = GAME.fold(state, GAME.decide(state, prompt.seat, order, rng))


def test_every_legal_order_reads_back_from_its_canonical_text() -> None:
    checked = 0
    for state in random_states(25):
        for prompt in GAME.prompts(state):
            for order in GAME.legal_orders(state, prompt.seat):
                text = GAME.format_order(order)
                assert GAME.parse(text, prompt.seat, state) == order, text
                loose = "  " + text.upper().replace("-", " ").replace(" ", "   ") + " "
                assert GAME.parse(loose, prompt.seat, state) == order, loose
                checked += 1
    assert checked > 5000


def test_canonical_texts() -> None:
    assert GAME.format_order(PlaceOrder(BLUE, "north-america")) == "place blue north-america"
    assert GAME.format_order(MoveOrder(RED, "europe")) == "move red europe"
    assert GAME.format_order(VoteOrder(2, 0, 1)) == "vote red red orange"
    assert GAME.format_order(VoteOrder(0, 1, 2)) == "vote white orange orange"
    assert GAME.format_order(RedeployOrder(GREEN, "europe", "russia")) == \
        "redeploy green europe russia"
    assert GAME.format_order(PassOrder()) == "pass"


def north_america_events() -> list[object]:
    """Ann is active; North America is on the red card and India/Middle East on the white."""
    return [*set_up(), *round_started(1, "ann", deck_from("north-america", "india-middle-east")),
            CardsRevealed("ann", "north-america", "india-middle-east")]


def north_america_up() -> State:
    return given(GAME, SEATS, north_america_events())


@pytest.mark.parametrize("text", [
    "place blue north-america", "Place Blue North America", "PLACE BLUE NORTH-AMERICA",
    "place   blue   north_america", "place blue n-am", "place blue n am", "place blue nor",
    "place b north america", "put blue on north america", "place a blue agent on the red card",
    "place blue red", "place blue left", "place blue northamerica"])
def test_place_is_read_leniently(text: str) -> None:
    assert GAME.parse(text, "ann", north_america_up()) == PlaceOrder(BLUE, "north-america")


@pytest.mark.parametrize("text", [
    "place yellow india-middle-east", "place yellow India/Middle East", "place yellow india",
    "place yellow middle east", "place yellow white", "place yellow right", "place y ind"])
def test_india_middle_east_has_many_spellings(text: str) -> None:
    assert GAME.parse(text, "ann", north_america_up()) == PlaceOrder(YELLOW, "india-middle-east")


def test_the_red_card_side_and_the_red_colour_do_not_clash() -> None:
    assert GAME.parse("place red red", "ann", north_america_up()) == \
        PlaceOrder(RED, "north-america")
    assert GAME.parse("place red white", "ann", north_america_up()) == \
        PlaceOrder(RED, "india-middle-east")


def test_the_second_seat_may_leave_out_the_card() -> None:
    state = given(GAME, SEATS, north_america_events(),
                  AgentPlaced("ann", BLUE, Side.RED, "north-america"))
    assert GAME.parse("place green", "bob", state) == PlaceOrder(GREEN, "india-middle-east")


def test_a_move_may_name_the_open_card() -> None:
    state = given(GAME, SEATS, north_america_events(),
                  AgentPlaced("ann", BLUE, Side.WHITE, "india-middle-east"))
    expected = MoveOrder(GREEN, "africa")
    assert GAME.parse("move green africa", "bob", state) == expected
    assert GAME.parse("move green from africa to north america", "bob", state) == expected
    assert GAME.parse("move green africa onto red", "bob", state) == expected
    with pytest.raises(UnreadableOrder) as caught:
        GAME.parse("move green africa to india", "bob", state)
    assert "open card" in caught.value.message


@pytest.mark.parametrize("text", ["vote red red orange", "vote orange red red", "vote 2 red orange",
                                  "VOTE R R O", "vote red, red, orange", "vote 2 r 1 o"])
def test_votes_are_read_in_any_order(text: str) -> None:
    state = given(GAME, SEATS, opening())
    assert GAME.parse(text, "ann", state) == VoteOrder(2, 0, 1)


def test_a_vote_of_the_wrong_size_is_read_and_then_refused_by_the_rules() -> None:
    assert GAME.parse("vote red", "ann", given(GAME, SEATS, opening())) == VoteOrder(1, 0, 0)


@pytest.mark.parametrize(("text", "expected"), [
    ("redeploy green europe russia", RedeployOrder(GREEN, "europe", "russia")),
    ("redeploy green europe to russia", RedeployOrder(GREEN, "europe", "russia")),
    ("redeploy green from europe to russia", RedeployOrder(GREEN, "europe", "russia")),
    ("redeploy blue north america south america",
     RedeployOrder(BLUE, "north-america", "south-america")),
    ("redeploy blue n am s am", RedeployOrder(BLUE, "north-america", "south-america")),
    ("redeploy blue east asia india middle east",
     RedeployOrder(BLUE, "east-asia", "india-middle-east")),
])
def test_redeploy_splits_two_region_names(text: str, expected: RedeployOrder) -> None:
    state = given(GAME, SEATS, set_up(), round_started(), RedeployStarted("ann", 1))
    assert GAME.parse(text, "ann", state) == expected


def unreadable(text: str, seat: str = "ann", state: State | None = None) -> UnreadableOrder:
    with pytest.raises(UnreadableOrder) as caught:
        GAME.parse(text, seat, state or north_america_up())
    return caught.value


def test_an_unknown_order_word_is_named() -> None:
    error = unreadable("attack blue europe")
    assert '"attack"' in error.message
    assert "place blue north-america" in error.legal


def test_an_unknown_colour_is_named() -> None:
    error = unreadable("place purple europe")
    assert '"purple"' in error.message and "yellow" in error.message


def test_an_unknown_region_is_named() -> None:
    error = unreadable("place blue atlantis")
    assert '"atlantis"' in error.message and "north-america" in error.message


def test_an_ambiguous_region_is_refused() -> None:
    error = unreadable("place blue e")
    assert "could be" in error.message
    assert "Europe" in error.message and "East Asia" in error.message


def test_an_ambiguous_colour_or_marker_is_refused() -> None:
    assert '"x"' in unreadable("place x europe").message
    assert '"blue"' in unreadable("vote blue red red").message


def test_empty_text_and_stray_words() -> None:
    assert "empty" in unreadable("   ").message
    assert '"now"' in unreadable("pass now").message


def test_the_first_placement_must_name_a_card() -> None:
    assert "Name the card" in unreadable("place blue").message


def test_a_redeploy_needs_two_regions() -> None:
    state = given(GAME, SEATS, set_up(), round_started(), RedeployStarted("ann", 1))
    assert "two region" in unreadable("redeploy blue europe", state=state).message
