"""Advance Initiates, and both worked examples of the rule text move for move."""
from __future__ import annotations

from engine.core.contract import replace
from engine.core.testing import Scripted, after, given, play, refused, when
from engine.freimaurerei import GAME
from engine.freimaurerei.events import (
    ActionCompleted,
    AdvanceFinished,
    AdvanceStarted,
    Initiated,
    PieceMoved,
    ReorganizeFinished,
    ReorganizeStarted,
    TurnStarted,
)
from engine.freimaurerei.orders import (
    AdvanceOrder,
    DoneOrder,
    InitiateOrder,
    MoveOrder,
    ReorganizeOrder,
)
from engine.freimaurerei.state import SM, Bag, Charter, State

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
    chartered,
    found,
    into_rite,
    join,
    perfected,
    piece,
    recruit,
    set_up,
    turn,
    where,
)

# -- the worked example: Schwerheim before her turn ----------------------------------------
# Lodge 1 is the five of clubs: two small Masons (M4, M7) and a French Rite Mason (M10).
# Lodge 2 is the trey of diamonds: the SM (French and Perfection, white outside) and three
# medium Masons (M5, M8, M9). M6, a large Mason, is unaffiliated.


def schwerheim_example() -> State:
    """Return the position of the rule text's advancement example, at the start of her turn."""
    return given(GAME, SEATS, set_up(outer=(ILLU, ROSY)),
                 recruit(BEA, ("M7", SMALL), ("M8", MEDIUM), ("M9", MEDIUM), ("M10", LARGE)),
                 found(BEA, 1, "5C", "M4", "M7", "M10"), found(BEA, 2, "3D", SM, "M5", "M8"),
                 join(BEA, "M9", 2), *chartered(BEA, Charter.FRENCH, Charter.PERFECTION),
                 into_rite(BEA, FRENCH, "M10"), turn(BEA))


def test_the_example_position_is_as_described() -> None:
    state = schwerheim_example()
    assert where(state, BEA) == {None: ["M6"], 1: ["M4", "M7", "M10"],
                                 2: [SM, "M5", "M8", "M9"]}
    master = piece(state, BEA, SM)
    assert master.rite is FRENCH and master.perfect and master.outer is ROSY
    assert piece(state, BEA, "M10").rite is FRENCH


def test_worked_example_reaffiliate_then_advance() -> None:
    state = schwerheim_example()
    reorganize = [ReorganizeOrder(), MoveOrder("M6", 1), MoveOrder(SM, 1), DoneOrder()]
    events = []
    for order in reorganize:
        step = when(GAME, state, BEA, order)
        events += step
        state = after(GAME, state, step)
    assert events == [ReorganizeStarted(BEA), PieceMoved(BEA, "M6", 1), PieceMoved(BEA, SM, 1),
                      ReorganizeFinished(BEA), ActionCompleted(BEA, 4, 1)]
    assert where(state, BEA) == {None: [], 1: [SM, "M4", "M6", "M7", "M10"],
                                 2: ["M5", "M8", "M9"]}
    assert when(GAME, state, BEA, AdvanceOrder()) == [AdvanceStarted(BEA, (SM, "M10"))]
    state = play(GAME, state, (BEA, AdvanceOrder()), (BEA, InitiateOrder("M10", ("M6",))))
    last = when(GAME, state, BEA, InitiateOrder(SM, ("M10",)), Scripted(0))
    assert last == [Initiated(BEA, SM, ("M10",), None, ROSY), AdvanceFinished(BEA),
                    ActionCompleted(BEA, 4, 2), TurnStarted(ANN, 5, 2)]
    final = after(GAME, state, last)
    # The five of clubs: the SM, a PI, a French Rite Mason and two small Masons.
    assert where(final, BEA) == {None: [], 1: [SM, "M4", "M6", "M7", "M10"],
                                 2: ["M5", "M8", "M9"]}
    assert piece(final, BEA, "M10").perfect and piece(final, BEA, "M10").outer is ROSY
    assert piece(final, BEA, "M6").rite is FRENCH and not piece(final, BEA, "M6").perfect
    assert [piece(final, BEA, m).plain for m in ("M4", "M7")] == [True, True]


