"""Secrets Man Was Not Meant To Know cancels any other Special as it is played (rules 1.1):
one test for each kind of Special it can cancel, and the window's own rules."""
from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.core.testing import Scripted, after, of_type, prompted, refused, then, when
from engine.illuminati import GAME
from engine.illuminati import events as ev
from engine.illuminati.state import Answer, Phase, Play, State

from .helpers import answer_all, holding, table

CANCELLED = "cancelled by Secrets"


def _cancels(state: State, card: str, by: str = "carla") -> list[object]:
    """Return the events of the Secrets window on `card` closing with `by`'s Secrets on it
    (every other seat asked passes first)."""
    assert state.phase is Phase.COUNTER
    for seat in prompted(GAME, state):
        if seat != by and seat in (state.counter.waiting if state.counter else ()):
            state = after(GAME, state, when(GAME, state, seat, "pass"))
    return when(GAME, state, by, f"play secrets on {card}")


def _dead_kgb(state: State) -> State:
    return after(GAME, state, [ev.GroupDestroyed("kgb", "")])


FREE: list[tuple[str, str, Callable[[State], State]]] = [
    ("slush-fund", "play slush fund", lambda s: s),
    ("swiss-bank-account", "play swiss bank account", lambda s: s),
    ("white-collar-crime", "play white collar crime", lambda s: s),
    ("media-campaign", "play media campaign on kgb", _dead_kgb),
    ("computer-espionage", "play computer espionage on bruno", lambda s: s),
    ("senate-investigating-committee", "play senate on bruno", lambda s: s),
    ("market-manipulation", "play market manipulation", lambda s: s),
    ("bribery", "play bribery on big media at bavaria", lambda s: s),
]


@pytest.mark.parametrize(("card", "text", "setup"), FREE, ids=[c for c, _, _ in FREE])
def test_secrets_cancels_a_special_played_in_a_turn(card: str, text: str,
                                                     setup: Callable[[State], State]) -> None:
    state = holding(setup(table()), "anna", card)
    state = holding(state, "carla", "secrets")
    state = after(GAME, state, when(GAME, state, "anna", text))
    assert state.phase is Phase.COUNTER
    events = _cancels(state, card)
    then(events[1:], ev.CounterClosed((Answer("bruno"), Answer("carla", play="secrets",
                                                               cancels=card)),
                                      "carla", "anna", card),
         ev.SpecialDiscarded("carla", "secrets", "played"))
    state = after(GAME, state, events)
    assert state.phase is Phase.TURN and state.turn.seat == "anna"
    anna = state.player("anna")
    assert anna.cards[0].money == 9 and anna.groups == () and anna.notes == ()
    assert state.skip == () and not state.turn.free_money and not state.turn.market
    assert {card, "secrets"} <= set(state.discard)
    assert state.turn.actions == (1 if card == "bribery" else 2)  # the action was taken


def test_secrets_cancels_a_special_played_inside_an_attack_window() -> None:
    state = holding(holding(table(), "bruno", "slush-fund"), "anna", "secrets")
    state = after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                    "bavaria"))
    state = after(GAME, state, when(GAME, state, "bruno", "play slush fund"))
    state = after(GAME, state, when(GAME, state, "carla", "pass"))
    events = when(GAME, state, "anna", "play secrets on slush fund")
    assert not [e for e in of_type(events, ev.MoneyChanged) if e.seat == "bruno"]
    state = after(GAME, state, events)
    assert state.phase is Phase.RESPONSE and state.player("bruno").cards[0].money == 12


def test_secrets_cancels_whispering_campaign_and_the_attack_fails_unrolled() -> None:
    state = holding(table(uncontrolled=("cycle-gangs", "big-media")), "anna",
                    "whispering-campaign")
    state = holding(state, "bruno", "secrets")
    state = after(GAME, state, when(GAME, state, "anna", "attack destroy cycle gangs with "
                                    "bavaria whispering spending 2 from illuminati"))
    events = _cancels(state, "whispering-campaign", "bruno")
    assert of_type(events, ev.AttackResolved) == [ev.AttackResolved(
        "anna", "destroy", "cycle-gangs", False, 0, 10 - 4 + 2)]
    assert not of_type(events, ev.DiceRolled) and not of_type(events, ev.WindowOpened)
    state = after(GAME, state, events)
    assert state.phase is Phase.TURN and state.turn.actions == 1
    assert "cycle-gangs" in state.uncontrolled and state.player("anna").cards[0].money == 7


def _privileged(state: State) -> State:
    """Return the state after Bavaria's privileged attack on Big Media is announced."""
    state = after(GAME, state, [ev.MoneyChanged("anna", "bavaria", 10, "test")])
    return after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                   "bavaria privileged by bavaria"))


def test_secrets_cancels_interference_which_then_spends_nothing() -> None:
    state = _privileged(holding(holding(table(), "bruno", "interference"), "carla",
                                "secrets"))
    state = after(GAME, state, when(GAME, state, "bruno", "interfere against 3 with "
                                    "interference"))
    state = after(GAME, state, when(GAME, state, "carla", "pass"))
    events = _cancels(state, "interference")
    assert ev.SpecialDiscarded("bruno", "interference", CANCELLED) in events
    closed = of_type(events, ev.WindowClosed)[0]
    assert closed.answers[0] == Answer("bruno")
    state = after(GAME, state, events)
    assert state.player("bruno").cards[0].money == 12
    assert state.attack is None or state.attack.interference == 0


