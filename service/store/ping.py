"""Checking a pooled PostgreSQL connection before use, when it may have gone stale.

A pool's pre-ping asks the server before every checkout, a round trip per `connect()`: under
load about half of an order's statements were pings (bench/ceiling.py counts them). A
connection used moments ago is as alive as a ping would find it, so only a connection that
sat idle in the pool for longer than PING_IDLE_SECONDS is pinged (the server restarted, a
proxy or firewall dropped it); one that fails is replaced by a fresh one before the caller
sees it. A connection that dies between two uses close together fails its statement, as it
would after a ping too; the workers retry such a task (`workers/tasks.py`, DATABASE_BLINKS).
"""
from __future__ import annotations

import time
from typing import Any

from sqlalchemy import Engine, event
from sqlalchemy.exc import DisconnectionError

from service.base.config import env_number

PING_IDLE_SECONDS = env_number("PBEM_DB_PING_IDLE_SECONDS", 1.0)
"""A pooled connection idle longer than this is pinged before it is handed out."""
_RETURNED = "pbem_returned_at"


def ping_when_idle(engine: Engine, idle_seconds: float = PING_IDLE_SECONDS) -> None:
    """Ping a connection at checkout when it sat in the pool longer than `idle_seconds`."""
    dialect = engine.dialect

    @event.listens_for(engine, "checkin")
    def _returned(_dbapi: Any, record: Any) -> None:
        record.info[_RETURNED] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _handed_out(dbapi: Any, record: Any, _proxy: Any) -> None:
        returned = record.info.get(_RETURNED)
        if returned is None or time.monotonic() - returned <= idle_seconds:
            return  # new, or used moments ago
        try:
            dialect.do_ping(dbapi)
        except dialect.loaded_dbapi.Error as exc:
            if dialect.is_disconnect(exc, dbapi, None):
                raise DisconnectionError("a pooled connection was lost") from exc
            raise
