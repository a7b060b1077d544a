"""Settings every test shares: with pytest-xdist (`-n`), each worker its own Redis database.

The pipeline tests flush their Redis database and run Celery workers on it, so two xdist workers
must never share one: worker gwN uses the database N above the one in $PBEM_TEST_REDIS_URL, or,
past the 16 a default Redis server has, the next free one below it (never wrapping round to
database 0, where real services usually live). PostgreSQL tests already work in scratch
schemas of their own, and servers listen on free ports, so nothing else is shared. This runs
before any test module reads the variable.
"""
from __future__ import annotations

import os
from urllib.parse import urlsplit, urlunsplit

REDIS_DATABASES = 16


def worker_redis_url(url: str, worker: str) -> str:
    """Return `url` moved to the Redis database of xdist worker `worker` ("gw0", "gw1", ...)."""
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    order = [*range(base, REDIS_DATABASES), *range(base - 1, -1, -1)]
    database = order[int(worker.removeprefix("gw")) % REDIS_DATABASES]
    return urlunsplit(parts._replace(path=f"/{database}"))


_WORKER = os.environ.get("PYTEST_XDIST_WORKER")
if _WORKER:
    os.environ["PBEM_TEST_REDIS_URL"] = worker_redis_url(
        os.environ.get("PBEM_TEST_REDIS_URL", "redis://127.0.0.1:6379/11"), _WORKER)
