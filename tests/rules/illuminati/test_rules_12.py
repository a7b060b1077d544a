"""The rules of engine version 1.2: the UFOs may pursue the goal of any of the other seven
Illuminati, an attacker calls off at most one attack a turn, and a window nobody could answer
but by passing (as public information shows) is not opened. Games of 1.1 keep their reading."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core.errors import RuleViolation
from engine.core.testing import Scripted, after, of_type, prompted, refused, when
from engine.illuminati import GAME
from engine.illuminati import events as ev
from engine.illuminati.cards import ILLUMINATI
from engine.illuminati.state import Phase, State

from .helpers import holding, money, older, table

SEATS = ("anna", "bruno", "carla")


def _ufo_table(game: Any = GAME) -> State:
    """Return a table where anna's UFOs choose their goal; Gnomes and Bavaria are in play."""
    state = game.initial_state(SEATS, game.default_options())
    return game.fold(state, [ev.IlluminatiDealt("anna", "ufos"),  # type: ignore[no-any-return]
                             ev.IlluminatiDealt("bruno", "gnomes"),
                             ev.IlluminatiDealt("carla", "bavaria"),
                             ev.DeckShuffled(("big-media", "kgb", "cia", "fbi")),
                             ev.FirstPlayerChosen((), SEATS)])


def test_the_ufos_may_choose_the_goal_of_any_of_the_other_seven() -> None:
    state = _ufo_table()
    offered = sorted(order.goal for order in GAME.legal_orders(state, "anna"))
    assert offered == sorted(card for card in ILLUMINATI if card != "ufos")
    assert len(offered) == 7
    chosen = of_type(when(GAME, state, "anna", "goal cthulhu"), ev.GoalChosen)[0]
    assert chosen.goal == "cthulhu"  # not in play
    refused(GAME, state, "anna", "goal ufos", "il.goal")


def test_the_default_goal_is_drawn_among_all_seven() -> None:
    from engine.core.declare import DefaultOrder

    drawn = {of_type(when(GAME, _ufo_table(), "anna", DefaultOrder(), Scripted(k)),
                     ev.GoalChosen)[0].goal for k in range(7)}
    assert drawn == {card for card in ILLUMINATI if card != "ufos"}


def test_under_1_1_the_ufos_choose_among_the_illuminati_in_play() -> None:
    old = older("1.1")
    state = _ufo_table(old)
    assert sorted(o.goal for o in old.legal_orders(state, "anna")) == ["bavaria", "gnomes"]
    refused(old, state, "anna", "goal cthulhu", "il.goal")


def _announced(state: State) -> State:
    """Return the state after anna announced an attack on Big Media with Bavaria."""
    return after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                   "bavaria"))


def test_an_attacker_calls_off_one_attack_a_turn() -> None:
    state = money(holding(table(), "carla", "murphys-law"), "anna", "bavaria", 10)
    state = _announced(state)
    state = after(GAME, state, when(GAME, state, "anna", "call off"))
    assert state.turn.called_off and state.turn.actions == 2
    state = _announced(state)
    assert state.phase is Phase.RESPONSE and "anna" not in prompted(GAME, state)
    assert not GAME.view(state, "bruno")["attack"]["call_off"]
    refused(GAME, state, "anna", "call off", "not-your-turn")


def test_the_call_off_is_refused_in_words_when_the_attacker_has_used_it() -> None:
    from engine.illuminati.orders import CallOffOrder
    from engine.illuminati.rules_counter import check_call_off

    state = money(holding(table(), "carla", "murphys-law"), "anna", "bavaria", 10)
    state = _announced(state)
    state = after(GAME, state, when(GAME, state, "anna", "call off"))
    state = _announced(state)
    with pytest.raises(RuleViolation) as refusal:
        check_call_off(state, "anna", CallOffOrder())
    assert refusal.value.code == "il.call-off-again"


def test_under_1_1_an_attacker_may_call_off_again_and_again() -> None:
    old = older("1.1")
    state = holding(table(game=old), "carla", "murphys-law")
    for _ in range(3):
        state = old.fold(state, when(old, state, "anna", "attack control big media with "
                                     "bavaria"))
        state = old.fold(state, when(old, state, "anna", "call off"))
    assert state.phase is Phase.TURN and state.turn.actions == 2


