"""Intrigue: the Treehouse roll, re-rolls for 5 T, and the results SWAP, AIM, DIG, TIP, HOP and
WILD."""
from __future__ import annotations

from engine.core.testing import Scripted, after, given, play, refused, when
from engine.freimaurerei import GAME
from engine.freimaurerei.board import bank_money, ruler_alignment
from engine.freimaurerei.events import ActionCompleted, RulerTurnedUp
from engine.freimaurerei.events_intrigue import (
    AgentTurned,
    DefectionRolled,
    InitiateDefected,
    InnerAlignmentPlanted,
    IntrigueAccepted,
    IntrigueFizzled,
    IntrigueRolled,
    LodgeRealigned,
    LodgesSuppressed,
    MasonWonOver,
    OuterAlignmentRedrawn,
    SuppressionFailed,
)
from engine.freimaurerei.orders import (
    AcceptOrder,
    AimOrder,
    DigOrder,
    ForgoOrder,
    HopOrder,
    IntrigueOrder,
    RerollOrder,
    SwapOrder,
    TipOrder,
)
from engine.freimaurerei.state import SM, Charter, Face, Phase, State

from .helpers import (
    ANN,
    BEA,
    FRENCH,
    ILLU,
    LARGE,
    MEDIUM,
    ROSY,
    SEATS,
    SMALL,
    ST_ANDREWS,
    TREEHOUSE,
    L,
    S,
    cash,
    chartered,
    found,
    into_rite,
    perfected,
    piece,
    recruit,
    set_up,
    turn,
    where,
)


def intrigue_scene(money: int = 30, *extra: object) -> State:
    """Return ann's turn in a position where every result has a target.

    Leichtberg (ann, white SM, French and Perfection): lodge 1 on 4C (Illuminati) holds the SM,
    M1 and the white PI M7; lodge 2 on 7H (Rosicrucian) holds M2, M3 and M8.
    Schwerheim (bea, black SM, St Andrew's): lodge 3 on 5S (Illuminati) holds the SM, the white
    PI M9 and the St Andrew's Mason M10; M4, M5, M6 and M11 are unaffiliated.
    """
    return given(GAME, SEATS, set_up(outer=(ROSY, ILLU)), cash(ANN, money), cash(BEA, 30),
                 recruit(ANN, ("M7", LARGE), ("M8", LARGE)),
                 found(ANN, 1, "4C", SM, "M1", "M7"), found(ANN, 2, "7H", "M2", "M3", "M8"),
                 *chartered(ANN, Charter.FRENCH, Charter.PERFECTION),
                 into_rite(ANN, FRENCH, "M7"), perfected(ANN, "M7", ROSY),
                 recruit(BEA, ("M9", LARGE), ("M10", LARGE), ("M11", MEDIUM)),
                 found(BEA, 3, "5S", SM, "M9", "M10"), *chartered(BEA, Charter.ST_ANDREWS),
                 into_rite(BEA, ST_ANDREWS, "M9", "M10"), perfected(BEA, "M9", ROSY),
                 *extra, turn(ANN, 5))


def kept(face: str, *extra: object) -> State:
    """Return ann's state after rolling `face` and keeping it."""
    return play(GAME, intrigue_scene(30, *extra), (ANN, IntrigueOrder()), (ANN, AcceptOrder()),
                random=Scripted(TREEHOUSE[face]))


def test_the_treehouse_die_reads_in_the_tables_order() -> None:
    from engine.freimaurerei.tables import TABLES
    assert [f.value for f in TABLES.treehouse_die] == ["swap", "aim", "dig", "tip", "hop",
                                                        "wild"]


def test_intrigue_rolls_then_waits_for_accept_or_reroll() -> None:
    state = intrigue_scene()
    events = when(GAME, state, ANN, IntrigueOrder(), Scripted(TREEHOUSE["dig"]))
    assert events == [IntrigueRolled(ANN, Face.DIG, 1, 0)]
    rolled = after(GAME, state, events)
    assert rolled.phase is Phase.INTRIGUE_ROLL
    assert GAME.legal_orders(rolled, ANN) == [AcceptOrder(), RerollOrder()]


def test_a_reroll_costs_five_and_may_be_repeated_while_the_money_lasts() -> None:
    state = play(GAME, intrigue_scene(10), (ANN, IntrigueOrder()), random=Scripted(0))
    events = when(GAME, state, ANN, RerollOrder(), Scripted(TREEHOUSE["tip"]))
    assert events == [IntrigueRolled(ANN, Face.TIP, 2, 5)]
    state = play(GAME, state, (ANN, RerollOrder()), (ANN, RerollOrder()), random=Scripted(1, 2))
    assert state.realms[0].money == 0 and state.pending.rolls == 3
    assert GAME.legal_orders(state, ANN) == [AcceptOrder()]
    assert refused(GAME, state, ANN, RerollOrder()).code == "fm.money"
    assert state.action == 1, "the rolls are all one action"


