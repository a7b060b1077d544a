"""Every Special card, with its timing as the service plays it: played, then (rules 1.1) a
sealed window in which anyone else may cancel it with Secrets Man Was Not Meant To Know, then
carried out."""
from __future__ import annotations

from engine.core.testing import Scripted, after, of_type, prompted, refused, then, when
from engine.illuminati import GAME
from engine.illuminati import events as ev
from engine.illuminati.state import Answer, Phase, Play, State

from .helpers import answer_all, holding, nobody_cancels, older, own, resolve, table


def test_slush_fund_pays_15_into_the_illuminati_once_nobody_cancels_it() -> None:
    state = holding(holding(table(), "anna", "slush-fund"), "carla", "murphys-law")
    played = when(GAME, state, "anna", "play slush fund")
    then(played, ev.ActionTaken("anna", False), ev.SpecialDiscarded("anna", "slush-fund",
                                                                    "played"),
         ev.CounterOpened((Play("anna", "slush-fund"),), "free", ("bruno", "carla")))
    state = after(GAME, state, played)
    assert state.phase is Phase.COUNTER and prompted(GAME, state) == ["bruno", "carla"]
    state = after(GAME, state, when(GAME, state, "bruno", "pass"))
    then(when(GAME, state, "carla", "pass"), ev.AnswerSealed(Answer("carla")),
         ev.CounterClosed((Answer("bruno"), Answer("carla"))),
         ev.MoneyChanged("anna", "bavaria", 15, "Slush Fund"))


def test_swiss_bank_account_pays_25_into_the_illuminati() -> None:
    state = holding(table(), "anna", "swiss-bank-account")
    state = nobody_cancels(after(GAME, state, when(GAME, state, "anna", "play swiss bank")))
    assert state.player("anna").cards[0].money == 9 + 25
    assert state.player("anna").hand == () and state.turn.actions == 2
    assert state.phase is Phase.TURN


def test_a_money_special_may_be_played_in_a_window_without_answering_it() -> None:
    state = holding(holding(table(), "bruno", "slush-fund"), "carla", "murphys-law")
    state = after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                    "bavaria"))
    state = after(GAME, state, when(GAME, state, "bruno", "play slush fund"))
    assert state.phase is Phase.COUNTER and prompted(GAME, state) == ["anna", "carla"]
    state = nobody_cancels(state)
    assert state.phase is Phase.RESPONSE
    assert state.player("bruno").cards[0].money == 12 + 15
    assert "bruno" in prompted(GAME, state) and state.attack is not None
    assert "bruno" in state.attack.waiting


def test_white_collar_crime_adds_five_and_frees_the_transfers_of_the_turn() -> None:
    state = own(own(table(), "anna", "cia", money=4), "anna", "fbi", master="cia")
    state = holding(state, "anna", "white-collar-crime")
    state = nobody_cancels(after(GAME, state, when(GAME, state, "anna", "play white collar "
                                                   "crime on fbi")))
    assert state.player("anna").placed("fbi").money == 5  # type: ignore[union-attr]
    events = when(GAME, state, "anna", "transfer 5 from fbi to bavaria")
    assert of_type(events, ev.MoneyTransferred)[0].kind == "free"


def test_media_campaign_brings_a_group_back_from_the_dead_pile() -> None:
    state = after(GAME, holding(table(), "anna", "media-campaign"),
                  [ev.GroupDestroyed("kgb", "")])
    state = nobody_cancels(after(GAME, state, when(GAME, state, "anna", "play media campaign "
                                                   "on kgb")))
    assert "kgb" in state.uncontrolled and "kgb" not in state.dead


def test_computer_espionage_shows_a_hand_to_its_player_alone() -> None:
    state = holding(holding(table(), "anna", "computer-espionage"), "bruno", "deep-agent")
    state = after(GAME, state, when(GAME, state, "anna", "play computer espionage on bruno"))
    state = after(GAME, state, when(GAME, state, "bruno", "pass"))
    events = when(GAME, state, "carla", "pass")
    seen = of_type(events, ev.EspionageSeen)[0]
    assert seen.hand == ("deep-agent",)
    assert GAME.visibility(seen).seats == frozenset({"anna"})
    state = after(GAME, state, events)
    assert "Deep Agent" not in str(GAME.view(state, "carla"))
    assert "deep-agent" in str(GAME.view(state, "anna")["you"])