def test_secrets_cancels_deep_agent_and_the_privilege_stands() -> None:
    state = _privileged(holding(holding(table(), "carla", "deep-agent"), "bruno", "secrets"))
    state = after(GAME, state, when(GAME, state, "carla", "abolish with deep agent"))
    state = after(GAME, state, when(GAME, state, "bruno", "pass"))
    events = _cancels(state, "deep-agent", "bruno")
    closed = of_type(events, ev.WindowClosed)[0]
    assert closed.abolished is False
    assert ev.SpecialDiscarded("carla", "deep-agent", CANCELLED) in events
    state = after(GAME, state, events)
    assert state.attack is None or not state.attack.abolished
    assert "deep-agent" not in state.player("carla").hand


def _rolled(state: State, dice: tuple[int, int]) -> State:
    """Return the state once anna's attack on Big Media is rolled with `dice`."""
    state = after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                    "bavaria"))
    state = after(GAME, state, when(GAME, state, "bruno", "pass"))
    state = after(GAME, state, when(GAME, state, "carla", "pass", Scripted(*dice)))
    assert state.phase is Phase.REACTION
    return state


def test_secrets_cancels_assassination_and_the_roll_stands() -> None:
    state = _rolled(holding(holding(table(), "bruno", "assassination"), "carla", "secrets"),
                    (6, 6))
    state = after(GAME, state, when(GAME, state, "bruno", "play assassination"))
    state = answer_all(state)
    assert state.phase is Phase.SECRETS
    state = after(GAME, state, when(GAME, state, "anna", "pass"))
    state = after(GAME, state, when(GAME, state, "bruno", "pass"))
    events = when(GAME, state, "carla", "play secrets on assassination")
    assert of_type(events, ev.RollChanged)[0].roll == 12
    assert not of_type(events, ev.AttackResolved)[0].success


def test_secrets_cancels_murphys_law_and_the_roll_stands() -> None:
    state = _rolled(holding(holding(table(), "bruno", "murphys-law"), "carla", "secrets"),
                    (1, 2))
    state = after(GAME, state, when(GAME, state, "bruno", "play murphys law"))
    state = answer_all(state)
    state = after(GAME, state, when(GAME, state, "anna", "pass"))
    state = after(GAME, state, when(GAME, state, "bruno", "pass"))
    events = when(GAME, state, "carla", "play secrets on murphys law")
    assert of_type(events, ev.RollChanged)[0].roll == 3
    assert of_type(events, ev.AttackResolved)[0].success


def test_only_the_holder_of_secrets_plays_it_and_only_on_the_special_played() -> None:
    state = holding(holding(table(), "anna", "slush-fund"), "carla", "secrets")
    state = after(GAME, state, when(GAME, state, "anna", "play slush fund"))
    refused(GAME, state, "bruno", "play secrets on slush fund", "il.no-card")
    refused(GAME, state, "carla", "play secrets on bribery", "il.secrets")
    refused(GAME, state, "anna", "pass", "not-your-turn")


def test_a_sealed_secrets_answer_is_hidden_until_the_window_closes() -> None:
    state = holding(holding(table(), "anna", "slush-fund"), "carla", "secrets")
    state = after(GAME, state, when(GAME, state, "anna", "play slush fund"))
    sealed = when(GAME, state, "carla", "play secrets on slush fund")
    assert GAME.visibility(sealed[0]).seats == frozenset({"carla"})
    state = after(GAME, state, sealed)
    assert "Secrets" not in str(GAME.view(state, "bruno")["secrets_window"])
    assert "Secrets" in str(GAME.view(state, "carla")["secrets_window"]["your_answer"])
    assert GAME.prompt_for(state, "carla").submitted  # type: ignore[union-attr]
    assert not GAME.prompt_for(state, "bruno").submitted  # type: ignore[union-attr]


def test_the_secrets_window_waits_at_most_its_deadline_then_passes() -> None:
    state = holding(holding(table(), "anna", "slush-fund"), "carla", "murphys-law")
    state = after(GAME, state, when(GAME, state, "anna", "play slush fund"))
    prompt = GAME.prompt_for(state, "bruno")
    assert prompt is not None and prompt.default == GAME.parse("pass", "bruno", state)
    assert prompt.deadline_hours == 24 and prompt.simultaneous


def test_the_play_of_the_card_is_told_to_everyone_with_the_window() -> None:
    state = holding(holding(table(), "anna", "computer-espionage"), "bruno", "murphys-law")
    events = when(GAME, state, "anna", "play computer espionage on carla")
    opened = of_type(events, ev.CounterOpened)[0]
    assert opened.plays == (Play("anna", "computer-espionage", "carla"),)
    assert GAME.visibility(opened).seats is None
    assert "Computer Espionage" in GAME.describe(opened)


def test_a_sealed_secrets_spent_meanwhile_on_another_special_counts_for_nothing() -> None:
    state = holding(holding(table(), "bruno", "murphys-law"), "carla", "secrets")
    state = _rolled(holding(state, "anna", "slush-fund"), (1, 2))
    state = after(GAME, state, when(GAME, state, "bruno", "play murphys law"))
    state = answer_all(state)
    assert state.phase is Phase.SECRETS
    state = after(GAME, state, when(GAME, state, "carla", "play secrets on murphys law"))
    state = after(GAME, state, when(GAME, state, "anna", "play slush fund"))
    assert state.phase is Phase.COUNTER
    state = after(GAME, state, _cancels(state, "slush-fund"))
    assert state.phase is Phase.SECRETS and "secrets" in state.discard
    state = after(GAME, state, when(GAME, state, "anna", "pass"))
    events = when(GAME, state, "bruno", "pass")
    assert of_type(events, ev.RollChanged)[0].roll == 12  # Murphy's Law stands
    assert not of_type(events, ev.AttackResolved)[0].success
