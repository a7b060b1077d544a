"""The backup and restore of docs/deploy.md, run as the guide writes them, on PostgreSQL and on
SQLite: the commands are read from the guide's blocks marked `<!-- guide: NAME -->`, so the
guide and this test cannot drift apart. What is changed before they run, and only that:

- `systemctl` and the copying of the units are left out (systemd does not run the tests; the
  units are checked by test_units.py);
- `/var/backups/pbem` is a scratch folder, and `pbem-admin` runs this checkout's `pbem` with a
  scratch settings file, as root instead of the user `pbem` (which this machine need not have);
- in the lines run as `postgres`, the role and the database `pbem` are a scratch role and
  database of this test (made and dropped by it).

Every restored game must verify (`pbem verify --all`) and hold the events of the original.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.store.store import Store
from tests import archives
from tests.stores import STRONG_KEY

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "deploy.md"
MARK = re.compile(r"^<!-- guide: ([a-z-]+) -->$")
GAMES = (("castle-of-the-devil", "c1"), ("secret-masters", "5a"), ("masons", "3e"))


def guide_blocks() -> dict[str, list[str]]:
    """Return each marked block of the guide: its command lines, as written."""
    blocks: dict[str, list[str]] = {}
    name = ""
    for line in GUIDE.read_text().splitlines():
        mark = MARK.match(line)
        if mark:
            name = mark[1]
            blocks[name] = []
        elif name and line.startswith("    "):
            blocks[name].append(line[4:])
        elif name and line.strip() and blocks[name]:
            name = ""
    return blocks


def as_run_here(lines: list[str], backups: Path, role: str = "", database: str = "") -> str:
    """Return the block as a script for this machine (the changes the module names)."""
    script = ["set -euo pipefail"]
    for line in lines:
        if line.startswith(("systemctl ", "cp /opt/pbem/deploy/systemd/")):
            continue
        line = line.replace("/var/backups/pbem", str(backups))
        line = line.replace("-o pbem -g pbem", "-o root -g root")
        if line.startswith("runuser -u postgres --"):
            line = line.replace("--owner pbem", f"--owner {role}")
            line = re.sub(r"(?<![\w/.-])pbem(?=_damaged\b)", database, line)
            line = re.sub(r"(?<![\w/.-])pbem(?![\w/.-])", database, line)
        script.append(line)
    return "\n".join(script)


def require(*tools: str) -> None:
    """Skip (or, under CI, fail) without the tools or without root."""
    missing = [tool for tool in tools if shutil.which(tool) is None]
    problem = (f"not installed: {', '.join(missing)}" if missing else
               "" if os.geteuid() == 0 else "the guide's commands run as root")
    if problem:
        if os.environ.get("CI") == "true":
            pytest.fail(problem + " (CI=true: the backup guide must be tried)")
        pytest.skip(problem)


class Machine:
    """A scratch deployment: a settings file, `pbem-admin` on the PATH, a backups folder."""

    def __init__(self, tmp_path: Path, settings: dict[str, str]) -> None:
        self.home, self.backups, bin_dir = tmp_path / "home", tmp_path / "backups", tmp_path / "bin"
        self.home.mkdir()
        bin_dir.mkdir()
        settings = {"PBEM_HOME": str(self.home), "PBEM_SECRET_KEY": STRONG_KEY, **settings}
        self.env_file = tmp_path / "pbem.env"
        self.env_file.write_text("".join(f"{key}={value}\n" for key, value in settings.items()))
        admin = bin_dir / "pbem-admin"
        admin.write_text(
            "#!/bin/sh\n"
            f"PBEM_ENV_FILE={self.env_file} PBEM_USER=root "
            f"PBEM_COMMAND={Path(sys.executable).parent / 'pbem'} "
            f"exec {ROOT / 'deploy' / 'pbem-admin'} \"$@\"\n")
        admin.chmod(0o755)
        self.env = {name: value for name, value in os.environ.items()
                    if not name.startswith("PBEM_")}
        self.env["PATH"] = f"{bin_dir}:{self.env['PATH']}"
        self.env["PYTHONPATH"] = str(ROOT)

    def run(self, script: str) -> str:
        """Run a script as the guide's root shell would; return what it printed."""
        done = subprocess.run(["bash", "-c", script], env=self.env, cwd="/", text=True,
                              capture_output=True, timeout=300, check=False)
        assert done.returncode == 0, f"{script}\n---\n{done.stdout}\n{done.stderr}"
        return done.stdout + done.stderr


