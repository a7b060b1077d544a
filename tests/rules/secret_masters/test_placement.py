"""Placing agents on the two region cards: the active seat, then the next seat clockwise."""
from __future__ import annotations

import pytest

from engine.core.errors import NotYourTurn, WrongOrderKind
from engine.core.testing import after, given, refused, when
from engine.secret_masters import GAME
from engine.secret_masters.events import (
    AgentMoved,
    AgentPlaced,
    CardsRevealed,
    PlacementPassed,
    RedeployStarted,
    TurnPassed,
    VoteSkipped,
)
from engine.secret_masters.orders import MoveOrder, PassOrder, PlaceOrder, VoteOrder
from engine.secret_masters.state import Phase, Side

from .helpers import (
    BLUE,
    GREEN,
    RED,
    SEATS,
    YELLOW,
    deck_from,
    history,
    opening,
    played_turn,
    round_started,
    set_up,
)

BLUE_GREEN = [("europe", BLUE, "russia", GREEN), ("north-america", BLUE, "east-asia", GREEN),
              ("south-america", BLUE, "africa", GREEN), ("europe", BLUE, "russia", GREEN)]
RED_YELLOW = [("north-america", RED, "east-asia", YELLOW),
              ("south-america", RED, "africa", YELLOW),
              ("europe", RED, "russia", YELLOW), ("north-america", RED, "east-asia", YELLOW)]


def drained(next_cards: tuple[str, str]) -> list[object]:
    """Eight turns later every agent is on the board, none in Antarctica; bob is active."""
    return history(*BLUE_GREEN, *RED_YELLOW, next_cards=next_cards)


# -- the active seat ------------------------------------------------------------------------

def test_active_seat_places_any_pool_colour_on_either_card() -> None:
    state = given(GAME, SEATS, opening())
    assert when(GAME, state, "ann", PlaceOrder(YELLOW, "russia")) == [
        AgentPlaced("ann", YELLOW, Side.WHITE, "russia")]
    assert when(GAME, state, "ann", PlaceOrder(BLUE, "europe")) == [
        AgentPlaced("ann", BLUE, Side.RED, "europe")]
    assert len(GAME.legal_orders(state, "ann")) == 8


def test_the_card_must_be_one_of_the_two_revealed() -> None:
    violation = refused(GAME, given(GAME, SEATS, opening()), "ann", PlaceOrder(BLUE, "africa"))
    assert violation.code == "sm.not-a-card"


def test_the_agent_must_come_from_the_pool() -> None:
    state = given(GAME, SEATS, history(*BLUE_GREEN, next_cards=("oceania", "africa")))
    assert state.pool == (0, 0, 4, 4)
    violation = refused(GAME, state, "cid", PlaceOrder(BLUE, "oceania"))
    assert violation.code == "sm.not-in-pool"
    assert "place red oceania" in violation.legal


def test_only_the_prompted_seat_may_place() -> None:
    with pytest.raises(NotYourTurn):
        when(GAME, given(GAME, SEATS, opening()), "bob", PlaceOrder(BLUE, "europe"))


def test_a_vote_is_not_a_placement() -> None:
    with pytest.raises(WrongOrderKind):
        when(GAME, given(GAME, SEATS, opening()), "ann", VoteOrder(1, 1, 1))


def test_pass_is_refused_while_an_agent_can_be_placed() -> None:
    violation = refused(GAME, given(GAME, SEATS, opening()), "ann", PassOrder())
    assert violation.code == "sm.pass-not-allowed"


def test_with_an_empty_pool_the_active_seat_passes_and_the_red_card_stays_empty() -> None:
    state = given(GAME, SEATS, drained(("south-america", "oceania")))
    assert state.pool == (0, 0, 0, 0) and state.seats[state.active] == "bob"
    assert GAME.legal_orders(state, "bob") == [PassOrder()]
    events = when(GAME, state, "bob", PassOrder())
    assert events == [PlacementPassed("bob", Side.RED, "south-america")]
    assert after(GAME, state, events).open_side is Side.WHITE


# -- the second seat ------------------------------------------------------------------------

def test_second_seat_places_a_different_colour_on_the_other_card() -> None:
    state = given(GAME, SEATS, opening(), AgentPlaced("ann", BLUE, Side.RED, "europe"))
    assert when(GAME, state, "bob", PlaceOrder(GREEN, "russia")) == [
        AgentPlaced("bob", GREEN, Side.WHITE, "russia")]
    events = when(GAME, state, "bob", PlaceOrder(GREEN, "russia"))
    assert after(GAME, state, events).phase is Phase.VOTE


def test_second_seat_may_not_use_the_same_colour() -> None:
    state = given(GAME, SEATS, opening(), AgentPlaced("ann", BLUE, Side.RED, "europe"))
    assert refused(GAME, state, "bob", PlaceOrder(BLUE, "russia")).code == "sm.same-colour"


def test_second_seat_must_use_the_other_card() -> None:
    state = given(GAME, SEATS, opening(), AgentPlaced("ann", BLUE, Side.RED, "europe"))
    assert refused(GAME, state, "bob", PlaceOrder(GREEN, "europe")).code == "sm.wrong-card"


