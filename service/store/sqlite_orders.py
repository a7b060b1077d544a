"""The embedded store's order path on the sqlite3 driver alone, for one-shot commands.

`pbem order` decides one order and exits. On a slow machine importing SQLAlchemy costs more
than the whole order, and the order needs none of it: `SQLiteOrders` implements the order
path's protocol (`service.store.orderlog.OrderLog`), answering the calls every order makes (the
game's tail, the new submission, the append) on one sqlite3 connection, with the store's own
pragmas and statements (`service.store.statements`), and every other call of the protocol by a
full `Store` over the same file, built the first time one is needed. A rare path (a moved head,
a taken key, a refusal to store, the end of a game) pays for the import and is answered exactly
as the store answers it; the store's contract tests run the driver's calls too
(`tests/stores.py`).
"""
from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from service.store.migrate import HEAD
from service.store.records import (
    Append,
    EventRow,
    GameRow,
    GameTail,
    StoredEvent,
    Submission,
    new_submission,
    utc_now,
)
from service.store.statements import (
    SQLITE_BUSY_TIMEOUT_MS,
    SQLITE_PRAGMAS,
    AppendRows,
    append_rows,
    chain_events,
    read_tail,
    write_append_raw,
)

if TYPE_CHECKING:
    from service.store.orderlog import OrderLog
    from service.store.store import Store

_PLAIN_URL = "sqlite:///"


def sqlite_file(url: str) -> str | None:
    """Return the file of a plain `sqlite:///path` URL, None for any other URL."""
    if not url.startswith(_PLAIN_URL) or "?" in url:
        return None
    path = url[len(_PLAIN_URL):]
    return path if path and path != ":memory:" else None


