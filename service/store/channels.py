"""A player's notice channels besides mail, and the notices sent through them.

A channel is an apprise URL kept for one address; its URL is read only to send, and every
page shows its masked form. A notice is written at most once per channel and outbox row (the
table's unique key), then claimed, sent and settled by conditional updates, so that of two
workers holding the same notice exactly one sends it, and a failing channel is tried a
bounded number of times.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, timedelta
from typing import Any

from sqlalchemy import and_, delete, or_, select, update
from sqlalchemy.exc import IntegrityError

from service.base import clock
from service.store.records import TIME_FORMAT, later, utc_now
from service.store.roles import Connections
from service.store.schema import channel_notices as notices_t
from service.store.schema import notice_channels as channels_t
from service.store.schema import outbox as outbox_t
from service.store.schema import seat_addresses as seat_addresses_t

MAX_ATTEMPTS = 4
"""Tries of one notice before it is given up for good (failed, and counted on its channel)."""
RETRY_MINUTES = (1, 5, 30)
"""How long a failed notice waits before its next try: after the first, second, third."""


@dataclass(frozen=True)
class Channel:
    """One of an address's notice channels, as a page may show it (never the URL)."""

    id: int
    shown: str
    created_at: str
    failures: int
    last_error: str | None


@dataclass(frozen=True)
class NewNotice:
    """A notice about to be written for one channel."""

    channel_id: int
    kind: str
    title: str
    body: str


@dataclass(frozen=True)
class Notice:
    """A notice as the sending task reads it, with its channel's URL."""

    id: int
    channel_id: int
    url: str
    kind: str
    title: str
    body: str
    status: str
    attempts: int


class DuplicateChannel(ValueError):
    """The address has this channel already."""


def _ago(seconds: int) -> str:
    """Return the time `seconds` ago in the store's timestamp format."""
    return (clock.now().astimezone(UTC) - timedelta(seconds=seconds)).strftime(TIME_FORMAT)


def _new_id(key: Any) -> int:
    """Return the id the database gave an inserted row."""
    if key is None:
        raise RuntimeError("the database gave the new row no id")
    return int(key[0])


