"""The sealed vote, its count, and the redraw of markers from the bag."""
from __future__ import annotations

import pytest

from engine.core.errors import WrongOrderKind
from engine.core.testing import after, given, refused, types_of, when
from engine.secret_masters import GAME
from engine.secret_masters.events import (
    AgentMoved,
    AgentPlaced,
    CardsRevealed,
    MarkersDrawn,
    PlacementPassed,
    TurnPassed,
    VoteCast,
    VoteResolved,
)
from engine.secret_masters.orders import PlaceOrder, VoteOrder
from engine.secret_masters.state import Markers, Phase, Side

from .helpers import (
    BLUE,
    GREEN,
    SEATS,
    deck_from,
    history,
    opening,
    placed_both,
    round_started,
    set_up,
    votes,
)

ONE_EACH = Markers(1, 1, 1)


def voting() -> list[object]:
    """Ann's blue agent is on the red card (Europe), bob's green one on the white (Russia)."""
    return [*opening(), *placed_both()]


def resolved(ann: Markers, bob: Markers, cid: VoteOrder, *before: object) -> VoteResolved:
    state = given(GAME, SEATS, *before, voting() if not before else [],
                  votes(("ann", ann), ("bob", bob)))
    return next(e for e in when(GAME, state, "cid", cid) if isinstance(e, VoteResolved))


# -- casting --------------------------------------------------------------------------------

def test_a_vote_is_sealed_and_seen_only_by_its_author() -> None:
    events = when(GAME, given(GAME, SEATS, voting()), "ann", VoteOrder(2, 0, 1))
    assert events == [VoteCast("ann", Markers(2, 0, 1), False)]
    audience = GAME.visibility(events[0])
    assert audience.seats == frozenset({"ann"})
    assert audience.summary == "ann cast a sealed vote"


@pytest.mark.parametrize("order", [VoteOrder(1, 1, 0), VoteOrder(2, 2, 0), VoteOrder(0, 0, 0),
                                   VoteOrder(4, -1, 0)])
def test_a_vote_is_exactly_three_markers(order: VoteOrder) -> None:
    assert refused(GAME, given(GAME, SEATS, voting()), "ann", order).code == "sm.three-markers"


@pytest.mark.parametrize("order", [VoteOrder(3, 0, 0), VoteOrder(0, 3, 0), VoteOrder(0, 1, 2)])
def test_only_markers_the_seat_holds(order: VoteOrder) -> None:
    violation = refused(GAME, given(GAME, SEATS, voting()), "ann", order)
    assert violation.code == "sm.markers-not-held"
    assert "vote red red white" in violation.legal


def test_every_seat_votes_at_the_same_time() -> None:
    prompts = GAME.prompts(given(GAME, SEATS, voting()))
    assert [p.seat for p in prompts] == ["ann", "bob", "cid"]
    assert all(p.simultaneous and not p.submitted for p in prompts)


def test_a_placement_is_not_a_vote() -> None:
    with pytest.raises(WrongOrderKind):
        when(GAME, given(GAME, SEATS, voting()), "cid", PlaceOrder(BLUE, "europe"))


def test_a_vote_may_be_changed_until_the_last_one_is_in() -> None:
    state = given(GAME, SEATS, voting(), votes(("ann", Markers(2, 0, 1)), ("bob", ONE_EACH)))
    events = when(GAME, state, "ann", VoteOrder(0, 2, 1))
    assert events == [VoteCast("ann", Markers(0, 2, 1), True)]
    assert GAME.visibility(events[0]).summary == "ann changed their vote"
    state = after(GAME, state, events)
    assert state.votes[0] == Markers(0, 2, 1) and state.phase is Phase.VOTE
    assert [p.submitted for p in GAME.prompts(state)] == [True, True, False]


def test_the_third_vote_is_counted_at_once() -> None:
    state = given(GAME, SEATS, voting(), votes(("ann", ONE_EACH), ("bob", ONE_EACH)))
    events = when(GAME, state, "cid", VoteOrder(1, 1, 1))
    assert types_of(GAME, events)[:2] == ["vote-cast", "vote-resolved"]


# -- counting -------------------------------------------------------------------------------

def test_more_red_sends_the_red_agent_to_its_region_and_the_other_to_antarctica() -> None:
    assert resolved(Markers(2, 0, 1), Markers(2, 0, 1), VoteOrder(0, 2, 1)) == VoteResolved(
        "ann", Markers(4, 2, 3), BLUE, "europe", GREEN, "antarctica")


def test_more_white_sends_the_white_agent_to_its_region() -> None:
    assert resolved(Markers(0, 2, 1), Markers(1, 1, 1), VoteOrder(1, 2, 0)) == VoteResolved(
        "ann", Markers(2, 5, 2), BLUE, "antarctica", GREEN, "russia")


def test_a_tie_sends_both_agents_to_their_regions() -> None:
    assert resolved(Markers(2, 0, 1), Markers(0, 2, 1), VoteOrder(1, 1, 1)) == VoteResolved(
        "ann", Markers(3, 3, 3), BLUE, "europe", GREEN, "russia")