def test_second_seat_may_move_an_agent_from_a_region_of_lower_value() -> None:
    # Ann fills the white card (Russia, 1); bob fills the red card (Europe, 3) with the
    # green agent from Africa (1).
    state = given(GAME, SEATS, opening(), AgentPlaced("ann", RED, Side.WHITE, "russia"))
    events = when(GAME, state, "bob", MoveOrder(GREEN, "africa"))
    assert events == [AgentMoved("bob", GREEN, "africa", Side.RED, "europe")]
    assert after(GAME, state, events).board["africa"] == (0, 0, 0, 0)


def test_a_move_from_a_region_of_equal_value_is_allowed() -> None:
    state = given(GAME, SEATS, opening(), AgentPlaced("ann", RED, Side.RED, "europe"))
    assert when(GAME, state, "bob", MoveOrder(GREEN, "africa")) == [
        AgentMoved("bob", GREEN, "africa", Side.WHITE, "russia")]


def test_a_move_from_a_region_of_higher_value_is_refused() -> None:
    start = {"north-america": GREEN, "russia": BLUE, "oceania": RED, "africa": YELLOW}
    state = given(GAME, SEATS, opening(start=start), AgentPlaced("ann", RED, Side.RED, "europe"))
    violation = refused(GAME, state, "bob", MoveOrder(GREEN, "north-america"))
    assert violation.code == "sm.move-from-higher"
    assert MoveOrder(GREEN, "north-america") not in GAME.legal_orders(state, "bob")


def test_a_move_from_the_cards_own_region_is_refused() -> None:
    state = given(GAME, SEATS, opening(), AgentPlaced("ann", RED, Side.RED, "europe"))
    assert refused(GAME, state, "bob", MoveOrder(BLUE, "russia")).code == "sm.move-same-region"


def test_a_moved_agent_must_differ_in_colour_from_the_first() -> None:
    state = given(GAME, SEATS, opening(), AgentPlaced("ann", RED, Side.RED, "europe"))
    assert refused(GAME, state, "bob", MoveOrder(RED, "oceania")).code == "sm.same-colour"


def test_a_move_needs_an_agent_of_that_colour_there() -> None:
    state = given(GAME, SEATS, opening(), AgentPlaced("ann", RED, Side.RED, "europe"))
    assert refused(GAME, state, "bob", MoveOrder(GREEN, "oceania")).code == "sm.no-such-agent"


def test_agents_in_antarctica_cannot_be_moved() -> None:
    state = given(GAME, SEATS, set_up(),
                  round_started(1, "ann", deck_from("antarctica", "russia", "europe", "africa")),
                  played_turn("ann", "antarctica", YELLOW, "russia", GREEN),
                  TurnPassed("bob", 1, 2), CardsRevealed("bob", "europe", "africa"),
                  AgentPlaced("bob", BLUE, Side.RED, "europe"))
    assert state.board["antarctica"] == (0, 0, 0, 1)
    violation = refused(GAME, state, "cid", MoveOrder(YELLOW, "antarctica"))
    assert violation.code == "sm.move-from-antarctica"


def test_nothing_can_be_moved_onto_an_antarctica_card() -> None:
    state = given(GAME, SEATS, set_up(), round_started(1, "ann", deck_from("europe", "antarctica")),
                  CardsRevealed("ann", "europe", "antarctica"),
                  AgentPlaced("ann", BLUE, Side.RED, "europe"))
    assert refused(GAME, state, "bob", MoveOrder(GREEN, "africa")).code == "sm.move-to-antarctica"
    legal = GAME.legal_orders(state, "bob")
    assert legal and all(isinstance(item, PlaceOrder) for item in legal)
    assert when(GAME, state, "bob", PlaceOrder(GREEN, "antarctica")) == [
        AgentPlaced("bob", GREEN, Side.WHITE, "antarctica")]


def test_with_an_empty_pool_the_second_seat_must_move() -> None:
    state = given(GAME, SEATS, drained(("south-america", "oceania")),
                  PlacementPassed("bob", Side.RED, "south-america"))
    legal = GAME.legal_orders(state, "cid")
    assert legal and all(isinstance(item, MoveOrder) for item in legal)
    assert refused(GAME, state, "cid", PassOrder()).code == "sm.pass-not-allowed"
    # The red card is empty, so no colour is excluded: every agent in the other 1-point
    # regions may come (the red agent in Oceania sits in the card's own region).
    assert set(legal) == {MoveOrder(BLUE, "russia"), MoveOrder(GREEN, "russia"),
                          MoveOrder(YELLOW, "russia"), MoveOrder(GREEN, "africa"),
                          MoveOrder(YELLOW, "africa"), MoveOrder(YELLOW, "india-middle-east")}


def test_second_seat_passes_when_nothing_is_legal_and_both_empty_cards_skip_the_vote() -> None:
    state = given(GAME, SEATS, drained(("south-america", "antarctica")),
                  PlacementPassed("bob", Side.RED, "south-america"))
    assert GAME.legal_orders(state, "cid") == [PassOrder()]
    events = when(GAME, state, "cid", PassOrder())
    assert events == [PlacementPassed("cid", Side.WHITE, "antarctica"), VoteSkipped(3, 3),
                      RedeployStarted("cid", 3)]


def test_one_empty_card_still_leads_to_a_vote() -> None:
    state = given(GAME, SEATS, drained(("south-america", "oceania")),
                  PlacementPassed("bob", Side.RED, "south-america"))
    final = after(GAME, state, when(GAME, state, "cid", MoveOrder(BLUE, "russia")))
    assert final.phase is Phase.VOTE and final.white_agent is BLUE and final.red_agent is None
