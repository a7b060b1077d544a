"""Turn scripts with branches (engine/illuminati/script.py): after an attack the attacker may
write what to do if it succeeds, fails or is called off, and at its roll; branches in a row
are the choices for the attack before them, and those not taken are used up."""
from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core.errors import UnreadableOrder
from engine.core.standing import Standing, split_then
from engine.core.testing import Scripted, after, when
from engine.illuminati import GAME
from engine.illuminati import events as ev
from engine.illuminati.orders import EndOrder, PassOrder, PlayOrder
from engine.illuminati.state import Phase, State

from .helpers import table

ATTACK = "attack control big media with bavaria"


def script(text: str, state: State | None = None) -> tuple[Standing, ...]:
    state = state or table()
    return GAME.read_standing(text, "anna", state, ahead=True,
                              after=GAME.parse(ATTACK, "anna", state))


def test_an_order_line_splits_at_then_or_at_a_branch() -> None:
    assert split_then(f"{ATTACK}, if it fails then end") == (ATTACK, "if it fails then end")
    assert split_then(f"{ATTACK}, at the roll pass, then end") == (ATTACK,
                                                                    "at the roll pass, then end")
    assert split_then(f"{ATTACK}, then end") == (ATTACK, "end")


def test_branches_are_read_and_written_back_whole() -> None:
    entries = script("if it fails then attack control big media with bavaria, if it succeeds "
                     "then attack control gun lobby with bavaria, if it fails or is called off "
                     "then end, if the roll fails then play assassination, at the roll pass, "
                     "then end, end")
    assert [e.written for e in entries] == [
        "if it fails then attack control big media with bavaria",
        "if it succeeds then attack control gun lobby with bavaria",
        "if it fails or is called off then end",
        "if the roll fails then play assassination", "at the roll pass", "end", "end"]
    assert {e.topic for e in entries} == {"turn"} and {e.until for e in entries} == {"t1"}


def test_every_part_may_begin_with_then() -> None:
    entries = script("then attack control gun lobby with bavaria, then end, then end")
    assert [e.written for e in entries] == ["attack control gun lobby with bavaria", "end",
                                            "end"]


@pytest.mark.parametrize(("text", "says"), [
    ("if it explodes then end", "is not a condition"),
    ("if it fails end", "write `then`"),
    ("end, if it fails then end", "a branch follows an attack"),
])
def test_a_branch_that_cannot_be_read_is_refused(text: str, says: str) -> None:
    with pytest.raises(UnreadableOrder, match=says) as caught:
        script(text)
    assert "if it fails | if it is called off" in caught.value.legal


def test_a_branch_after_an_order_that_is_no_attack_is_refused() -> None:
    with pytest.raises(UnreadableOrder, match="a branch follows an attack"):
        GAME.read_standing("if it fails then end", "anna", table(), ahead=True,
                           after=EndOrder())


def _ended(last: str) -> State:
    state = table()
    return replace(state, turn=replace(state.turn, last=last, actions=1, acted=True))


@pytest.mark.parametrize(("last", "used"), [("succeeded", "end"), ("failed", "give"),
                                            ("called-off", "end")])
def test_the_first_branch_whose_outcome_holds_is_used_and_its_run_used_up(
        last: str, used: str) -> None:
    entries = script("if it fails then give 1 to bruno, if it succeeds or is called off then "
                     "end, then end")
    applied = GAME.standing_order(_ended(last), "anna", entries)
    assert applied is not None and applied.entry is not None
    chosen = entries[0] if used == "give" else entries[1]
    assert applied.entry == chosen
    assert applied.skipped == tuple(e for e in entries[:2] if e != chosen)
    assert entries[2] not in applied.skipped  # written without a condition: it stays


def test_branches_none_of_which_holds_are_used_up_and_the_script_goes_on() -> None:
    entries = script("if it fails then give 1 to bruno, then end")
    applied = GAME.standing_order(_ended("succeeded"), "anna", entries)
    assert applied is not None and applied.order == EndOrder()
    assert applied.entry == entries[1] and applied.skipped == (entries[0],)


def test_branches_wait_for_the_attack_they_follow() -> None:
    entries = script("then attack control gun lobby with bavaria, if it fails then end")
    applied = GAME.standing_order(_ended("failed"), "anna", entries)
    assert applied is not None and applied.entry == entries[0] and not applied.skipped


def _at_the_roll(roll: tuple[int, int]) -> State:
    """Return anna's attack at its reaction window, anna holding Assassination."""
    state = GAME.fold(table(), [ev.SpecialDrawn("anna", "assassination")])
    state = after(GAME, state, when(GAME, state, "anna", ATTACK, Scripted(*roll)))
    for seat in ("bruno", "carla"):
        if state.phase is Phase.RESPONSE:
            state = after(GAME, state, when(GAME, state, seat, "pass", Scripted(*roll)))
    assert state.phase is Phase.REACTION and state.attack is not None
    return state


@pytest.mark.parametrize(("roll", "order"), [((6, 6), PlayOrder("assassination")),
                                             ((1, 1), PassOrder())])
def test_the_roll_branches_answer_the_attackers_own_reaction_window(
        roll: tuple[int, int], order: object) -> None:
    state = _at_the_roll(roll)
    entries = script("if the roll fails then play assassination, at the roll pass, if it "
                     "fails then end, then end", state)
    applied = GAME.standing_order(state, "anna", entries)
    assert applied is not None and applied.order == order
    assert len(applied.skipped) == 1 and applied.skipped[0] in entries[:2]
    assert all(e not in applied.skipped for e in entries[2:])  # they wait for the attack's end
    assert GAME.standing_order(state, "bruno", entries) is None  # not bruno's roll


def test_roll_branches_of_a_roll_that_went_by_are_used_up_at_the_turn() -> None:
    entries = script("at the roll pass, if it fails then end, then end")
    applied = GAME.standing_order(_ended("failed"), "anna", entries)
    assert applied is not None and applied.entry == entries[1]
    assert applied.skipped == (entries[0],)


def test_the_example_of_help_script_reads() -> None:
    from engine.illuminati.script import HELP

    for line in HELP.splitlines():
        example = line.split("for example: ")[-1].strip()
        if not example.startswith("attack"):
            continue
        order, ahead = split_then(example)
        entries = GAME.read_standing(ahead, "anna", table(), ahead=True,
                                     after=GAME.parse(order, "anna", table()))
        assert entries and all(e.topic == "turn" for e in entries)
