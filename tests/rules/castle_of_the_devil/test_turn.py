"""The turn: proclaim first if wished, then exactly one action (Spy, Trade, Duel); clockwise."""
from __future__ import annotations

from engine.castle_of_the_devil import GAME
from engine.castle_of_the_devil.events import Spied, TurnStarted
from engine.castle_of_the_devil.orders import (
    AcceptOrder,
    ClaimOrder,
    DuelOrder,
    OfferOrder,
    PassOrder,
    SpyOrder,
    TakeOrder,
)
from engine.castle_of_the_devil.state import Phase
from engine.core.errors import NotYourTurn, WrongOrderKind

from .helpers import after, audience, deal, given, legal, prompted, refused, rng, types_of, when


def test_only_the_active_player_is_prompted() -> None:
    state = given(deal(4, first="carla"))
    assert prompted(state) == ["carla"]
    refusal = refused(state, "anna", SpyOrder("bruno"))
    assert isinstance(refusal, NotYourTurn)


def test_the_turn_offers_claims_spy_trade_and_duel() -> None:
    state = given(deal(4))
    orders = legal(state, "anna")
    assert ClaimOrder("order") in orders and ClaimOrder("brotherhood") in orders
    assert [o for o in orders if isinstance(o, SpyOrder)] == [
        SpyOrder("bruno"), SpyOrder("carla"), SpyOrder("dieter")]
    assert [o for o in orders if isinstance(o, OfferOrder)] == [
        OfferOrder("key", "bruno"), OfferOrder("key", "carla"), OfferOrder("key", "dieter")]
    assert [o for o in orders if isinstance(o, DuelOrder)] == [
        DuelOrder("bruno"), DuelOrder("carla"), DuelOrder("dieter")]


def test_no_pass_in_this_edition() -> None:
    state = given(deal(4))
    assert PassOrder() not in legal(state, "anna")
    assert isinstance(refused(state, "anna", PassOrder()), WrongOrderKind)


def test_spy_draws_a_random_object_and_only_spy_and_target_see_it() -> None:
    state = given(deal(4, hands=[("key",), ("goblet", "dagger", "whip"), ("coat",), ("tome",)]))
    seen = set()
    for seed in range(20):
        events = when(state, "anna", SpyOrder("bruno"), rng(bytes([seed])))
        spied = events[0]
        assert isinstance(spied, Spied) and spied.spy == "anna" and spied.target == "bruno"
        assert audience(spied) == {"anna", "bruno"}
        assert GAME.visibility(spied).summary == "anna spied on bruno"
        seen.add(spied.obj)
    assert seen == {"goblet", "dagger", "whip"}


def test_spying_changes_no_hand_and_ends_the_turn() -> None:
    state = given(deal(4))
    events = when(state, "anna", SpyOrder("bruno"))
    assert types_of(events) == ["spied", "turn-started"]
    later = after(state, events)
    assert later.hands == state.hands
    assert later.phase is Phase.TURN and later.seats[later.active] == "bruno"
    assert later.turn == 2


def test_the_spy_notes_what_it_saw() -> None:
    state = after(given(deal(4)), when(given(deal(4)), "anna", SpyOrder("bruno")))
    assert "Turn 1: you spied on bruno and saw the Goblet." in state.notes[0]
    assert any("anna spied on you" in note for note in state.notes[1])
    assert state.notes[2] == ()


def test_play_goes_clockwise_and_wraps() -> None:
    state = given(deal(4, first="dieter"))
    events = when(state, "dieter", SpyOrder("anna"))
    assert events[-1] == TurnStarted("anna", 2)


def test_the_deadline_default_spies_on_the_next_player() -> None:
    state = given(deal(5, first="emma"))
    prompt = GAME.prompts(state)[0]
    assert prompt.default == SpyOrder("anna")
    assert prompt.deadline_hours == 48
    assert "spy on the next player" in prompt.default_summary


def test_cannot_spy_on_yourself_or_a_stranger() -> None:
    state = given(deal(4))
    assert refused(state, "anna", SpyOrder("anna")).code == "cd.self"
    assert refused(state, "anna", SpyOrder("zora")).code == "cd.unknown-seat"


def test_other_order_kinds_are_not_taken_on_a_turn() -> None:
    state = given(deal(4))
    for order in (AcceptOrder("key"), TakeOrder("key")):
        violation = refused(state, "anna", order)
        assert isinstance(violation, WrongOrderKind)
        assert "spy bruno" in violation.legal


def test_prompt_keys_change_at_every_step() -> None:
    state = given(deal(4))
    key = GAME.prompts(state)[0].key
    later = after(state, when(state, "anna", SpyOrder("bruno")))
    assert GAME.prompts(later)[0].key != key
