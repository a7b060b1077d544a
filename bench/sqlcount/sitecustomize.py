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

Two optional tallies for finding where an order's cost goes, each written beside the counts
to a folder named in the environment (names without the `PBEM_` prefix, which the benchmark
does not pass on): $SQLCOUNT_STATEMENTS_DIR, each statement's text (its first 160 characters,
numbers and parameters folded) with how often it ran, to `<pid>.statements.json`; and
$SQLCOUNT_PROFILE_DIR, the main thread's stack sampled every 5 ms of wall clock (a process's
own sampler, as a profiler that attaches from outside would), folded stacks with their
counts to `<pid>.stacks.json`.
"""
from __future__ import annotations

import json
import os
import re
import sys
import threading
from pathlib import Path
from typing import Any

CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "PRAGMA", "END")
FOLDER = os.environ.get("PBEM_BENCH_SQL_COUNTS")
STATEMENTS = os.environ.get("SQLCOUNT_STATEMENTS_DIR")
PROFILE = os.environ.get("SQLCOUNT_PROFILE_DIR")
SAMPLE_SECONDS = 0.005
counts: dict[str, list[int]] = {}
texts: dict[str, int] = {}
stacks: dict[str, int] = {}
_lock = threading.Lock()
_NUMBERS = re.compile(r"\b\d+\b|'[^']*'|%\(\w+\)s|\$\d+")


def note(kind: str, sql: str | None = None, commit: bool = False) -> None:
    """Count one statement (or a commit) on the store `kind`."""
    word = (sql or "").lstrip().split(None, 1)[0].upper() if (sql or "").strip() else ""
    with _lock:
        pair = counts.setdefault(kind, [0, 0])
        if commit or word in ("COMMIT", "END"):
            pair[1] += 1
        elif sql is not None and word and word not in CONTROL and not word.startswith("--"):
            pair[0] += 1
            if STATEMENTS:
                text = _NUMBERS.sub("?", " ".join((sql or "").split()))[:160]
                texts[text] = texts.get(text, 0) + 1


def _dump() -> None:
    assert FOLDER is not None
    path = Path(FOLDER) / f"{os.getpid()}.json"
    with _lock:
        text = json.dumps({kind: {"statements": pair[0], "commits": pair[1]}
                           for kind, pair in counts.items()})
    _write(path, text)
    with _lock:
        tallies = [(STATEMENTS, "statements", dict(texts)), (PROFILE, "stacks", dict(stacks))]
    for folder, name, tally in tallies:
        if folder:
            _write(Path(folder) / f"{os.getpid()}.{name}.json", json.dumps(tally))


def _write(path: Path, text: str) -> None:
    temporary = path.with_suffix(".tmp")
    temporary.write_text(text)
    temporary.replace(path)


def _sampler(main: int) -> None:
    """Tally the main thread's stack (outermost first, `file:function` each) every 5 ms."""
    halt = threading.Event()
    while not halt.wait(SAMPLE_SECONDS):
        frame = sys._current_frames().get(main)
        names = []
        while frame is not None:
            code = frame.f_code
            names.append(f"{code.co_filename.rsplit('/', 2)[-2:][-1]}:{code.co_name}"
                         if "site-packages" not in code.co_filename else
                         f"{code.co_filename.split('site-packages/')[-1].split('/')[0]}"
                         f":{code.co_name}")
            frame = frame.f_back
        key = ";".join(reversed(names))
        with _lock:
            stacks[key] = stacks.get(key, 0) + 1


def _writer() -> None:
    halt = threading.Event()
    while not halt.wait(0.25):
        try:
            _dump()
        except OSError:
            return  # the folder is gone: the run ended


def _start() -> None:
    threading.Thread(target=_writer, daemon=True, name="sql-counts").start()
    if PROFILE:  # the thread that starts the process (or forks it) is the one sampled
        threading.Thread(target=_sampler, args=(threading.get_ident(),), daemon=True,
                         name="sampler").start()


def _child() -> None:
    with _lock:
        counts.clear()  # the parent's counts stay the parent's
        texts.clear()
        stacks.clear()
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
