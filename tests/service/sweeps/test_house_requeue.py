"""A house decision whose task was lost (an embedded broker's crash, say) is queued again by the
deadline sweep once it has stayed open a short while after the game's last change: once only,
the database deciding between two sweeps, and never as a default."""
from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from service.base import clock
from service.game.loading import load_game
from service.game.meta import format_time
from service.orders.creation import NewSeat, create_game
from service.orders.house import ITERATIONS_SETTING, due_house, play_due
from service.store.store import Store
from service.sweeps import deadlines
from service.time.due import HOUSE_DUE, HOUSE_STALE
from tests.stores import open_store

START = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path,
          monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    """An empty store of each kind on a clock fixed at START; the house thinks 2 iterations."""
    monkeypatch.setenv(ITERATIONS_SETTING, "2")
    clock.set_now(START)
    opened = open_store(request.param, tmp_path)
    try:
        yield opened
    finally:
        clock.set_now(None)
        opened.dispose()


def _practice(store: Store) -> str:
    """Create a Secret Masters game with two house seats whose first decisions are open (and
    whose tasks nobody runs: as if they were lost)."""
    loaded = create_game(store, "secret-masters", [NewSeat("anna", "anna@example.org")],
                         seed_hex="34" * 32, house=("bruno", "carla"), game_id="0e0e3401")
    assert due_house(load_game(store, loaded.meta.id)), "the house owes a decision at first"
    return loaded.meta.id


def _sweep_at(store: Store, after: timedelta) -> deadlines.SweepReport:
    clock.set_now(START + after)
    return deadlines.sweep(store)


def test_a_house_decision_left_open_is_queued_again_once(store: Store) -> None:
    game_id = _practice(store)
    seq = load_game(store, game_id).seq
    assert _sweep_at(store, HOUSE_STALE - timedelta(seconds=30)).house == []  # not yet
    report = _sweep_at(store, HOUSE_STALE + timedelta(seconds=30))
    assert report.house == [game_id] * len(due_house(load_game(store, game_id)))
    assert report.submissions == []  # no default for a house seat
    assert _sweep_at(store, HOUSE_STALE * 3).house == []  # once only
    assert load_game(store, game_id).seq == seq  # the sweep only queues; the task plays
    played = play_due(store, game_id)  # the task queued again runs
    assert played and {p.seat for p in played} <= {"bruno", "carla"}
    # what the house played is never queued again; what is open after the change (a
    # decision of the house's own, or none while anna must act) is looked at afresh
    later = clock.now() - START + HOUSE_STALE + timedelta(seconds=30)
    still = due_house(load_game(store, game_id))
    assert _sweep_at(store, later).house == [game_id] * len(still)


def test_of_two_sweeps_reading_the_same_look_only_one_queues(store: Store) -> None:
    game_id = _practice(store)
    now = START + HOUSE_STALE + timedelta(seconds=30)
    rows = [row for row in store.due_deadlines(format_time(now)) if row.game_id == game_id]
    assert rows and all(row.due == HOUSE_DUE for row in rows)
    later = format_time(now + timedelta(days=1))
    assert store.claim_deadline_look(rows[0], later) is True
    assert store.claim_deadline_look(rows[0], later) is False  # the other sweep: too late
