"""Build a Lodge (cost, card, charter members, quorum, dissolution), Charter a Rite and
Reorganize."""
from __future__ import annotations

from typing import Any

from engine.core.testing import after, given, play, refused, when
from engine.freimaurerei import GAME
from engine.freimaurerei.events import (
    ActionCompleted,
    BuildStarted,
    LodgeDissolved,
    LodgeFounded,
    PieceMoved,
    RecruitsRolled,
    ReorganizeFinished,
    ReorganizeStarted,
    RiteChartered,
)
from engine.freimaurerei.orders import (
    BuildOrder,
    CharterOrder,
    DoneOrder,
    MembersOrder,
    MoveOrder,
    ReorganizeOrder,
)
from engine.freimaurerei.state import SM, Charter, Phase, Recruit, State
from engine.freimaurerei.steps import default_members

from .helpers import (
    ANN,
    BEA,
    FRENCH,
    LARGE,
    MEDIUM,
    SEATS,
    SMALL,
    S,
    cash,
    chartered,
    found,
    into_rite,
    join,
    recruit,
    set_up,
    turn,
    where,
)


def rich(*scene: Any) -> State:
    """Return the state of bea's turn with 40 T and the given scene."""
    return given(GAME, SEATS, set_up(), cash(BEA, 40), *scene, turn(BEA))


def test_build_pays_five_and_turns_up_the_top_lodge_card() -> None:
    state = rich()
    events = when(GAME, state, BEA, BuildOrder())
    assert events == [BuildStarted(BEA, "4C", 5)]
    building = after(GAME, state, events)
    assert building.phase is Phase.BUILD_MEMBERS and building.realms[1].money == 35
    assert building.lodge_deck[0] == "7H"
    assert len(GAME.legal_orders(building, BEA)) == 4  # any three of SM, M4, M5, M6


def test_three_charter_members_and_the_sm_counts_as_a_mason() -> None:
    building = play(GAME, rich(), (BEA, BuildOrder()))
    events = when(GAME, building, BEA, MembersOrder(("M5", SM, "M4")))
    assert events == [LodgeFounded(BEA, 1, "4C", (SM, "M4", "M5")), ActionCompleted(BEA, 4, 1)]
    assert where(after(GAME, building, events), BEA) == {None: ["M6"], 1: [SM, "M4", "M5"]}


def test_charter_members_must_be_three_distinct_pieces_of_ones_own() -> None:
    building = play(GAME, rich(), (BEA, BuildOrder()))
    assert refused(GAME, building, BEA, MembersOrder(("M4", "M5"))).code == "fm.three-members"
    assert refused(GAME, building, BEA, MembersOrder(("M4", "M4", "M5"))).code == "fm.member-twice"
    assert refused(GAME, building, BEA, MembersOrder(("M1", "M4", "M5"))).code == "fm.not-your-piece"


def test_build_lodge_with_members_in_one_line() -> None:
    state = rich()
    order = GAME.parse("build lodge with M5 SM M4", BEA, state)
    assert order == BuildOrder((SM, "M4", "M5"))
    assert GAME.parse(GAME.format_order(order), BEA, state) == order
    events = when(GAME, state, BEA, order)
    assert events == [BuildStarted(BEA, "4C", 5), LodgeFounded(BEA, 1, "4C", (SM, "M4", "M5")),
                      ActionCompleted(BEA, 4, 1)]


def test_build_lodge_with_wrong_members_is_refused_whole() -> None:
    state = rich()
    assert refused(GAME, state, BEA, BuildOrder(("M1", "M4", "M5"))).code == "fm.not-your-piece"
    assert refused(GAME, state, BEA, BuildOrder(("M4", "M5"))).code == "fm.three-members"
    assert refused(GAME, given(GAME, SEATS, set_up(), turn(BEA)), BEA, BuildOrder(("M4", "M5", SM))).code == \
        "fm.money"


