"""Standing answers of Freimaurerei (the Intrigue roll, a defection, the recruits' lodge, the
charter members) and answers ahead within a turn, checked like orders; the steps whose one
answer follows from the public board and treasuries taken at once."""
from __future__ import annotations

import pytest

from engine.core.errors import UnreadableOrder
from engine.core.rng import Rng
from engine.core.standing import Standing, split_then
from engine.core.testing import Scripted, play
from engine.freimaurerei import GAME, steps
from engine.freimaurerei import standing as fs
from engine.freimaurerei.orders import (
    AcceptOrder,
    AimOrder,
    BuildOrder,
    DeclineOrder,
    DefectOrder,
    DuesOrder,
    HopOrder,
    IntrigueOrder,
    MembersOrder,
    PlaceOrder,
    RerollOrder,
)
from engine.freimaurerei.state import SM, Alignment, State

from .helpers import ANN, BEA
from .test_build_charter_reorganize import rich
from .test_intrigue import TREEHOUSE, intrigue_scene, kept


def read(text: str, ahead: bool = False, state: State | None = None) -> tuple[Standing, ...]:
    return GAME.read_standing(text, ANN, state or intrigue_scene(), ahead=ahead)


def rolled(money: int = 30) -> State:
    """Return ann's turn just after her Intrigue roll (a DIG), with `money` T before it."""
    return play(GAME, intrigue_scene(money), (ANN, IntrigueOrder()),
                random=Scripted(TREEHOUSE["dig"]))


@pytest.mark.parametrize(("text", "entries"), [
    ("roll: accept / defection: decline / recruits: unaffiliated / members: fewest broken",
     (Standing("roll", "accept"), Standing("defection", "decline"),
      Standing("recruits", "unaffiliated"), Standing("members", "fewest-broken"))),
    ("reroll never; defect none", (Standing("roll", "accept"), Standing("defection", "decline"))),
    ("recruit loose, members fewest", (Standing("recruits", "unaffiliated"),
                                       Standing("members", "fewest-broken"))),
])
def test_standing_answers_by_mail(text: str, entries: tuple[Standing, ...]) -> None:
    assert read(text) == entries


@pytest.mark.parametrize("text", ["roll again", "recruit", "dues", "members SM M1 M2"])
def test_what_is_no_standing_answer_is_refused_with_what_can_be_written(text: str) -> None:
    with pytest.raises(UnreadableOrder) as refused:
        read(text)
    assert ("roll: accept; defection: decline | bring; recruits: unaffiliated | smallest lodge"
            in refused.value.legal)


def test_an_action_answers_the_rest_of_its_turn_ahead() -> None:
    order, rest = split_then("intrigue, then roll accept")
    assert order == "intrigue"
    assert read(rest, ahead=True) == (Standing("roll", "accept", until="t5"),)
    assert read("members SM M1 M7", ahead=True) == (
        Standing("members", written="members SM M1 M7", until="t5"),)


def test_accept_keeps_the_roll_and_waits_for_no_other_decision() -> None:
    state = rolled()
    applied = GAME.standing_order(state, ANN, read("defection decline / roll accept"))
    assert applied is not None and applied.order == AcceptOrder() and not applied.reason
    assert GAME.standing_order(state, BEA, read("roll accept")) is None
    assert GAME.standing_order(intrigue_scene(), ANN, read("roll accept")) is None


def test_a_reroll_written_ahead_is_checked_like_an_order_and_dropped_with_why() -> None:
    state = play(GAME, rolled(10), (ANN, RerollOrder()), (ANN, RerollOrder()),
                 random=Scripted(1, 2))
    ahead = (Standing("roll", written="reroll", until="t5"),)
    applied = GAME.standing_order(state, ANN, ahead)
    assert applied is not None and applied.order is None
    assert applied.reason == "A re-roll costs 5 T; you have 0 T."
    assert GAME.standing_order(state, ANN, (Standing("roll", written="reroll", until="t4"),)) \
        is None


def test_fewest_broken_names_the_members_the_deadline_would() -> None:
    building = play(GAME, rich(), (BEA, BuildOrder()))
    entries = GAME.read_standing("members fewest broken", BEA, building)
    applied = GAME.standing_order(building, BEA, entries)
    # the unaffiliated Masons come before the SM, who stays free
    assert applied is not None and applied.order == MembersOrder(("M4", "M5", "M6"))
    assert SM not in applied.order.members


def test_fixed_answers_give_their_orders() -> None:
    answers = {t.name: t.answers[0].order for t in GAME.standing_topics() if t.answers}
    assert answers["defection"] == DeclineOrder() and answers["recruits"] == PlaceOrder(None)


