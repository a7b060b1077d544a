"""A pooled PostgreSQL connection is pinged only after sitting idle, and a lost one is replaced
before anyone uses it (service/store/ping.py)."""
from __future__ import annotations

import time
from pathlib import Path

from sqlalchemy import create_engine, text

from service.store import ping
from tests.stores import PG_URL, open_store


def test_busy_connection_is_not_pinged_and_a_lost_idle_one_is_replaced(
        tmp_path: Path, monkeypatch) -> None:
    store = open_store("postgresql", tmp_path)
    try:
        with store._engine.connect() as conn:
            first = conn.execute(text("SELECT pg_backend_pid()")).scalar()
        pings: list[int] = []
        dialect = store._engine.dialect
        real_ping = dialect.do_ping
        monkeypatch.setattr(dialect, "do_ping", lambda dbapi: pings.append(1) or real_ping(dbapi))
        for _ in range(5):  # used moments ago: handed out without a ping
            with store._engine.connect() as conn:
                assert conn.execute(text("SELECT pg_backend_pid()")).scalar() == first
        assert pings == []
        # the server drops the connection while it sits idle in the pool
        killer = create_engine(PG_URL)
        with killer.connect() as other:
            other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": first})
            other.commit()
        killer.dispose()
        time.sleep(ping.PING_IDLE_SECONDS + 0.2)
        with store._engine.connect() as conn:  # pinged, found lost, replaced unseen
            again = conn.execute(text("SELECT pg_backend_pid()")).scalar()
        assert pings and again != first
    finally:
        store.drop_schema()
        store.dispose()
