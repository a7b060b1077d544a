"""Recruit Masons (the pyramid die, lodge rolls, the final roll, defection, failure) and Assess
Dues."""
from __future__ import annotations

from engine.core.testing import Scripted, after, given, play, refused, then, when
from engine.freimaurerei import GAME
from engine.freimaurerei.events import (
    ActionCompleted,
    DefectionOffered,
    DuesAssessed,
    RecruitsPlaced,
    RecruitsRolled,
)
from engine.freimaurerei.game import Freimaurerei
from engine.freimaurerei.orders import (
    DeclineOrder,
    DefectOrder,
    DuesOrder,
    PlaceOrder,
    RecruitOrder,
)
from engine.freimaurerei.state import Charter, Phase, Recruit

from .helpers import (
    ANN,
    BEA,
    FRENCH,
    LARGE,
    MEDIUM,
    PYRAMID,
    ROSY,
    SEATS,
    SMALL,
    cash,
    chartered,
    found,
    into_rite,
    perfected,
    recruit,
    set_up,
    turn,
    where,
)


def test_the_pyramid_die_follows_the_d6_table() -> None:
    from engine.freimaurerei.tables import TABLES
    assert [tuple(s.value for s in face) for face in TABLES.pyramid_die] == [
        ("small",), ("medium",), ("large",), ("large", "small"), ("large", "medium"),
        ("medium", "small")]


def test_without_lodges_one_roll_and_the_recruits_stay_unaffiliated() -> None:
    state = given(GAME, SEATS, set_up(), turn(BEA))
    events = when(GAME, state, BEA, RecruitOrder(), Scripted(PYRAMID["large+small"]))
    assert events == [RecruitsRolled(BEA, (LARGE, SMALL), (Recruit("M7", LARGE),
                                                           Recruit("M8", SMALL)), (), None,
                                     True, False), ActionCompleted(BEA, 4, 1)]
    final = after(GAME, state, events)
    assert where(final, BEA)[None] == ["SM", "M4", "M5", "M6", "M7", "M8"]
    assert (final.bank.small, final.bank.large) == (7, 7)


def two_lodges() -> list[object]:
    """Return bea with lodges 1 (M4 M5 M6) and 2 (SM M7 M8)."""
    return [recruit(BEA, ("M7", MEDIUM), ("M8", LARGE)),
            *found(BEA, 1, "4C", "M4", "M5", "M6"), *found(BEA, 2, "7H", "SM", "M7", "M8")]


def test_with_lodges_each_lodge_rolls_into_itself_then_a_final_roll_is_placed() -> None:
    state = given(GAME, SEATS, set_up(), two_lodges(), turn(BEA))
    rolls = Scripted(PYRAMID["small"], PYRAMID["medium+small"], PYRAMID["large"])
    events = when(GAME, state, BEA, RecruitOrder(), rolls)
    assert events == [
        RecruitsRolled(BEA, (SMALL,), (Recruit("M9", SMALL),), (), 1, False),
        RecruitsRolled(BEA, (MEDIUM, SMALL), (Recruit("M10", MEDIUM), Recruit("M11", SMALL)),
                       (), 2, False),
        RecruitsRolled(BEA, (LARGE,), (Recruit("M12", LARGE),), (), None, True, True)]
    placing = after(GAME, state, events)
    assert placing.phase is Phase.PLACE_RECRUITS
    assert GAME.legal_orders(placing, BEA) == [PlaceOrder(None), PlaceOrder(1), PlaceOrder(2)]
    placed = when(GAME, placing, BEA, PlaceOrder(2))
    assert placed == [RecruitsPlaced(BEA, (Recruit("M12", LARGE),), 2),
                      ActionCompleted(BEA, 4, 1)]
    final = after(GAME, placing, placed)
    assert where(final, BEA) == {None: [], 1: ["M4", "M5", "M6", "M9"],
                                 2: ["SM", "M7", "M8", "M10", "M11", "M12"]}


