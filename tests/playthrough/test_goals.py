"""Each Illuminati wins by its own special goal, played through the service from a pinned
seed: the conspiracy takes (or destroys) the groups its goal wants while the other passes,
until the game ends with its victory, recorded as a goal and read alike by both seats."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core import Termination
from engine.illuminati import GAME
from engine.illuminati.cards import ALIGNMENTS, alignments, transferable
from engine.illuminati.cards import power as power_of
from engine.illuminati.state import Phase, State
from service.audit.rerun import audit
from service.game.history import history
from service.game.loading import load_game
from service.store.store import Store
from tests.playthrough.players import Score, conquer
from tests.playthrough.table import Scenario, Table, dealt, reach, run, scenario


def _new_alignments(state: State, seat: str, group: str) -> int:
    have = {a for p in state.player(seat).cards for a in alignments(p.card)}
    return len(set(alignments(group)) & set(ALIGNMENTS) - have)


def _alignment(name: str) -> Score:
    return lambda state, seat, group: int(name in alignments(group))


SCORES: dict[str, tuple[Score, str]] = {
    "bavaria": (lambda state, seat, group: power_of(group), "control"),
    "bermuda": (_new_alignments, "control"),
    "discordia": (_alignment("weird"), "control"),
    "network": (lambda state, seat, group: transferable(group), "control"),
    "assassins": (_alignment("violent"), "control"),
    "cthulhu": (lambda state, seat, group: -power_of(group), "destroy"),
}
"""How each conspiracy chooses its targets, and how it attacks them."""

RICH = ("gnomes", "ufos")
"""Illuminati whose goal a passing player could reach (money): never the passing side."""


def _winning(illuminati: str) -> Any:
    def play(table: Table) -> tuple[str, State]:
        state = table.settle(goal="gnomes")
        seat = table.seat_of(illuminati)
        if illuminati in SCORES:
            score, kind = SCORES[illuminati]
            state = conquer(table, seat, score, kind)
        else:  # money: pass and play the money Specials
            state = conquer(table, seat, lambda s, t, g: 0, spend=0)
        reach(state.winners == (seat,), f"{state.winners} won, not {illuminati}")
        reach("special goal" in state.reason, f"won otherwise: {state.reason}")
        return seat, state
    return play


def _goal_case(illuminati: str, index: int) -> Scenario:
    def fits(state: State) -> bool:
        seats = dealt(state)
        return illuminati in seats.values() and not any(
            i in RICH for i in seats.values() if i != illuminati)
    return scenario(index, fits=fits, label=f"goal-{illuminati}")(_winning(illuminati))


GOALS = {name: _goal_case(name, index) for name, index in {
    "bavaria": 5, "bermuda": 1, "discordia": 2, "gnomes": 0, "network": 66,
    "cthulhu": 2, "assassins": 0, "ufos": 0}.items()}

WORDS = {"bavaria": "control a total Power of 35",
         "bermuda": "control at least one group of each of the ten alignments",
         "discordia": "control 5 Weird groups", "gnomes": "hold 150MB",
         "network": "control a total Transferable Power of 25",
         "cthulhu": "destroy 8 groups", "assassins": "control 6 Violent groups",
         "ufos": "chosen goal, special goal: hold 150MB"}


@pytest.mark.parametrize("illuminati", sorted(GOALS))
def test_a_conspiracy_wins_by_its_special_goal(store: Store, illuminati: str) -> None:
    table, (seat, state) = run(store, GOALS[illuminati])
    other = table.others(seat)[0]
    assert state.phase is Phase.OVER and state.winners == (seat,)
    assert WORDS[illuminati] in state.reason
    assert len(state.player(seat).cards) < state.basic_goal()
    loaded = table.loaded
    assert loaded.meta.finished and loaded.meta.termination == Termination.GOAL.value
    for reader in (seat, other):
        view = table.view(reader)
        assert view["winners"] == [seat] and WORDS[illuminati] in view["reason"]
        assert WORDS[illuminati] in table.history(reader)
    audit(store, table.game_id)


def test_the_ufos_goal_stays_secret_until_they_win_with_it(store: Store) -> None:
    table, (seat, _) = run(store, GOALS["ufos"])
    other = table.others(seat)[0]
    chosen = next(e.seq for e in store.events(table.game_id) if e.type == "goal-chosen")
    finished = next(e.seq for e in store.events(table.game_id) if e.type == "game-won")
    playing = load_game(store, table.game_id, upto=finished - 1).state
    ufos = next(p for p in GAME.view(playing, other)["players"] if p["seat"] == seat)
    assert ufos["goal"] == "the special goal of another Illuminati (secret)"
    assert GAME.view(playing, seat)["you"]["goal"].startswith("hold 150MB")
    lines = history(store, table.game_id, other, upto=finished - 1)
    assert not any("Gnomes" in line.text for line in lines if line.seq >= chosen)
    ended = next(p for p in table.view(other)["players"] if p["seat"] == seat)
    assert ended["goal"].startswith("hold 150MB")