def test_orange_counts_for_neither_card() -> None:
    # Three orange markers are in the bag, yet 3 red against 3 white is still a tie.
    result = resolved(Markers(1, 1, 1), Markers(1, 1, 1), VoteOrder(1, 1, 1))
    assert result.totals == Markers(3, 3, 3)
    assert (result.red_to, result.white_to) == ("europe", "russia")


def test_an_agent_on_the_antarctica_card_goes_to_antarctica_even_when_it_wins() -> None:
    before = [*set_up(), *round_started(1, "ann", deck_from("europe", "antarctica")),
              CardsRevealed("ann", "europe", "antarctica"),
              AgentPlaced("ann", BLUE, Side.RED, "europe"),
              AgentPlaced("bob", GREEN, Side.WHITE, "antarctica")]
    result = resolved(Markers(0, 2, 1), Markers(0, 2, 1), VoteOrder(1, 1, 1), before)
    assert result == VoteResolved("ann", Markers(1, 5, 3), BLUE, "antarctica", GREEN,
                                  "antarctica")


def empty_red_card() -> list[object]:
    """The pool is empty: bob left the red card empty, cid moved a blue agent to Oceania."""
    from .test_placement import drained

    return [*drained(("south-america", "oceania")),
            PlacementPassed("bob", Side.RED, "south-america"),
            AgentMoved("cid", BLUE, "russia", Side.WHITE, "oceania")]


def test_an_empty_card_that_wins_the_vote_still_sends_the_other_agent_to_antarctica() -> None:
    state = given(GAME, SEATS, empty_red_card(),
                  votes(("bob", Markers(2, 0, 1)), ("cid", Markers(2, 0, 1))))
    events = when(GAME, state, "ann", VoteOrder(1, 1, 1))
    result = next(e for e in events if isinstance(e, VoteResolved))
    assert result == VoteResolved("bob", Markers(5, 1, 3), None, None, BLUE, "antarctica")


def test_an_empty_card_moves_nothing_on_a_tie() -> None:
    state = given(GAME, SEATS, empty_red_card(), votes(("bob", ONE_EACH), ("cid", ONE_EACH)))
    events = when(GAME, state, "ann", VoteOrder(1, 1, 1))
    result = next(e for e in events if isinstance(e, VoteResolved))
    assert result == VoteResolved("bob", Markers(3, 3, 3), None, None, BLUE, "oceania")
    assert after(GAME, state, events).board["oceania"] == (1, 0, 1, 0)


def test_the_count_is_public_but_not_who_voted_what() -> None:
    result = resolved(Markers(2, 0, 1), Markers(2, 0, 1), VoteOrder(0, 2, 1))
    assert GAME.visibility(result).seats is None
    text = GAME.describe(result)
    assert "4 red, 2 white, 3 orange" in text
    assert not any(seat in text for seat in ("ann", "bob", "cid"))


# -- the redraw -----------------------------------------------------------------------------

def test_each_seat_draws_three_from_the_bag_starting_with_the_active_seat() -> None:
    state = given(GAME, SEATS, voting(),
                  votes(("ann", Markers(2, 0, 1)), ("bob", Markers(0, 2, 1))))
    events = when(GAME, state, "cid", VoteOrder(1, 1, 1))
    drawn = [e for e in events if isinstance(e, MarkersDrawn)]
    assert [e.seat for e in drawn] == ["ann", "bob", "cid"]
    assert all(e.markers.total == 3 for e in drawn)
    total = drawn[0].markers + drawn[1].markers + drawn[2].markers
    assert total == Markers(3, 3, 3)
    for item in drawn:
        audience = GAME.visibility(item)
        assert audience.seats == frozenset({item.seat})
        assert audience.summary == f"{item.seat} drew three vote markers from the bag"


def test_the_redraw_keeps_fifteen_markers_and_five_per_seat() -> None:
    state = given(GAME, SEATS, voting(),
                  votes(("ann", Markers(2, 0, 1)), ("bob", Markers(0, 2, 1))))
    final = after(GAME, state, when(GAME, state, "cid", VoteOrder(2, 1, 0)))
    assert [hand.total for hand in final.hands] == [5, 5, 5]
    total = final.hands[0] + final.hands[1] + final.hands[2]
    assert total == Markers(6, 6, 3) and final.bag == Markers()
    assert final.votes == (None, None, None)


def test_after_the_redraw_the_next_seat_clockwise_is_active() -> None:
    state = given(GAME, SEATS, voting(), votes(("ann", ONE_EACH), ("bob", ONE_EACH)))
    events = when(GAME, state, "cid", VoteOrder(1, 1, 1))
    assert TurnPassed("bob", 1, 2) in events
    final = after(GAME, state, events)
    assert final.seats[final.active] == "bob" and final.phase is Phase.PLACE_FIRST


def test_hands_are_full_again_after_a_played_turn() -> None:
    state = given(GAME, SEATS, history(("europe", BLUE, "russia", GREEN)))
    assert [hand.total for hand in state.hands] == [5, 5, 5]


def test_a_vote_from_json_must_hold_whole_numbers() -> None:
    order = GAME.order_from_json({"kind": "vote", "red": "2", "white": 0, "orange": 1})
    assert refused(GAME, given(GAME, SEATS, voting()), "ann", order).code == "sm.three-markers"
