"""Every Special card, with its timing as the service plays it."""
from __future__ import annotations

from engine.core.testing import Scripted, after, of_type, prompted, refused, when
from engine.illuminati import GAME
from engine.illuminati import events as ev
from engine.illuminati.state import Phase, State

from .helpers import answer_all, own, table


def holding(state: State, seat: str, *cards: str) -> State:
    """Return the state with `cards` drawn into the seat's hand."""
    return after(GAME, state, [ev.SpecialDrawn(seat, card) for card in cards])



def test_slush_fund_and_swiss_bank_account_pay_into_the_illuminati() -> None:
    state = holding(table(), "anna", "slush-fund", "swiss-bank-account")
    state = after(GAME, state, when(GAME, state, "anna", "play slush fund"))
    state = after(GAME, state, when(GAME, state, "anna", "play swiss bank"))
    assert state.player("anna").cards[0].money == 9 + 15 + 25
    assert state.player("anna").hand == ()
    assert state.turn.actions == 2


def test_a_money_special_may_be_played_in_a_window_without_answering_it() -> None:
    state = holding(table(), "bruno", "slush-fund")
    state = after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                    "bavaria"))
    state = after(GAME, state, when(GAME, state, "bruno", "play slush fund"))
    assert state.player("bruno").cards[0].money == 12 + 15
    assert "bruno" in prompted(GAME, state)


def test_white_collar_crime_adds_five_and_frees_the_transfers_of_the_turn() -> None:
    state = own(own(table(), "anna", "cia", money=4), "anna", "fbi", master="cia")
    state = holding(state, "anna", "white-collar-crime")
    state = after(GAME, state, when(GAME, state, "anna", "play white collar crime on fbi"))
    assert state.player("anna").placed("fbi").money == 5  # type: ignore[union-attr]
    events = when(GAME, state, "anna", "transfer 5 from fbi to bavaria")
    assert of_type(events, ev.MoneyTransferred)[0].kind == "free"


def test_media_campaign_brings_a_group_back_from_the_dead_pile() -> None:
    state = after(GAME, holding(table(), "anna", "media-campaign"),
                  [ev.GroupDestroyed("kgb", "")])
    state = after(GAME, state, when(GAME, state, "anna", "play media campaign on kgb"))
    assert "kgb" in state.uncontrolled and "kgb" not in state.dead


def test_computer_espionage_shows_a_hand_to_its_player_alone() -> None:
    state = holding(holding(table(), "anna", "computer-espionage"), "bruno", "deep-agent")
    events = when(GAME, state, "anna", "play computer espionage on bruno")
    seen = of_type(events, ev.EspionageSeen)[0]
    assert seen.hand == ("deep-agent",)
    assert GAME.visibility(seen).seats == frozenset({"anna"})
    state = after(GAME, state, events)
    assert "Deep Agent" not in str(GAME.view(state, "carla"))
    assert "deep-agent" in str(GAME.view(state, "anna")["you"])


def test_senate_investigating_committee_skips_the_next_turn_of_its_target() -> None:
    state = holding(table(), "anna", "senate-investigating-committee")
    state = after(GAME, state, when(GAME, state, "anna", "play senate on bruno"))
    state = after(GAME, state, when(GAME, state, "anna", "end"))
    assert state.turn.seat == "carla"
    assert state.skip == ()


def test_market_manipulation_pays_the_income_again_first_thing_in_the_turn() -> None:
    state = own(table(), "anna", "democrats")
    state = holding(state, "anna", "market-manipulation")
    events = when(GAME, state, "anna", "play market manipulation")
    paid = {e.card: e.amount for e in of_type(events, ev.MoneyChanged)}
    assert paid == {"bavaria": 9, "democrats": 3}
    done = after(GAME, state, when(GAME, state, "anna", "give 1 to bruno"))
    refused(GAME, done, "anna", "play market manipulation", "il.timing")


def test_bribery_takes_an_uncontrolled_group_as_a_regular_action() -> None:
    state = holding(table(), "anna", "bribery")
    state = after(GAME, state, when(GAME, state, "anna", "play bribery on big media at "
                                    "bavaria"))
    assert "big-media" in state.player("anna").groups and state.turn.actions == 1


def test_whispering_campaign_destroys_a_power_zero_group_power_against_resistance() -> None:
    state = holding(table(uncontrolled=("cycle-gangs", "big-media")), "anna",
                    "whispering-campaign")
    events = when(GAME, state, "anna", "attack destroy cycle gangs with bavaria whispering")
    assert of_type(events, ev.SpecialDiscarded)[0].card == "whispering-campaign"
    state = answer_all(after(GAME, state, events))
    assert state.attack is not None and state.attack.needed == 10 - 4


def _privileged(state: State) -> State:
    """Return the state after Bavaria's privileged attack on Big Media is announced."""
    return after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                   "bavaria privileged by bavaria"))


def test_in_a_privileged_attack_only_an_interference_card_lets_a_player_interfere() -> None:
    state = _privileged(holding(table(), "bruno", "interference"))
    assert state.player("anna").cards[0].money == 9 - 5
    refused(GAME, state, "carla", "interfere against 2", "il.privileged")
    state = after(GAME, state, when(GAME, state, "bruno", "interfere against 3 with "
                                    "interference"))
    closed = when(GAME, state, "carla", "pass")
    assert of_type(closed, ev.WindowClosed)[0].answers[0].interfere == -3
    state = after(GAME, state, closed)
    assert state.attack is not None and state.attack.interference == -3
    assert "interference" in state.discard


def test_deep_agent_abolishes_privilege_and_the_window_reopens() -> None:
    state = _privileged(holding(table(), "carla", "deep-agent"))
    state = after(GAME, state, when(GAME, state, "bruno", "pass"))
    state = after(GAME, state, when(GAME, state, "carla", "abolish with deep agent"))
    assert state.phase is Phase.RESPONSE and state.attack is not None
    assert state.attack.abolished
    state = after(GAME, state, when(GAME, state, "bruno", "interfere against 1"))
    assert state.attack is not None and state.attack.interference == 0


def test_two_specials_discarded_abolish_privilege_too() -> None:
    state = _privileged(holding(table(), "bruno", "slush-fund", "media-campaign"))
    state = after(GAME, state, when(GAME, state, "bruno", "abolish with slush fund and media"))
    state = after(GAME, state, when(GAME, state, "carla", "pass"))
    assert state.attack is not None and state.attack.abolished
    assert state.player("bruno").hand == ()


def test_assassination_makes_the_roll_a_two() -> None:
    state = holding(table(), "carla", "assassination")
    state = after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                    "bavaria", Scripted(6, 6)))
    state = answer_all(state)
    assert state.phase is Phase.REACTION
    state = after(GAME, state, when(GAME, state, "carla", "play assassination"))
    state = answer_all(state)
    state = answer_all(state)
    assert "big-media" in state.player("anna").groups


def test_murphys_law_makes_the_roll_a_twelve() -> None:
    state = holding(table(), "bruno", "murphys-law")
    state = after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                    "bavaria spending 5 from illuminati", Scripted(1, 1)))
    state = answer_all(state)
    state = after(GAME, state, when(GAME, state, "bruno", "play murphys law"))
    state = answer_all(state)
    state = answer_all(state)
    assert "big-media" not in state.player("anna").groups
    assert state.phase is Phase.TURN