def test_senate_investigating_committee_skips_the_next_turn_of_its_target() -> None:
    state = holding(table(), "anna", "senate-investigating-committee")
    state = nobody_cancels(after(GAME, state, when(GAME, state, "anna", "play senate on "
                                                   "bruno")))
    state = after(GAME, state, when(GAME, state, "anna", "end"))
    assert state.turn.seat == "carla"
    assert state.skip == ()


def test_market_manipulation_pays_the_income_again_first_thing_in_the_turn() -> None:
    state = own(table(), "anna", "democrats")
    state = holding(holding(state, "anna", "market-manipulation"), "bruno", "murphys-law")
    state = after(GAME, state, when(GAME, state, "anna", "play market manipulation"))
    state = after(GAME, state, when(GAME, state, "bruno", "pass"))
    events = when(GAME, state, "carla", "pass")
    paid = {e.card: e.amount for e in of_type(events, ev.MoneyChanged)}
    assert paid == {"bavaria": 9, "democrats": 3}
    late = own(table(), "anna", "democrats")
    late = holding(after(GAME, late, when(GAME, late, "anna", "give 1 to bruno")), "anna",
                   "market-manipulation")
    refused(GAME, late, "anna", "play market manipulation", "il.timing")


def test_bribery_takes_an_uncontrolled_group_as_a_regular_action() -> None:
    state = holding(table(), "anna", "bribery")
    state = nobody_cancels(after(GAME, state, when(GAME, state, "anna", "play bribery on big "
                                                   "media at bavaria")))
    assert "big-media" in state.player("anna").groups and state.turn.actions == 1


def test_whispering_campaign_destroys_a_power_zero_group_power_against_resistance() -> None:
    state = holding(table(uncontrolled=("cycle-gangs", "big-media")), "anna",
                    "whispering-campaign")
    state = holding(state, "carla", "murphys-law")
    events = when(GAME, state, "anna", "attack destroy cycle gangs with bavaria whispering")
    assert of_type(events, ev.SpecialDiscarded)[0].card == "whispering-campaign"
    state = after(GAME, state, events)
    assert state.phase is Phase.COUNTER and prompted(GAME, state) == ["bruno", "carla"]
    state = answer_all(nobody_cancels(state))
    assert state.attack is not None and state.attack.needed == 10 - 4


def _privileged(state: State) -> State:
    """Return the state after Bavaria's privileged attack on Big Media is announced."""
    return after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                   "bavaria privileged by bavaria"))


def test_a_privileged_attack_lets_only_the_player_of_an_interference_card_interfere() -> None:
    state = _privileged(holding(table(), "bruno", "interference"))
    assert state.player("anna").cards[0].money == 9 - 5
    refused(GAME, state, "carla", "interfere against 2", "il.privileged")
    state = after(GAME, state, when(GAME, state, "bruno", "interfere against 3 with "
                                    "interference"))
    revealed = when(GAME, state, "carla", "pass")
    then(revealed, ev.AnswerSealed(Answer("carla")),
         ev.CounterOpened((Play("bruno", "interference"),), "response",
                          ("anna", "bruno", "carla")))
    state = after(GAME, state, revealed)
    state = after(GAME, state, when(GAME, state, "anna", "pass"))
    state = after(GAME, state, when(GAME, state, "bruno", "pass"))
    closed = when(GAME, state, "carla", "pass")
    assert of_type(closed, ev.WindowClosed)[0].answers[0].interfere == -3
    state = after(GAME, state, closed)
    assert state.attack is not None and state.attack.interference == -3
    assert "interference" in state.discard
    assert state.player("bruno").cards[0].money == 12 - 3


def test_deep_agent_abolishes_privilege_and_the_window_reopens() -> None:
    state = _privileged(holding(table(), "carla", "deep-agent"))
    state = after(GAME, state, when(GAME, state, "bruno", "pass"))
    state = after(GAME, state, when(GAME, state, "carla", "abolish with deep agent"))
    assert state.phase is Phase.COUNTER
    state = nobody_cancels(state)
    assert state.phase is Phase.RESPONSE and state.attack is not None
    assert state.attack.abolished
    state = after(GAME, state, when(GAME, state, "bruno", "interfere against 1"))
    assert state.attack is not None and state.attack.interference == 0


