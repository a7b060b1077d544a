"""What every part of the store shares: its errors, its clock and its engine handles."""
from __future__ import annotations

from datetime import UTC, timedelta
from typing import Any

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import IntegrityError

from service import clock

TIME_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"


class StoreError(Exception):
    """A store request that cannot be honoured (unknown game, duplicate id, bad outbox row)."""


class SeqConflict(StoreError):
    """Another writer already took the seq this append expected to write."""

    def __init__(self, game_id: str, seq: int) -> None:
        super().__init__(f"game {game_id!r}: seq {seq} is already taken or out of order; "
                         "reload the game and decide again")
        self.game_id = game_id
        self.seq = seq


class AlreadyDecided(StoreError):
    """That line of that submission is in the log already: it was decided by another run."""

    def __init__(self, submission_id: str, line: int) -> None:
        super().__init__(f"line {line} of submission {submission_id!r} is decided already")
        self.submission_id = submission_id
        self.line = line


class ResultStored(StoreError):
    """The submission got its result from another run meanwhile; nothing was appended."""

    def __init__(self, submission_id: str) -> None:
        super().__init__(f"submission {submission_id!r} has a result already")
        self.submission_id = submission_id


class DuplicateSubmission(StoreError):
    """A submission with the same source and idempotency key is stored already."""

    def __init__(self, source: str, idempotency_key: str | None) -> None:
        super().__init__(f"a {source} submission with key {idempotency_key!r} is stored already")
        self.source = source
        self.idempotency_key = idempotency_key


def utc_now() -> str:
    """Return the service clock's time as ISO 8601 with microseconds and a trailing Z."""
    return clock.now().astimezone(UTC).strftime(TIME_FORMAT)


def is_unique_violation(exc: IntegrityError) -> bool:
    """Return True if the database refused a row because its key was already present."""
    orig = exc.orig
    if getattr(orig, "sqlstate", None) == "23505":
        return True
    name = getattr(orig, "sqlite_errorname", "")
    return name in ("SQLITE_CONSTRAINT_PRIMARYKEY", "SQLITE_CONSTRAINT_UNIQUE")


def later(seconds: int) -> str:
    """Return the time `seconds` from now in the store's timestamp format."""
    moment = clock.now().astimezone(UTC) + timedelta(seconds=seconds)
    return moment.strftime(TIME_FORMAT)


class StoreBase:
    """The engine handles the parts of the store share."""

    dialect: str
    _engine: Engine
    _writer: Engine

    def connect(self) -> Connection:
        """Return a plain read connection, for the projections and pages that read the store's
        tables with queries of their own (each one bounded by what it shows)."""
        return self._engine.connect()

    def _reader(self) -> Connection:
        """Return a connection for a read of several statements that need no transaction.

        On PostgreSQL it runs in autocommit: under READ COMMITTED each statement sees its
        own snapshot anyway, and it spares the BEGIN and ROLLBACK round trips. SQLite keeps
        its read transaction, one consistent snapshot of the file.
        """
        conn = self._engine.connect()
        if self.dialect == "postgresql":
            conn = conn.execution_options(isolation_level="AUTOCOMMIT")
        return conn

    def _insert(self, table: Any) -> Any:
        """Return a dialect-specific INSERT for `table`, which offers ON CONFLICT."""
        if self.dialect == "postgresql":  # each dialect imported only by a store that uses it
            from sqlalchemy.dialects import postgresql

            return postgresql.insert(table)
        from sqlalchemy.dialects import sqlite

        return sqlite.insert(table)
