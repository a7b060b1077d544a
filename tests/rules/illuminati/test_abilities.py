"""Each Illuminati's ability, the Groups with rules of their own, income and capture."""
from __future__ import annotations

from engine.core.testing import Scripted, after, of_type, play, refused, when
from engine.illuminati import GAME
from engine.illuminati import events as ev
from engine.illuminati.arithmetic import Plan, target_number
from engine.illuminati.state import Phase, State

from .helpers import answer_all, money, own, table


def resolve(state: State) -> State:
    """Return the state once every window of the attack under way was passed."""
    while state.phase not in (Phase.TURN, Phase.OVER):
        if state.phase is Phase.RAISE:
            state = after(GAME, state, when(GAME, state, state.turn.seat, "roll"))
        state = answer_all(state)
    return state


def test_bavaria_buys_privilege_once_a_turn() -> None:
    state = money(table(), "anna", "bavaria", 20)
    state = resolve(after(GAME, state, when(GAME, state, "anna", "attack control big media "
                                            "with bavaria privileged by bavaria")))
    state = own(state, "anna", "cia")
    refused(GAME, state, "anna", "attack control gun lobby with cia privileged by bavaria",
            "il.privilege")


def test_bermuda_moves_groups_freely_at_the_end_of_its_turn() -> None:
    state = own(own(table(illuminati=("bermuda", "gnomes", "cthulhu")), "anna", "cia"),
                "anna", "fbi")
    state = after(GAME, state, when(GAME, state, "anna", "end"))
    assert state.phase is Phase.END
    events = when(GAME, state, "anna", "move fbi to cia")
    assert not of_type(events, ev.ActionTaken)
    state = after(GAME, state, events)
    assert state.player("anna").placed("fbi").master == "cia"  # type: ignore[union-attr]


def test_gnomes_move_money_freely_at_the_end_of_their_turn() -> None:
    state = own(table(illuminati=("gnomes", "bavaria", "cthulhu")), "anna", "cia")
    state = own(state, "anna", "fbi", master="cia", money=6)
    state = after(GAME, state, when(GAME, state, "anna", "end"))
    for _ in range(3):
        events = when(GAME, state, "anna", "transfer 2 from fbi to gnomes")
        assert of_type(events, ev.MoneyTransferred)[0].kind == "free"
        state = after(GAME, state, events)
    assert state.player("anna").cards[0].money == 12 + 6


def test_other_players_transfer_only_between_neighbours_twice_at_the_end() -> None:
    state = own(table(), "anna", "cia")
    state = own(state, "anna", "fbi", master="cia", money=6)
    state = after(GAME, state, when(GAME, state, "anna", "end"))
    refused(GAME, state, "anna", "transfer 1 from fbi to bavaria", "il.not-adjacent")
    state = play(GAME, state, ("anna", "transfer 1 from fbi to cia"),
                 ("anna", "transfer 1 from fbi to cia"))
    refused(GAME, state, "anna", "transfer 1 from fbi to cia", "il.no-transfer")


def test_the_federal_reserve_sends_money_anywhere_in_its_structure() -> None:
    state = own(table(), "anna", "cia")
    state = own(state, "anna", "federal-reserve", master="cia", money=4)
    state = own(state, "anna", "fbi")
    events = when(GAME, state, "anna", "transfer 4 from federal reserve to fbi")
    assert of_type(events, ev.MoneyTransferred)[0].kind == "action"


def test_the_network_draws_two_cards() -> None:
    state = table(illuminati=("bavaria", "network", "cthulhu"))
    events = when(GAME, state, "anna", "pass")
    drawn = [e for e in events if isinstance(e, (ev.GroupDrawn, ev.SpecialDrawn))]
    assert [e.seat for e in drawn] == ["bruno", "bruno"]


def test_discordia_gets_four_more_on_any_attempt_to_control_a_weird_group() -> None:
    state = table(illuminati=("discordia", "gnomes", "cthulhu"),
                  uncontrolled=("flat-earthers", "big-media"))
    state = own(state, "anna", "fnord-motor-company")
    # Flat Earthers: Resistance 2, Weird; the Discordians' +4 counts for every group of theirs
    assert target_number(state, Plan("anna", "control", "discordia", "flat-earthers")) == \
        8 - 2 + 4
    assert target_number(state, Plan("anna", "control", "fnord-motor-company",
                                     "flat-earthers")) == 2 - 2 + 4
    assert target_number(state, Plan("anna", "control", "discordia", "big-media")) == 8 - 6
    assert target_number(state, Plan("anna", "destroy", "discordia", "flat-earthers")) == 8 - 1


