"""Standing answers of Secret Masters (the vote, the Redeploy) and answers ahead of the vote,
checked like orders; the placements and the Redeploy taken at once when their one answer
follows from the public cards, board and pool."""
from __future__ import annotations

import pytest

from engine.core.errors import UnreadableOrder
from engine.core.standing import Standing, split_then
from engine.core.testing import given
from engine.secret_masters import GAME, steps
from engine.secret_masters.events import AgentPlaced, PlacementPassed
from engine.secret_masters.orders import PassOrder, PlaceOrder, VoteOrder
from engine.secret_masters.state import Markers, Side, State

from .helpers import BLUE, GREEN, SEATS, opening
from .test_placement import drained
from .test_redeploy import redeploy
from .test_vote import voting


def read(text: str, ahead: bool = False) -> tuple[Standing, ...]:
    return GAME.read_standing(text, "ann", given(GAME, SEATS, voting()), ahead=ahead)


@pytest.mark.parametrize(("text", "entries"), [
    ("vote: neither / redeploy: none", (Standing("vote", "neither"), Standing("redeploy", "none"))),
    ("votes orange; redeploy pass", (Standing("vote", "neither"), Standing("redeploy", "none"))),
    ("Vote abstain", (Standing("vote", "neither"),)),
    ("redeploy never", (Standing("redeploy", "none"),)),
])
def test_standing_answers_by_mail(text: str, entries: tuple[Standing, ...]) -> None:
    assert read(text) == entries


@pytest.mark.parametrize("text", ["vote red", "place blue europe", "redeploy always", ""])
def test_what_is_no_standing_answer_is_refused_with_what_can_be_written(text: str) -> None:
    with pytest.raises(UnreadableOrder) as refused:
        read(text)
    assert "vote: neither | mine; redeploy: none" in refused.value.legal


def test_a_placement_answers_the_vote_of_its_turn_ahead() -> None:
    order, rest = split_then("place blue europe, then vote neither")
    assert order == "place blue europe"
    assert read(rest, ahead=True) == (Standing("vote", "neither", until="r1.t1"),)
    assert read("vote red white orange", ahead=True) == (
        Standing("vote", written="vote red white orange", until="r1.t1"),)


def test_neither_votes_every_orange_marker_held_and_splits_the_rest_evenly() -> None:
    state = given(GAME, SEATS, voting())
    assert state.hands[0] == Markers(2, 2, 1)
    applied = GAME.standing_order(state, "ann", read("vote neither"))
    assert applied is not None and not applied.reason
    assert applied.order == VoteOrder(1, 1, 1)


@pytest.mark.parametrize(("seat", "vote"), [
    ("ann", VoteOrder(2, 0, 1)),  # her blue agent on the red card: both red markers, then orange
    ("bob", VoteOrder(0, 2, 1)),  # his green agent on the white card
    ("cid", VoteOrder(1, 1, 1)),  # no red agent on a card: as neither
])
def test_mine_backs_the_card_of_the_seats_own_faction_else_votes_neither(
        seat: str, vote: VoteOrder) -> None:
    state = given(GAME, SEATS, voting())
    assert state.hands[SEATS.index(seat)] == Markers(2, 2, 1)
    assert read("vote mine") == (Standing("vote", "mine"),)
    applied = GAME.standing_order(state, seat, read("vote: my faction"))
    assert applied is not None and not applied.reason
    assert applied.order == vote


def test_a_vote_written_ahead_is_checked_like_a_vote_and_dropped_with_why() -> None:
    state = given(GAME, SEATS, voting())
    ahead = (Standing("vote", written="vote orange orange orange", until="r1.t1"),)
    applied = GAME.standing_order(state, "ann", ahead)
    assert applied is not None and applied.order is None
    assert applied.reason == "You do not hold orange, orange, orange."
    stale = (Standing("vote", written="vote red white orange", until="r0.t9"),)
    assert GAME.standing_order(state, "ann", stale) is None


def test_a_standing_answer_waits_for_its_own_decision() -> None:
    state = given(GAME, SEATS, voting())
    assert GAME.standing_order(state, "ann", read("redeploy none")) is None
    card = redeploy()
    assert isinstance(card, State)
    applied = GAME.standing_order(card, "ann", read("redeploy none / vote neither"))
    assert applied is not None and applied.order == PassOrder()
    assert GAME.standing_order(card, "bob", read("redeploy none")) is None


# -- decisions taken at once ----------------------------------------------------------------

def test_an_empty_pool_leaves_the_active_seat_only_the_pass_taken_at_once() -> None:
    state = given(GAME, SEATS, drained(("south-america", "oceania")))
    assert GAME.forced_order(state, "bob") == PassOrder()
    assert GAME.forced_order(state, "cid") is None


def test_nothing_legal_for_the_second_seat_is_a_pass_taken_at_once() -> None:
    state = given(GAME, SEATS, drained(("south-america", "antarctica")),
                  PlacementPassed("bob", Side.RED, "south-america"))
    assert GAME.forced_order(state, "cid") == PassOrder()


def test_a_placement_with_a_choice_is_asked() -> None:
    state = given(GAME, SEATS, drained(("south-america", "oceania")),
                  PlacementPassed("bob", Side.RED, "south-america"))
    assert len(GAME.legal_orders(state, "cid")) > 1
    assert GAME.forced_order(state, "cid") is None


def test_the_vote_is_always_asked_for_its_answers_hang_on_hidden_markers() -> None:
    assert not steps.VOTE.public
    assert steps.PLACE_FIRST.public and steps.PLACE_SECOND.public and steps.REDEPLOY.public
    assert GAME.forced_order(given(GAME, SEATS, voting()), "ann") is None


def test_place_mine_puts_the_seats_own_faction_on_the_card_worth_most() -> None:
    state = given(GAME, SEATS, opening())  # Europe (3) on the red card, Russia (1) on the white
    assert read("place: mine") == (Standing("place", "mine"),)
    applied = GAME.standing_order(state, "ann", read("placements my faction"))
    assert applied is not None and applied.order == PlaceOrder(BLUE, "europe")
    second = given(GAME, SEATS, [*opening(), AgentPlaced("ann", BLUE, Side.RED, "europe")])
    applied = GAME.standing_order(second, "bob", read("place mine"))
    assert applied is not None and applied.order == PlaceOrder(GREEN, "russia")


def test_place_mine_asks_the_seat_where_its_colour_cannot_go() -> None:
    taken = given(GAME, SEATS, [*opening(), AgentPlaced("ann", GREEN, Side.RED, "europe")])
    applied = GAME.standing_order(taken, "bob", read("place mine"))
    assert applied is not None and applied.order is None and applied.reason