def test_no_reaction_window_opens_when_nobody_holds_a_special() -> None:
    events = when(GAME, table(), "anna", "attack control big media with bavaria spending 1 "
                  "from illuminati", Scripted(1, 1))
    state = after(GAME, table(), events)
    assert state.phase is Phase.RESPONSE  # bruno and carla have money to spend
    rolled = when(GAME, state, "bruno", "pass")
    rolled += when(GAME, after(GAME, state, rolled), "carla", "pass", Scripted(1, 1))
    assert ev.WindowSkipped("reaction") in rolled
    assert not [e for e in rolled if isinstance(e, ev.WindowOpened)]
    assert of_type(rolled, ev.AttackResolved)


def test_no_response_window_opens_when_nobody_has_money_or_a_special() -> None:
    state = table()
    for seat, card in (("bruno", "gnomes"), ("carla", "cthulhu")):
        own_money = state.player(seat).cards[0].money
        state = money(state, seat, card, -own_money)
    events = when(GAME, state, "anna", "attack control big media with bavaria",
                  Scripted(1, 1))
    assert ev.WindowSkipped("response") in events and ev.WindowSkipped("reaction") in events
    assert not of_type(events, ev.WindowOpened)
    assert after(GAME, state, events).phase is Phase.TURN


def test_a_privileged_attack_opens_no_window_when_nobody_holds_a_special() -> None:
    events = when(GAME, table(), "anna", "attack control big media with bavaria privileged "
                  "by bavaria", Scripted(1, 1))
    assert ev.WindowSkipped("response") in events and ev.WindowSkipped("reaction") in events
    assert not of_type(events, ev.WindowOpened)


def test_one_special_in_any_hand_opens_the_window_for_everyone_alike() -> None:
    # Bribery cannot be played on the roll, but nobody else knows what carla holds.
    state = holding(table(), "carla", "bribery")
    events = when(GAME, state, "anna", "attack control big media with bavaria privileged "
                  "by bavaria")
    assert of_type(events, ev.WindowOpened) == [ev.WindowOpened("response")]
    assert prompted(GAME, after(GAME, state, events)) == ["bruno", "carla"]


def test_which_special_is_held_never_decides_whether_a_window_opens() -> None:
    for card in ("bribery", "assassination", "secrets", "slush-fund"):
        state = holding(table(), "bruno", card)
        events = when(GAME, state, "anna", "attack control big media with bavaria privileged "
                      "by bavaria")
        assert of_type(events, ev.WindowOpened) == [ev.WindowOpened("response")], card


def test_no_secrets_window_opens_on_a_special_when_nobody_else_holds_one() -> None:
    state = holding(table(), "anna", "slush-fund")
    events = when(GAME, state, "anna", "play slush fund")
    assert ev.WindowSkipped("counter") in events and not of_type(events, ev.CounterOpened)
    assert ev.MoneyChanged("anna", "bavaria", 15, "Slush Fund") in events


def test_under_1_1_every_window_opens() -> None:
    old = older("1.1")
    state = table(game=old)
    events = when(old, state, "anna", "attack control big media with bavaria privileged by "
                  "bavaria")
    assert of_type(events, ev.WindowOpened) == [ev.WindowOpened("response")]
    assert not of_type(events, ev.WindowSkipped)


def test_pass_only_answers_for_a_seat_that_could_only_pass_and_asks_the_others() -> None:
    state = money(table(options={"auto-pass": "pass-only"}), "carla", "cthulhu",
                  -table().player("carla").cards[0].money)
    assert {p.auto_pass for p in state.players} == {"pass-only"}
    state = after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                    "bavaria", Scripted(1, 1)))
    assert state.phase is Phase.RESPONSE  # bruno has money he may spend
    assert state.attack is not None
    assert state.attack.waiting == ("bruno",)  # carla, who could only pass, is not waited for
    assert [p.seat for p in GAME.prompts(state) if p.seat != "anna" and not p.submitted] == [
        "bruno"]
    assert GAME.parse("auto-pass pass-only", "carla", state).mode == "pass-only"


def test_without_the_option_every_seat_starts_with_auto_pass_off() -> None:
    assert {p.auto_pass for p in table().players} == {"off"}
