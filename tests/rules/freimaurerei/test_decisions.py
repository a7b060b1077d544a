"""The project's own readings where the rule text is silent (see docs/rules/freimaurerei.md)."""
from __future__ import annotations

from engine.core.contract import replace
from engine.core.testing import Scripted, after, given, play, refused, when
from engine.freimaurerei import GAME
from engine.freimaurerei.board import ruler_alignment
from engine.freimaurerei.events_intrigue import JokerResolved, SuppressionFailed
from engine.freimaurerei.orders import (
    AcceptOrder,
    AdvanceOrder,
    DeclareEndOrder,
    DigOrder,
    DoneOrder,
    InitiateOrder,
    IntrigueOrder,
    MoveOrder,
    ReorganizeOrder,
    TipOrder,
)
from engine.freimaurerei.scoring import points
from engine.freimaurerei.state import SM, Bag

from .helpers import (
    ANN,
    BEA,
    FRENCH,
    ILLU,
    ROSY,
    SEATS,
    TREEHOUSE,
    L,
    S,
    found,
    piece,
    set_up,
    turn,
)
from .test_advance import schwerheim_example
from .test_intrigue import kept
from .test_variants import five_lodges


def test_a_mason_raised_in_this_action_does_not_initiate_in_it() -> None:
    state = play(GAME, schwerheim_example(), (BEA, ReorganizeOrder()), (BEA, MoveOrder("M6", 1)),
                 (BEA, MoveOrder(SM, 1)), (BEA, DoneOrder()), (BEA, AdvanceOrder()), (BEA, InitiateOrder("M10", ("M6",))))
    assert piece(state, BEA, "M6").rite is FRENCH
    assert state.pending.initiators == (SM,)
    assert refused(GAME, state, BEA, InitiateOrder("M6", ("M4",))).code in {
        "fm.initiator-used", "fm.small-candidate"}
    assert all(o.initiator == SM for o in GAME.legal_orders(state, BEA)
               if isinstance(o, InitiateOrder))


def test_the_advance_deadline_default_ends_the_action() -> None:
    state = play(GAME, schwerheim_example(), (BEA, AdvanceOrder()))
    prompt = GAME.prompt_for(state, BEA)
    assert prompt is not None and prompt.default == DoneOrder()


def test_dig_offers_only_what_the_bag_can_supply() -> None:
    state = replace(kept("dig"), bag=Bag(white_medium=1))
    digs = [o for o in GAME.legal_orders(state, ANN) if isinstance(o, DigOrder)]
    assert digs == [DigOrder("M7", False), DigOrder("M9", False)]
    assert refused(GAME, state, ANN, DigOrder("M7", True)).code == "fm.bag-empty"


def test_tip_without_an_opposed_lodge_has_no_effect() -> None:
    state = given(GAME, SEATS, set_up(outer=(ROSY, ILLU)), found(ANN, 1, "7H", "M1", "M2", "M3"), turn(ANN, 3))
    state = play(GAME, state, (ANN, IntrigueOrder()), (ANN, AcceptOrder()), random=Scripted(TREEHOUSE["tip"]))
    events = when(GAME, state, ANN, TipOrder(L))
    assert events[0] == SuppressionFailed(ANN, L, "no lodge there opposes its ruler")


def test_a_joker_draw_passes_over_consorts() -> None:
    state = given(GAME, SEATS, set_up(inner=(ROSY, ILLU), ruler_deck=("KD", "FOOL", "EMPRESS", "QE"),
                         lodge_deck=("AE",)),
                  five_lodges(BEA, ("4C", "5E", "9D", "2B", "8C")), turn(BEA),
                  options={"ruler_joker": True, "empress_emperor": True})
    events = when(GAME, state, BEA, DeclareEndOrder())
    assert JokerResolved(S, None, ("EMPRESS", "QE"), ILLU) in events
    assert points(after(GAME, state, events), 1) == 3 + 3


def test_a_lone_consort_rules_over_a_joker_so_no_draw_is_needed() -> None:
    from engine.freimaurerei.events import ConsortTurnedUp
    state = given(GAME, SEATS, set_up(inner=(ROSY, ILLU), ruler_deck=("KD", "FOOL", "EMPEROR", "QE"),
                         lodge_deck=("AE",)),
                  ConsortTurnedUp(L, "EMPEROR", ANN),
                  five_lodges(BEA, ("4C", "5E", "9D", "2B", "8C")), turn(BEA),
                  options={"ruler_joker": True, "empress_emperor": True})
    assert ruler_alignment(state, 1) is ILLU
    events = when(GAME, state, BEA, DeclareEndOrder())
    assert not [e for e in events if isinstance(e, JokerResolved)]
    assert points(after(GAME, state, events), 1) == 3 + 3


def test_orders_sent_as_json_are_checked_like_written_ones() -> None:
    state = given(GAME, SEATS, set_up(), found(BEA, 1, "4C", "M4", "M5", "M6"), turn(BEA))
    moving = play(GAME, state, (BEA, ReorganizeOrder()))
    malformed = GAME.order_from_json({"kind": "move", "piece": ["M4"], "lodge": 1})
    assert refused(GAME, moving, BEA, malformed).code == "unreadable-order"
    stranger = GAME.order_from_json({"kind": "move", "piece": "M99", "lodge": None})
    assert refused(GAME, moving, BEA, stranger).code == "fm.not-your-piece"
