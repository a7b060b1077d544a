"""The start of an active turn: the win check, revealing two cards, refilling the pool."""
from __future__ import annotations

from engine.core.testing import given, types_of, when
from engine.secret_masters import GAME
from engine.secret_masters.events import (
    AgentMoved,
    AgentPlaced,
    AntarcticaReturned,
    CardsRevealed,
    DeckShuffled,
    FactionsRevealed,
    GameWon,
    RedeployPassed,
    RedeployStarted,
    RoundBegan,
    TurnPassed,
)
from engine.secret_masters.orders import PassOrder, VoteOrder
from engine.secret_masters.state import Markers, Side

from .helpers import (
    BLUE,
    DECK,
    FACTIONS,
    GREEN,
    RED,
    SEATS,
    YELLOW,
    deck_from,
    placed_both,
    played_turn,
    redeploy_passed,
    round_started,
    set_up,
    votes,
)

# Green (bob's faction) holds Europe and East Asia: 5 points.
GREEN_FIVE = {"europe": GREEN, "east-asia": GREEN, "russia": BLUE, "oceania": RED,
              "india-middle-east": YELLOW}
GREEN_SIX = {**GREEN_FIVE, "africa": GREEN}


def redeploy_of_round_one(start: dict[str, object], long: bool = False) -> object:
    return given(GAME, SEATS, set_up(start=start), round_started(1, "ann"),
                 RedeployStarted("ann", 1), options={"long": long})


def test_the_first_card_goes_red_and_the_second_white() -> None:
    state = given(GAME, SEATS, set_up(), round_started(1, "ann", deck=DECK))
    events = when(GAME, given(GAME, SEATS, set_up(), round_started(1, "ann"),
                              RedeployStarted("ann", 1)),
                  "ann", PassOrder())
    shuffled = next(e for e in events if isinstance(e, DeckShuffled))
    revealed = next(e for e in events if isinstance(e, CardsRevealed))
    assert (revealed.red, revealed.white) == shuffled.cards[:2]
    assert state.deck == DECK


def test_a_turn_passing_reveals_the_next_two_cards() -> None:
    state = given(GAME, SEATS, set_up(), round_started(1, "ann"),
                  CardsRevealed("ann", DECK[0], DECK[1]), placed_both(),
                  votes(("ann", Markers(1, 1, 1)), ("bob", Markers(1, 1, 1))))
    events = when(GAME, state, "cid", VoteOrder(1, 1, 1))
    assert TurnPassed("bob", 1, 2) in events
    assert events[-1] == CardsRevealed("bob", DECK[2], DECK[3])


def test_win_at_five_points_at_the_start_of_the_active_turn() -> None:
    events = when(GAME, redeploy_of_round_one(GREEN_FIVE), "ann", PassOrder())
    assert events[:2] == [RedeployPassed("ann"), RoundBegan(2, "bob", "bob")]
    assert events[3:] == [GameWon("bob", GREEN, 5), FactionsRevealed(FACTIONS, YELLOW)]


def test_the_winner_and_the_factions_are_public() -> None:
    events = when(GAME, redeploy_of_round_one(GREEN_FIVE), "ann", PassOrder())
    for item in events[3:]:
        assert GAME.visibility(item).seats is None


def test_after_a_win_the_game_is_over() -> None:
    state = redeploy_of_round_one(GREEN_FIVE)
    final = GAME.fold(state, when(GAME, state, "ann", PassOrder()))
    outcome = GAME.outcome(final)
    assert outcome is not None and outcome.winners == ("bob",)
    assert "5 points" in outcome.reason and "Green" in outcome.reason
    assert outcome.scores == {"ann": 1, "bob": 5, "cid": 1}
    assert GAME.prompts(final) == ()


def test_long_game_needs_six_points() -> None:
    events = when(GAME, redeploy_of_round_one(GREEN_FIVE, long=True), "ann", PassOrder())
    assert "game-won" not in types_of(GAME, events)
    assert isinstance(events[-1], CardsRevealed) and events[-1].seat == "bob"


def test_long_game_is_won_at_six_points() -> None:
    events = when(GAME, redeploy_of_round_one(GREEN_SIX, long=True), "ann", PassOrder())
    assert GameWon("bob", GREEN, 6) in events


def test_only_the_active_seats_faction_can_win() -> None:
    yellow_five = {"europe": YELLOW, "east-asia": YELLOW, "russia": BLUE, "oceania": RED,
                   "africa": GREEN}
    events = when(GAME, redeploy_of_round_one(yellow_five), "ann", PassOrder())
    assert "game-won" not in types_of(GAME, events)


