"""Standing answers of Freimaurerei (the Intrigue roll, a defection, the recruits' lodge, the
charter members) and answers ahead within a turn, checked like orders; the steps whose one
answer follows from the public board and treasuries taken at once."""
from __future__ import annotations

import pytest

from engine.core.errors import UnreadableOrder
from engine.core.standing import Standing, split_then
from engine.core.testing import Scripted, play
from engine.freimaurerei import GAME, steps
from engine.freimaurerei.orders import (
    AcceptOrder,
    BuildOrder,
    DeclineOrder,
    IntrigueOrder,
    MembersOrder,
    PlaceOrder,
    RerollOrder,
)
from engine.freimaurerei.state import SM, State

from .helpers import ANN, BEA
from .test_build_charter_reorganize import rich
from .test_intrigue import TREEHOUSE, intrigue_scene


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
    assert "roll: accept; defection: decline; recruits: unaffiliated" in refused.value.legal


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
    answers = {t.name: t.answers[0].order for t in GAME.standing_topics()}
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