def test_worked_example_the_sm_may_perfect_the_newly_advanced_mason_instead() -> None:
    state = play(GAME, schwerheim_example(), (BEA, ReorganizeOrder()), (BEA, MoveOrder("M6", 1)),
                 (BEA, MoveOrder(SM, 1)), (BEA, DoneOrder()), (BEA, AdvanceOrder()), (BEA, InitiateOrder("M10", ("M6",))),
                 (BEA, InitiateOrder(SM, ("M6",))))
    assert piece(state, BEA, "M6").perfect and piece(state, BEA, "M10").rite is FRENCH
    assert state.active_seat == ANN


def test_alternate_worked_example() -> None:
    state = play(GAME, schwerheim_example(), (BEA, ReorganizeOrder()), (BEA, MoveOrder("M6", 1)),
                 (BEA, MoveOrder("M10", 2)), (BEA, DoneOrder()))
    assert where(state, BEA) == {None: [], 1: ["M4", "M6", "M7"],
                                 2: [SM, "M5", "M8", "M9", "M10"]}
    state = play(GAME, state, (BEA, AdvanceOrder()))
    two = when(GAME, state, BEA, InitiateOrder("M10", ("M8", "M5")))
    assert two == [Initiated(BEA, "M10", ("M5", "M8"), FRENCH)]
    state = after(GAME, state, two)
    last = when(GAME, state, BEA, InitiateOrder(SM, ("M10",)), Scripted(7))
    assert last[0] == Initiated(BEA, SM, ("M10",), None, ILLU)
    final = after(GAME, state, last)
    assert where(final, BEA) == {None: [], 1: ["M4", "M6", "M7"],
                                 2: [SM, "M5", "M8", "M9", "M10"]}
    assert piece(final, BEA, "M10").perfect
    assert [piece(final, BEA, m).rite for m in ("M5", "M8", "M9")] == [FRENCH, FRENCH, None]
    assert final.bank.red_small == 3 and final.bank.purple == 3
    assert final.bag.total(MEDIUM) == 9


# -- the rules of advancement --------------------------------------------------------------

def example_advancing() -> State:
    """Return the example position with bea already advancing (nobody moved)."""
    return play(GAME, schwerheim_example(), (BEA, AdvanceOrder()))


def test_only_masons_in_the_initiators_lodge_can_be_advanced() -> None:
    state = example_advancing()
    assert refused(GAME, state, BEA, InitiateOrder(SM, ("M10",))).code == "fm.other-lodge"
    assert refused(GAME, state, BEA, InitiateOrder("M10", ("M6",))).code == "fm.other-lodge"


def test_small_masons_cannot_be_advanced() -> None:
    assert refused(GAME, example_advancing(), BEA, InitiateOrder("M10", ("M4",))).code == \
        "fm.small-candidate"


def test_an_initiator_advances_one_large_or_up_to_two_mediums() -> None:
    state = example_advancing()
    options = [o for o in GAME.legal_orders(state, BEA) if isinstance(o, InitiateOrder)]
    assert options == [InitiateOrder(SM, ("M5",)), InitiateOrder(SM, ("M8",)),
                       InitiateOrder(SM, ("M9",)), InitiateOrder(SM, ("M5", "M8")),
                       InitiateOrder(SM, ("M5", "M9")), InitiateOrder(SM, ("M8", "M9"))]
    assert refused(GAME, state, BEA, InitiateOrder(SM, ("M5", "M8", "M9"))).code == \
        "fm.bad-initiation"


def test_each_initiator_acts_once_and_done_ends_the_action() -> None:
    state = after(GAME, schwerheim_example(), [join(BEA, "M10", 2), join(BEA, "M6", 1), turn(BEA)])
    state = play(GAME, state, (BEA, AdvanceOrder()), (BEA, InitiateOrder(SM, ("M5",))))
    assert refused(GAME, state, BEA, InitiateOrder(SM, ("M8",))).code == "fm.initiator-used"
    assert when(GAME, state, BEA, DoneOrder()) == [AdvanceFinished(BEA), ActionCompleted(BEA, 4, 1)]


