"""The embedded store's order path on the sqlite3 driver alone, for one-shot commands.

`pbem order` decides one order and exits. On a slow machine importing SQLAlchemy costs more
than the whole order, and the order needs none of it: `SQLiteOrders` answers the calls an
order makes (is the schema current, the game's tail, the new submission, the append) on one
sqlite3 connection, with the store's own pragmas and statements (`service.log.statements`), and
hands every other call to a full `Store`, built the first time one is needed. A rare path
(a moved head, a taken key, a refusal to store, the end of a game) pays for the import and
is answered exactly as the store answers it; the store's contract tests run on this class
too.
"""
from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from service.log.migrate import HEAD
from service.log.records import (
    DeadlineRow,
    GameTail,
    NewEvent,
    NewOutbox,
    StoredEvent,
    Submission,
    new_submission,
    utc_now,
)
from service.log.statements import (
    SQLITE_BUSY_TIMEOUT_MS,
    SQLITE_PRAGMAS,
    AppendRows,
    append_rows,
    chain_events,
    read_tail,
    write_append_raw,
)

if TYPE_CHECKING:
    from service.log.store import Store

_PLAIN_URL = "sqlite:///"


def sqlite_file(url: str) -> str | None:
    """Return the file of a plain `sqlite:///path` URL, None for any other URL."""
    if not url.startswith(_PLAIN_URL) or "?" in url:
        return None
    path = url[len(_PLAIN_URL):]
    return path if path and path != ":memory:" else None


class SQLiteOrders:
    """A store for one command's order on a SQLite file: the driver for the order, a full
    `Store` for anything else.

    It stands in wherever a `Store` is expected; every attribute it has not got is the full
    store's.
    """

    dialect = "sqlite"
    schema = None

    def __init__(self, url: str) -> None:
        path = sqlite_file(url)
        if path is None:
            raise ValueError(f"{url!r} is not a plain SQLite file URL")
        self.url = url
        self._path = Path(path)
        self._local = threading.local()  # a driver connection per thread, as a pool gives
        self._opened: list[sqlite3.Connection] = []
        self._full: Store | None = None

    def store(self) -> Store:
        """Return the full store over the same file (built, and SQLAlchemy imported, once)."""
        if self._full is None:
            from service.log.store import Store

            self._full = Store(self.url)
        return self._full

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.store(), name)

    def _connection(self) -> sqlite3.Connection:
        """Return the driver connection, opened as the store opens its own."""
        raw: sqlite3.Connection | None = getattr(self._local, "raw", None)
        if raw is None:
            self._path.parent.mkdir(parents=True, exist_ok=True)
            # isolation_level None: every transaction below is begun and ended explicitly;
            # used by one thread only, closed by whichever disposes of the store
            raw = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False,
                                  timeout=SQLITE_BUSY_TIMEOUT_MS / 1000)
            raw.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
            for pragma in SQLITE_PRAGMAS:
                raw.execute(pragma)
            self._local.raw = raw
            self._opened.append(raw)
        return raw

    def at_head(self) -> bool:
        """Return whether the file's tables are at the newest revision (else the caller
        creates or migrates them through the full store)."""
        try:
            found = self._connection().execute(
                "SELECT version_num FROM alembic_version").fetchone()
        except sqlite3.OperationalError:  # no such table: a new file, or one made before
            found = None
        return found is not None and found[0] == HEAD

    def new_submission(self, source: str, body: str, **details: Any) -> Submission:
        """Return a raw input with its id and time, not stored yet (as `Store` does)."""
        return new_submission(source, body, **details)

    def game_tail(self, game_id: str, version_of: Callable[[str], str]) -> GameTail | None:
        """Return the game's row, its newest snapshot and the events from the snapshot's on,
        read in one read transaction (as `Store.game_tail`)."""
        raw = self._connection()
        raw.execute("BEGIN")
        try:
            return read_tail(raw, game_id, version_of)
        finally:
            raw.execute("COMMIT")  # ends the read

    def append(self, game_id: str, expected_seq: int, events: Sequence[NewEvent],
               outbox: Sequence[NewOutbox] = (),
               decision: tuple[str, int] | None = None,
               deadlines: Sequence[DeadlineRow] | None = None,
               result: tuple[str, str, dict[str, Any]] | None = None,
               prev_hash: str | None = None,
               submission: Submission | None = None,
               snapshot: tuple[str, dict[str, Any]] | None = None,
               seats: Sequence[tuple[str, str]] | None = None) -> list[StoredEvent]:
        """Append as `Store.append` does: at once through the driver when the caller knows
        the head, else (or when a check fails) by the full store, which names what failed."""
        if events and prev_hash is not None:
            stored = chain_events(game_id, expected_seq, prev_hash, events, utc_now())
            rows = append_rows(game_id, expected_seq, stored, outbox, decision, deadlines,
                               result, submission, snapshot, seats)
            if self._write(rows):
                return stored
        return self.store().append(game_id, expected_seq, events, outbox, decision, deadlines,
                                   result, prev_hash, submission, snapshot, seats)

    def _write(self, rows: AppendRows) -> bool:
        """Write an append's rows in one transaction; False (rolled back) if a check failed."""
        raw = self._connection()
        raw.execute("BEGIN IMMEDIATE")  # the write lock up front, as the store's writes take it
        try:
            written = write_append_raw(raw, rows)
        except BaseException:
            raw.execute("ROLLBACK")
            raise
        raw.execute("COMMIT" if written else "ROLLBACK")
        return written

    def dispose(self) -> None:
        """Close the driver connections and the full store, if one was built."""
        for raw in self._opened:
            raw.close()
        self._opened.clear()
        self._local = threading.local()
        if self._full is not None:
            self._full.dispose()
