"""Why a game ended is recorded for programs beside the reason in words: the rules' own
termination, a deadline default's, or the game master's; older logs read as unrecorded."""
from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from engine.core import Termination, all_games
from service.audit.rerun import audit
from service.base import clock
from service.cli.selfplay import game_seed, play_to_end
from service.game.events import DEADLINE_ACTOR, SERVICE_EVENTS, GameFinished
from service.game.loading import load_game
from service.orders.creation import create_game
from service.orders.processing import process_submission
from service.seats.master import end_game
from service.store.store import Store
from service.sweeps import deadlines
from service.web.summary import summarize
from tests.archives import seats_for
from tests.recorded import recordings, restore
from tests.service.tablemail import SEATS, open_table

GAMES = 40
"""Seeded games of Secret Masters played until one ended by a player's order and one by a
deadline default (their ids fixed, as the random stream is keyed by the id: today the 12th)."""
RULES_ENDS = {Termination.GOAL, Termination.LAST_ROUND, Termination.LAST_STANDING,
              Termination.RESIGNATION}


@pytest.fixture
def store(tmp_path: Path) -> Store:
    """An empty SQLite store."""
    opened = Store(f"sqlite:///{tmp_path / 'pbem.db'}")
    opened.create_schema()
    return opened


@pytest.mark.parametrize("name", [game.name for game in all_games()])
def test_a_game_played_to_its_end_records_why_it_ended(store: Store, name: str) -> None:
    for index in range(2):
        seed = game_seed(f"termination-{name}", index)
        loaded = create_game(store, name, seats_for(name), seed_hex=seed.hex(),
                             game_id=f"e0d0000{index}")
        play_to_end(store, loaded, seed)
        ended = load_game(store, loaded.meta.id)
        outcome = ended.game.outcome(ended.state)
        assert outcome is not None and outcome.termination in RULES_ENDS
        events = store.events(ended.meta.id)
        last_order = next(e for e in reversed(events) if e.type == "order.accepted")
        expected = (Termination.DEADLINE_DEFAULTS if last_order.actor == DEADLINE_ACTOR
                    else outcome.termination)
        assert ended.meta.termination == expected.value
        assert summarize(ended).termination == expected.value
        audit(store, ended.meta.id)  # the recorded termination is checked on replay too


def test_a_deadline_default_that_ends_the_game_is_told_apart(store: Store) -> None:
    wanted, found = {Termination.GOAL.value, Termination.DEADLINE_DEFAULTS.value}, []
    for index in range(GAMES):
        seed = game_seed("termination-defaults", index)
        loaded = create_game(store, "secret-masters", seats_for("secret-masters"),
                             seed_hex=seed.hex(), game_id=f"defa{index:04x}")
        play_to_end(store, loaded, seed)
        found.append(load_game(store, loaded.meta.id).meta.termination)
        if wanted <= set(found):
            break
    assert wanted <= set(found), found


def test_the_game_master_ending_a_game_is_recorded(store: Store) -> None:
    loaded = create_game(store, "masons", seats_for("masons"))
    end_game(store, loaded.meta.id, "the club closed")
    meta = load_game(store, loaded.meta.id).meta
    assert meta.finished and meta.termination == Termination.GAME_MASTER.value
    assert meta.finish_reason == "Ended by the game master: the club closed"
    report = audit(store, loaded.meta.id)  # the master's end is told apart from the rules'
    assert report.finished and report.orders == 0


def test_an_end_recorded_before_terminations_reads_as_unrecorded(store: Store) -> None:
    old = SERVICE_EVENTS.load("game.finished", {"winners": ["anna"], "reason": "won",
                                                "scores": {"anna": 3}}, 1)
    assert old == GameFinished(("anna",), "won", {"anna": 3}, "")
    finished = next(path for path in recordings() if "secret-masters" in path.name)
    game_id = restore(store, finished)
    meta = load_game(store, game_id).meta
    if meta.finished:
        assert meta.termination == ""
    audit(store, game_id)


def test_a_resignation_by_mail_that_leaves_one_player_ends_illuminati_as_its_rules_do(
        tmp_path: Path) -> None:
    """The seat that resigned by mail leaves by Illuminati's own `resign`, given at its
    deadline: no default, so the end is the rules' (the last player standing)."""
    clock.set_now(datetime(2026, 11, 23, 9, 0, tzinfo=UTC))
    try:
        table = open_table(tmp_path, game="illuminati", seats=SEATS[:2], game_id="1e5167a1")
        loaded = load_game(table.store, table.game_id)
        seat = loaded.game.prompts(loaded.state)[0].seat
        assert "You resigned" in table.write(seat, "resign confirm\n").notes[0]
        clock.set_now(datetime(2026, 11, 23, 9, 1, tzinfo=UTC))
        for submission in deadlines.sweep(table.store).submissions:
            process_submission(table.store, submission, config=table.config)
    finally:
        clock.set_now(None)
    ended = load_game(table.store, table.game_id)
    resigned = [e for e in table.store.events(table.game_id) if e.type == "order.accepted"]
    assert resigned[-1].actor == DEADLINE_ACTOR and resigned[-1].payload["seat"] == seat
    assert ended.meta.finished
    assert ended.meta.termination == Termination.LAST_STANDING.value
    audit(table.store, table.game_id)
