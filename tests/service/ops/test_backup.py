"""A whole SQLite store backed up while orders are being written, then restored and verified."""
from __future__ import annotations

import shutil
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from service.audit.verify import verify
from service.cli.main import main
from service.game.loading import load_game
from service.ops.backup import BackupError, backup_name, backup_sqlite, prune
from service.orders.processing import submit_order
from service.store.store import Store
from tests import archives
from tests.stores import open_store

GAMES = 3


def _keep_playing(url: str, game_ids: list[str], stop: threading.Event,
                  written: list[int], failures: list[BaseException]) -> None:
    """Give random legal orders in turn to every game until told to stop."""
    store = Store(url)
    try:
        from engine.core.harness import chooser_for

        chooser = chooser_for(b"backup-writer")
        while not stop.is_set():
            for game_id in game_ids:
                loaded = load_game(store, game_id)
                prompts = loaded.game.prompts(loaded.state)
                if not prompts:
                    continue
                prompt = chooser.choice(prompts)
                order = chooser.choice(list(loaded.game.legal_orders(loaded.state,
                                                                     prompt.seat)))
                result = submit_order(store, game_id, prompt.seat,
                                      loaded.game.format_order(order), source="backup-test")
                written.append(result.seq)
    except BaseException as exc:  # noqa: BLE001 - reported to the test below
        failures.append(exc)
    finally:
        store.dispose()


def test_backup_while_orders_are_written_restores_with_every_game_verifying(
        tmp_path: Path) -> None:
    store = open_store("sqlite", tmp_path / "live")
    game_ids = [archives.played_some(store, "castle-of-the-devil", f"{i + 1:02x}" * 32, 1)
                for i in range(GAMES)]
    stop = threading.Event()
    written: list[int] = []
    failures: list[BaseException] = []
    writer = threading.Thread(target=_keep_playing,
                              args=(store.url, game_ids, stop, written, failures))
    writer.start()
    backups = []
    try:
        while len(written) < 5 and writer.is_alive():
            stop.wait(0.05)
        for index in range(3):
            before = len(written)
            backups.append(backup_sqlite(store.url, tmp_path / f"backup-{index}.db"))
            while len(written) == before and writer.is_alive():
                stop.wait(0.05)
    finally:
        stop.set()
        writer.join()
    assert not failures, failures
    assert all(size > 0 for size in backups)
    for index in range(3):
        home = tmp_path / f"restored-{index}"
        home.mkdir()
        shutil.copy(tmp_path / f"backup-{index}.db", home / "pbem.db")
        restored = Store(f"sqlite:///{home / 'pbem.db'}")
        try:
            assert {row.id for row in restored.list_games()} == set(game_ids)
            for game_id in game_ids:
                assert verify(restored, game_id).ok
                assert restored.events(game_id) == store.events(game_id)[
                    :restored.last_seq(game_id)]
        finally:
            restored.dispose()
    store.dispose()


def test_the_backup_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    runner = CliRunner()
    assert runner.invoke(main, ["db", "upgrade"]).exit_code == 0
    done = runner.invoke(main, ["backup", str(tmp_path / "copy.db")])
    assert done.exit_code == 0 and "a consistent copy" in done.output
    assert Store(f"sqlite:///{tmp_path / 'copy.db'}").list_games() == []
    both = runner.invoke(main, ["backup", str(tmp_path / "x.db"), "--dir", str(tmp_path)])
    assert both.exit_code == 2 and "not both" in both.output
    dated = runner.invoke(main, ["backup", "--dir", str(tmp_path / "backups")])
    assert dated.exit_code == 0, dated.output
    [made] = (tmp_path / "backups").glob("pbem-*.db")
    assert "1 backups kept, 0 removed" in dated.output and str(made) in dated.output


def test_pruning_keeps_the_newest_within_age_and_count(tmp_path: Path) -> None:
    now = datetime(2026, 12, 7, 3, 15, tzinfo=UTC)
    for days in (0, 1, 2, 3, 20, 40):
        (tmp_path / backup_name("sqlite:///x.db", now - timedelta(days=days))).write_text("")
    (tmp_path / "notes.txt").write_text("not a backup")
    pruned = prune(tmp_path, keep_days=14, keep=3, now=now)
    assert [path.name for path in pruned.kept] == [
        "pbem-20261207T031500Z.db", "pbem-20261206T031500Z.db", "pbem-20261205T031500Z.db"]
    assert len(pruned.removed) == 3 and (tmp_path / "notes.txt").exists()
    later = prune(tmp_path, keep_days=1, keep=10, now=now + timedelta(days=30))
    assert [path.name for path in later.kept] == ["pbem-20261207T031500Z.db"]  # newest stays


def test_restore_refuses_a_store_that_is_there_unless_replacing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    runner = CliRunner()
    assert runner.invoke(main, ["db", "upgrade"]).exit_code == 0
    store = Store(f"sqlite:///{tmp_path / 'home' / 'pbem.db'}")
    game_id = archives.played_some(store, "castle-of-the-devil", "ab" * 32, 2)
    store.dispose()
    assert runner.invoke(main, ["backup", str(tmp_path / "b.db")]).exit_code == 0
    refused = runner.invoke(main, ["restore", str(tmp_path / "b.db")])
    assert refused.exit_code == 1 and "--replace" in refused.output
    (tmp_path / "junk").write_bytes(b"not a backup")
    junk = runner.invoke(main, ["restore", "--replace", str(tmp_path / "junk")])
    assert junk.exit_code == 1 and "neither" in junk.output
    done = runner.invoke(main, ["restore", "--replace", str(tmp_path / "b.db")])
    assert done.exit_code == 0 and "1 games" in done.output, done.output
    assert runner.invoke(main, ["verify", game_id]).exit_code == 0


def test_verify_all_names_each_broken_game_and_exits_1(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sqlite3

    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    runner = CliRunner()
    assert runner.invoke(main, ["db", "upgrade"]).exit_code == 0
    store = Store(f"sqlite:///{tmp_path / 'home' / 'pbem.db'}")
    good = archives.played_some(store, "castle-of-the-devil", "cd" * 32, 2)
    bad = archives.played_some(store, "castle-of-the-devil", "ef" * 32, 2)
    assert runner.invoke(main, ["verify", "--all"]).output.startswith(
        "ok: 2 games verified, 2 intact, 0 failed")
    store.dispose()
    with sqlite3.connect(tmp_path / "home" / "pbem.db") as connection:
        connection.execute("UPDATE events SET payload = '{}' WHERE game_id = ? AND seq = 2",
                           (bad,))
    done = runner.invoke(main, ["verify", "--all"])
    assert done.exit_code == 1
    lines = done.output.splitlines()
    assert lines[0].startswith(f"FAIL {bad} at seq 2") and good not in done.output
    assert lines[-1].startswith("FAILED: 2 games verified, 1 intact, 1 failed")
    assert runner.invoke(main, ["verify"]).exit_code == 1


def test_no_backup_of_a_missing_store(tmp_path: Path) -> None:
    with pytest.raises(BackupError, match="there is no store"):
        backup_sqlite(f"sqlite:///{tmp_path / 'none.db'}", tmp_path / "copy.db")