def test_two_specials_discarded_abolish_privilege_with_no_secrets_window() -> None:
    state = _privileged(holding(table(), "bruno", "slush-fund", "media-campaign"))
    state = after(GAME, state, when(GAME, state, "bruno", "abolish with slush fund and media"))
    state = after(GAME, state, when(GAME, state, "carla", "pass"))
    assert state.phase is Phase.RESPONSE
    assert state.attack is not None and state.attack.abolished
    assert state.player("bruno").hand == ()


def test_assassination_makes_the_roll_a_two() -> None:
    state = holding(holding(table(), "carla", "assassination"), "bruno", "murphys-law")
    state = after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                    "bavaria", Scripted(6, 6)))
    state = answer_all(state)
    assert state.phase is Phase.REACTION
    state = after(GAME, state, when(GAME, state, "carla", "play assassination"))
    state = answer_all(state)
    assert state.phase is Phase.SECRETS
    state = answer_all(state)
    assert "big-media" in state.player("anna").groups


def test_murphys_law_makes_the_roll_a_twelve() -> None:
    state = holding(table(), "bruno", "murphys-law")
    state = after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                    "bavaria spending 5 from illuminati", Scripted(1, 1)))
    state = answer_all(state)
    state = after(GAME, state, when(GAME, state, "bruno", "play murphys law"))
    state = resolve(state)
    assert "big-media" not in state.player("anna").groups
    assert state.phase is Phase.TURN


def test_assassination_and_murphys_law_together_leave_the_roll_standing() -> None:
    state = holding(holding(table(), "bruno", "murphys-law"), "carla", "assassination")
    state = holding(state, "anna", "slush-fund")
    state = after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                    "bavaria"))
    state = after(GAME, state, when(GAME, state, "bruno", "pass"))
    state = after(GAME, state, when(GAME, state, "carla", "pass", Scripted(6, 5)))
    assert state.phase is Phase.REACTION and state.attack is not None
    assert state.attack.roll == 11
    state = after(GAME, state, when(GAME, state, "bruno", "play murphys law"))
    state = after(GAME, state, when(GAME, state, "carla", "play assassination"))
    state = answer_all(state)
    state = after(GAME, state, when(GAME, state, "anna", "pass"))
    state = after(GAME, state, when(GAME, state, "bruno", "pass"))
    changed = of_type(when(GAME, state, "carla", "pass"), ev.RollChanged)[0]
    assert changed.roll == 11


def test_the_secrets_window_is_sent_to_everyone_but_the_player_and_standing_orders_pass() -> None:
    state = holding(holding(table(), "anna", "slush-fund"), "carla", "murphys-law")
    state = after(GAME, state, [ev.AutoPassSet("bruno", "on")])
    state = after(GAME, state, when(GAME, state, "anna", "play slush fund"))
    assert prompted(GAME, state) == ["bruno", "carla"]
    assert [p.seat for p in GAME.prompts(state) if p.submitted] == ["bruno"]
    everyone = after(GAME, holding(holding(table(), "anna", "slush-fund"), "carla",
                                   "murphys-law"),
                     [ev.AutoPassSet("bruno", "on"), ev.AutoPassSet("carla", "on")])
    events = when(GAME, everyone, "anna", "play slush fund")
    assert of_type(events, ev.CounterClosed) and of_type(events, ev.MoneyChanged)


def test_no_secrets_window_opens_once_secrets_was_seen_discarded() -> None:
    state = holding(table(), "anna", "slush-fund", "secrets")
    state = after(GAME, state, [ev.SpecialDiscarded("anna", "secrets", "privilege")])
    events = when(GAME, state, "anna", "play slush fund")
    assert not of_type(events, ev.CounterOpened)
    assert of_type(events, ev.MoneyChanged)[0].amount == 15


def test_the_rules_of_version_10_carry_out_a_special_at_once() -> None:
    old = older()
    state = holding(table(game=old), "anna", "slush-fund")
    then(when(old, state, "anna", "play slush fund"), ev.ActionTaken("anna", False),
         ev.SpecialDiscarded("anna", "slush-fund", "played"),
         ev.MoneyChanged("anna", "bavaria", 15, "Slush Fund"))