def test_accept_keeps_the_result_and_asks_for_its_target() -> None:
    state = play(GAME, intrigue_scene(), (ANN, IntrigueOrder()), random=Scripted(TREEHOUSE["swap"]))
    assert when(GAME, state, ANN, AcceptOrder()) == [IntrigueAccepted(ANN, Face.SWAP)]
    assert GAME.legal_orders(kept("swap"), ANN) == [SwapOrder(L), SwapOrder(S), ForgoOrder()]


def test_a_result_can_be_let_drop() -> None:
    assert when(GAME, kept("tip"), ANN, ForgoOrder()) == [
        IntrigueFizzled(ANN, Face.TIP, "the intriguer let it drop"), ActionCompleted(ANN, 5, 1)]


def test_the_order_must_use_the_kept_result_unless_it_is_wild() -> None:
    assert refused(GAME, kept("swap"), ANN, TipOrder(L)).code == "fm.wrong-result"
    wild = GAME.legal_orders(kept("wild"), ANN)
    assert {type(o).__name__ for o in wild} == {"SwapOrder", "AimOrder", "DigOrder", "TipOrder",
                                                "HopOrder", "ForgoOrder"}


# -- SWAP and AIM --------------------------------------------------------------------------

def test_swap_lays_the_top_ruler_card_on_either_ruler() -> None:
    state = kept("swap")
    events = when(GAME, state, ANN, SwapOrder(S))
    assert events[0] == RulerTurnedUp(S, "JD", ANN)
    final = after(GAME, state, events)
    assert final.realms[1].rulers == ("QS", "JD") and ruler_alignment(final, 1) is ROSY


def test_swap_with_an_empty_ruler_deck_has_no_effect() -> None:
    swaps = [RulerTurnedUp(L, card, ANN) for card in ("JD", "JC", "QH", "KS")]
    state = after(GAME, intrigue_scene(), [*swaps, turn(ANN, 5)])
    state = play(GAME, state, (ANN, IntrigueOrder()), random=Scripted(TREEHOUSE["swap"]))
    events = when(GAME, state, ANN, AcceptOrder())
    assert events[1] == IntrigueFizzled(ANN, Face.SWAP, "the Ruler deck is empty")


def test_aim_lays_the_top_lodge_card_on_a_lodge_of_either_side() -> None:
    state = kept("aim")
    assert [o for o in GAME.legal_orders(state, ANN) if isinstance(o, AimOrder)] == [
        AimOrder(1), AimOrder(2), AimOrder(3)]
    events = when(GAME, state, ANN, AimOrder(3))
    assert events[0] == LodgeRealigned(ANN, S, 3, state.lodge_deck[0])
    final = after(GAME, state, events)
    assert final.realms[1].lodges[0].cards == ("5S", state.lodge_deck[0])


def test_aim_without_lodges_has_no_effect() -> None:
    state = play(GAME, given(GAME, SEATS, set_up(), turn(BEA)), (BEA, IntrigueOrder()), random=Scripted(1))
    assert when(GAME, state, BEA, AcceptOrder())[1].reason.startswith("there is no lodge")  # type: ignore[attr-defined]


# -- DIG -----------------------------------------------------------------------------------

def test_dig_targets_mason_perfect_initiates_of_either_side_never_an_sm() -> None:
    digs = [o for o in GAME.legal_orders(kept("dig"), ANN) if isinstance(o, DigOrder)]
    assert digs == [DigOrder("M7", False), DigOrder("M7", True), DigOrder("M9", False),
                    DigOrder("M9", True)]
    assert refused(GAME, kept("dig"), ANN, DigOrder(SM, True)).code == "fm.not-an-initiate"


def test_dig_outer_replaces_the_medium_alignment_from_the_bag() -> None:
    state = kept("dig")
    medium_before = state.bag.total(MEDIUM)
    events = when(GAME, state, ANN, DigOrder("M9", False), Scripted(5))
    assert events[0] == OuterAlignmentRedrawn(ANN, "M9", ILLU)
    final = after(GAME, state, events)
    assert piece(final, BEA, "M9").outer is ILLU and final.bag.total(MEDIUM) == medium_before


def test_dig_inner_plants_a_small_only_the_intriguer_knows() -> None:
    state = kept("dig")
    events = when(GAME, state, ANN, DigOrder("M9", True), Scripted(0))
    assert events[0] == InnerAlignmentPlanted(ANN, "M9", ROSY)
    final = after(GAME, state, events)
    assert piece(final, BEA, "M9").inner is ROSY and piece(final, BEA, "M9").inner_by == ANN
    theirs = GAME.view(final, BEA)["principalities"][1]["lodges"][0]["members"]
    mine = GAME.view(final, ANN)["principalities"][1]["lodges"][0]["members"]
    assert [p["inner"] for p in theirs if p["id"] == "M9"] == ["hidden"]
    assert [p["inner"] for p in mine if p["id"] == "M9"] == ["rosicrucian"]
    assert GAME.view(final, ANN)["you"]["planted"] == {"M9": "rosicrucian"}


