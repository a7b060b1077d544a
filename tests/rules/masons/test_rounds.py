"""Scoring rounds: the order, drawing, the reshuffle, the last-place swap and sealed scoring."""
from __future__ import annotations

from typing import Any

from engine.core.declare import DefaultOrder
from engine.masons import GAME
from engine.masons import events as ev
from engine.masons.orders import DiscardOrder, SwapOrder
from engine.masons.state import Phase, State

from .helpers import deal, dice, given, houses, of_type, refused, then, towers, walls, when

CLOSING = (walls("1-4", "1-6"), towers(t4="grey", t6="white"))
"""Space 0 walled on two sides: wall 4-6 completes it as city 1."""


def completed(players: int = 4, builder: str = "anna", **options: str) -> State:
    """Return the state after `builder` completed city 1 with wall 4-6."""
    state = given(deal(players), *CLOSING, turn_of=builder, options=options)
    return then(state, when(state, builder, "wall 4-6", dice(None, "red", "red")))


def test_scoring_begins_with_the_builder_and_goes_clockwise() -> None:
    state = completed(builder="carla")
    assert state.phase is Phase.SCORE
    assert [p.seat for p in GAME.prompts(state)] == ["carla"]
    assert [state.seats[k] for k in state.queue] == ["carla", "dieter", "anna", "bruno"]
    refused(state, "anna", "play walls", "not-your-turn")


def test_playing_draws_one_card_and_discarding_draws_two() -> None:
    state = completed()
    played = when(state, "anna", "play walls towers")
    assert [len(e.cards) for e in of_type(played, ev.CardsDrawn)] == [1]
    state = then(state, played)
    assert len(state.hands[0]) == 5 and state.discard == ("walls", "towers")
    discarded = when(state, "bruno", "discard city palaces draw two")
    assert discarded[0] == ev.CardDiscarded("bruno", "city-palaces")
    assert [len(e.cards) for e in of_type(discarded, ev.CardsDrawn)] == [2]
    assert len(then(state, discarded).hands[1]) == 7


def test_cards_not_held_are_refused() -> None:
    state = completed()
    refused(state, "anna", "play city-palaces", "masons.not-held")
    refused(state, "anna", "play walls towers cities", "masons.play-count")
    refused(state, "anna", "pass", "masons.no-pass")
    refused(state, "anna", "play walls in city 1", "masons.city-given")


def test_the_discard_pile_is_reshuffled_when_the_supply_runs_out() -> None:
    state = given(deal(2), *CLOSING)
    rest = state.supply
    state = given(deal(2), *CLOSING, ev.CardsDrawn("bruno", rest),
                  ev.CardDiscarded("bruno", rest[0]), ev.CardDiscarded("bruno", rest[1]))
    assert state.supply == () and len(state.discard) == 2
    state = then(state, when(state, "anna", "wall 4-6", dice(None, "red", "red")))
    events = when(state, "anna", "play walls")
    assert events[1] == ev.DiscardReshuffled(3)
    after = then(state, events)
    assert after.discard == () and len(after.supply) == 2 and len(after.hands[0]) == 6


def test_the_player_in_last_place_may_swap_cards() -> None:
    state = completed(2)
    state = then(state, when(state, "anna", "play cities"))
    events = when(state, "bruno", "discard walls")
    assert events[-1] == ev.SwapsStarted(("bruno",))
    state = then(state, events)
    assert [p.seat for p in GAME.prompts(state)] == ["bruno"]
    swapped = when(state, "bruno", "swap towers region-west")
    assert swapped[0] == ev.CardsSwapped("bruno", ("region-west", "towers"))
    assert [len(e.cards) for e in of_type(swapped, ev.CardsDrawn)] == [2]
    assert swapped[-1] == ev.TurnStarted("bruno", 6)


def test_every_player_tied_for_last_swaps_in_order_from_the_builder() -> None:
    state = completed(3, builder="bruno")
    for seat in ("bruno", "carla", "anna"):
        state = then(state, when(state, seat, DiscardOrder(state.hands[state.index(seat)][0])))
    assert state.phase is Phase.SWAP
    assert [state.seats[k] for k in state.queue] == ["bruno", "carla", "anna"]
    state = then(state, when(state, "bruno", "swap none"))
    assert [p.seat for p in GAME.prompts(state)] == ["carla"]


def test_a_player_without_cards_plays_nothing_and_draws_one() -> None:
    state = given(deal(2, hands=(("walls",), ())), *CLOSING)
    state = then(state, when(state, "anna", "wall 4-6", dice(None, "red", "red")))
    events = when(state, "anna", "play walls")
    assert ev.ScoringPassed("bruno") in events
    assert [e.seat for e in of_type(events, ev.CardsDrawn)] == ["anna", "bruno"]


def test_sealed_scoring_everyone_chooses_at_once() -> None:
    state = completed(3, scoring="sealed")
    prompts = GAME.prompts(state)
    assert [p.seat for p in prompts] == ["anna", "bruno", "carla"]
    assert all(p.simultaneous for p in prompts)
    sealed = when(state, "anna", "play cities")
    assert sealed == [ev.ChoiceSealed("anna", sealed[0].choice)]
    assert GAME.visibility(sealed[0]).seats == frozenset({"anna"})
    state = then(state, sealed)
    assert "cities" not in str(GAME.view(state, "bruno")["scoring"])
    assert GAME.view(state, "anna")["you"]["sealed"] == "play cities"
    state = then(state, when(state, "anna", "play walls"))
    state = then(state, when(state, "carla", "discard towers-black"))
    events = when(state, "bruno", "play walls")
    played = [(e.seat, e.cards) for e in of_type(events, ev.CardsPlayed)]
    assert played == [("anna", ("walls",)), ("bruno", ("walls",))]
    assert ev.CardDiscarded("carla", "towers-black") in events