class NoticeChannels:
    """Reads and writes of the notice_channels and channel_notices tables."""

    def __init__(self, store: Connections) -> None:
        self._store = store

    def add(self, address: str, url: str, shown: str) -> int:
        """Keep a channel for `address`; return its id (DuplicateChannel: kept already)."""
        try:
            with self._store.begin_write() as conn:
                result = conn.execute(channels_t.insert().values(
                    address=address, url=url, shown=shown, created_at=utc_now(), failures=0))
                return _new_id(result.inserted_primary_key)
        except IntegrityError as exc:
            raise DuplicateChannel(shown) from exc

    def of(self, address: str) -> list[Channel]:
        """Return the address's channels, oldest first."""
        c = channels_t.c
        with self._store.connect() as conn:
            rows = conn.execute(select(c.id, c.shown, c.created_at, c.failures, c.last_error)
                                .where(c.address == address).order_by(c.id)).all()
        return [Channel(int(r.id), r.shown, r.created_at, int(r.failures), r.last_error)
                for r in rows]

    def for_seat(self, game_id: str, seat: str) -> list[Channel]:
        """Return the channels of the address that plays a game's seat (none for the house's
        seats, which have no address)."""
        c, a = channels_t.c, seat_addresses_t.c
        with self._store.connect() as conn:
            rows = conn.execute(select(c.id, c.shown, c.created_at, c.failures, c.last_error)
                                .join_from(channels_t, seat_addresses_t, a.address == c.address)
                                .where(a.game_id == game_id, a.seat == seat)
                                .order_by(c.id)).all()
        return [Channel(int(r.id), r.shown, r.created_at, int(r.failures), r.last_error)
                for r in rows]

    def remove(self, address: str, channel_id: int | None = None) -> int:
        """Forget one channel of the address (every one when `channel_id` is None) and its
        notices; return how many channels."""
        c = channels_t.c
        where = c.address == address if channel_id is None else and_(c.address == address,
                                                                      c.id == channel_id)
        with self._store.begin_write() as conn:
            ids = [int(i) for i in conn.execute(select(c.id).where(where)).scalars()]
            if ids:
                conn.execute(delete(notices_t).where(notices_t.c.channel_id.in_(ids)))
                conn.execute(delete(channels_t).where(c.id.in_(ids)))
        return len(ids)

    def write(self, outbox_id: int, notices: list[NewNotice]) -> list[int]:
        """Write the notices of one outbox row that were not written before; return the ids
        of those written now (a notice is written once per channel and row)."""
        written = []
        for notice in notices:
            try:
                with self._store.begin_write() as conn:
                    result = conn.execute(notices_t.insert().values(
                        channel_id=notice.channel_id, outbox_id=outbox_id, kind=notice.kind,
                        title=notice.title, body=notice.body, status="pending", attempts=0,
                        created_at=utc_now(), next_try_at=utc_now()))
                    written.append(_new_id(result.inserted_primary_key))
            except IntegrityError:
                continue  # written before, by this row's earlier delivery
        return written

    def get(self, notice_id: int) -> Notice | None:
        """Return a notice with its channel's URL, or None when it (or its channel) is gone."""
        n, c = notices_t.c, channels_t.c
        with self._store.connect() as conn:
            row = conn.execute(select(n.id, n.channel_id, c.url, n.kind, n.title, n.body,
                                      n.status, n.attempts)
                               .join_from(notices_t, channels_t, n.channel_id == c.id)
                               .where(n.id == notice_id)).first()
        if row is None:
            return None
        return Notice(int(row.id), int(row.channel_id), row.url, row.kind, row.title, row.body,
                      row.status, int(row.attempts))

    def claim(self, notice_id: int, seconds: int) -> bool:
        """Hold a pending notice for `seconds` and count the try; True only for the one
        caller that took it."""
        n = notices_t.c
        now = utc_now()
        query = (update(notices_t)
                 .where(n.id == notice_id, n.status == "pending", n.attempts < MAX_ATTEMPTS,
                        or_(n.claimed_until.is_(None), n.claimed_until < now))
                 .values(claimed_until=later(seconds), attempts=n.attempts + 1))
        with self._store.begin_write() as conn:
            return bool(conn.execute(query).rowcount == 1)

    def sent(self, notice_id: int) -> None:
        """Record a notice as sent, and its channel as working."""
        n = notices_t.c
        with self._store.begin_write() as conn:
            conn.execute(update(notices_t).where(n.id == notice_id, n.status == "pending")
                         .values(status="sent", sent_at=utc_now(), claimed_until=None))

    def failed(self, notice: Notice, error: str, give_up: bool = False) -> bool:
        """Record a failed try; after the last one (or at once with `give_up`: a try that
        must not be made again) the notice is given up and counted on its channel with the
        reason. Return whether it was given up."""
        n, c = notices_t.c, channels_t.c
        final = give_up or notice.attempts + 1 >= MAX_ATTEMPTS
        wait = RETRY_MINUTES[min(notice.attempts, len(RETRY_MINUTES) - 1)]
        with self._store.begin_write() as conn:
            conn.execute(update(notices_t).where(n.id == notice.id, n.status == "pending")
                         .values(status="failed" if final else "pending", last_error=error,
                                 claimed_until=None, next_try_at=later(wait * 60)))
            if final:
                conn.execute(update(channels_t).where(c.id == notice.channel_id)
                             .values(failures=c.failures + 1, last_error=error))
        return final

    def due(self, batch: int, stale_seconds: int) -> list[int]:
        """Return pending notices whose next try is due and that no worker holds, written at
        least `stale_seconds` ago (a younger one is still in its first task's hands)."""
        n = notices_t.c
        now = utc_now()
        written_before = _ago(stale_seconds)
        query = (select(n.id).where(n.status == "pending", n.attempts < MAX_ATTEMPTS,
                                    n.next_try_at <= now, n.created_at <= written_before,
                                    or_(n.claimed_until.is_(None), n.claimed_until < now))
                 .order_by(n.next_try_at).limit(batch))
        with self._store.connect() as conn:
            return [int(i) for i in conn.execute(query).scalars()]

    def unwritten(self, seconds: int, batch: int) -> list[int]:
        """Return outbox rows of the last `seconds` that may call for channel notices and have
        none yet: delivered (or refused, or bounced) rows of a seat whose address has a
        channel, of the kinds that are noticed (a worker may have died before writing them)."""
        o, a, c, n = outbox_t.c, seat_addresses_t.c, channels_t.c, notices_t.c
        written = select(n.id).where(n.outbox_id == o.id, n.channel_id == c.id).exists()
        # from the few channels to their seats, then each seat's rows by the outbox's
        # (game, recipient) index: never a scan of every sent row
        query = (select(o.id).distinct()
                 .join_from(channels_t, seat_addresses_t, a.address == c.address)
                 .join(outbox_t, and_(o.game_id == a.game_id, o.recipient == a.seat))
                 .where(o.status.in_(("sent", "bounced", "failed")),
                        o.created_at >= _ago(seconds),
                        or_(o.kind.in_(("turn", "welcome", "final")),
                            o.kind.like("reminder-%")),
                        ~written)
                 .order_by(o.id).limit(batch))
        with self._store.connect() as conn:
            return [int(i) for i in conn.execute(query).scalars()]

    def notices_of(self, channel_id: int) -> list[tuple[str, str, int]]:
        """Return (kind, status, attempts) of a channel's notices, oldest first."""
        n = notices_t.c
        with self._store.connect() as conn:
            return [(r.kind, r.status, int(r.attempts)) for r in conn.execute(
                select(n.kind, n.status, n.attempts).where(n.channel_id == channel_id)
                .order_by(n.id))]
