"""A task that meets the database out of reach is tried again shortly, a bounded number of times.

The database is a real address where nothing listens (a free port): every connection is
refused, as while PostgreSQL restarts. Run in place (eagerly), each task is retried at once
instead of after its backoff, so the test counts the tries: the first and MAX_RETRIES more,
never one alone (recovery would leave a queued delivery waiting for minutes) and never
without end.
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError

from tests.stores import STRONG_KEY

from .conftest import free_port


@pytest.fixture
def unreachable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The worker's tasks with a PostgreSQL address that refuses every connection."""
    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("PBEM_DATABASE_URL",
                       f"postgresql+psycopg://postgres@127.0.0.1:{free_port()}/test")
    monkeypatch.setenv("PBEM_SECRET_KEY", STRONG_KEY)
    from workers import tasks

    tasks.config.cache_clear()
    tasks.store.cache_clear()
    try:
        yield tasks
    finally:
        tasks.config.cache_clear()
        tasks.store.cache_clear()


@pytest.mark.parametrize("name, args", [("deliver", [1]), ("deliver_reply", ["s1"]),
                                        ("process_submission", ["s1"])])
def test_a_task_is_tried_again_while_the_database_is_out_of_reach(
        unreachable: Any, name: str, args: list[Any]) -> None:
    tries = []

    def connecting(*_: Any) -> None:
        tries.append(1)

    event.listen(Engine, "do_connect", connecting)
    try:
        result = getattr(unreachable, name).apply(args=args)
    finally:
        event.remove(Engine, "do_connect", connecting)
    assert result.state == "FAILURE" and isinstance(result.result, OperationalError)
    assert len(tries) == unreachable.MAX_RETRIES + 1
