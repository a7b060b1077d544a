"""Opening test stores: SQLite in a temporary folder, PostgreSQL in a scratch schema.

PostgreSQL is found at $PBEM_TEST_PG_URL (default: the local `test` database). Without a server
the PostgreSQL cases are skipped, except under CI (CI=true), where they fail.
"""
from __future__ import annotations

import functools
import os
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from service.store.records import Append, GameTail, StoredEvent, Submission
from service.store.sqlite_orders import SQLiteOrders
from service.store.store import Store

PG_URL = os.environ.get("PBEM_TEST_PG_URL",
                        "postgresql+psycopg://postgres@127.0.0.1:5432/test")
STRONG_KEY = "a93beece21088ac23a24c5ee5f19e092784080a7148c55d097d3be5fa94cdeb0"
"""A signing key as strong as a deployment must have (a shared database or a public base URL
refuses a weaker one)."""


@functools.cache
def postgres_problem() -> str | None:
    """Return why PostgreSQL cannot be used, or None when it answers."""
    engine = create_engine(PG_URL, connect_args={"connect_timeout": 3})
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    except Exception as exc:  # noqa: BLE001 - any failure means "not reachable"
        return f"PostgreSQL at {PG_URL} is not reachable: {exc.__class__.__name__}: {exc}"
    finally:
        engine.dispose()
    return None


def require_postgres() -> None:
    """Skip (or, under CI, fail) the current test when PostgreSQL is missing."""
    problem = postgres_problem()
    if problem is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(problem + " (CI=true: the PostgreSQL tests must run)")
    pytest.skip(problem)


class OrdersOnDriver(Store):
    """A SQLite store whose calls of the order path that `SQLiteOrders` answers on the sqlite3
    driver itself (the new submission, the game's tail, the append) go to a `SQLiteOrders` over
    the same file, so that the store's contract tests check them; every other call is the
    store's own, as it is for `SQLiteOrders`."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.orders = SQLiteOrders(url)

    def new_submission(self, source: str, body: str, **details: Any) -> Submission:
        """Return a new input from the driver's path."""
        return self.orders.new_submission(source, body, **details)

    def game_tail(self, game_id: str, version_of: Callable[[str], str]) -> GameTail | None:
        """Return the game's tail read on the driver."""
        return self.orders.game_tail(game_id, version_of)

    def append(self, append: Append) -> list[StoredEvent]:
        """Append on the driver (the full store's way when a check fails)."""
        return self.orders.append(append)

    def dispose(self) -> None:
        """Close the driver's connections, then the store's."""
        self.orders.dispose()
        super().dispose()


def open_store(kind: str, tmp_path: Path) -> Store:
    """Return a store with fresh, empty tables of the given kind: "sqlite", "postgresql", or
    "sqlite-orders" (a SQLite file whose order path runs through `SQLiteOrders`, the one-shot
    order command's)."""
    if kind == "sqlite":
        store = Store(f"sqlite:///{tmp_path / 'data' / 'pbem.db'}")
    elif kind == "sqlite-orders":
        store = OrdersOnDriver(f"sqlite:///{tmp_path / 'data' / 'pbem.db'}")
    else:
        require_postgres()
        store = Store(PG_URL, schema=f"pbem_test_{uuid.uuid4().hex[:12]}")
    store.create_schema()
    return store


def empty_store(kind: str, tmp_path: Path) -> Iterator[Store]:
    """Yield an empty store of `kind` (as `open_store`), removed afterwards: the body of the
    test fixtures that give each test a store of each kind."""
    opened = open_store(kind, tmp_path)
    try:
        yield opened
    finally:
        opened.drop_schema()
        opened.dispose()


def store_at(kind: str, tmp_path: Path, now: Any) -> Iterator[Store]:
    """Yield an empty store of `kind` (as `empty_store`) on a clock fixed at `now` (a datetime),
    the clock freed and the store removed afterwards."""
    from service.base import clock

    clock.set_now(now)
    try:
        yield from empty_store(kind, tmp_path)
    finally:
        clock.set_now(None)


def ready_store() -> None:
    """Make the configured store (PBEM_HOME, PBEM_DATABASE_URL) ready as `pbem db upgrade`
    does before the service starts: no long-running part creates one itself."""
    from service.base.config import load_config
    from service.ops.upgrade import prepared

    config = load_config()
    if not config.shared_database:
        config.home.mkdir(parents=True, exist_ok=True)
    prepared(Store(config.database_url)).dispose()
