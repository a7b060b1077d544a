"""A whole SQLite store backed up while orders are being written, then restored and verified."""
from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from service.audit.verify import verify
from service.cli.main import main
from service.game.loading import load_game
from service.ops.backup import BackupError, backup_sqlite
from service.orders.processing import submit_order
from service.store.store import Store
from tests import archives
from tests.stores import PG_URL, open_store

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
    monkeypatch.setenv("PBEM_DATABASE_URL", PG_URL)
    refused = runner.invoke(main, ["backup", str(tmp_path / "pg.db")])
    assert refused.exit_code == 1 and "pg_dump" in refused.output


def test_no_backup_of_a_missing_store(tmp_path: Path) -> None:
    with pytest.raises(BackupError, match="there is no store"):
        backup_sqlite(f"sqlite:///{tmp_path / 'none.db'}", tmp_path / "copy.db")
