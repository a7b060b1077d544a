"""Nothing forged enters the store: an import checks the whole archive as the audit does, the
header against the log, the game id's form, and reads hostile files in bounded memory."""
from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.core import sha256_hex
from service.audit.archive import MAX_LINE_BYTES, MAX_NESTING, Archive, ArchiveError
from service.audit.rerun import AuditRefused
from service.audit.restore import audit_archive, import_archive
from service.base.inputs import nesting_depth
from service.store.store import Store
from tests import archives
from tests.stores import open_store

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The archive of a finished Secret Masters game."""
    folder = tmp_path_factory.mktemp("forged")
    store = open_store("sqlite", folder)
    game_id = archives.played(store, "secret-masters", "6d" * 32)
    yield archives.export(store, game_id, folder / "finished.pbem.jsonl")
    store.dispose()


@pytest.fixture()
def target(tmp_path: Path) -> Iterator[Store]:
    """An empty store to import into."""
    store = open_store("sqlite", tmp_path / "target")
    yield store
    store.dispose()


def refused_everywhere(target: Store, path: Path, reason: str) -> None:
    """Both the audit and the import refuse `path` for `reason`; the store stays empty."""
    with pytest.raises(AuditRefused, match=reason):
        audit_archive(path)
    with pytest.raises(ArchiveError, match=reason):
        import_archive(target, path)
    assert target.list_games() == []


def test_a_rewritten_history_with_every_hash_recomputed_is_not_imported(
        finished: Path, target: Store, tmp_path: Path) -> None:
    header, events = archives.read_lines(finished)
    seed = "99" * 32
    header["seed"] = seed
    events[0]["payload"]["seed_hash"] = sha256_hex(bytes.fromhex(seed))
    next(e for e in events if e["type"] == "seed.revealed")["payload"]["seed"] = seed
    archives.rechain(header, events)
    forged = archives.write_lines(tmp_path / "forged.jsonl", header, events)
    refused_everywhere(target, forged, "different events")


def test_an_invented_winner_is_not_imported(finished: Path, target: Store,
                                            tmp_path: Path) -> None:
    header, events = archives.read_lines(finished)
    ending = next(e for e in events if e["type"] == "game.finished")
    loser = next(seat["seat"] for seat in header["seats"]
                 if seat["seat"] not in ending["payload"]["winners"])
    ending["payload"]["winners"] = [loser]
    archives.rechain(header, events)
    forged = archives.write_lines(tmp_path / "winner.jsonl", header, events)
    with pytest.raises(ArchiveError, match="does not pass its audit"):
        import_archive(target, forged)
    assert target.list_games() == []


@pytest.mark.parametrize("field, value", [("title", "The Grand Final"),
                                          ("seats", [{"seat": "anna", "player": "Mallory"}]),
                                          ("options", {"extra": True}),
                                          ("game", "freimaurerei")])
def test_a_header_that_differs_from_the_log_is_refused(finished: Path, target: Store,
                                                       tmp_path: Path, field: str,
                                                       value: object) -> None:
    header, events = archives.read_lines(finished)
    if field == "seats":
        value = [{**header["seats"][0], "player": "Mallory"}, *header["seats"][1:]]
    header[field] = value
    altered = archives.write_lines(tmp_path / "header.jsonl", header, events)
    with pytest.raises((AuditRefused, ArchiveError)):
        audit_archive(altered)
    with pytest.raises(ArchiveError):
        import_archive(target, altered)
    assert target.list_games() == []


def test_the_header_check_names_what_differs(finished: Path, target: Store,
                                             tmp_path: Path) -> None:
    header, events = archives.read_lines(finished)
    header["title"] = "The Grand Final"
    altered = archives.write_lines(tmp_path / "title.jsonl", header, events)
    refused_everywhere(target, altered, "header's title differ")


@pytest.mark.parametrize("game_id", ["../../etc/passwd", "ABCDEF12", "club-7", ""])
def test_an_archive_under_an_id_of_another_form_is_refused(finished: Path, target: Store,
                                                           tmp_path: Path, game_id: str) -> None:
    header, events = archives.read_lines(finished)
    header["game_id"] = game_id
    for item in events:
        item["game_id"] = game_id
    archives.rechain(header, events)
    odd = archives.write_lines(tmp_path / "odd.jsonl", header, events)
    refused_everywhere(target, odd, "not a game id")


def test_json_nested_too_deep_is_refused_with_a_reason(finished: Path, tmp_path: Path) -> None:
    header = finished.read_bytes().splitlines(keepends=True)[0]
    deep = tmp_path / "deep.jsonl"
    deep.write_bytes(header + b"[" * 200_000 + b"]" * 200_000 + b"\n")
    with pytest.raises(AuditRefused, match=f"more than {MAX_NESTING} deep"):
        audit_archive(deep)
    deep.write_bytes(b'{"a":' * 200_000 + b"1" + b"}" * 200_000 + b"\n")
    with pytest.raises(ArchiveError, match=f"more than {MAX_NESTING} deep"):
        Archive(deep)
    assert nesting_depth('{"a": "[[[[{{{{", "b": [[1]]}') == 3


LONG_LINE = ("import sys\nfrom service.audit.restore import audit_archive\n"
             "from service.audit.rerun import AuditRefused\n"
             "try:\n    audit_archive(sys.argv[1])\nexcept AuditRefused as exc:\n"
             "    print(exc)\n"
             "status = open('/proc/self/status').read()\n"
             "print(int(status.split('VmHWM:')[1].split()[0]))\n")


@pytest.mark.skipif(not Path("/proc/self/status").exists(),
                    reason="peak memory is read from /proc (Linux)")
def test_a_300_mb_line_is_refused_in_flat_memory(finished: Path, tmp_path: Path) -> None:
    header = finished.read_bytes().splitlines(keepends=True)[0]
    huge = tmp_path / "huge.jsonl"
    with huge.open("wb") as out:
        out.write(header + b'{"payload": "')
        chunk = b"x" * 2**20
        for _ in range(300):
            out.write(chunk)
        out.write(b'"}\n')
    done = subprocess.run([sys.executable, "-c", LONG_LINE, str(huge)], capture_output=True,
                          text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)},
                          check=True)
    message, peak_kib = done.stdout.rsplit("\n", 2)[:2]
    assert "line 2 is longer than" in message
    assert int(peak_kib) < 3 * MAX_LINE_BYTES // 1024 + 100_000, done.stdout  # 300 MB: 1 GB
