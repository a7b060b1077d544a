"""A capture's puppets: they come along in their places; a puppet whose place is taken goes to
another open arrow of its master, the one the capturer's attack order names (rules 1.1), else the
first open one clockwise from the top; what still does not fit becomes uncontrolled."""
from __future__ import annotations

from engine.core.testing import Scripted, after, of_type, refused, when
from engine.illuminati import GAME
from engine.illuminati import events as ev
from engine.illuminati.state import Phase, State

from .helpers import money, older, own, table


def _board(state: State) -> State:
    """Return anna (Bavaria) with a group right of her Illuminati and one above that, and a
    group at its left; bruno's C.I.A. above the Gnomes with the Republicans at its right."""
    state = money(state, "anna", "bavaria", 20)
    state = own(state, "anna", "anti-nuclear-activists", side=1)
    state = own(state, "anna", "antiwar-activists", master="anti-nuclear-activists")
    state = own(state, "anna", "fraternal-orders", side=3)
    state = own(state, "bruno", "cia", side=0, money=8)
    return own(state, "bruno", "republicans", master="cia", side=1)


def _sure(state: State, game: object = GAME) -> State:
    """Return the state with every seat answering windows by standing order."""
    return after(game, state, [ev.AutoPassSet(seat, "on")  # type: ignore[arg-type]
                               for seat in ("anna", "bruno", "carla")])


def _capture(state: State, text: str, game: object = GAME) -> list[object]:
    """Return the events of anna's attack `text`, answered by standing orders, rolled 1+1."""
    return when(game, _sure(state, game), "anna", text, Scripted(1, 1))  # type: ignore[arg-type]


def _where(events: list[object], card: str) -> tuple[int, int]:
    """Return the cell `card` was placed in by the capture among `events`."""
    placed = [p for e in of_type(events, ev.GroupsPlaced) for p in e.placed if p.card == card]
    return placed[0].x, placed[0].y


def test_a_displaced_puppet_goes_to_the_first_open_arrow_clockwise_by_default() -> None:
    events = _capture(_board(table()), "attack control cia with bavaria spending 15 from "
                      "illuminati")
    assert of_type(events, ev.AttackResolved)[0].success
    # C.I.A. lands above Bavaria; the Republicans' cell (right of it) holds Antiwar Activists:
    # they go to its top arrow, the first open clockwise from the top.
    assert _where(events, "cia") == (0, -1) and _where(events, "republicans") == (0, -2)


def test_the_capturer_places_a_displaced_puppet_at_another_open_arrow() -> None:
    events = _capture(_board(table()), "attack control cia with bavaria spending 15 from "
                      "illuminati placing republicans at left")
    announced = of_type(events, ev.AttackAnnounced)[0]
    assert announced.placing == (("republicans", "", 3),)
    assert _where(events, "republicans") == (-1, -1)
    assert "Republicans goes at the left" in GAME.describe(announced)


def test_the_capture_help_names_the_displaced_puppets_and_their_choices() -> None:
    state = _board(table())
    prompt = GAME.prompt_for(state, "anna")
    assert prompt is not None
    assert "placing republicans at top|left" in prompt.summary


def test_a_sibling_keeping_its_own_cell_is_placed_before_the_displaced() -> None:
    state = own(_board(table()), "bruno", "fbi", master="cia", side=0)
    events = _capture(state, "attack control cia with bavaria spending 15 from illuminati")
    assert _where(events, "fbi") == (0, -2) and _where(events, "republicans") == (-1, -1)
    assert not of_type(events, ev.GroupsPlaced)[0].lost


def test_the_rules_of_version_10_go_round_the_arrows_in_order() -> None:
    old = older()
    state = own(_board(table(game=old)), "bruno", "fbi", master="cia", side=0)
    events = _capture(state, "attack control cia with bavaria spending 15 from illuminati",
                      old)
    # 1.0: the Republicans, displaced first, took the F.B.I.'s top cell; the F.B.I. went left.
    assert _where(events, "republicans") == (0, -2) and _where(events, "fbi") == (-1, -1)
    refused(old, state, "anna", "attack control cia with bavaria placing republicans at left",
            "il.placing")


def test_puppets_that_find_no_open_arrow_become_uncontrolled() -> None:
    state = own(_board(table()), "anna", "boy-sprouts", master="fraternal-orders")
    state = own(state, "bruno", "fbi", master="cia", side=0)
    events = _capture(state, "attack control cia with bavaria spending 15 from illuminati")
    placed = of_type(events, ev.GroupsPlaced)[0]
    assert placed.lost == ("republicans",)
    state = after(GAME, _sure(state), events)
    assert "republicans" in state.uncontrolled and state.phase is Phase.TURN


def test_a_placing_that_cannot_happen_is_refused_with_the_reason() -> None:
    state = own(_board(table()), "bruno", "fbi", master="cia", side=0)
    base = "attack control cia with bavaria spending 15 from illuminati placing "
    assert "keeps its own place" in refused(GAME, state, "anna", base + "fbi at left",
                                            "il.placing").message
    assert "open then: left" in refused(GAME, state, "anna", base + "republicans at top",
                                        "il.placing").message
    assert "not a puppet" in refused(GAME, state, "anna", base + "big media at top",
                                     "il.placing").message
    assert "own master" in refused(GAME, state, "anna", base + "republicans at left of fbi",
                                   "il.placing").message
    refused(GAME, state, "anna", "attack neutralize cia with bavaria placing republicans at "
            "left", "il.placing")


def test_naming_the_master_is_allowed() -> None:
    events = _capture(_board(table()), "attack control cia with bavaria spending 15 from "
                      "illuminati place republicans on left of cia")
    assert _where(events, "republicans") == (-1, -1)
