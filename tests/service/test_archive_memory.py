"""Readers of long logs hold one batch at a time: memory stays flat as a log grows tenfold."""
from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest

from service.archive import Archive, chained
from service.store import GameRow
from tests import archives
from tests.stores import open_store


def _synthetic_archive(path: Path, count: int) -> Path:
    """Write a well-chained archive of `count` small events (a chain check needs no rules)."""
    header = {"format": "pbem-archive", "format_version": 1, "game_id": "long", "game": "demo",
              "title": "Long", "engine_version": "1.0", "created_at": "2024-01-01T00:00:00Z",
              "status": "finished", "options": {}, "seats": [], "events": 0,
              "last_hash": "", "seed": None, "secret": False}
    events = [{"game_id": "long", "seq": 0, "type": "step", "schema_version": 1,
               "payload": {"i": index, "note": "x" * 200}, "actor": "north",
               "causation": None, "recorded_at": "2024-01-01T00:00:00.000000Z",
               "prev_hash": "", "hash": ""} for index in range(count)]
    archives.rechain(header, events)
    return archives.write_lines(path, header, events)


def _peak(work: Callable[[], object]) -> int:
    """Return the peak of memory allocated while `work` runs, in bytes."""
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _drain(items: object) -> None:
    for _ in items:  # type: ignore[attr-defined]
        pass


@pytest.fixture(scope="module")
def archives_of(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    """Synthetic archives of 10,000 and 100,000 events."""
    folder = tmp_path_factory.mktemp("long")
    return {count: _synthetic_archive(folder / f"{count}.jsonl", count)
            for count in (5_000, 50_000)}


def test_reading_an_archive_is_flat(archives_of: dict[int, Path]) -> None:
    small, large = (_peak(partial(_drain, Archive(archives_of[c]).entries()))
                    for c in (5_000, 50_000))
    assert archives_of[50_000].stat().st_size > 15_000_000
    assert large < 2 * small + 200_000, (small, large)


def test_restoring_and_streaming_from_the_store_are_flat(archives_of: dict[int, Path],
                                                          tmp_path: Path) -> None:
    store = open_store("sqlite", tmp_path)
    peaks = {}
    try:
        for count, path in archives_of.items():
            game_id = f"long-{count}"
            header = Archive(path).header
            row = GameRow(game_id, "demo", "1.0", "Long", "00", header.created_at, "finished")
            events = (item.__class__(**{**vars(item), "game_id": game_id})
                      for item in Archive(path).events(strict=True))
            restore = _peak(partial(store.restore_game, row, events))
            stream = _peak(partial(_drain, store.iter_events(game_id)))
            peaks[count] = (restore, stream)
            assert store.last_seq(game_id) == count
        for kind in (0, 1):
            assert peaks[50_000][kind] < 2 * peaks[5_000][kind] + 500_000, peaks
    finally:
        store.dispose()


def test_the_chain_check_over_stored_events_names_the_gap(archives_of: dict[int, Path]) -> None:
    from service.archive import ArchiveError

    entries = list(Archive(archives_of[5_000]).entries())[:50]
    del entries[20]
    with pytest.raises(ArchiveError) as failed:
        _drain(chained(entries))
    assert failed.value.seq == 21
