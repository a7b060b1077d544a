"""Reads of held mail (messages to a seat's address from another address, waiting for the seat
to confirm them, and the notices that asked it: outbox rows of kind `confirm.<id>`), and of
bounced deliveries.

Each read is indexed: held messages by (game, status, received time) or (status, received
time), a seat's notices by (game, recipient), bounced deliveries by (status, id).
"""
from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select

from service.store.records import Submission
from service.store.roles import Connections
from service.store.schema import outbox as outbox_t
from service.store.schema import submission_from_row
from service.store.schema import submissions as submissions_t

HELD = "held"
CONFIRM_KINDS = "confirm.%"


@dataclass(frozen=True)
class WaitingSeat:
    """A seat with held mail received since `after`: the newest of it, by id and time."""

    game_id: str
    seat: str
    newest_id: str
    newest_at: str


class HeldReads:
    """Reads of the `submissions` and `outbox` tables about held mail."""

    def __init__(self, store: Connections) -> None:
        self._store = store

    def last_notice_at(self, game_id: str, seat: str) -> str:
        """Return when the seat's newest confirm notice was written ('' when never)."""
        c = outbox_t.c
        query = select(func.max(c.created_at)).where(
            c.game_id == game_id, c.recipient == seat, c.kind.like(CONFIRM_KINDS))
        with self._store.connect() as conn:
            return str(conn.execute(query).scalar() or "")

    def held_between(self, game_id: str, seat: str, after: str, upto: str,
                     limit: int = 200) -> list[Submission]:
        """Return the seat's held messages received after `after` and up to `upto`, oldest
        first (at most `limit`)."""
        c = submissions_t.c
        query = (select(submissions_t)
                 .where(c.game_id == game_id, c.status == HELD, c.seat == seat,
                        c.received_at > after, c.received_at <= upto)
                 .order_by(c.received_at, c.id).limit(limit))
        with self._store.connect() as conn:
            return [submission_from_row(row) for row in conn.execute(query)]

    def seats_with_held(self, since: str, limit: int = 500) -> list[WaitingSeat]:
        """Return each seat with held mail received after `since`, with its newest message."""
        c = submissions_t.c
        query = (select(c.game_id, c.seat, c.id, c.received_at)
                 .where(c.status == HELD, c.received_at > since)
                 .order_by(c.received_at.desc()).limit(limit * 20))
        found: dict[tuple[str, str], WaitingSeat] = {}
        with self._store.connect() as conn:
            for row in conn.execute(query):
                key = (row.game_id or "", row.seat or "")
                if row.game_id and row.seat and key not in found:
                    found[key] = WaitingSeat(row.game_id, row.seat, row.id, row.received_at)
        return list(found.values())[:limit]


class BounceReads:
    """Reads of the `outbox` table about bounced deliveries."""

    def __init__(self, store: Connections) -> None:
        self._store = store

    def games_with_bounces(self, limit: int = 1000) -> list[str]:
        """Return the games of the newest deliveries that bounced or were refused for good,
        each once."""
        c = outbox_t.c
        query = (select(c.game_id).where(c.status.in_(("bounced", "failed")))
                 .order_by(c.id.desc()).limit(limit))
        with self._store.connect() as conn:
            return list(dict.fromkeys(str(row.game_id) for row in conn.execute(query)))
