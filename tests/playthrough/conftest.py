"""The store the play-throughs run on: an empty SQLite store of their own."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from service.log.store import Store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """An empty SQLite store."""
    opened = Store(f"sqlite:///{tmp_path / 'pbem.db'}")
    opened.create_schema()
    try:
        yield opened
    finally:
        opened.dispose()
