"""The Redeploy card and the passing of the Grand Master marker."""
from __future__ import annotations

import pytest

from engine.core.errors import NotYourTurn, WrongOrderKind
from engine.core.rng import Rng
from engine.core.testing import after, given, refused, rng, then, types_of, when
from engine.secret_masters import GAME
from engine.secret_masters.events import (
    AgentPlaced,
    CardsRevealed,
    DeckShuffled,
    Redeployed,
    RedeployPassed,
    RedeployStarted,
    RoundBegan,
    RoundStarted,
    TurnPassed,
)
from engine.secret_masters.orders import PassOrder, PlaceOrder, RedeployOrder, VoteOrder
from engine.secret_masters.state import Markers, Phase, Side

from .helpers import (
    BLUE,
    GREEN,
    RED,
    SEATS,
    YELLOW,
    deck_from,
    history,
    played_turn,
    round_started,
    set_up,
    votes,
)

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
    then(events[:2], Redeployed("ann", BLUE, "europe", "russia"), RoundBegan(2, "bob", "bob"))
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
    assert events[:2] == [RedeployPassed("ann"), RoundBegan(2, "bob", "bob")]
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


def round_one_played(grand_master: str) -> list[object]:
    """Return setup and a whole first round opened by `grand_master`, up to the Redeploy card.

    Yellow (set aside) wins every card's region and green ties Russia, so nobody wins on the way.
    """
    order = [SEATS[(SEATS.index(grand_master) + k) % 3] for k in range(3)]
    cards = [("europe", "russia"), ("north-america", "east-asia"), ("south-america", "africa")]
    events = [*set_up(grand_master=grand_master),
              *round_started(1, grand_master, deck_from(*(c for pair in cards for c in pair)))]
    for turn, (seat, (red, white)) in enumerate(zip(order, cards), start=1):
        events += played_turn(seat, red, YELLOW, white, GREEN)
        if turn < 3:
            events.append(TurnPassed(order[turn], 1, turn + 1))
    return [*events, RedeployStarted(grand_master, 1)]


def test_after_redeploy_the_turn_goes_on_clockwise_and_only_the_marker_passes() -> None:
    # Round 1 is played cid, ann, bob with cid as Grand Master; ann takes the marker and
    # shuffles, and cid (the seat after bob) is active again.
    state = given(GAME, SEATS, round_one_played("cid"))
    assert (state.seats[state.active], state.seats[state.grand_master]) == ("bob", "cid")
    events = when(GAME, state, "cid", PassOrder())
    then(events[:2], RedeployPassed("cid"), RoundBegan(2, "ann", "cid"))
    assert isinstance(events[2], DeckShuffled) and events[2].round == 2
    assert events[3] == CardsRevealed("cid", *events[2].cards[:2])
    final = after(GAME, state, events)
    assert (final.round, final.turn) == (2, 1)
    assert (final.seats[final.active], final.seats[final.grand_master]) == ("cid", "ann")


@pytest.mark.parametrize(("grand_master", "following"),
                         [("ann", "bob"), ("bob", "cid"), ("cid", "ann")])
def test_the_grand_master_marker_passes_clockwise(grand_master: str, following: str) -> None:
    state = given(GAME, SEATS, round_one_played(grand_master))
    final = after(GAME, state, when(GAME, state, grand_master, PassOrder()))
    assert final.seats[final.grand_master] == following
    assert final.seats[final.active] == grand_master


def test_games_of_version_1_0_keep_the_new_grand_master_opening_the_round() -> None:
    older = GAME.at_version("1.0")
    assert isinstance(older, type(GAME)) and older.version == "1.0"
    state = given(older, SEATS, round_one_played("cid"))
    events = when(older, state, "cid", PassOrder())
    then(events[:2], RedeployPassed("cid"), RoundStarted(2, "ann"))
    assert events[3] == CardsRevealed("ann", *events[2].cards[:2])
    final = after(older, state, events)
    assert (final.seats[final.active], final.seats[final.grand_master]) == ("ann", "ann")
    assert types_of(older, older.start(older.initial_state(SEATS, {}), rng()))[5] == \
        "round-started"


def test_the_active_seat_goes_round_the_table_across_rounds() -> None:
    chooser = Rng(b"rotation-active")
    state = GAME.initial_state(SEATS, {"long": True})
    state = GAME.fold(state, GAME.start(state, chooser))
    first = state.active
    seen: list[tuple[int, int, int]] = []
    while state.round <= 3 and GAME.outcome(state) is None:
        key = (state.round, state.turn)
        if state.phase is Phase.PLACE_FIRST and (not seen or seen[-1][:2] != key):
            seen.append((*key, state.active))
        prompt = next(p for p in GAME.prompts(state) if not p.submitted)
        order = GAME.legal_orders(state, prompt.seat)[0]
        state = GAME.fold(state, GAME.decide(state, prompt.seat, order, chooser))
    assert len(seen) >= 7
    assert [active for *_, active in seen] == [(first + k) % 3 for k in range(len(seen))]


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
