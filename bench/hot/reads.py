"""Counting what one action reads: SQL statements and rows, as the database driver sees them.

Statements are counted where the driver runs them (sqlite3's trace callback, psycopg's
cursors), so a read sent straight through a raw cursor counts like one sent by SQLAlchemy;
transaction control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT) and PRAGMAs are left out, as psycopg
sends them without a cursor, and so is the pool's "SELECT 1" that checks a PostgreSQL
connection before handing it out. An executemany counts once on both drivers, and so does a
statement whose triggers SQLite traces again under the statement's own text. Rows are
counted by the driver's row factories.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine

CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "PRAGMA", "END")
PINGS = ("SELECT 1", ";", "")


@dataclass(frozen=True)
class Reads:
    """What one action cost: statements sent, rows fetched, and seconds of wall clock and of
    this process's CPU."""

    statements: int
    rows: int
    seconds: float
    cpu: float = 0.0

    def text(self) -> str:
        """Return e.g. `12 stmts 340 rows 4.1 ms (3.9 ms CPU)`."""
        return (f"{self.statements:4d} stmts {self.rows:7d} rows {self.seconds * 1000:8.1f} ms "
                f"({self.cpu * 1000:7.1f} ms CPU)")


class ReadCounter:
    """Counts the statements and the rows fetched through a SQLite or PostgreSQL engine."""

    def __init__(self, engine: Engine) -> None:
        self.statements = 0
        self.rows = 0
        self.dialect = engine.dialect.name
        self._cursors: dict[type, type] = {}
        self._last = ""
        event.listen(engine, "checkout", self._checkout)
        if self.dialect == "sqlite":
            event.listen(engine, "before_cursor_execute", self._many)

    def _checkout(self, dbapi_connection: Any, *_: Any) -> None:
        """Make the driver count each statement it runs and each row it hands back."""
        if self.dialect == "sqlite":
            dbapi_connection.row_factory = self._sqlite_row
            dbapi_connection.set_trace_callback(self._traced)
        else:
            dbapi_connection.row_factory = self._psycopg_rows
            dbapi_connection.cursor_factory = self._counting(dbapi_connection.cursor_factory)

    def _traced(self, sql: str) -> None:
        if self.dialect == "sqlite":
            if sql == self._last:  # a trigger's program, traced as its statement
                return
            self._last = sql
        text = sql.strip().upper()
        if not text.startswith(CONTROL) and text not in PINGS:
            self.statements += 1

    def _many(self, _conn: Any, _cursor: Any, _sql: str, parameters: Any, _context: Any,
              executemany: bool) -> None:
        """Count an executemany once: sqlite3 traces it once per set of parameters."""
        if executemany and parameters:
            self.statements -= len(parameters) - 1

    def _counting(self, cursor_class: type) -> type:
        """Return a subclass of a psycopg cursor class that counts what it executes."""
        if getattr(cursor_class, "counter", None) is self:
            return cursor_class
        if cursor_class not in self._cursors:
            counter = self

            class Counting(cursor_class):  # type: ignore[valid-type, misc]
                def execute(self, query: Any, *args: Any, **kwargs: Any) -> Any:
                    counter._traced(str(query) if isinstance(query, str) else "SELECT")
                    return super().execute(query, *args, **kwargs)

                def executemany(self, query: Any, *args: Any, **kwargs: Any) -> Any:
                    counter._traced(str(query) if isinstance(query, str) else "SELECT")
                    return super().executemany(query, *args, **kwargs)

            Counting.counter = self  # type: ignore[attr-defined]
            self._cursors[cursor_class] = Counting
        return self._cursors[cursor_class]

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
        started, cpu = time.perf_counter(), time.process_time()
        action()
        took, used = time.perf_counter() - started, time.process_time() - cpu
        return Reads(self.statements - statements, self.rows - rows, took, used)
