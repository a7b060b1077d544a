"""Opening test stores: SQLite in a temporary folder, PostgreSQL in a scratch schema.

PostgreSQL is found at $PBEM_TEST_PG_URL (default: the local `test` database). Without a server
the PostgreSQL cases are skipped, except under CI (CI=true), where they fail.
"""
from __future__ import annotations

import functools
import os
import uuid
from pathlib import Path
from typing import cast

import pytest
from sqlalchemy import create_engine, text

from service.log.sqlite_orders import SQLiteOrders
from service.log.store import Store

PG_URL = os.environ.get("PBEM_TEST_PG_URL",
                        "postgresql+psycopg://postgres@127.0.0.1:5432/test")


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


def open_store(kind: str, tmp_path: Path) -> Store:
    """Return a store with fresh, empty tables of the given kind: "sqlite", "postgresql", or
    "sqlite-orders" (a SQLite file behind `SQLiteOrders`, the one-shot order command's)."""
    if kind == "sqlite":
        store = Store(f"sqlite:///{tmp_path / 'data' / 'pbem.db'}")
    elif kind == "sqlite-orders":
        store = cast(Store, SQLiteOrders(f"sqlite:///{tmp_path / 'data' / 'pbem.db'}"))
    else:
        require_postgres()
        store = Store(PG_URL, schema=f"pbem_test_{uuid.uuid4().hex[:12]}")
    store.create_schema()
    return store
