"""The daily digest sweep: it reads only the seats whose held news waits, never every game.

The `digest_waiting` projection (kept by triggers on the outbox, revision 0009) names each
seat with held news since its last news email and the day of its last digest. The sweep
loads only the games of those seats and adds one `digest-<day>` row per seat and local day;
the outbox's unique key and the recorded day make a repeated sweep add nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from sqlalchemy import select

from service.game.loading import load_game
from service.game.notify import DIGEST_PREFIX, digest_date
from service.orders.appending import LogWithOutbox
from service.store.records import NewOutbox
from service.store.roles import Connections
from service.store.schema import digest_waiting as waiting_t
from service.store.schema import games as games_t


class DigestStore(LogWithOutbox, Connections, Protocol):
    """The store as digests are queued: the held news read from its projection, each game
    loaded, and the digests added to the outbox."""


@dataclass(frozen=True)
class Waiting:
    """A seat whose held news waits for its digest, and the day of its last digest."""

    game_id: str
    seat: str
    held_seq: int
    digest_day: str


@dataclass
class DigestReport:
    """What one digest sweep did: the outbox rows added and how many games it loaded."""

    added: list[int] = field(default_factory=list)
    games: int = 0


def waiting_seats(store: Connections) -> list[Waiting]:
    """Return the seats of running games whose held news waits, grouped by game."""
    w, g = waiting_t.c, games_t.c
    query = (select(w.game_id, w.seat, w.held_seq, w.digest_day)
             .join_from(waiting_t, games_t, w.game_id == g.id)
             .where(w.held_seq.is_not(None), g.status == "active")
             .order_by(w.game_id, w.seat))
    with store.connect() as conn:  # the projection is read here, beside its sweep
        return [Waiting(row.game_id, row.seat, int(row.held_seq), row.digest_day)
                for row in conn.execute(query)]


def queue_due_digests(store: DigestStore, now: datetime) -> DigestReport:
    """Add the digests due now for the waiting seats; load only their games."""
    report = DigestReport()
    by_game: dict[str, list[Waiting]] = {}
    for item in waiting_seats(store):
        by_game.setdefault(item.game_id, []).append(item)
    for game_id, seats in by_game.items():
        meta = load_game(store, game_id).meta
        report.games += 1
        wanted = []
        for item in seats:
            if item.seat not in meta.seat_names:
                continue
            day = digest_date(meta, item.seat, now)
            if day is None or day == item.digest_day or meta.prefs(item.seat).notify == "every":
                continue
            wanted.append(NewOutbox(item.held_seq, item.seat, DIGEST_PREFIX + day))
        if wanted:
            report.added += store.add_outbox(game_id, wanted)
    return report
