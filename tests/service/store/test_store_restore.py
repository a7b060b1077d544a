"""Contract tests of the store's streaming read and restore, against SQLite and PostgreSQL."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from service.store.records import Append
from service.store.store import GameRow, NewEvent, Store, StoredEvent, StoreError
from tests.stores import open_store

GAME = "g-1"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A store with one game, `GAME`, whose log holds 25 events."""
    opened = open_store(request.param, tmp_path)
    opened.create_game(GAME, "demo", "1.0", "Test game", "00ff" * 8)
    for seq in range(25):
        opened.append(Append(GAME, seq, [NewEvent("step", {"i": seq}, actor="north")]))
    try:
        yield opened
    finally:
        opened.drop_schema()
        opened.dispose()


def _row(game_id: str) -> GameRow:
    return GameRow(game_id, "demo", "1.0", "Restored", "ab" * 32, "2024-01-01T00:00:00Z",
                   "finished")


def _moved(events: list[StoredEvent], game_id: str) -> list[StoredEvent]:
    return [replace(item, game_id=game_id) for item in events]


@pytest.mark.parametrize("batch", [1, 7, 25, 1000])
def test_iter_events_yields_the_whole_log_in_batches(store: Store, batch: int) -> None:
    assert list(store.iter_events(GAME, batch=batch)) == store.events(GAME)


def test_iter_events_window(store: Store) -> None:
    assert list(store.iter_events(GAME, 3, 11, batch=4)) == store.events(GAME, 3, 11)
    assert list(store.iter_events("nobody")) == []


def test_restore_writes_rows_exactly_as_given(store: Store) -> None:
    events = _moved(store.events(GAME), "g-2")
    assert store.restore_game(_row("g-2"), iter(events), batch=10) == 25
    assert store.events("g-2") == events
    assert store.get_game("g-2") == replace(_row("g-2"), head_seq=25,
                                            head_hash=events[-1].hash)
    # The events kept their own game id's hashes, so the chain of the copy is not sound:
    # restore writes what it is given and leaves checking to the caller.
    assert store.verify_chain(GAME) is None


def test_restore_of_a_taken_id_raises_and_writes_nothing(store: Store) -> None:
    before = store.events(GAME)
    with pytest.raises(StoreError, match="already taken"):
        store.restore_game(replace(_row(GAME), title="other"), iter(before))
    assert store.events(GAME) == before
    assert store.get_game(GAME).title == "Test game"  # type: ignore[union-attr]


def test_restore_rolls_back_when_the_events_fail_midway(store: Store) -> None:
    events = _moved(store.events(GAME), "g-3")

    def failing() -> Iterator[StoredEvent]:
        yield from events[:12]
        raise ValueError("bad line")

    with pytest.raises(ValueError, match="bad line"):
        store.restore_game(_row("g-3"), failing(), batch=5)
    assert store.get_game("g-3") is None
    assert store.events("g-3") == []


def test_restore_refuses_events_out_of_order(store: Store) -> None:
    events = _moved(store.events(GAME), "g-4")
    events[3], events[4] = events[4], events[3]
    with pytest.raises(StoreError, match="out of place"):
        store.restore_game(_row("g-4"), iter(events))
    assert store.get_game("g-4") is None