def test_the_final_recruits_may_stay_unaffiliated_but_not_join_a_foreign_lodge() -> None:
    state = given(GAME, SEATS, set_up(), two_lodges(), found(ANN, 3, "5S", "M1", "M2", "M3"), turn(BEA))
    placing = play(GAME, state, (BEA, RecruitOrder()), random=Scripted(0, 0, 0))
    assert refused(GAME, placing, BEA, PlaceOrder(3)).code == "fm.not-your-lodge"
    final = play(GAME, placing, (BEA, PlaceOrder(None)))
    assert where(final, BEA)[None] == ["M11"]


OLD = GAME.at_version("1.0")
assert isinstance(OLD, Freimaurerei)


def drain_larges() -> list[object]:
    """Return ann recruiting every large Mason left in the bank (M7 to M14)."""
    return [recruit(ANN, *[(f"M{n}", LARGE) for n in range(7, 15)])]


# -- defection: the player chooses which Mason comes over, or declines ---------------------

def test_an_empty_bank_size_offers_the_eligible_masons_of_the_other_side() -> None:
    state = given(GAME, SEATS, set_up(), drain_larges(), turn(BEA))
    assert state.bank.large == 0
    events = when(GAME, state, BEA, RecruitOrder(), Scripted(PYRAMID["large+medium"]))
    eligible = ("M3", *[f"M{n}" for n in range(7, 15)])
    then(events, DefectionOffered(BEA, (LARGE, MEDIUM), None, True, (), (), 0, (), eligible))
    offered = after(GAME, state, events)
    assert [o for o in GAME.legal_orders(offered, BEA)] == [
        *[DefectOrder(piece) for piece in eligible], DeclineOrder()]
    prompt = GAME.prompt_for(offered, BEA)
    assert prompt is not None and prompt.default == DeclineOrder()


def test_the_player_chooses_the_defector() -> None:
    state = given(GAME, SEATS, set_up(), drain_larges(), turn(BEA))
    offered = play(GAME, state, (BEA, RecruitOrder()), random=Scripted(PYRAMID["large+medium"]))
    events = when(GAME, offered, BEA, DefectOrder("M8"))
    assert events[0] == RecruitsRolled(BEA, (LARGE, MEDIUM), (
        Recruit("M8", LARGE, True), Recruit("M15", MEDIUM)), (), None, True, False)
    final = after(GAME, offered, events)
    assert "M8" in final.realms[1].pieces and "M8" not in final.realms[0].pieces
    assert final.phase is Phase.ACTION and final.action == 2


def test_declining_the_defection_fails_that_part_of_the_roll() -> None:
    state = given(GAME, SEATS, set_up(), drain_larges(), turn(BEA))
    offered = play(GAME, state, (BEA, RecruitOrder()), random=Scripted(PYRAMID["large+medium"]))
    events = when(GAME, offered, BEA, DeclineOrder())
    assert events[0] == RecruitsRolled(BEA, (LARGE, MEDIUM), (Recruit("M15", MEDIUM),),
                                       (LARGE,), None, True, False)
    assert isinstance(events[1], ActionCompleted)


def test_only_an_eligible_mason_may_be_chosen() -> None:
    scene = [set_up(), drain_larges(), found(ANN, 1, "5S", "M3", "M7", "M8"),
             *chartered(ANN, Charter.FRENCH), into_rite(ANN, FRENCH, "M9"), turn(BEA)]
    offered = play(GAME, given(GAME, SEATS, *scene), (BEA, RecruitOrder()),
                   random=Scripted(PYRAMID["large"]))
    assert offered.pending.offer is not None and offered.phase is Phase.DEFECTION
    for piece in ("M7", "M9", "M1", "M6", "M99"):
        error = refused(GAME, offered, BEA, DefectOrder(piece), code="fm.not-a-defector")
        assert "M10" in error.message
    assert refused(GAME, offered, BEA, DuesOrder()).code == "wrong-order-kind"
    then(when(GAME, offered, BEA, DefectOrder("M10"))[:1],
         RecruitsRolled(BEA, (LARGE,), (Recruit("M10", LARGE, True),), (), None, True, False))


