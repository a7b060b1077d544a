"""Counting what one action reads: SQL statements and rows, through SQLAlchemy's events."""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine


@dataclass(frozen=True)
class Reads:
    """What one action cost: statements sent, rows fetched, and seconds of wall clock."""

    statements: int
    rows: int
    seconds: float

    def text(self) -> str:
        """Return e.g. `12 stmts 340 rows 4.1 ms`."""
        return f"{self.statements:4d} stmts {self.rows:7d} rows {self.seconds * 1000:8.1f} ms"


class ReadCounter:
    """Counts the statements and the rows fetched through a SQLite or PostgreSQL engine."""

    def __init__(self, engine: Engine) -> None:
        self.statements = 0
        self.rows = 0
        self.dialect = engine.dialect.name
        event.listen(engine, "before_cursor_execute", self._statement)
        event.listen(engine, "checkout", self._checkout)

    def _statement(self, *_: Any) -> None:
        self.statements += 1

    def _checkout(self, dbapi_connection: Any, *_: Any) -> None:
        """Make the driver count each row it hands back (sqlite3 and psycopg row factories)."""
        if self.dialect == "sqlite":
            dbapi_connection.row_factory = self._sqlite_row
        else:
            dbapi_connection.row_factory = self._psycopg_rows

    def _sqlite_row(self, _cursor: Any, row: tuple[Any, ...]) -> tuple[Any, ...]:
        self.rows += 1
        return row

    def _psycopg_rows(self, _cursor: Any) -> Callable[[Any], tuple[Any, ...]]:
        def make(values: Any) -> tuple[Any, ...]:
            self.rows += 1
            return tuple(values)

        return make

    def measure(self, action: Callable[[], object]) -> Reads:
        """Run `action` and return what it read."""
        statements, rows = self.statements, self.rows
        started = time.perf_counter()
        action()
        took = time.perf_counter() - started
        return Reads(self.statements - statements, self.rows - rows, took)
