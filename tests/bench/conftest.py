"""What the benchmarks' smoke tests share: a Redis server of their own, since a benchmark
refuses a database that holds anything (it may be someone else's)."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.privateredis import PrivateRedis


@pytest.fixture
def private_redis() -> Iterator[str]:
    """The URL of an empty Redis database on a redis-server of this test alone."""
    server = PrivateRedis()
    server.start()
    try:
        yield server.url
    finally:
        server.stop()
