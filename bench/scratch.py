"""Where a benchmark keeps its data: a PostgreSQL schema or database and a Redis database of
its own, made in this run and removed by it, so that it disturbs nobody else on the server.

Settings (command-line options override them; see bench/README.md):
- PBEM_BENCH_PG_URL: the PostgreSQL database a scratch schema is made in
  (default: the local server's `test` database; only the new schema is written).
- PBEM_BENCH_PG_ADMIN_URL: where a benchmark that needs a database of its own creates it.
- PBEM_BENCH_REDIS_URL: the Redis database a benchmark queues in; it must be empty at the
  start, and the keys found in it at the end (all made by this run) are deleted.
"""
from __future__ import annotations

import os
import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

PG_URL = os.environ.get("PBEM_BENCH_PG_URL",
                        "postgresql+psycopg://postgres@127.0.0.1:5432/test")
PG_ADMIN_URL = os.environ.get("PBEM_BENCH_PG_ADMIN_URL",
                              "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


class Occupied(SystemExit):
    """The chosen schema, database or Redis database holds someone else's data."""


def scratch_name(prefix: str = "pbem_bench") -> str:
    """Return a fresh name for a schema or database of this run."""
    return f"{prefix}_{uuid.uuid4().hex[:10]}"


def redis_url(default_db: int) -> str:
    """Return $PBEM_BENCH_REDIS_URL, or the local Redis with the benchmark's own db number."""
    return os.environ.get("PBEM_BENCH_REDIS_URL", f"redis://127.0.0.1:6379/{default_db}")


def _checked(name: str) -> str:
    if not NAME.match(name):
        raise SystemExit(f"{name!r} is not a plain lower-case SQL name")
    return name


def schema_exists(url: str, name: str) -> bool:
    """Return whether the PostgreSQL database at `url` has a schema called `name`."""
    engine = create_engine(url, connect_args={"connect_timeout": 5})
    try:
        with engine.connect() as conn:
            return conn.execute(text("SELECT 1 FROM information_schema.schemata "
                                     "WHERE schema_name = :name"), {"name": name}).first() \
                is not None
    finally:
        engine.dispose()


def new_pg_store(url: str, schema: str | None = None) -> Any:
    """Return a Store in a new scratch schema; refuse a schema that exists already."""
    from service.store.store import Store

    name = _checked(schema or scratch_name())
    if schema_exists(url, name):
        raise Occupied(f"schema {name!r} exists already in {_safe(url)}; a benchmark only "
                       "writes into a schema it creates itself: choose another name")
    store = Store(url, schema=name)
    store.create_schema()
    return store


def drop_pg_store(store: Any) -> None:
    """Drop the scratch schema this run made, and close the store's connections."""
    try:
        store.drop_schema()
    finally:
        store.dispose()


@contextmanager
def own_database(admin_url: str, name: str | None = None) -> Iterator[str]:
    """Create a database of this run, yield its URL, then drop it (no FORCE).

    A database that exists already is refused; if a straggling connection keeps the drop from
    succeeding, the database is left in place and named, never forced away.
    """
    name = _checked(name or scratch_name())
    engine = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        if conn.execute(text("SELECT 1 FROM pg_database WHERE datname = :name"),
                        {"name": name}).first() is not None:
            engine.dispose()
            raise Occupied(f"database {name!r} exists already; a benchmark only uses a "
                           "database it creates itself: choose another name")
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    finally:
        try:
            with engine.connect() as conn:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        except Exception as exc:  # noqa: BLE001 - say what is left, never force it
            print(f"database {name!r} could not be dropped ({exc.__class__.__name__}); "
                  "drop it by hand once its connections are closed")
        engine.dispose()


@contextmanager
def own_redis(url: str) -> Iterator[Any]:
    """Yield a client of an empty Redis database; delete the keys this run left in it.

    The database must be empty when the run starts (so every key in it at the end is this
    run's); it is emptied key by key, never with FLUSHDB.
    """
    import redis

    client = redis.Redis.from_url(url)
    if client.dbsize():
        client.close()
        raise Occupied(f"the Redis database {url} is not empty: it may be someone else's. "
                       "Choose an empty one with --redis or PBEM_BENCH_REDIS_URL")
    try:
        yield client
    finally:
        delete_keys(client)
        client.close()


def delete_keys(client: Any) -> int:
    """Delete every key of the client's database (one this run filled); return how many."""
    deleted = 0
    batch: list[bytes] = []
    for key in client.scan_iter(count=500):
        batch.append(key)
        if len(batch) >= 500:
            deleted += int(client.delete(*batch))
            batch = []
    if batch:
        deleted += int(client.delete(*batch))
    return deleted


def _safe(url: str) -> str:
    """Return the URL without its password, for messages."""
    return make_url(url).render_as_string(hide_password=True)