def test_a_seat_wins_when_the_turn_passes_to_it() -> None:
    # Cid is Grand Master; during cid's turn, ann's Blue already controls 5 points.
    blue_five = {"europe": BLUE, "east-asia": BLUE, "russia": GREEN, "oceania": RED,
                 "india-middle-east": YELLOW}
    state = given(GAME, SEATS, set_up(start=blue_five, grand_master="cid"), round_started(1, "cid"),
                  CardsRevealed("cid", "north-america", "south-america"),
                  AgentPlaced("cid", RED, Side.RED, "north-america"),
                  AgentPlaced("ann", YELLOW, Side.WHITE, "south-america"),
                  votes(("cid", Markers(1, 1, 1)), ("ann", Markers(1, 1, 1))))
    events = when(GAME, state, "bob", VoteOrder(1, 1, 1))
    assert events[-3:] == [TurnPassed("ann", 1, 2), GameWon("ann", BLUE, 5),
                           FactionsRevealed(FACTIONS, YELLOW)]


def test_no_win_in_the_middle_of_a_turn() -> None:
    # Blue (ann) has 4 points; the vote puts a blue agent in East Asia, making 6. The turn
    # goes on to bob, and nobody wins until Blue's seat starts a turn.
    blue_four = {"europe": BLUE, "russia": BLUE, "oceania": RED, "africa": GREEN,
                 "india-middle-east": YELLOW}
    state = given(GAME, SEATS, set_up(start=blue_four),
                  round_started(1, "ann", deck_from("east-asia", "south-america")),
                  CardsRevealed("ann", "east-asia", "south-america"),
                  placed_both_on("east-asia", "south-america"),
                  votes(("ann", Markers(2, 0, 1)), ("bob", Markers(0, 2, 1))))
    events = when(GAME, state, "cid", VoteOrder(1, 1, 1))
    assert "game-won" not in types_of(GAME, events)
    final = GAME.fold(state, events)
    assert GAME.view(final, None)["points"]["blue"] == 6
    assert final.active == 1 and GAME.outcome(final) is None


def placed_both_on(red: str, white: str) -> list[object]:
    return [AgentPlaced("ann", BLUE, Side.RED, red), AgentPlaced("bob", GREEN, Side.WHITE, white)]


def pool_nearly_empty() -> list[object]:
    """Seven turns take 14 agents from the pool (2 left); one yellow went to Antarctica.

    Ann plays Yellow, which controls only 3 points afterwards, so nobody wins on the way.
    """
    return [
        *set_up(factions={"ann": YELLOW, "bob": BLUE, "cid": GREEN}, aside=RED),
        *round_started(1, "ann", deck_from("europe", "russia", "north-america", "east-asia",
                                           "south-america", "africa")),
        *played_turn("ann", "europe", BLUE, "russia", GREEN), TurnPassed("bob", 1, 2),
        *played_turn("bob", "north-america", BLUE, "east-asia", GREEN), TurnPassed("cid", 1, 3),
        *played_turn("cid", "south-america", BLUE, "africa", GREEN),
        *redeploy_passed("ann", 1),
        *round_started(2, "bob", deck_from("europe", "russia", "north-america", "east-asia",
                                           "south-america", "antarctica")),
        *played_turn("bob", "europe", BLUE, "russia", GREEN), TurnPassed("cid", 2, 2),
        *played_turn("cid", "north-america", RED, "east-asia", YELLOW), TurnPassed("ann", 2, 3),
        *played_turn("ann", "south-america", RED, "antarctica", YELLOW),
        *redeploy_passed("bob", 2),
        *round_started(3, "cid", deck_from("europe", "russia", "oceania", "africa")),
    ]


def test_pool_state_before_the_refill() -> None:
    state = given(GAME, SEATS, pool_nearly_empty(),
                  played_turn("cid", "europe", RED, "russia", YELLOW))
    assert sum(state.pool) == 2
    assert state.board["antarctica"] == (0, 0, 0, 1)


def test_antarctica_returns_to_the_pool_when_two_or_fewer_agents_are_left() -> None:
    events = pool_nearly_empty() + played_turn("cid", "europe", RED, "russia", YELLOW)
    state = given(GAME, SEATS, events[:-5])  # cid's turn up to the last vote
    result = when(GAME, state, "bob", VoteOrder(1, 1, 1))
    assert result[-3:] == [TurnPassed("ann", 3, 2), CardsRevealed("ann", "oceania", "africa"),
                           AntarcticaReturned((0, 0, 0, 1))]
    final = GAME.fold(state, result)
    assert final.pool == (0, 0, 1, 2) and final.board["antarctica"] == (0, 0, 0, 0)


def test_antarctica_stays_while_three_agents_are_in_the_pool() -> None:
    # In cid's turn ann moves an agent instead of taking one from the pool: 3 are left.
    state = given(GAME, SEATS, pool_nearly_empty(), CardsRevealed("cid", "europe", "russia"),
                  AgentPlaced("cid", RED, Side.RED, "europe"),
                  AgentMoved("ann", GREEN, "africa", Side.WHITE, "russia"),
                  votes(("cid", Markers(1, 1, 1)), ("ann", Markers(1, 1, 1))))
    assert sum(state.pool) == 3
    result = when(GAME, state, "bob", VoteOrder(1, 1, 1))
    assert "antarctica-returned" not in types_of(GAME, result)
