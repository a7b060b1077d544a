"""Attacks: the arithmetic of the summary's modifier table, and an attack run by mail."""
from __future__ import annotations

from engine.core.testing import Scripted, after, of_type, prompted, refused, when
from engine.illuminati import GAME
from engine.illuminati import events as ev
from engine.illuminati.arithmetic import Plan, parts, succeeds, target_number
from engine.illuminati.state import Phase

from .helpers import answer_all, holding, money, own, table, unanswered


def number(state, kind, group, target, **extra):  # type: ignore[no-untyped-def]
    """Return the target number of a planned attack by anna."""
    return target_number(state, Plan("anna", kind, group, target, **extra))


def test_control_is_power_plus_aid_minus_resistance() -> None:
    state = own(table(), "anna", "cia")
    state = own(state, "anna", "fbi")
    # C.I.A. 6 + F.B.I. transferable 2 - Big Media 6 + Straight/Straight? no: CIA is
    # Government/Violent, Big Media Liberal/Straight: no pair.
    assert number(state, "control", "cia", "big-media", aiders=("fbi",)) == 6 + 2 - 6


def test_same_alignment_adds_four_and_opposite_takes_four() -> None:
    state = own(table(uncontrolled=("democrats", "republicans")), "anna", "feminists")
    # Feminists (Liberal) on Democrats (Liberal): +4, and Feminists' own +3 on Liberal groups.
    assert number(state, "control", "feminists", "democrats") == 2 - 4 + 4 + 3
    # on Republicans (Conservative): the opposite, -4.
    assert number(state, "control", "feminists", "republicans") == 2 - 4 - 4


def test_destroy_is_power_against_power_with_alignments_reversed() -> None:
    state = own(table(uncontrolled=("democrats", "republicans")), "anna", "cfl-aio")
    assert number(state, "destroy", "cfl-aio", "democrats") == 6 - 5 - 4
    assert number(state, "destroy", "cfl-aio", "republicans") == 6 - 4 + 4


def test_neutralize_gets_six_and_the_assassins_four_more() -> None:
    state = table(illuminati=("assassins", "gnomes", "cthulhu"))
    state = own(state, "bruno", "democrats")
    plan = Plan("anna", "neutralize", "assassins", "democrats")
    # 8 - 4 + 6 (neutralize) - 10 (puppet of the Illuminati) + 4 (Assassins)
    assert target_number(state, plan) == 8 - 4 + 6 - 10 + 4
    assert ("distance from the Illuminati", -10) in parts(state, plan)


def test_distance_from_the_illuminati_is_ten_five_two() -> None:
    state = table()
    state = own(state, "bruno", "cia")
    state = own(state, "bruno", "fbi", master="cia")
    state = own(state, "bruno", "democrats", master="fbi")
    state = own(state, "bruno", "republicans", master="democrats")
    base = {card: number(state, "control", "bavaria", card) for card in
            ("cia", "fbi", "democrats", "republicans")}
    assert base == {"cia": 10 - 5 - 10, "fbi": 10 - 6 - 5, "democrats": 10 - 4 - 2,
                    "republicans": 10 - 4}


def test_money_counts_one_for_attacker_two_for_target_one_for_defender_illuminati() -> None:
    state = table()
    plan = Plan("anna", "control", "bavaria", "big-media", spent=5, defence=2 * 2 + 3,
                interference=-2)
    assert target_number(state, plan) == 10 - 6 + 5 - 7 - 2


def test_gun_lobby_resists_liberal_communist_and_weird_attackers() -> None:
    state = own(table(), "anna", "democrats")
    state = own(state, "anna", "cia")
    assert number(state, "control", "democrats", "gun-lobby") == 5 - 10 - 4
    assert number(state, "control", "cia", "gun-lobby") == 6 - 3 + 4


def test_survivalists_shield_their_owners_other_groups() -> None:
    state = own(table(), "bruno", "survivalists")
    state = own(state, "bruno", "democrats")
    assert number(state, "control", "bavaria", "democrats") == 10 - (4 + 2) - 10
    assert number(state, "control", "bavaria", "survivalists") == 10 - 6 - 10


def test_any_attempt_bonus_helps_every_group_but_direct_only_its_own() -> None:
    state = table(uncontrolled=("convenience-stores", "science-fiction-fans"))
    state = own(state, "anna", "tabloids")
    state = own(state, "anna", "fast-food-chains")
    # Tabloids' +3 is for direct control only; Fast Food Chains (Straight) get +4 alignment.
    assert number(state, "control", "tabloids", "convenience-stores") == 2 - 4 + 3 - 4
    assert number(state, "control", "fast-food-chains", "convenience-stores") == 2 - 4 + 4
    state = own(state, "anna", "hackers")
    # Hackers' +3 counts on any neutralize attempt of the structure.
    plan = Plan("anna", "neutralize", "tabloids", "democrats")
    state = own(state, "bruno", "democrats")
    assert target_number(state, plan) == 2 - 4 + 6 - 10 + 3