class SQLiteOrders:
    """The order path (`OrderLog`) on a SQLite file: the driver for the order itself, a full
    `Store` over the same file for the rare calls."""

    def __init__(self, url: str) -> None:
        path = sqlite_file(url)
        if path is None:
            raise ValueError(f"{url!r} is not a plain SQLite file URL")
        self.url = url
        self._path = Path(path)
        self._local = threading.local()  # a driver connection per thread, as a pool gives
        self._opened: list[sqlite3.Connection] = []
        self._full: Store | None = None

    def full(self) -> Store:
        """Return the full store over the same file (built, and SQLAlchemy imported, once)."""
        if self._full is None:
            from service.store.store import Store

            self._full = Store(self.url)
        return self._full

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

    def new_submission(self, source: str, body: str, *, game_id: str | None = None,
                       seat: str | None = None, sender: str | None = None,
                       idempotency_key: str | None = None, recipient: str | None = None,
                       prompt_key: str | None = None) -> Submission:
        """Return a raw input with its id and time, not stored yet (as `Store` does)."""
        return new_submission(source, body, game_id=game_id, seat=seat, sender=sender,
                              idempotency_key=idempotency_key, recipient=recipient,
                              prompt_key=prompt_key)

    def game_tail(self, game_id: str, version_of: Callable[[str], str]) -> GameTail | None:
        """Return the game's row, its newest snapshot and the events from the snapshot's on,
        read in one read transaction (as `Store.game_tail`)."""
        raw = self._connection()
        raw.execute("BEGIN")
        try:
            return read_tail(raw, game_id, version_of)
        finally:
            raw.execute("COMMIT")  # ends the read

    def append(self, append: Append) -> list[StoredEvent]:
        """Append as `Store.append` does: at once through the driver when the caller knows
        the head, else (or when a check fails) by the full store, which names what failed."""
        if append.events and append.prev_hash is not None:
            stored = chain_events(append.game_id, append.expected_seq, append.prev_hash,
                                  append.events, utc_now())
            if self._write(append_rows(append, stored)):
                return stored
        return self.full().append(append)

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

    # -- the rest of the order path, by the full store ---------------------------------------
    def add_submission(self, source: str, body: str, *, game_id: str | None = None,
                       seat: str | None = None, sender: str | None = None,
                       idempotency_key: str | None = None, recipient: str | None = None,
                       prompt_key: str | None = None) -> tuple[Submission, bool]:
        """Store a raw input (`Store.add_submission`)."""
        return self.full().add_submission(source, body, game_id=game_id, seat=seat,
                                          sender=sender, idempotency_key=idempotency_key,
                                          recipient=recipient, prompt_key=prompt_key)

    def store_submission(self, sub: Submission,
                         outcome: tuple[str, dict[str, Any]] | None = None,
                         ) -> tuple[Submission, bool]:
        """Store an input (`Store.store_submission`)."""
        return self.full().store_submission(sub, outcome)

    def get_submission(self, submission_id: str) -> Submission | None:
        """Return a stored input (`Store.get_submission`)."""
        return self.full().get_submission(submission_id)

    def submission_by_key(self, source: str, idempotency_key: str) -> Submission | None:
        """Return the input under a key (`Store.submission_by_key`)."""
        return self.full().submission_by_key(source, idempotency_key)

    def set_submission_result(self, submission_id: str, status: str, result: dict[str, Any],
                              *, unless_decided: int | None = None) -> bool:
        """Record an input's outcome once (`Store.set_submission_result`)."""
        return self.full().set_submission_result(submission_id, status, result,
                                                 unless_decided=unless_decided)

    def note_submission_error(self, submission_id: str, error: str) -> None:
        """Count a failed attempt (`Store.note_submission_error`)."""
        self.full().note_submission_error(submission_id, error)

    def decided_lines(self, submission_id: str) -> list[tuple[int, int, str]]:
        """Return the lines decided so far (`Store.decided_lines`)."""
        return self.full().decided_lines(submission_id)

    def set_submission_route(self, submission_id: str, game_id: str, seat: str) -> None:
        """Record an input's game and seat (`Store.set_submission_route`)."""
        self.full().set_submission_route(submission_id, game_id, seat)

    def first_decided_seq(self, submission_id: str) -> int:
        """Return the seq of an input's first order (`Store.first_decided_seq`)."""
        return self.full().first_decided_seq(submission_id)

    def failed_submissions(self, game_id: str, limit: int = 50) -> list[Submission]:
        """Return the game's failed inputs (`Store.failed_submissions`)."""
        return self.full().failed_submissions(game_id, limit)

    def received_submissions(self, older_than_seconds: int, limit: int = 100) -> list[str]:
        """Return the inputs still unprocessed (`Store.received_submissions`)."""
        return self.full().received_submissions(older_than_seconds, limit)

    def create_game(self, game_id: str, game: str, engine_version: str, title: str,
                    seed_hex: str) -> GameRow:
        """Register a new game (`Store.create_game`)."""
        return self.full().create_game(game_id, game, engine_version, title, seed_hex)

    def get_game(self, game_id: str) -> GameRow | None:
        """Return the game's row (`Store.get_game`)."""
        return self.full().get_game(game_id)

    def set_game_status(self, game_id: str, status: str) -> None:
        """Set the game's status (`Store.set_game_status`)."""
        self.full().set_game_status(game_id, status)

    def event_rows(self, game_id: str, after_seq: int = 0, upto: int | None = None,
                   ) -> list[EventRow]:
        """Return events as plain rows (`Store.event_rows`)."""
        return self.full().event_rows(game_id, after_seq, upto)

    def events(self, game_id: str, after_seq: int = 0,
               upto: int | None = None) -> list[StoredEvent]:
        """Return stored events (`Store.events`)."""
        return self.full().events(game_id, after_seq, upto)

    def last_seq(self, game_id: str) -> int:
        """Return the seq of the game's last event (`Store.last_seq`)."""
        return self.full().last_seq(game_id)

    def reader_seq(self, game_id: str, reader: str, number: int) -> int:
        """Return the seq a reader numbers `number` (`Store.reader_seq`)."""
        return self.full().reader_seq(game_id, reader, number)

    def latest_snapshot(self, game_id: str, engine_version: str,
                        upto: int | None = None) -> tuple[int, dict[str, Any]] | None:
        """Return the newest snapshot (`Store.latest_snapshot`)."""
        return self.full().latest_snapshot(game_id, engine_version, upto)

    def save_snapshot(self, game_id: str, seq: int, engine_version: str,
                      state: dict[str, Any]) -> None:
        """Cache a folded state (`Store.save_snapshot`)."""
        self.full().save_snapshot(game_id, seq, engine_version, state)

    def delete_snapshots(self, game_id: str | None = None) -> None:
        """Drop cached snapshots (`Store.delete_snapshots`)."""
        self.full().delete_snapshots(game_id)

    def dispose(self) -> None:
        """Close the driver connections and the full store, if one was built."""
        for raw in self._opened:
            raw.close()
        self._opened.clear()
        self._local = threading.local()
        if self._full is not None:
            self._full.dispose()


if TYPE_CHECKING:
    def _takes_orders(orders: SQLiteOrders) -> OrderLog:
        """Hold `SQLiteOrders` to the order path's protocol (for the type checker alone)."""
        return orders