def test_a_lodge_roll_waits_for_the_choice_then_the_rolls_go_on() -> None:
    state = given(GAME, SEATS, set_up(), drain_larges(), found(BEA, 1, "4C", "M4", "M5", "M6"),
                  turn(BEA))
    dice = Scripted(PYRAMID["large"], PYRAMID["large"])
    offered = play(GAME, state, (BEA, RecruitOrder()), random=dice)
    assert offered.pending.offer is not None and offered.pending.offer.lodge == 1
    again = play(GAME, offered, (BEA, "defect M7"), random=dice)
    assert "M7" in where(again, BEA)[1]
    assert again.pending.offer is not None and again.pending.offer.final
    assert GAME.prompts(again)[0].key != GAME.prompts(offered)[0].key
    events = when(GAME, again, BEA, "decline")
    assert events[0] == RecruitsRolled(BEA, (LARGE,), (), (LARGE,), None, True, False)


def test_games_created_under_1_0_keep_the_compulsory_defection() -> None:
    assert GAME.version == "1.1" and OLD.version == "1.1" and not OLD.choose_defectors
    assert GAME.at_version("1.0").choose_defectors is False  # type: ignore[attr-defined]


# -- under version 1.0 the lowest-numbered defector came unasked ------------------------

def test_under_1_0_an_empty_bank_size_is_filled_by_a_defector_from_the_other_side() -> None:
    state = given(OLD, SEATS, set_up(), drain_larges(), turn(BEA))
    assert state.bank.large == 0
    events = when(OLD, state, BEA, RecruitOrder(), Scripted(PYRAMID["large+medium"]))
    assert events[0] == RecruitsRolled(BEA, (LARGE, MEDIUM), (
        Recruit("M3", LARGE, True), Recruit("M15", MEDIUM)), (), None, True, False)
    final = after(OLD, state, events)
    assert "M3" in final.realms[1].pieces and "M3" not in final.realms[0].pieces


def test_under_1_0_only_unaffiliated_unadvanced_masons_defect_else_recruitment_fails() -> None:
    scene = [set_up(), drain_larges(), found(ANN, 1, "5S", "M3", "M7", "M8"),
             *chartered(ANN, Charter.FRENCH), into_rite(ANN, FRENCH, "M9"), turn(BEA)]
    state = given(OLD, SEATS, *scene)
    events = when(OLD, state, BEA, RecruitOrder(), Scripted(PYRAMID["large"]))
    assert events[0].recruits == (Recruit("M10", LARGE, True),)  # type: ignore[attr-defined]
    advanced = given(OLD, SEATS, *scene[:-1], into_rite(ANN, FRENCH, "M10", "M11", "M12", "M13"),
                     perfected(ANN, "M14", ROSY), turn(BEA))
    events = when(OLD, advanced, BEA, RecruitOrder(), Scripted(PYRAMID["large"]))
    assert events[0] == RecruitsRolled(BEA, (LARGE,), (), (LARGE,), None, True, False)


def test_under_1_0_a_defector_of_the_final_roll_joins_the_chosen_lodge() -> None:
    state = given(OLD, SEATS, set_up(), drain_larges(), found(BEA, 1, "4C", "M4", "M5", "M6"), turn(BEA))
    placing = play(OLD, state, (BEA, RecruitOrder()), random=Scripted(0, PYRAMID["large"]))
    assert placing.pending.recruits == (Recruit("M3", LARGE, True),)
    final = play(OLD, placing, (BEA, PlaceOrder(1)))
    assert "M3" in where(final, BEA)[1]


# -- Assess Dues ---------------------------------------------------------------------------

def test_dues_are_one_taler_per_mason_and_the_sm_does_not_count() -> None:
    state = given(GAME, SEATS, set_up(), two_lodges(), recruit(BEA, ("M9", SMALL)), turn(BEA))
    events = when(GAME, state, BEA, DuesOrder())
    assert events[0] == DuesAssessed(BEA, 6, 6)
    assert after(GAME, state, events).realms[1].money == 6


def test_the_bank_never_pays_more_than_it_holds() -> None:
    state = given(GAME, SEATS, set_up(), cash(ANN, 308), turn(BEA))
    assert when(GAME, state, BEA, DuesOrder())[0] == DuesAssessed(BEA, 3, 2)
