"""What holds secret seeds is written for its owner alone: the SQLite database (and its WAL
files), and an archive exported with a running game's seed."""
from __future__ import annotations

import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from service.cli.main import main
from service.store.store import Store


def mode(path: Path) -> int:
    """Return the permission bits of a file."""
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_sqlite_store_is_readable_by_its_owner_alone(tmp_path: Path) -> None:
    database = tmp_path / "var" / "pbem.db"
    store = Store(f"sqlite:///{database}")
    store.create_schema()
    store.add_submission("api", "x")  # something written, so the WAL file exists
    for path in [database, *tmp_path.glob("var/pbem.db-*")]:
        assert mode(path) & 0o077 == 0, (path, oct(mode(path)))
    store.dispose()


def test_an_existing_world_readable_store_is_closed_to_others(tmp_path: Path) -> None:
    database = tmp_path / "pbem.db"
    database.touch(mode=0o644)
    database.chmod(0o644)
    Store(f"sqlite:///{database}").create_schema()
    assert mode(database) == 0o640


def test_an_export_with_the_seed_is_readable_by_its_owner_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    monkeypatch.setenv("PBEM_SECRET_KEY", "private-files")
    runner = CliRunner()
    game_id = runner.invoke(main, ["new", "secret-masters", "--seat", "anna=a@example.org",
                                   "--seat", "bruno=b@example.org", "--seat",
                                   "carla=c@example.org"]).output.strip().splitlines()[-1]
    secret = tmp_path / "secret.jsonl"
    secret.write_text("")
    secret.chmod(0o644)  # written before: it must not stay readable by others
    assert runner.invoke(main, ["export", game_id, "-o", str(secret),
                                "--with-secrets"]).exit_code == 0
    assert mode(secret) == 0o600 and secret.read_text().startswith('{"created_at"')