def play_games(url: str) -> dict[str, list[object]]:
    """Create and play a few games in the store at `url`; return each game's events."""
    store = Store(url)
    try:
        ids = [archives.played_some(store, game, seed * 32, 4) for game, seed in GAMES]
        return {game_id: store.events(game_id) for game_id in ids}
    finally:
        store.dispose()


def events_in(url: str) -> dict[str, list[object]]:
    store = Store(url)
    try:
        return {row.id: store.events(row.id) for row in store.list_games()}
    finally:
        store.dispose()


def test_the_guide_marks_its_backup_and_restore_blocks() -> None:
    blocks = guide_blocks()
    assert set(blocks) >= {"backup", "restore-postgresql", "restore-sqlite"}
    assert any("pbem-admin backup --dir /var/backups/pbem" in line for line in blocks["backup"])
    for name in ("restore-postgresql", "restore-sqlite"):
        assert any(line.startswith("pbem-admin restore") and " - < " in line
                   for line in blocks[name]), name  # read on standard input
        assert "pbem-admin verify --all" in blocks[name]


def test_the_guide_backs_up_and_restores_sqlite(tmp_path: Path) -> None:
    require("runuser", "bash")
    machine = Machine(tmp_path, {})
    blocks = guide_blocks()
    machine.run("pbem-admin db upgrade")
    url = f"sqlite:///{machine.home / 'pbem.db'}"
    played = play_games(url)
    out = machine.run(as_run_here(blocks["backup"], machine.backups))
    assert "a consistent copy of the store" in out
    assert oct(machine.backups.stat().st_mode & 0o777) == "0o700"
    (machine.home / "pbem.db").write_bytes(b"damaged")
    out = machine.run(as_run_here(blocks["restore-sqlite"], machine.backups))
    assert f"{len(GAMES)} games verified, {len(GAMES)} intact, 0 failed" in out
    assert events_in(url) == played
    assert list(machine.home.glob("pbem.db.before-restore-*"))


@pytest.fixture
def scratch_database() -> Iterator[tuple[str, str]]:
    """A role and a database owned by it, made for this test and dropped after."""
    require("runuser", "psql", "pg_dump", "pg_restore", "createdb")
    name = f"pbem_guide_{uuid.uuid4().hex[:10]}"

    def psql(sql: str) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", "psql", "-q", "-v",
                        "ON_ERROR_STOP=1", "-c", sql], check=True, cwd="/", timeout=60,
                       capture_output=True)

    psql(f"CREATE ROLE {name} LOGIN")
    psql(f"CREATE DATABASE {name} OWNER {name}")
    try:
        yield name, name
    finally:
        for database in (name, f"{name}_damaged"):
            psql(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
        psql(f"DROP ROLE IF EXISTS {name}")


@pytest.mark.postgres
def test_the_guide_backs_up_and_restores_postgresql(
        tmp_path: Path, scratch_database: tuple[str, str]) -> None:
    role, database = scratch_database
    url = f"postgresql+psycopg://{role}@127.0.0.1:5432/{database}"
    machine = Machine(tmp_path, {"PBEM_DATABASE_URL": url, "PBEM_MAIL_TO_FILES": "yes"})
    blocks = guide_blocks()
    machine.run("pbem-admin db upgrade")
    played = play_games(url)
    out = machine.run(as_run_here(blocks["backup"], machine.backups, role, database))
    assert "a consistent copy of the store" in out
    [dump] = machine.backups.glob("pbem-*.dump")
    assert dump.read_bytes().startswith(b"PGDMP")
    out = machine.run(as_run_here(blocks["restore-postgresql"], machine.backups, role,
                                  database))
    assert f"{len(GAMES)} games verified, {len(GAMES)} intact, 0 failed" in out
    assert events_in(url) == played
    damaged = f"{url.rpartition('/')[0]}/{database}_damaged"
    assert events_in(damaged) == played  # the old database is kept, renamed
