"""Backing up and restoring a whole store while the service runs: SQLite with its online
backup API, PostgreSQL with pg_dump's custom format; dated files in a folder, pruned by age and
count (`pbem backup --dir`, the unit `pbem-backup.timer`)."""
from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import IO

from sqlalchemy.engine import URL, make_url

SQLITE_MAGIC, PG_DUMP_MAGIC = b"SQLite format 3\0", b"PGDMP"
PREFIX, STAMP = "pbem-", "%Y%m%dT%H%M%SZ"
"""A backup's name: pbem-20261207T030000Z.dump (PostgreSQL) or .db (SQLite), sorting by age."""


class BackupError(Exception):
    """A backup or restore that cannot be made here; the message says what to do instead."""


def is_sqlite(url: str) -> bool:
    """Return whether the store at `url` is a SQLite file."""
    return make_url(url).get_backend_name() == "sqlite"


def sqlite_path(url: str) -> Path:
    """Return the database file of a SQLite URL, or raise BackupError for any other store."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        raise BackupError("this copies a SQLite store; back up PostgreSQL with `pbem backup "
                          "--dir FOLDER`, which runs pg_dump --format=custom")
    if not parsed.database or parsed.database == ":memory:":
        raise BackupError("an in-memory SQLite store has no file to back up")
    return Path(parsed.database)


def backup_sqlite(url: str, target: Path) -> int:
    """Copy the live store at `url` into `target` as one consistent snapshot; return its bytes.

    SQLite's backup API reads the database inside one read transaction, which in WAL mode
    never blocks the writers; the copy is written beside `target` and renamed into place,
    so a crash never leaves half a backup under the final name.
    """
    source_path = sqlite_path(url)
    if not source_path.exists():
        raise BackupError(f"there is no store at {source_path}")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    source = sqlite3.connect(source_path, timeout=30)
    copy = sqlite3.connect(partial)
    try:
        source.backup(copy)
        copy.execute("PRAGMA journal_mode = DELETE")
        check = copy.execute("PRAGMA integrity_check").fetchone()[0]
        if check != "ok":
            raise BackupError(f"the copy fails SQLite's integrity check: {check}")
    finally:
        copy.close()
        source.close()
    os.replace(partial, target)
    return target.stat().st_size


def libpq(url: str) -> tuple[str, dict[str, str]]:
    """Return the libpq address of a PostgreSQL store URL without its password, and the
    environment that passes the password (never on a command line others may read)."""
    parsed: URL = make_url(url)
    env = dict(os.environ)
    if parsed.password:
        env["PGPASSWORD"] = str(parsed.password)
    plain = parsed.set(drivername="postgresql", password=None)
    return plain.render_as_string(hide_password=False), env


def _run(argv: list[str], env: dict[str, str], stdin: IO[bytes] | None = None) -> None:
    """Run a PostgreSQL tool; raise BackupError with its message when it fails."""
    if shutil.which(argv[0]) is None:
        raise BackupError(f"{argv[0]} is not installed (Debian: apt-get install "
                          "postgresql-client)")
    done = subprocess.run(argv, env=env, stdin=stdin, capture_output=True, check=False)
    if done.returncode:
        raise BackupError(f"{argv[0]} failed: {done.stderr.decode(errors='replace').strip()}")


def backup_postgres(url: str, target: Path) -> int:
    """Dump the store at `url` with pg_dump's custom format into `target`; return its bytes."""
    address, env = libpq(url)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    _run(["pg_dump", "--format=custom", "--no-owner", f"--file={partial}", address], env)
    os.replace(partial, target)
    return target.stat().st_size


def backup_to(url: str, target: Path) -> int:
    """Back up the store at `url` into the file `target`, as its kind of database allows."""
    return backup_sqlite(url, target) if is_sqlite(url) else backup_postgres(url, target)


def backup_name(url: str, now: datetime) -> str:
    """Return the name of a backup of the store at `url` taken at `now`."""
    return f"{PREFIX}{now.astimezone(UTC).strftime(STAMP)}{'.db' if is_sqlite(url) else '.dump'}"


@dataclass(frozen=True)
class Pruned:
    """What pruning kept and removed, newest first."""

    kept: list[Path]
    removed: list[Path]


def backups_in(folder: Path) -> list[tuple[datetime, Path]]:
    """Return the backups in `folder` with the times in their names, newest first."""
    found = []
    for path in folder.glob(f"{PREFIX}*"):
        stem = path.name.removeprefix(PREFIX).split(".")[0]
        if path.suffix not in (".db", ".dump"):
            continue
        try:
            found.append((datetime.strptime(stem, STAMP).replace(tzinfo=UTC), path))
        except ValueError:
            continue
    return sorted(found, reverse=True)


def prune(folder: Path, keep_days: int, keep: int, now: datetime) -> Pruned:
    """Remove the backups older than `keep_days` and those beyond the newest `keep`; the
    newest one always stays."""
    kept, removed = [], []
    for index, (taken, path) in enumerate(backups_in(folder)):
        if index == 0 or (index < keep and now - taken <= timedelta(days=keep_days)):
            kept.append(path)
        else:
            path.unlink()
            removed.append(path)
    return Pruned(kept, removed)


@contextmanager
def as_file(source: IO[bytes], folder: Path) -> Iterator[Path]:
    """Yield a file holding what `source` reads (standard input), removed afterwards."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f".restore-{os.getpid()}.partial"
    try:
        with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as out:
            shutil.copyfileobj(source, out)
        yield path
    finally:
        path.unlink(missing_ok=True)


def restore(url: str, backup: Path, *, replace: bool = False) -> str:
    """Restore the backup file into the store at `url`, which must hold no pbem tables (with
    `replace`, a SQLite store is moved aside instead); return what was done."""
    with open(backup, "rb") as head:
        magic = head.read(16)
    if magic.startswith(PG_DUMP_MAGIC):
        if is_sqlite(url):
            raise BackupError("this is a PostgreSQL dump, and PBEM_DATABASE_URL names SQLite")
        address, env = libpq(url)
        with open(backup, "rb") as dump:  # on standard input: the tool needs no read access
            _run(["pg_restore", "--no-owner", "--exit-on-error", "--single-transaction",
                  f"--dbname={address}"], env, stdin=dump)
        return f"restored the dump into {make_url(url).database}"
    if magic == SQLITE_MAGIC:
        return _restore_sqlite(url, backup, replace)
    raise BackupError("this is neither a pbem backup of PostgreSQL (pg_dump's custom format) "
                      "nor of SQLite")


def _restore_sqlite(url: str, backup: Path, replace: bool) -> str:
    """Copy a SQLite backup into place as the store at `url`, moving an old one aside."""
    target = sqlite_path(url)
    moved = ""
    if target.exists() and target.stat().st_size:
        if not replace:
            raise BackupError(f"there is a store at {target} already: stop the service and "
                              "give --replace to move it aside")
        aside = target.with_name(f"{target.name}.before-restore-"
                                 f"{datetime.now(UTC).strftime(STAMP)}")
        for suffix in ("", "-wal", "-shm"):
            if Path(f"{target}{suffix}").exists():
                os.replace(f"{target}{suffix}", f"{aside}{suffix}")
        moved = f"; the store that was there is now {aside}"
    backup_sqlite(f"sqlite:///{backup}", target)
    return f"restored the backup into {target}{moved}"