# -- decisions taken at once ----------------------------------------------------------------

def test_a_roll_that_cannot_be_paid_again_is_kept_at_once() -> None:
    state = play(GAME, rolled(10), (ANN, RerollOrder()), (ANN, RerollOrder()),
                 random=Scripted(1, 2))
    assert state.realms[0].money == 0
    assert GAME.forced_order(state, ANN) == AcceptOrder()
    assert GAME.forced_order(rolled(30), ANN) is None


def test_the_public_steps_are_the_ones_that_hang_on_the_board_and_treasuries_only() -> None:
    assert steps.ROLL.public and steps.MEMBERS.public and steps.PLACE.public
    assert not steps.SETUP.public and not steps.TARGET.public


# -- the whole turn in one mail, and the answers a player wins with -------------------------

def test_the_second_action_and_the_steps_of_an_action_are_read_ahead() -> None:
    order, rest = split_then("recruit, then dues")
    assert order == "recruit" and read(rest, ahead=True) == (
        Standing("action", written="dues", until="t5"),)
    assert read("advance, then advance M9 M10 by M7, then done, then build lodge",
                ahead=True) == (
        Standing("action", written="advance", until="t5"),
        Standing("steps", written="advance M9 M10 by M7", until="t5"),
        Standing("steps", written="done", until="t5"),
        Standing("action", written="build lodge", until="t5"))
    assert read("move M3 to lodge 2 / target best", ahead=True) == (
        Standing("steps", written="move M3 to lodge 2", until="t5"),
        Standing("target", "best", until="t5"))


def test_an_action_written_ahead_answers_an_action_and_a_step_waits_for_its_own() -> None:
    entries = read("done, dues", ahead=True)
    applied = GAME.standing_order(intrigue_scene(), ANN, entries)
    assert applied is not None and applied.order == DuesOrder() and not applied.reason
    assert applied.entry == Standing("action", written="dues", until="t5")
    assert GAME.standing_order(intrigue_scene(), ANN, read("done", ahead=True)) is None


def test_an_action_written_ahead_that_is_not_legal_then_is_dropped_with_why() -> None:
    applied = GAME.standing_order(intrigue_scene(0), ANN, read("build lodge", ahead=True))
    assert applied is not None and applied.order is None and "5 T" in applied.reason


def test_bring_takes_the_first_defector_and_declines_without_one() -> None:
    state = intrigue_scene()
    assert fs.first_defector(state, 0, [DefectOrder("M5"), DefectOrder("M6"),
                                         DeclineOrder()]) == DefectOrder("M5")
    assert fs.first_defector(state, 0, [DeclineOrder()]) == DeclineOrder()


def test_smallest_lodge_takes_the_lodge_of_fewest_pieces() -> None:
    state = intrigue_scene()  # lodges 1 and 2 of three pieces each: the lower number
    legal = [PlaceOrder(None), PlaceOrder(1), PlaceOrder(2)]
    assert fs.smallest_lodge(state, 0, legal) == PlaceOrder(1)
    assert fs.smallest_lodge(state, 0, [PlaceOrder(None)]) == PlaceOrder(None)


@pytest.mark.parametrize("face", ["swap", "aim", "dig", "tip", "hop", "wild"])
def test_target_best_is_legal_and_the_same_whatever_the_seat_cannot_see(face: str) -> None:
    state = kept(face)
    entries = read("target best")
    applied = GAME.standing_order(state, ANN, entries)
    assert applied is not None and applied.order is not None, applied
    assert applied.order in GAME.legal_orders(state, ANN)
    for seed in range(8):
        variant = GAME.hidden_variant(state, ANN, Rng(bytes([seed]) * 32))
        assert variant is not None
        again = GAME.standing_order(variant, ANN, entries)
        assert again is not None and again.order == applied.order


def test_target_best_turns_over_a_lodge_of_ones_own_of_the_wrong_colour() -> None:
    state = kept("aim")
    inner = state.realms[0].pieces[SM].inner
    wrong = 1 if inner is Alignment.ROSICRUCIAN else 2  # lodge 1 is Illuminati, 2 Rosicrucian
    assert fs.best_target(state, 0, GAME.legal_orders(state, ANN)) == AimOrder(wrong)
    assert fs.best_target(kept("hop"), 0, GAME.legal_orders(kept("hop"), ANN)) == next(
        o for o in GAME.legal_orders(kept("hop"), ANN) if isinstance(o, HopOrder))
