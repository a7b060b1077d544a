"""The Redeploy card and the passing of the Grand Master marker."""
from __future__ import annotations

import pytest

from engine.core.errors import NotYourTurn, WrongOrderKind
from engine.core.rng import Rng
from engine.core.testing import after, given, refused, when
from engine.secret_masters import GAME
from engine.secret_masters.events import (
    AgentPlaced,
    CardsRevealed,
    DeckShuffled,
    Redeployed,
    RedeployPassed,
    RedeployStarted,
    RoundStarted,
)
from engine.secret_masters.orders import PassOrder, PlaceOrder, RedeployOrder, VoteOrder
from engine.secret_masters.state import Markers, Side

from .helpers import BLUE, GREEN, RED, SEATS, YELLOW, history, round_started, set_up, votes

START = {"europe": BLUE, "east-asia": GREEN, "oceania": RED, "india-middle-east": YELLOW}


def redeploy(grand_master: str = "ann") -> object:
    return given(GAME, SEATS, set_up(start=START, grand_master=grand_master),
                 round_started(1, grand_master), RedeployStarted(grand_master, 1))


def test_the_redeploy_card_comes_up_after_the_third_active_turn() -> None:
    state = given(GAME, SEATS, history(("europe", BLUE, "russia", GREEN),
                          ("north-america", BLUE, "east-asia", GREEN),
                          next_cards=("south-america", "africa")),
                  AgentPlaced("cid", RED, Side.RED, "south-america"),
                  AgentPlaced("ann", YELLOW, Side.WHITE, "africa"),
                  votes(("cid", Markers(1, 1, 1)), ("ann", Markers(1, 1, 1))))
    events = when(GAME, state, "bob", VoteOrder(1, 1, 1))
    assert events[-1] == RedeployStarted("ann", 1)
    prompts = GAME.prompts(after(GAME, state, events))
    assert [(p.seat, p.key) for p in prompts] == [("ann", "r1.redeploy")]


def test_the_grand_master_moves_one_agent_to_a_region_of_lower_value() -> None:
    events = when(GAME, redeploy(), "ann", RedeployOrder(BLUE, "europe", "russia"))
    assert events[:2] == [Redeployed("ann", BLUE, "europe", "russia"), RoundStarted(2, "bob")]
    assert isinstance(events[2], DeckShuffled)
    assert events[3] == CardsRevealed("bob", *events[2].cards[:2])
    final = after(GAME, redeploy(), events)
    assert final.board["europe"] == (0, 0, 0, 0) and final.board["russia"] == (1, 0, 0, 0)


def test_two_steps_down_are_allowed() -> None:
    assert when(GAME, redeploy(), "ann", RedeployOrder(BLUE, "europe", "africa"))[0] == Redeployed(
        "ann", BLUE, "europe", "africa")


@pytest.mark.parametrize("target", ["north-america", "europe"])
def test_the_new_region_must_be_worth_less(target: str) -> None:
    violation = refused(GAME, redeploy(), "ann", RedeployOrder(BLUE, "europe", target))
    assert violation.code == "sm.redeploy-not-lower"


def test_never_up_in_value() -> None:
    violation = refused(GAME, redeploy(), "ann", RedeployOrder(RED, "oceania", "europe"))
    assert violation.code == "sm.redeploy-not-lower"


@pytest.mark.parametrize("order", [RedeployOrder(BLUE, "europe", "antarctica"),
                                   RedeployOrder(BLUE, "antarctica", "russia")])
def test_never_from_or_to_antarctica(order: RedeployOrder) -> None:
    assert refused(GAME, redeploy(), "ann", order).code == "sm.redeploy-antarctica"


def test_the_agent_must_be_there() -> None:
    violation = refused(GAME, redeploy(), "ann", RedeployOrder(GREEN, "europe", "russia"))
    assert violation.code == "sm.no-such-agent"


def test_an_unknown_region_is_refused() -> None:
    violation = refused(GAME, redeploy(), "ann", RedeployOrder(BLUE, "atlantis", "russia"))
    assert violation.code == "sm.unknown-region"


def test_the_grand_master_may_pass() -> None:
    events = when(GAME, redeploy(), "ann", PassOrder())
    assert events[:2] == [RedeployPassed("ann"), RoundStarted(2, "bob")]
    assert GAME.legal_orders(redeploy(), "ann")[-1] == PassOrder()


def test_legal_redeploys_are_listed() -> None:
    legal = GAME.legal_orders(redeploy(), "ann")
    assert RedeployOrder(BLUE, "europe", "east-asia") in legal
    assert RedeployOrder(GREEN, "east-asia", "oceania") in legal
    assert RedeployOrder(GREEN, "east-asia", "europe") not in legal
    assert not any(isinstance(o, RedeployOrder) and o.from_region == "oceania" for o in legal)


def test_only_the_grand_master_decides_the_redeploy() -> None:
    with pytest.raises(NotYourTurn):
        when(GAME, redeploy(), "bob", PassOrder())
    with pytest.raises(WrongOrderKind):
        when(GAME, redeploy(), "ann", PlaceOrder(BLUE, "europe"))


@pytest.mark.parametrize(("grand_master", "following"),
                         [("ann", "bob"), ("bob", "cid"), ("cid", "ann")])
def test_the_grand_master_marker_passes_clockwise_and_opens_the_round(grand_master: str,
                                                                     following: str) -> None:
    state = redeploy(grand_master)
    final = after(GAME, state, when(GAME, state, grand_master, PassOrder()))
    assert final.round == 2 and final.turn == 1
    assert final.seats[final.grand_master] == following
    assert final.seats[final.active] == following


def test_each_round_reshuffles_the_nine_cards() -> None:
    events = when(GAME, redeploy(), "ann", PassOrder())
    shuffled = next(e for e in events if isinstance(e, DeckShuffled))
    assert shuffled.round == 2 and len(set(shuffled.cards)) == 9


def test_three_rounds_of_play_rotate_the_grand_master() -> None:
    rng = Rng(b"rotation")
    state = GAME.initial_state(("ann", "bob", "cid"), {"long": True})
    state = GAME.fold(state, GAME.start(state, rng))
    first = state.grand_master
    seen: list[tuple[int, int]] = []
    while state.round <= 3 and GAME.outcome(state) is None:
        seen.append((state.round, state.grand_master))
        prompt = next(p for p in GAME.prompts(state) if not p.submitted)
        order = GAME.legal_orders(state, prompt.seat)[0]
        state = GAME.fold(state, GAME.decide(state, prompt.seat, order, rng))
    rounds = dict(seen)
    assert rounds[1] == first
    for number in range(2, max(rounds) + 1):
        assert rounds[number] == (first + number - 1) % 3
