"""Attacks, "A failed attack on the first action may be repeated on the same target with the
same groups on the second" (rules page; the summary's one attack or aid per group a turn)."""
from __future__ import annotations

from typing import Any

from engine.core.testing import Scripted, after, of_type, prompted, refused, when
from engine.illuminati import GAME
from engine.illuminati import events as ev
from engine.illuminati.state import Phase, State

from .helpers import older, own, table, unanswered

FAILED = "attack control big media with cia aided by fbi"


def failed_first_attack(game: Any = GAME) -> State:
    """Return anna's turn after her first attack, the C.I.A. aided by the F.B.I. to control Big
    Media, failed on a roll of 12."""
    state = own(own(table(game=game), "anna", "cia"), "anna", "fbi")
    state = after(game, state, when(game, state, "anna", "auto-pass on"))
    for seat in ("bruno", "carla"):
        if seat in prompted(game, state):
            state = after(game, state, when(game, state, seat, "pass"))
    state = after(game, state, when(game, state, "anna", FAILED, Scripted(6, 6)))
    while state.phase is not Phase.TURN:
        state = after(game, state, when(game, state, unanswered(state)[0], "pass"))
    assert state.turn.actions == 1 and state.turn.retry == "big-media"
    return state


def test_a_failed_first_attack_may_be_repeated_on_the_same_target_with_the_same_groups() -> None:
    state = failed_first_attack()
    for text in (FAILED, FAILED + " spending 3 from illuminati"):
        announced = of_type(when(GAME, state, "anna", text), ev.AttackAnnounced)[0]
        assert (announced.group, announced.aiders) == ("cia", ("fbi",))


def test_its_groups_take_part_in_no_other_attack_on_that_target() -> None:
    state = failed_first_attack()
    for text in ("attack destroy big media with cia aided by fbi",  # another kind
                 "attack control big media with fbi aided by cia",  # other roles
                 "attack control big media with cia aided by fbi and bavaria",  # one more
                 "attack control big media with cia",  # not all of them
                 "attack control big media with bavaria aided by fbi"):  # in another attack
        violation = refused(GAME, state, "anna", text, "il.repeat")
        assert violation.message.endswith(
            "only in the repeat of the failed attack, with the same groups in the same roles: "
            "to control Big Media with C.I.A., aided by F.B.I."), violation.message

def test_nor_in_an_attack_on_another_target() -> None:
    refused(GAME, failed_first_attack(), "anna", "attack control gun lobby with cia",
            "il.group-used")


def test_groups_that_took_no_part_attack_the_same_target_freely() -> None:
    state = failed_first_attack()
    assert of_type(when(GAME, state, "anna", "attack control big media with bavaria"),
                   ev.AttackAnnounced)


def test_games_created_under_version_12_let_its_groups_join_any_attack_on_that_target() -> None:
    old = older("1.2")
    state = failed_first_attack(old)
    assert of_type(when(old, state, "anna", "attack control big media with fbi aided by cia"),
                   ev.AttackAnnounced)
