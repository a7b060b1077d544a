"""Backing up a whole SQLite store while the service runs, with SQLite's online backup API."""
from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from sqlalchemy.engine import make_url


class BackupError(Exception):
    """A backup that cannot be made here; the message says what to do instead."""


def sqlite_path(url: str) -> Path:
    """Return the database file of a SQLite URL, or raise BackupError for any other store."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        raise BackupError("pbem backup copies a SQLite store; back up PostgreSQL with its own "
                          "tools: pg_dump --format=custom (see the README's operations part)")
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
