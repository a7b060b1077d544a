"""Deadline defaults: random legal placement, random vote from own markers, no redeploy."""
from __future__ import annotations

import pytest

from engine.core.declare import DefaultOrder
from engine.core.errors import UnreadableOrder
from engine.core.rng import Rng
from engine.core.testing import Scripted, after, given, refused, then, when
from engine.secret_masters import GAME
from engine.secret_masters.events import (
    AgentMoved,
    AgentPlaced,
    PlacementPassed,
    RedeployPassed,
    RedeployStarted,
    VoteCast,
)
from engine.secret_masters.orders import MoveOrder, PlaceOrder, VoteOrder
from engine.secret_masters.state import Markers, Side

from .helpers import BLUE, RED, SEATS, opening, placed_both, round_started, set_up, votes
from .test_placement import drained


def decided_with(state: object, seat: str, seed: int) -> list[object]:
    return GAME.decide(state, seat, DefaultOrder(), Rng(f"deadline-{seed}".encode()))


def test_every_prompt_defaults_to_the_deadline_order() -> None:
    for state in (given(GAME, SEATS, opening()), given(GAME, SEATS, opening(), placed_both())):
        for prompt in GAME.prompts(state):
            assert prompt.default == DefaultOrder() and prompt.deadline_hours == 48
            assert prompt.default_summary


def test_default_placement_is_a_random_legal_placement() -> None:
    state = given(GAME, SEATS, opening())
    legal = GAME.legal_orders(state, "ann")
    chosen = set()
    for seed in range(40):
        [placed] = decided_with(state, "ann", seed)
        assert isinstance(placed, AgentPlaced)
        chosen.add(PlaceOrder(placed.colour, placed.region))
    assert chosen <= set(legal) and len(chosen) > 4


def test_default_second_placement_may_be_a_move() -> None:
    state = given(GAME, SEATS, opening(), AgentPlaced("ann", RED, Side.WHITE, "russia"))
    legal = set(GAME.legal_orders(state, "bob"))
    kinds = set()
    for seed in range(60):
        [event] = decided_with(state, "bob", seed)
        if isinstance(event, AgentMoved):
            assert MoveOrder(event.colour, event.from_region) in legal
        else:
            assert isinstance(event, AgentPlaced)
            assert PlaceOrder(event.colour, event.region) in legal
        kinds.add(type(event))
    assert kinds == {AgentMoved, AgentPlaced}


def test_default_placement_passes_when_nothing_is_legal() -> None:
    assert decided_with(given(GAME, SEATS, drained(("south-america", "oceania"))), "bob", 1) == [
        PlacementPassed("bob", Side.RED, "south-america")]


def test_default_vote_is_three_of_the_seats_own_markers() -> None:
    state = given(GAME, SEATS, opening(), placed_both())
    seen = set()
    for seed in range(40):
        [cast] = decided_with(state, "ann", seed)
        assert isinstance(cast, VoteCast) and cast.markers.total == 3
        assert Markers(2, 2, 1).holds(cast.markers) and not cast.revised
        seen.add(cast.markers)
    assert len(seen) >= 4


def test_default_vote_does_not_replace_a_vote_already_in() -> None:
    state = given(GAME, SEATS, opening(), placed_both(), votes(("ann", Markers(2, 0, 1))))
    assert refused(GAME, state, "ann", DefaultOrder()).code == "sm.vote-already-cast"


def test_default_votes_complete_the_count() -> None:
    state = given(GAME, SEATS, opening(), placed_both(), votes(("ann", Markers(2, 0, 1))))
    state = after(GAME, state, when(GAME, state, "bob", DefaultOrder()))
    events = when(GAME, state, "cid", DefaultOrder())
    assert [type(e).__name__ for e in events[:2]] == ["VoteCast", "VoteResolved"]


def test_default_redeploy_moves_nothing() -> None:
    start = {"europe": BLUE, "russia": RED}
    state = given(GAME, SEATS, set_up(start=start), round_started(1, "ann"),
                  RedeployStarted("ann", 1))
    assert when(GAME, state, "ann", DefaultOrder())[0] == RedeployPassed("ann")


def test_the_default_cannot_be_written_as_text() -> None:
    with pytest.raises(UnreadableOrder) as caught:
        GAME.parse("default", "ann", given(GAME, SEATS, opening()))
    assert "deadline" in caught.value.message
    assert GAME.format_order(DefaultOrder()) == "default"


def test_the_default_is_not_offered_as_a_legal_order() -> None:
    state = given(GAME, SEATS, opening(), placed_both())
    assert DefaultOrder() not in GAME.legal_orders(state, "ann")
    assert VoteOrder(1, 1, 1) in GAME.legal_orders(state, "ann")


def test_a_default_placement_is_drawn_from_the_listed_legal_placements_in_order() -> None:
    # Ann's legal placements are listed colour by colour, red card first: the sixth is a red
    # agent on the white card (Russia).
    state = given(GAME, SEATS, opening())
    assert GAME.legal_orders(state, "ann")[5] == PlaceOrder(RED, "russia")
    then(when(GAME, state, "ann", DefaultOrder(), Scripted(5)),
         AgentPlaced("ann", RED, Side.WHITE, "russia"))


def test_a_default_vote_takes_the_first_three_of_the_shuffled_hand() -> None:
    # The hand is red, red, white, white, orange; a shuffle that swaps nothing keeps that order.
    state = given(GAME, SEATS, opening(), placed_both())
    then(when(GAME, state, "ann", DefaultOrder(), Scripted(4, 3, 2, 1)),
         VoteCast("ann", Markers(2, 1, 0), False))
    then(when(GAME, state, "ann", DefaultOrder(), Scripted(0, 3, 2, 1)),
         VoteCast("ann", Markers(1, 1, 1), False))
