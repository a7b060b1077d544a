"""The outbound budget: how much mail may go to addresses that have not proven they play here.

Each limited key (one recipient address, one recipient domain, the whole service) has a row
holding the epoch seconds of its mails in the last window. Taking the budget for one mail reads
the rows of all its keys, locked (`SELECT ... FOR UPDATE` on PostgreSQL; SQLite's write
transaction is `BEGIN IMMEDIATE`), and writes the new time into every row only when each of
them is under its limit, in one transaction: two processes, or two nodes, never both take the
last mail of a key, and a mail refused by one key counts against none. The window slides: at
most `limit` mails in any `window` seconds, not per clock hour.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, and_, delete, or_, select, update

from service.store.roles import Connections
from service.store.schema import mail_budget as budget_t


@dataclass(frozen=True)
class BudgetKey:
    """One limit a mail counts against: its scope ("address", "domain", "service"), the key
    within it, and how many mails it allows per window."""

    scope: str
    key: str
    limit: int


class MailBudget:
    """Reads and writes of the `mail_budget` table, on a store's own connections."""

    def __init__(self, store: Connections) -> None:
        self._store = store

    def take(self, keys: Sequence[BudgetKey], now: int, window: int = 3600) -> str:
        """Count one mail against every key if each has room; return '' when it was counted,
        else the scope of the first key that is full (nothing is counted then)."""
        ordered = sorted(keys, key=lambda k: (k.scope, k.key))  # one lock order everywhere
        with self._store.begin_write() as conn:
            _make_rows(conn, ordered, now)
            c = budget_t.c
            query = (select(c.scope, c.key, c.stamps)
                     .where(or_(*[and_(c.scope == k.scope, c.key == k.key) for k in ordered]))
                     .order_by(c.scope, c.key).with_for_update())
            stored = {(row.scope, row.key): row.stamps for row in conn.execute(query)}
            kept: list[tuple[BudgetKey, list[int]]] = []
            for item in keys:  # the caller's order decides which full key is named
                recent = [stamp for stamp in json.loads(stored[(item.scope, item.key)])
                          if stamp > now - window]
                if len(recent) >= item.limit:
                    return item.scope
                kept.append((item, recent + [now]))
            for item, stamps in sorted(kept, key=lambda pair: (pair[0].scope, pair[0].key)):
                conn.execute(update(budget_t)
                             .where(c.scope == item.scope, c.key == item.key)
                             .values(stamps=json.dumps(stamps), last_at=now))
        return ""

    def used(self, scope: str, key: str, now: int, window: int = 3600) -> int:
        """Return how many mails `key` of `scope` took in the window before `now`."""
        c = budget_t.c
        with self._store.connect() as conn:
            stamps = conn.execute(select(c.stamps).where(c.scope == scope,
                                                         c.key == key)).scalar()
        return len([s for s in json.loads(stamps or "[]") if s > now - window])

    def forget_idle(self, now: int, window: int = 3600) -> int:
        """Delete the rows of keys that took no mail in the last window; return how many."""
        with self._store.begin_write() as conn:
            return int(conn.execute(delete(budget_t).where(
                budget_t.c.last_at <= now - window)).rowcount)


def _make_rows(conn: Connection, keys: Sequence[BudgetKey], now: int) -> None:
    """Insert the missing rows of `keys`, empty (a row another writer makes first is kept)."""
    values = [{"scope": k.scope, "key": k.key, "stamps": "[]", "last_at": now} for k in keys]
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects import postgresql

        conn.execute(postgresql.insert(budget_t).values(values).on_conflict_do_nothing())
        return
    from sqlalchemy.dialects import sqlite

    conn.execute(sqlite.insert(budget_t).values(values).on_conflict_do_nothing())
