"""The embedded default's broker: kombu's database transport, asked for tasks ten times a
second instead of once.

Every order takes at least two tasks (decide, then mail), and a worker of the database
transport sleeps `polling_interval` whenever its queues are empty: at kombu's one second, a
lone order waited on average a second before it was decided and another before its mail went.
kombu reads `polling_interval` from the transport options, but its database transport also
hands every transport option to SQLAlchemy's `create_engine`, which refuses it; so the interval
is this transport's own default instead, and `workers.app` registers the transport under the
database broker's URL scheme.
"""
from __future__ import annotations

from kombu.transport import TRANSPORT_ALIASES
from kombu.transport.sqlalchemy import Transport as DatabaseTransport

POLL_SECONDS = 0.1
"""How long a worker waits before asking empty queues again (a few small SELECTs each time)."""


class Transport(DatabaseTransport):
    """kombu's database transport, polling every POLL_SECONDS."""

    polling_interval = POLL_SECONDS


def register() -> None:
    """Make the database broker's URL schemes (sqla+..., sqlalchemy+...) use this transport."""
    for scheme in ("sqla", "sqlalchemy"):
        TRANSPORT_ALIASES[scheme] = f"{__name__}:Transport"