def test_the_action_ends_by_itself_when_nothing_more_can_be_advanced() -> None:
    events = when(GAME, example_advancing(), BEA, InitiateOrder(SM, ("M5",)))
    assert events == [Initiated(BEA, SM, ("M5",), FRENCH), AdvanceFinished(BEA),
                      ActionCompleted(BEA, 4, 1)]


def test_unaffiliated_initiators_and_plain_masons_cannot_initiate() -> None:
    state = example_advancing()
    assert refused(GAME, state, BEA, InitiateOrder("M6", ("M4",))).code == "fm.not-an-initiator"


def test_advance_is_offered_only_when_someone_can_be_advanced() -> None:
    state = given(GAME, SEATS, set_up(), turn(BEA))
    assert AdvanceOrder() not in GAME.legal_orders(state, BEA)
    assert refused(GAME, state, BEA, AdvanceOrder()).code == "fm.no-advance"


def test_a_rite_initiator_gives_its_own_colour() -> None:
    state = given(GAME, SEATS, set_up(), recruit(BEA, ("M7", LARGE)), found(BEA, 1, "5C", SM, "M6", "M7"),
                  *chartered(BEA, Charter.ST_ANDREWS), turn(BEA))
    state = play(GAME, state, (BEA, AdvanceOrder()), (BEA, InitiateOrder(SM, ("M6",))))
    assert piece(state, BEA, "M6").rite is ST_ANDREWS and state.bank.green_medium == 3


def test_perfection_needs_the_purple_and_works_on_either_rite() -> None:
    scene = [set_up(), recruit(BEA, ("M7", LARGE), ("M8", LARGE)),
             found(BEA, 1, "5C", SM, "M7", "M8"), join(BEA, "M5", 1),
             *chartered(BEA, Charter.FRENCH), into_rite(BEA, ST_ANDREWS, "M7"),
             into_rite(BEA, FRENCH, "M8")]
    state = play(GAME, given(GAME, SEATS, *scene, turn(BEA)), (BEA, AdvanceOrder()))
    assert refused(GAME, state, BEA, InitiateOrder(SM, ("M7",))).code == "fm.needs-purple"
    with_purple = given(GAME, SEATS, *scene, *chartered(BEA, Charter.PERFECTION), turn(BEA))
    state = play(GAME, with_purple, (BEA, AdvanceOrder()), (BEA, InitiateOrder(SM, ("M7",))), random=Scripted(0))
    assert piece(state, BEA, "M7").perfect and piece(state, BEA, "M7").rite is ST_ANDREWS


def test_a_perfect_initiate_may_perfect_others_and_nobody_advances_themselves() -> None:
    scene = [set_up(), recruit(BEA, ("M7", LARGE), ("M8", LARGE)),
             found(BEA, 1, "5C", "M6", "M7", "M8"), into_rite(BEA, FRENCH, "M7", "M8"),
             perfected(BEA, "M7", ROSY), turn(BEA)]
    state = play(GAME, given(GAME, SEATS, *scene), (BEA, AdvanceOrder()))
    assert InitiateOrder("M7", ("M8",)) in GAME.legal_orders(state, BEA)
    assert refused(GAME, state, BEA, InitiateOrder("M8", ("M8",))).code == "fm.bad-candidate"


def test_a_new_perfect_initiate_draws_nothing_from_an_empty_bag() -> None:
    state = given(GAME, SEATS, set_up(), recruit(BEA, ("M7", LARGE)), found(BEA, 1, "5C", SM, "M7", "M6"),
                  *chartered(BEA, Charter.FRENCH, Charter.PERFECTION),
                  into_rite(BEA, FRENCH, "M7"), turn(BEA))
    state = replace(state, bag=Bag(white_small=3, black_small=5))
    final = play(GAME, state, (BEA, AdvanceOrder()), (BEA, InitiateOrder(SM, ("M7",))))
    assert piece(final, BEA, "M7").perfect and piece(final, BEA, "M7").outer is None
    assert final.bag == Bag(white_small=3, black_small=5)
