"""The store most service tests run on: an empty one of each kind, SQLite and PostgreSQL (a
scratch schema, skipped without a server unless CI=true), removed afterwards. A module that
needs another store defines its own `store` fixture, which takes precedence."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from service.store.store import Store
from tests.stores import empty_store


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """An empty store of each kind."""
    yield from empty_store(request.param, tmp_path)