def test_eleven_and_twelve_always_fail_two_only_when_in_reach() -> None:
    assert succeeds(10, 15) and not succeeds(11, 15) and not succeeds(12, 20)
    assert succeeds(2, 2) and not succeeds(2, 1)


def test_discordians_are_immune_to_government_and_straight_attackers() -> None:
    state = table(illuminati=("bavaria", "discordia", "cthulhu"))
    state = own(state, "bruno", "democrats")
    state = own(state, "anna", "cia")
    refused(GAME, state, "anna", "attack control democrats with cia", "il.discordian")


def test_power_zero_needs_whispering_campaign_to_be_destroyed() -> None:
    state = table(uncontrolled=("cycle-gangs", "big-media"))
    refused(GAME, state, "anna", "attack destroy cycle gangs with bavaria", "il.power-zero")


def test_each_group_attacks_or_aids_once_a_turn() -> None:
    state = table()
    state = after(GAME, state, when(GAME, state, "anna", "auto-pass on"))
    for seat in ("bruno", "carla"):
        state = after(GAME, state, when(GAME, state, seat, "pass")) if seat in prompted(
            GAME, state) else state
    events = when(GAME, state, "anna", "attack control big media with bavaria",
                  Scripted(6, 6))
    state = after(GAME, state, events)
    while state.phase is not Phase.TURN:
        state = after(GAME, state, when(GAME, state, unanswered(state)[0], "pass"))
    # the attack failed on its first action: Bavaria may retry the same target, not another
    refused(GAME, state, "anna", "attack control gun lobby with bavaria", "il.group-used")
    assert of_type(when(GAME, state, "anna", "attack control big media with bavaria"),
                   ev.AttackAnnounced)



def test_an_attack_by_mail_windows_raise_roll_and_capture() -> None:
    state = money(table(), "anna", "bavaria", 0)
    events = when(GAME, state, "anna", "attack control big media with bavaria spending 2 "
                  "from illuminati")
    state = after(GAME, state, events)
    assert state.phase is Phase.RESPONSE and prompted(GAME, state) == ["bruno", "carla"]
    state = after(GAME, state, when(GAME, state, "bruno", "pass"))
    sealed = when(GAME, state, "carla", "interfere against 1")
    state = after(GAME, state, sealed)
    assert of_type(sealed, ev.WindowClosed)[0].answers[1].interfere == -1
    assert state.phase is Phase.RAISE and prompted(GAME, state) == ["anna"]
    rolled = when(GAME, state, "anna", "roll", Scripted(2, 3))
    assert of_type(rolled, ev.DiceRolled) == [ev.DiceRolled((2, 3), 10 - 6 + 2 - 1)]
    state = answer_all(after(GAME, state, rolled))
    assert state.phase is Phase.TURN
    assert "big-media" in state.player("anna").groups
    assert state.player("carla").cards[0].money == 7 - 1


def test_murphys_law_turns_the_roll_to_twelve_and_secrets_cancels_it() -> None:
    state = table(deck=("murphys-law", "secrets", "kgb", "democrats"))
    state = after(GAME, state, [ev.SpecialDrawn("bruno", "murphys-law"),
                                ev.SpecialDrawn("carla", "secrets")])
    state = after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                    "bavaria"))
    state = answer_all(state)
    assert state.phase is Phase.REACTION
    state = after(GAME, state, when(GAME, state, "bruno", "play murphys law"))
    state = after(GAME, state, when(GAME, state, "anna", "pass"))
    state = after(GAME, state, when(GAME, state, "carla", "pass"))
    assert state.phase is Phase.SECRETS
    state = after(GAME, state, when(GAME, state, "anna", "pass"))
    state = after(GAME, state, when(GAME, state, "bruno", "pass"))
    last = when(GAME, state, "carla", "play secrets on murphys law")
    changed = of_type(last, ev.RollChanged)[0]
    assert changed.roll == state.attack.roll  # Murphy's Law was cancelled: the roll stands


def test_a_standing_pass_answers_at_once_without_showing_who_holds_it() -> None:
    state = holding(table(), "carla", "murphys-law")
    state = after(GAME, state, [ev.AutoPassSet("bruno", "on")])
    state = after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                    "bavaria"))
    assert prompted(GAME, state) == ["anna", "bruno", "carla"]  # anna may call it off
    assert unanswered(state) == ["carla"]
    assert GAME.view(state, "carla")["attack"]["answered"] is False
    state = after(GAME, state, when(GAME, state, "carla", "pass"))
    assert state.phase is Phase.REACTION


def test_a_sealed_answer_may_be_changed_until_the_window_closes() -> None:
    state = money(table(), "bruno", "gnomes", 10)
    state = after(GAME, state, when(GAME, state, "anna", "attack control big media with "
                                    "bavaria"))
    state = after(GAME, state, when(GAME, state, "bruno", "interfere against 3"))
    state = after(GAME, state, when(GAME, state, "bruno", "interfere for 2"))
    closed = when(GAME, state, "carla", "pass")
    assert [a.interfere for a in of_type(closed, ev.WindowClosed)[0].answers] == [2, 0]