def _last_tower_position(*extra: Any, hands: Any = None) -> State:
    """Return a state where all towers but one black are on the board; anna builds 4-9."""
    points = list(range(10, 38))
    colours = ["white"] * 10 + ["grey"] * 9 + ["black"] * 9
    placed = [ev.TowerPlaced(p, c) for p, c in zip(points, colours, strict=True)]
    return given(deal(2, hands=hands), placed, towers(t4="grey"), *extra)


def test_the_last_tower_ends_the_game_with_a_final_scoring() -> None:
    state = _last_tower_position(walls("1-4", "2-4"))
    events = when(state, "anna", "wall 4-9", dice("black", "red", "red"))
    assert ev.TowerPlaced(9, "black") in events
    assert events[-1] == ev.ScoringStarted(0, ("anna", "bruno"), final=True)
    state = then(state, events)
    refused(state, "anna", "discard walls", "masons.final-discard")
    state = then(state, when(state, "anna", "play walls"))
    ended = when(state, "bruno", "pass")
    assert ended[0] == ev.ScoringPassed("bruno")
    assert isinstance(ended[-1], ev.GameEnded) and ended[-1].winners == ("anna",)
    outcome = GAME.outcome(then(state, ended))
    assert outcome is not None and outcome.scores == {"anna": 3, "bruno": 0}  # walls 1-4, 2-4, 4-9
    assert "last tower" in outcome.reason


def test_the_final_scoring_names_a_completed_city_for_city_cards() -> None:
    from .helpers import city

    state = _last_tower_position(city(1, (42,)))
    state = then(state, when(state, "anna", "wall 4-9", dice("black", "red", "red")))
    refused(state, "anna", "play city-size", "masons.city-needed")
    refused(state, "anna", "play city-size in city 7", "masons.no-city")
    events = when(state, "anna", "play city-size in city 1")
    assert events[0] == ev.CardsPlayed("anna", ("city-size",), (6,), 1)
    assert not of_type(events, ev.CardsDrawn)


def test_a_tie_goes_to_the_most_cards_left_then_is_shared() -> None:
    hands = (("walls", "towers"), ("walls", "cities", "towers"))
    state = _last_tower_position(hands=hands)
    state = then(state, when(state, "anna", "wall 4-9", dice("black", "red", "red")))
    state = then(state, when(state, "anna", "pass"))
    ended = when(state, "bruno", "pass")
    assert ended[-1].winners == ("bruno",) and "most cards" in ended[-1].reason
    state = _last_tower_position(hands=(("walls",), ("cities",)))
    state = then(state, when(state, "anna", "wall 4-9", dice("black", "red", "red")))
    state = then(state, when(state, "anna", "pass"))
    ended = when(state, "bruno", "pass")
    assert ended[-1].winners == ("anna", "bruno") and "share" in ended[-1].reason


def test_deadline_defaults() -> None:
    state = given(deal())
    wall = when(state, "anna", DefaultOrder())
    assert isinstance(wall[0], ev.WallBuilt)
    state = completed()
    assert GAME.prompts(state)[0].default == DefaultOrder()
    discarded = when(state, "anna", DefaultOrder())
    assert isinstance(discarded[0], ev.CardDiscarded)
    state = completed(2)
    state = then(state, when(state, "anna", "play cities"))
    state = then(state, when(state, "bruno", "discard walls"))
    assert GAME.prompts(state)[0].default == SwapOrder(())


LINES_1_2_3 = ("4-9", "9-14", "14-19", "19-24", "24-29", "29-34", "34-39", "2-7", "7-12",
               "12-17", "17-22", "22-27", "27-32", "32-37", "5-10", "10-15", "15-20", "20-25",
               "25-30", "30-35", "35-40")
NORTH_COAST = ("1-6", "6-11", "11-16", "16-21", "21-26", "26-31", "31-36")


def test_the_last_wall_completing_a_city_is_scored_as_usual_and_ends_the_game() -> None:
    # 32 walls stand: every inner flat line, the north coast, row 0's east end, three more.
    standing = walls(*LINES_1_2_3, *NORTH_COAST, "36-39", "3-8", "8-13", "13-18")
    state = given(deal(2), standing, towers(t1="grey", t4="white"))
    assert state.walls_left() == 1
    events = when(state, "anna", "wall 1-4", dice(None, "red", "red"))
    assert ev.CityCompleted(1, tuple(range(14))) in events
    assert events[-1] == ev.ScoringStarted(1, ("anna", "bruno"))
    state = then(state, events)
    state = then(state, when(state, "anna", "play walls"))
    state = then(state, when(state, "bruno", "discard walls"))
    assert state.phase is Phase.SWAP
    ended = when(state, "bruno", "swap none")
    assert not [e for e in of_type(ended, ev.ScoringStarted) if e.final]
    assert isinstance(ended[-1], ev.GameEnded) and "last wall" in ended[-1].reason


def test_the_last_palace_or_house_ends_the_game_too() -> None:
    from engine.masons.flow import game_over_reason

    palaces = [[*houses((s, c), (s, c)), ev.PalaceBuilt(s, c, (s, s))]
               for s, c in zip(range(15), ["yellow", "green", "blue", "pink", "red"] * 3)]
    assert game_over_reason(given(deal(2), *palaces)) == "the last palace was placed"
    reds = houses(*[(s, c) for c in ("yellow", "green", "blue", "pink", "red")
                    for s in range(12)])
    assert game_over_reason(given(deal(2), reds)) == "the last house was placed"
    assert game_over_reason(given(deal(2))) == ""