def test_the_assassins_get_four_more_on_any_attempt_to_neutralize() -> None:
    state = own(table(illuminati=("assassins", "gnomes", "cthulhu")), "bruno", "democrats")
    state = own(state, "anna", "fnord-motor-company")
    plan = Plan("anna", "neutralize", "fnord-motor-company", "democrats")
    assert target_number(state, plan) == 2 - 4 + 6 - 10 + 4


def test_cthulhu_gets_two_more_on_any_attempt_to_destroy() -> None:
    state = table(illuminati=("cthulhu", "gnomes", "bavaria"))
    assert target_number(state, Plan("anna", "destroy", "cthulhu", "big-media")) == 9 - 4 + 2


def test_the_ufos_attack_twice_in_a_turn() -> None:
    state = money(table(illuminati=("ufos", "gnomes", "cthulhu")), "anna", "ufos", 30)
    state = resolve(after(GAME, state, when(GAME, state, "anna", "attack control big media "
                                            "with ufos", Scripted(6, 6))))
    state = resolve(after(GAME, state, when(GAME, state, "anna", "attack control gun lobby "
                                            "with ufos", Scripted(6, 6))))
    assert state.turn.actions == 0


def test_the_irs_taxes_each_opponent_and_the_post_office_costs_one() -> None:
    state = own(own(table(), "anna", "irs"), "anna", "post-office", money=3)
    state = play(GAME, state, ("anna", "pass"), ("bruno", "pass"))
    events = when(GAME, state, "carla", "pass")
    changes = [(e.seat, e.card, e.amount) for e in of_type(events, ev.MoneyChanged)
               if e.why != "passed"]
    assert ("anna", "post-office", -1) in changes
    assert ("bruno", "gnomes", -2) in changes and ("carla", "cthulhu", -2) in changes
    assert ("anna", "irs", 2) in changes


def test_the_recyclers_pay_five_for_an_extra_draw() -> None:
    state = own(table(), "anna", "recyclers", money=5)
    events = when(GAME, state, "anna", "recycle")
    assert of_type(events, ev.GroupDrawn) or of_type(events, ev.SpecialDrawn)
    refused(GAME, after(GAME, state, events), "anna", "recycle", "il.recycle")


def test_the_orbital_lasers_change_an_alignment_for_the_turn() -> None:
    state = own(table(uncontrolled=("democrats", "big-media")), "anna",
                "orbital-mind-control-lasers")
    state = own(state, "anna", "feminists")
    before = target_number(state, Plan("anna", "control", "feminists", "democrats"))
    state = after(GAME, state, when(GAME, state, "anna", "laser democrats reverse liberal"))
    after_laser = target_number(state, Plan("anna", "control", "feminists", "democrats"))
    assert before - after_laser == 4 + 4 + 3


def test_chinese_campaign_donors_count_as_government_against_government() -> None:
    state = own(table(uncontrolled=("federal-reserve", "big-media")), "anna",
                "chinese-campaign-donors")
    plan = Plan("anna", "control", "chinese-campaign-donors", "federal-reserve")
    assert target_number(state, plan) == 3 - 7 + 4 - 4


def test_a_capture_brings_puppets_and_loses_those_that_do_not_fit() -> None:
    state = money(table(), "anna", "bavaria", 20)
    state = own(state, "anna", "anti-nuclear-activists", side=1)
    state = own(state, "anna", "antiwar-activists", master="anti-nuclear-activists")
    state = own(state, "anna", "fraternal-orders", side=3)
    state = own(state, "anna", "boy-sprouts", master="fraternal-orders")
    state = own(state, "bruno", "cia", side=0, money=8)
    for card in ("fbi", "republicans", "democrats"):
        state = own(state, "bruno", card, master="cia")
    state = after(GAME, state, when(GAME, state, "anna", "attack control cia with bavaria "
                                    "spending 15 from illuminati", Scripted(1, 1)))
    state = resolve(state)
    anna = state.player("anna")
    puppets = {"fbi", "republicans", "democrats"}
    assert "cia" in anna.groups and len(puppets & set(anna.groups)) == 1
    assert len(puppets & set(state.uncontrolled)) == 2
    assert anna.placed("cia").money == 4  # type: ignore[union-attr]
    assert state.player("bruno").out and state.player("bruno").groups == ()


def test_after_a_capture_the_attacking_group_may_move_money_onto_its_new_puppet() -> None:
    state = money(own(table(), "anna", "cia", money=5), "anna", "bavaria", 20)
    events = when(GAME, state, "anna", "attack control big media with cia spending 9 from "
                  "illuminati moving 3")
    state = resolve(after(GAME, state, events))
    anna = state.player("anna")
    assert anna.placed("big-media").money == 3  # type: ignore[union-attr]
    assert anna.placed("cia").money == 2  # type: ignore[union-attr]
