"""Victory: the basic goal, every special goal, knock-outs, resignation and shared victory."""
from __future__ import annotations

import pytest

from engine.core.contract import Canaries
from engine.core.testing import Scripted, after, of_type, prompted, when
from engine.illuminati import GAME
from engine.illuminati import events as ev
from engine.illuminati.goals import reached
from engine.illuminati.state import Phase, State

from .helpers import answer_all, money, own, table


def resolve(state: State) -> State:
    """Return the state once every window of the attack under way was passed."""
    while state.phase not in (Phase.TURN, Phase.OVER):
        if state.phase is Phase.RAISE:
            state = after(GAME, state, when(GAME, state, "anna", "roll"))
        state = answer_all(state)
    return state


def capture(state: State, target: str, group: str = "bavaria") -> State:
    """Return the state after anna's sure attack to control `target` with `group`."""
    state = money(state, "anna", state.player("anna").illuminati, 40)
    return resolve(after(GAME, state, when(GAME, state, "anna", f"attack control {target} "
                                           f"with {group} spending 30 from illuminati",
                                           Scripted(1, 1))))


def test_the_basic_goal_counts_the_illuminati_card_and_takes_the_option() -> None:
    state = table(options={"goal-adjust": -3})
    assert state.basic_goal() == 13 - 3
    for card in ("cia", "fbi", "pentagon"):
        state = own(state, "anna", card)
    for master, card in (("cia", "democrats"), ("cia", "republicans"), ("fbi", "kgb"),
                         ("pentagon", "texas"), ("pentagon", "mafia")):
        state = own(state, "anna", card, master=master)
    assert len(state.player("anna").cards) == 9 and state.phase is Phase.TURN
    state = capture(state, "big media")
    assert state.phase is Phase.OVER and state.winners == ("anna",)
    assert "basic goal" in state.reason


def test_bavaria_wins_with_a_total_power_of_35() -> None:
    state = table(uncontrolled=("international-communist-conspiracy", "big-media"))
    for card in ("cia", "new-york", "mafia"):
        state = own(state, "anna", card)
    assert reached(state, "anna") == ""
    state = capture(state, "international communist conspiracy")
    assert state.winners == ("anna",) and "Power of 35" in state.reason


SPECIAL_GOALS = {
    "discordia": ("comic-books", "flat-earthers", "hackers", "intellectuals", "psychiatrists"),
    "assassins": ("kkk", "cia", "kgb", "mafia", "militia", "texas"),
    "network": ("cia", "big-media", "fbi", "madison-avenue", "irs", "post-office"),
    "bermuda": ("semiconscious-liberation-army", "congressional-wives", "moonies", "pentagon"),
}


@pytest.mark.parametrize("illuminati", sorted(SPECIAL_GOALS))
def test_the_special_goal_of(illuminati: str) -> None:
    """Discordia five Weird, the Assassins six Violent, the Network 25 transferable power,
    Bermuda every alignment: met with the last group, not without it."""
    cards = SPECIAL_GOALS[illuminati]
    state = table(illuminati=(illuminati, "gnomes", "cthulhu"))
    for card in cards:
        state = _own_anywhere(state, card)
    assert reached(state, "anna"), illuminati
    assert not reached(_drop_last(state, cards), "anna"), illuminati


def _own_anywhere(state: State, card: str) -> State:
    """Return the state with `card` placed at the first open arrow of anna's structure."""
    from engine.illuminati.grid import first_open

    spot = first_open(state.player("anna"))
    assert spot is not None
    return own(state, "anna", card, master=spot[0], side=spot[1])


def _drop_last(state: State, cards: tuple[str, ...]) -> State:
    """Return the state without the last card placed (and its puppets)."""
    return after(GAME, state, [ev.GroupsReleased("anna", (cards[-1],), "test")])


def test_the_gnomes_win_with_150_megabucks_in_the_structure() -> None:
    state = table(illuminati=("gnomes", "bavaria", "cthulhu"))
    state = own(state, "anna", "cia", money=100)
    state = money(state, "anna", "gnomes", 150 - 100 - 12 - 1)
    state = after(GAME, state, when(GAME, state, "anna", "give 1 to bruno"))
    assert state.phase is Phase.TURN
    state = money(state, "anna", "gnomes", 2)
    state = after(GAME, state, when(GAME, state, "anna", "transfer 1 from gnomes to cia"))
    assert state.winners == ("anna",)


def test_a_knock_out_by_cthulhu_counts_toward_its_eight() -> None:
    state = table(illuminati=("cthulhu", "gnomes", "bavaria"))
    state = after(GAME, state, [ev.GroupDestroyed(card, "anna") for card in
                                ("kgb", "moonies", "hackers", "republicans", "democrats",
                                 "slush-fund")])
    state = own(state, "bruno", "cia")
    state = money(state, "anna", "cthulhu", 30)
    state = resolve(after(GAME, state, when(GAME, state, "anna", "attack destroy cia with "
                                            "cthulhu spending 25 from illuminati",
                                            Scripted(1, 1))))
    assert state.player("bruno").out
    assert state.player("anna").kills == 8
    assert state.winners == ("anna",) and "destroy 8" in state.reason


def test_everyone_meeting_a_goal_at_once_shares_the_victory() -> None:
    state = table(illuminati=("bavaria", "gnomes", "cthulhu"))
    for card in ("cia", "new-york", "mafia", "international-communist-conspiracy"):
        state = own(state, "anna", card)
    state = money(state, "bruno", "gnomes", 150 - 12 - 5)
    assert reached(state, "anna") and not reached(state, "bruno")
    events = when(GAME, state, "anna", "give 5 to bruno")
    won = of_type(events, ev.GameWon)[0]
    assert won.winners == ("anna", "bruno")


def test_the_ufos_pursue_a_secret_goal_revealed_when_they_win() -> None:
    seats = ("anna", "bruno", "carla")
    state = GAME.initial_state(seats, GAME.default_options())
    state = GAME.fold(state, [ev.IlluminatiDealt("anna", "ufos"),
                              ev.IlluminatiDealt("bruno", "gnomes"),
                              ev.IlluminatiDealt("carla", "bavaria"),
                              ev.DeckShuffled(("big-media", "kgb", "cia", "fbi")),
                              ev.FirstPlayerChosen((), seats)])
    assert state.phase is Phase.GOAL and prompted(GAME, state) == ["anna"]
    events = when(GAME, state, "anna", "goal gnomes")
    chosen = of_type(events, ev.GoalChosen)[0]
    assert GAME.visibility(chosen).seats == frozenset({"anna"})
    state = after(GAME, state, events)
    assert "Gnomes" not in str(GAME.view(state, "bruno")["players"][0]["goal"])
    assert "150MB" in GAME.view(state, "anna")["you"]["goal"]
    planted = GAME.plant_canaries(state, Canaries())
    assert planted.player("anna").goal != "gnomes"


def test_resigning_leaves_the_groups_uncontrolled_and_the_last_player_wins() -> None:
    state = own(table(seats=("anna", "bruno"), illuminati=("bavaria", "gnomes")), "anna",
                "cia")
    state = after(GAME, state, when(GAME, state, "anna", "resign"))
    assert "cia" in state.uncontrolled
    assert state.winners == ("bruno",)
