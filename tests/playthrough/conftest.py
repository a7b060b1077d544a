"""The stores the play-throughs run on: an empty SQLite store of their own, and for a play-
through that runs on each kind, an empty one of each (PostgreSQL in a scratch schema, skipped
without a server unless CI=true)."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from service.store.store import Store
from tests.stores import empty_store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """An empty SQLite store."""
    opened = Store(f"sqlite:///{tmp_path / 'pbem.db'}")
    opened.create_schema()
    try:
        yield opened
    finally:
        opened.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def each_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """An empty store of each kind, removed afterwards."""
    yield from empty_store(request.param, tmp_path)
