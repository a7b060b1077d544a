"""Calling off an announced attack (rules 1.1): possible only until money is committed (the
attacker's, anyone else's, or the dice); a called-off attack does not count as an action."""
from __future__ import annotations

from engine.core.testing import after, of_type, prompted, refused, then, when
from engine.illuminati import GAME
from engine.illuminati import events as ev
from engine.illuminati.state import Phase

from .helpers import holding, money, nobody_cancels, older, own, table


def test_an_attack_without_money_is_called_off_and_its_action_is_not_spent() -> None:
    state = own(table(), "anna", "cia")
    state = after(GAME, state, when(GAME, state, "anna", "attack control big media with cia "
                                    "aided by bavaria"))
    assert "anna" in prompted(GAME, state)
    prompt = GAME.prompt_for(state, "anna")
    assert prompt is not None and prompt.submitted  # nothing is owed: no deadline default
    state = after(GAME, state, when(GAME, state, "bruno", "interfere against 2"))
    called = when(GAME, state, "anna", "call off")
    then(called, ev.AttackCalledOff("anna", "big-media",
                                    "called off before anything was committed"))
    state = after(GAME, state, called)
    assert state.phase is Phase.TURN and state.attack is None
    assert state.turn.actions == 2 and state.turn.used == ()
    assert state.player("bruno").cards[0].money == 12  # the sealed answer is never carried out
    assert of_type(when(GAME, state, "anna", "attack control gun lobby with cia aided by "
                        "bavaria"), ev.AttackAnnounced)


def test_the_sealed_answers_of_a_called_off_attack_stay_unseen() -> None:
    state = after(GAME, table(), when(GAME, table(), "anna", "attack control big media with "
                                      "bavaria"))
    state = after(GAME, state, when(GAME, state, "carla", "interfere for 3"))
    state = after(GAME, state, when(GAME, state, "anna", "call off"))
    assert "interfere" not in str(GAME.view(state, "bruno"))
    assert not [e for e in when(GAME, state, "anna", "end")
                if isinstance(e, ev.WindowClosed)]


def test_an_attack_with_money_put_down_is_committed() -> None:
    state = after(GAME, table(), when(GAME, table(), "anna", "attack control big media with "
                                      "bavaria spending 1 from illuminati"))
    assert "anna" not in prompted(GAME, state)
    refused(GAME, state, "anna", "call off", "not-your-turn")


def test_bavarias_five_megabucks_for_privilege_commit_the_attack() -> None:
    state = holding(table(), "carla", "interference")
    state = after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                    "bavaria privileged by bavaria"))
    assert state.phase is Phase.RESPONSE
    assert "anna" not in prompted(GAME, state)


def test_money_spent_by_another_player_commits_the_attack() -> None:
    state = after(GAME, table(), when(GAME, table(), "anna", "attack control big media with "
                                      "bavaria"))
    state = after(GAME, state, when(GAME, state, "bruno", "interfere against 1"))
    state = after(GAME, state, when(GAME, state, "carla", "pass"))
    assert state.phase is Phase.RAISE
    refused(GAME, state, "anna", "call off", "il.committed")


def test_the_roll_commits_the_attack() -> None:
    state = holding(table(), "carla", "murphys-law")
    state = after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                    "bavaria"))
    state = after(GAME, state, when(GAME, state, "bruno", "pass"))
    state = after(GAME, state, when(GAME, state, "carla", "pass"))
    assert state.phase is Phase.REACTION
    refused(GAME, state, "anna", "call off", "il.committed")


def test_a_special_discarded_for_privilege_stays_discarded_when_called_off() -> None:
    state = holding(holding(table(), "anna", "slush-fund"), "carla", "interference")
    state = after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                    "bavaria privileged by slush fund"))
    state = after(GAME, state, when(GAME, state, "anna", "call off"))
    assert state.turn.actions == 2 and "slush-fund" in state.discard
    assert state.player("anna").hand == ()


def test_only_the_attacker_calls_off_and_it_answers_nothing_else() -> None:
    state = after(GAME, table(), when(GAME, table(), "anna", "attack control big media with "
                                      "bavaria"))
    refused(GAME, state, "bruno", "call off", "il.call-off")
    refused(GAME, state, "anna", "pass", "il.attacker")
    refused(GAME, state, "anna", "interfere for 2", "il.attacker")


def test_a_called_off_first_attack_leaves_the_retry_rule_as_it_was() -> None:
    state = money(table(), "anna", "bavaria", 10)
    state = after(GAME, state, when(GAME, state, "anna", "attack control gun lobby with "
                                    "bavaria"))
    state = after(GAME, state, when(GAME, state, "anna", "call off"))
    announced = of_type(when(GAME, state, "anna", "attack control big media with bavaria"),
                        ev.AttackAnnounced)[0]
    assert announced.first_action


def test_a_whispering_campaign_attack_may_be_called_off_once_its_window_passed() -> None:
    state = holding(table(uncontrolled=("cycle-gangs", "big-media")), "anna",
                    "whispering-campaign")
    state = holding(state, "carla", "murphys-law")
    state = after(GAME, state, when(GAME, state, "anna", "attack destroy cycle gangs with "
                                    "bavaria whispering"))
    assert "anna" not in prompted(GAME, state)
    state = nobody_cancels(state)
    state = after(GAME, state, when(GAME, state, "anna", "call off"))
    assert state.turn.actions == 2 and "whispering-campaign" in state.discard


def test_the_rules_of_version_10_commit_every_announcement() -> None:
    old = older()
    state = table(game=old)
    state = old.fold(state, when(old, state, "anna", "attack control big media with bavaria"))
    assert "anna" not in prompted(old, state)
    refused(old, state, "anna", "call off", "not-your-turn")