def test_build_needs_five_taler_a_card_and_three_pieces() -> None:
    assert refused(GAME, given(GAME, SEATS, set_up(), turn(BEA)), BEA, BuildOrder()).code == "fm.money"
    empty = given(GAME, SEATS, set_up(lodge_deck=()), cash(BEA, 40), turn(BEA))
    assert refused(GAME, empty, BEA, BuildOrder()).code == "fm.lodge-deck-empty"
    defected = RecruitsRolled(ANN, (SMALL, MEDIUM, LARGE), (
        Recruit("M4", SMALL, True), Recruit("M5", MEDIUM, True), Recruit("M6", LARGE, True)),
        (), None, False)
    alone = rich(defected)
    assert BuildOrder() not in GAME.legal_orders(alone, BEA)
    assert refused(GAME, alone, BEA, BuildOrder()).code == "fm.too-few-masons"


def test_a_lodge_left_below_the_quorum_dissolves_to_the_bottom_of_the_deck() -> None:
    state = rich(found(BEA, 1, "9D", "M4", "M5", "M6"))
    building = play(GAME, state, (BEA, BuildOrder()))
    events = when(GAME, building, BEA, MembersOrder((SM, "M4", "M5")))
    assert events == [LodgeFounded(BEA, 2, "4C", (SM, "M4", "M5")),
                      LodgeDissolved(S, 1, ("9D",), ("M6",)), ActionCompleted(BEA, 4, 1)]
    final = after(GAME, building, events)
    assert final.lodge_deck[-1] == "9D" and [x.number for x in final.realms[1].lodges] == [2]
    assert where(final, BEA)[None] == ["M6"]


def test_the_default_members_break_up_as_few_lodges_as_possible() -> None:
    both_full = rich(recruit(BEA, ("M7", SMALL), ("M8", LARGE)),
                     found(BEA, 1, "9D", "M4", "M5", "M6"), found(BEA, 2, "2H", SM, "M7", "M8"))
    assert default_members(both_full.realms[1]) in {("M4", "M5", "M6"), (SM, "M7", "M8")}
    spare = rich(recruit(BEA, ("M7", SMALL), ("M8", LARGE), ("M9", SMALL)),
                 found(BEA, 1, "9D", "M4", "M5", "M6"), join(BEA, "M9", 1))
    assert default_members(spare.realms[1]) == (SM, "M7", "M8")
    loose = rich(recruit(BEA, ("M7", SMALL), ("M8", LARGE), ("M9", SMALL)))
    assert default_members(loose.realms[1]) == ("M4", "M5", "M6")


# -- Charter a Rite ------------------------------------------------------------------------

def test_charter_puts_a_rite_medium_on_the_sm_for_fifteen_taler() -> None:
    state = rich()
    assert [o for o in GAME.legal_orders(state, BEA) if isinstance(o, CharterOrder)] == [
        CharterOrder(Charter.FRENCH), CharterOrder(Charter.ST_ANDREWS)]
    events = when(GAME, state, BEA, CharterOrder(Charter.ST_ANDREWS))
    assert events[0] == RiteChartered(BEA, Charter.ST_ANDREWS, 15)
    final = after(GAME, state, events)
    assert final.realms[1].pieces[SM].rite is not None and final.realms[1].money == 25
    assert final.bank.green_medium == 4


def test_perfection_goes_on_top_of_a_rite_and_never_both_rites() -> None:
    state = rich(*chartered(BEA, Charter.FRENCH))
    charters = [o for o in GAME.legal_orders(state, BEA) if isinstance(o, CharterOrder)]
    assert charters == [CharterOrder(Charter.PERFECTION)]
    assert refused(GAME, state, BEA, CharterOrder(Charter.ST_ANDREWS)).code == "fm.one-rite"
    assert refused(GAME, state, BEA, CharterOrder(Charter.FRENCH)).code == "fm.already-chartered"
    final = play(GAME, state, (BEA, CharterOrder(Charter.PERFECTION)))
    assert final.realms[1].pieces[SM].perfect and final.bank.purple == 4
    assert refused(GAME, rich(), BEA, CharterOrder(Charter.PERFECTION)).code == \
        "fm.perfection-needs-rite"


