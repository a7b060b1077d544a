"""What every part of the store shares: its errors, its clock and its engine handles."""
from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import IntegrityError


def is_unique_violation(exc: IntegrityError) -> bool:
    """Return True if the database refused a row because its key was already present."""
    orig = exc.orig
    if getattr(orig, "sqlstate", None) == "23505":
        return True
    name = getattr(orig, "sqlite_errorname", "")
    return name in ("SQLITE_CONSTRAINT_PRIMARYKEY", "SQLITE_CONSTRAINT_UNIQUE")


class StoreBase:
    """The engine handles the parts of the store share."""

    dialect: str
    _engine: Engine
    _writer: Engine

    def connect(self) -> Connection:
        """Return a plain read connection, for the projections and pages that read the store's
        tables with queries of their own (each one bounded by what it shows)."""
        return self._engine.connect()

    def begin_write(self) -> AbstractContextManager[Connection]:
        """Return a write transaction (on SQLite BEGIN IMMEDIATE, as every write of the store),
        for the modules that write the store's tables with statements of their own."""
        return self._writer.begin()

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