def test_a_second_dig_replaces_the_inner_small_and_returns_the_old_one() -> None:
    scene = InnerAlignmentPlanted(BEA, "M9", ILLU)
    state = kept("dig", scene)
    small_before = (state.bag.count(ROSY, SMALL), state.bag.count(ILLU, SMALL))
    final = play(GAME, state, (ANN, DigOrder("M9", True)), random=Scripted(0))
    assert piece(final, BEA, "M9").inner is ROSY and piece(final, BEA, "M9").inner_by == ANN
    assert (final.bag.count(ROSY, SMALL), final.bag.count(ILLU, SMALL)) == (
        small_before[0] - 1, small_before[1] + 1)


# -- TIP -----------------------------------------------------------------------------------

def test_tip_suppresses_the_lodges_opposed_to_a_matching_ruler() -> None:
    state = kept("tip")
    deck_before = state.lodge_deck
    events = when(GAME, state, ANN, TipOrder(L))
    assert events[0] == LodgesSuppressed(ANN, L, (1,), ("4C",), ("M1",), (SM, "M7"))
    final = after(GAME, state, events)
    assert [x.number for x in final.realms[0].lodges] == [2]
    assert where(final, ANN)[None] == [SM, "M7"] and "M1" not in final.realms[0].pieces
    assert final.bank.small == state.bank.small + 1
    assert final.lodge_deck == deck_before + ("4C",)


def test_tip_has_no_effect_without_a_matching_outer_alignment() -> None:
    events = when(GAME, kept("tip"), ANN, TipOrder(S))
    assert isinstance(events[0], SuppressionFailed) and events[0].principality is S


def test_tip_works_once_the_ruler_matches() -> None:
    state = kept("tip", RulerTurnedUp(S, "JD", BEA))
    events = when(GAME, state, ANN, TipOrder(S))
    assert events[0] == LodgesSuppressed(ANN, S, (3,), ("5S",), (), (SM, "M9", "M10"))


# -- HOP -----------------------------------------------------------------------------------

def test_hop_options_both_kinds_of_defection() -> None:
    hops = [o for o in GAME.legal_orders(kept("hop"), ANN) if isinstance(o, HopOrder)]
    assert hops == [HopOrder("M9", SM), HopOrder("M9", "M7"), HopOrder("M10", "M7")]


def test_a_perfect_initiate_defects_to_an_agent_of_the_same_outer_alignment() -> None:
    state = kept("hop")
    events = when(GAME, state, ANN, HopOrder("M9", "M7"))
    assert events[0] == InitiateDefected(ANN, "M9", "M7", 1)
    final = after(GAME, state, events)
    assert "M9" in where(final, ANN)[1]
    assert [x.number for x in final.realms[1].lodges] == [], "lodge 3 fell below the quorum"


def test_a_high_degree_mason_of_a_missing_rite_is_won_over_unless_the_die_shows_wild() -> None:
    state = kept("hop")
    events = when(GAME, state, ANN, HopOrder("M10", "M7"), Scripted(TREEHOUSE["dig"], 0))
    assert events[:2] == [DefectionRolled(ANN, "M10", "M7", Face.DIG, True),
                          MasonWonOver(ANN, "M10", 1, True, ROSY)]
    final = after(GAME, state, events)
    assert piece(final, ANN, "M10").perfect and piece(final, ANN, "M10").rite is ST_ANDREWS


def test_a_failed_temptation_sends_the_agent_over_with_the_targets_rite() -> None:
    state = kept("hop")
    events = when(GAME, state, ANN, HopOrder("M10", "M7"), Scripted(TREEHOUSE["wild"]))
    assert events[:2] == [DefectionRolled(ANN, "M10", "M7", Face.WILD, False),
                          AgentTurned(ANN, "M7", 3, ST_ANDREWS, True)]
    final = after(GAME, state, events)
    assert piece(final, BEA, "M7").rite is ST_ANDREWS and "M7" in where(final, BEA)[3]
    assert final.bank.red_medium == state.bank.red_medium + 1


def test_no_temptation_when_the_rite_is_already_present() -> None:
    state = kept("hop", recruit(ANN, ("M12", LARGE)), into_rite(ANN, ST_ANDREWS, "M12"))
    assert HopOrder("M10", "M7") not in GAME.legal_orders(state, ANN)
    assert refused(GAME, state, ANN, HopOrder("M10", "M7")).code == "fm.cannot-tempt"


def test_money_paid_for_rerolls_goes_to_the_bank() -> None:
    state = play(GAME, intrigue_scene(10), (ANN, IntrigueOrder()), (ANN, RerollOrder()), random=Scripted(0, 0))
    assert bank_money(state) == 310 - 5 - 30