def test_charter_needs_fifteen_taler_and_a_marker_in_the_bank() -> None:
    poor = given(GAME, SEATS, set_up(), cash(BEA, 14), turn(BEA))
    assert refused(GAME, poor, BEA, CharterOrder(Charter.FRENCH)).code == "fm.money"
    drained = rich(recruit(BEA, *[(f"M{n}", LARGE) for n in range(7, 12)]),
                   into_rite(BEA, FRENCH, "M7", "M8", "M9", "M10", "M11"))
    assert refused(GAME, drained, BEA, CharterOrder(Charter.FRENCH)).code == "fm.bank-empty"


# -- Reorganize ----------------------------------------------------------------------------

def reorganizing(*scene: Any) -> State:
    """Return bea's state after starting a reorganization, lodge 1 holding M4 M5 M6."""
    state = rich(recruit(BEA, ("M7", SMALL)), found(BEA, 1, "9D", "M4", "M5", "M6"), *scene)
    return play(GAME, state, (BEA, ReorganizeOrder()))


def test_reorganize_moves_pieces_one_by_one_and_the_quorum_waits_for_done() -> None:
    state = reorganizing()
    assert state.phase is Phase.REORGANIZE
    moved = when(GAME, state, BEA, MoveOrder("M4", None))
    assert moved == [PieceMoved(BEA, "M4", None)]
    state = play(GAME, state, (BEA, MoveOrder("M4", None)), (BEA, MoveOrder("M7", 1)))
    events = when(GAME, state, BEA, DoneOrder())
    assert events == [ReorganizeFinished(BEA), ActionCompleted(BEA, 4, 1)]
    assert where(after(GAME, state, events), BEA)[1] == ["M5", "M6", "M7"]


def test_a_lodge_left_short_after_reorganizing_dissolves() -> None:
    state = play(GAME, reorganizing(), (BEA, MoveOrder("M4", None)))
    events = when(GAME, state, BEA, DoneOrder())
    assert events[:2] == [ReorganizeFinished(BEA), LodgeDissolved(S, 1, ("9D",), ("M5", "M6"))]


def test_each_piece_moves_once_and_only_within_ones_own_principality() -> None:
    state = play(GAME, reorganizing(found(ANN, 2, "5S", "M1", "M2", "M3")), (BEA, MoveOrder("M4", None)))
    assert refused(GAME, state, BEA, MoveOrder("M4", 1)).code == "fm.moved-twice"
    assert refused(GAME, state, BEA, MoveOrder("M5", 2)).code == "fm.not-your-lodge"
    assert refused(GAME, state, BEA, MoveOrder("M1", None)).code == "fm.not-your-piece"
    assert refused(GAME, state, BEA, MoveOrder("M5", 1)).code == "fm.already-there"
    assert all(o.piece != "M4" for o in GAME.legal_orders(state, BEA)
               if isinstance(o, MoveOrder))


def test_the_reorganization_ends_by_itself_when_every_piece_has_moved() -> None:
    state = given(GAME, SEATS, set_up(), found(BEA, 1, "9D", "M4", "M5", "M6"), turn(BEA))
    state = play(GAME, state, (BEA, ReorganizeOrder()), (BEA, MoveOrder(SM, 1)), (BEA, MoveOrder("M4", None)),
                 (BEA, MoveOrder("M5", None)))
    events = when(GAME, state, BEA, MoveOrder("M6", None))
    assert events[0] == PieceMoved(BEA, "M6", None)
    assert events[1] == ReorganizeFinished(BEA)
    assert events[2] == LodgeDissolved(S, 1, ("9D",), (SM,))


def test_reorganize_starts_with_its_own_event() -> None:
    state = rich(found(BEA, 1, "9D", "M4", "M5", "M6"))
    assert when(GAME, state, BEA, ReorganizeOrder()) == [ReorganizeStarted(BEA)]
