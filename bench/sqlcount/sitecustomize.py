"""Counts the SQL statements and commits of a process of the service, for bench/ceiling.py.

The benchmark puts this folder first on the PYTHONPATH of the service's processes and names a
folder in $PBEM_BENCH_SQL_COUNTS; Python imports this module at start-up, and each process
(forked children too) writes its counts to `<folder>/<pid>.json` four times a second:
statements and commits per store ("store", or "broker" for the embedded default's database
broker, named by its file). Without $PBEM_BENCH_SQL_COUNTS it does nothing.

Counted where the driver runs them, so a statement sent through a raw cursor or the embedded
order intake's own sqlite3 connection counts like one sent by SQLAlchemy: psycopg's
`Cursor.execute`/`executemany` (an executemany counts once) and `Connection.commit`; sqlite3's
trace callback on every connection it opens. Transaction control (BEGIN, COMMIT, ROLLBACK,
SAVEPOINT, RELEASE, END) and PRAGMAs are not statements; a COMMIT or END, or a psycopg commit,
is a commit. A statement in autocommit mode is not counted as a commit.
"""
from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "PRAGMA", "END")
FOLDER = os.environ.get("PBEM_BENCH_SQL_COUNTS")
counts: dict[str, list[int]] = {}
_lock = threading.Lock()


def note(kind: str, sql: str | None = None, commit: bool = False) -> None:
    """Count one statement (or a commit) on the store `kind`."""
    word = (sql or "").lstrip().split(None, 1)[0].upper() if (sql or "").strip() else ""
    with _lock:
        pair = counts.setdefault(kind, [0, 0])
        if commit or word in ("COMMIT", "END"):
            pair[1] += 1
        elif sql is not None and word and word not in CONTROL and not word.startswith("--"):
            pair[0] += 1


def _dump() -> None:
    assert FOLDER is not None
    path = Path(FOLDER) / f"{os.getpid()}.json"
    with _lock:
        text = json.dumps({kind: {"statements": pair[0], "commits": pair[1]}
                           for kind, pair in counts.items()})
    temporary = path.with_suffix(".tmp")
    temporary.write_text(text)
    temporary.replace(path)


def _writer() -> None:
    halt = threading.Event()
    while not halt.wait(0.25):
        try:
            _dump()
        except OSError:
            return  # the folder is gone: the run ended


def _start() -> None:
    threading.Thread(target=_writer, daemon=True, name="sql-counts").start()


def _child() -> None:
    with _lock:
        counts.clear()  # the parent's counts stay the parent's
    _start()


def _kind(database: Any) -> str:
    return "broker" if "broker" in str(database) else "store"


def _patch_sqlite() -> None:
    import sqlite3
    import sqlite3.dbapi2

    connect = sqlite3.dbapi2.connect

    def counted(database: Any, *args: Any, **kwargs: Any) -> Any:
        conn = connect(database, *args, **kwargs)
        kind = _kind(database)
        conn.set_trace_callback(lambda sql: note(kind, sql))
        return conn

    sqlite3.connect = sqlite3.dbapi2.connect = counted  # SQLAlchemy calls the latter


def _patch_psycopg() -> None:
    try:
        import psycopg
    except ImportError:
        return
    execute, executemany, commit = (psycopg.Cursor.execute, psycopg.Cursor.executemany,
                                    psycopg.Connection.commit)

    def counted_execute(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        note("store", query if isinstance(query, str) else str(getattr(query, "_obj", query)))
        return execute(self, query, *args, **kwargs)

    def counted_executemany(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        note("store", query if isinstance(query, str) else str(getattr(query, "_obj", query)))
        return executemany(self, query, *args, **kwargs)

    def counted_commit(self: Any) -> Any:
        note("store", commit=True)
        return commit(self)

    psycopg.Cursor.execute = counted_execute  # type: ignore[method-assign]
    psycopg.Cursor.executemany = counted_executemany  # type: ignore[method-assign]
    psycopg.Connection.commit = counted_commit  # type: ignore[method-assign]


if FOLDER:
    _patch_sqlite()
    _patch_psycopg()
    os.register_at_fork(after_in_child=_child)
    _start()
