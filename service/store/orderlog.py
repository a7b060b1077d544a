"""The order path's seam: what deciding an order asks of the event store.

Two stores implement it: `Store` (every process, SQLite or PostgreSQL, through SQLAlchemy) and
`SQLiteOrders` (`pbem order` on the embedded SQLite file, on the sqlite3 driver alone). An
order needs two of the store's roles (`service.store.roles`): the game's log (`EventLog`) and
the inbox of submissions (`Inbox`). The use cases of `service/orders/` take an `OrderLog`, so
the type checker holds both stores to the same calls. A call outside the order path asks for
the `full()` store.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from service.store.roles import EventLog, Inbox

if TYPE_CHECKING:
    from service.store.store import Store


class LogWithInbox(EventLog, Inbox, Protocol):
    """A game's log and the inbox of submissions, without the order path's `full()`."""


class OrderLog(LogWithInbox, Protocol):
    """The calls an order makes: its input kept, its game read, its events appended."""

    def full(self) -> Store:
        """Return the store with every call (itself, or the full store over the same data)."""


if TYPE_CHECKING:
    def _store_takes_orders(store: Store) -> OrderLog:
        """Hold `Store` to the order path's protocol (for the type checker alone)."""
        return store
