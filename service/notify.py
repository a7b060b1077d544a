"""Notification preferences: which turn emails a seat gets now, and its daily digest.

A seat mailed "every change" (the default) gets every turn email. A seat mailed "only when
I must act" gets the turn emails that open a decision for it; "digest only" gets none. The
emails it does not get are written as `held` outbox rows (never mailed), and a daily digest
brings the news of the held ones. The end of the game, welcomes, reminders and press are
never held (press can be muted on its own).
"""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from .gamemeta import GameMeta
from .loading import LoadedGame
from .store import NewOutbox, OutboxRow, Store

HELD = "held"
DIGEST_PREFIX = "digest-"
DIGEST_HOUR = 7
"""Digests go out from this hour of the player's day (UTC when no time zone is set)."""


def notice_kind(meta: GameMeta, seat: str, kind: str, must_act: bool) -> str:
    """Return the outbox kind of a turn notice for the seat: `kind`, or HELD for its digest."""
    if kind != "turn":
        return kind
    if seat in meta.resigned:
        return HELD
    notify = meta.prefs(seat).notify
    if notify == "digest" or (notify == "must-act" and not must_act):
        return HELD
    return kind


def digest_date(meta: GameMeta, seat: str, now: datetime) -> str | None:
    """Return the seat's local date when its digest may go out now, else None."""
    zone = meta.prefs(seat).timezone
    local = now.astimezone(ZoneInfo(zone)) if zone else now
    return local.date().isoformat() if local.hour >= DIGEST_HOUR else None


def news_kinds_after(rows: list[OutboxRow], seat: str) -> list[OutboxRow]:
    """Return the seat's rows after its last mailed news (turn, final, welcome or digest)."""
    mine = [row for row in rows if row.recipient == seat]
    last = max((index for index, row in enumerate(mine) if is_news(row.kind)), default=-1)
    return mine[last + 1:]


def is_news(kind: str) -> bool:
    """Return whether an email of this kind brings the seat's history up to date."""
    return kind in ("turn", "final", "welcome") or kind.startswith(DIGEST_PREFIX)


def queue_digests(store: Store, loaded: LoadedGame, now: datetime) -> list[int]:
    """Add today's digest for every seat with held news; return the new outbox ids."""
    meta = loaded.meta
    rows = store.outbox_for_game(meta.id)
    wanted = []
    for seat in meta.seat_names:
        day = digest_date(meta, seat, now)
        if day is None or meta.prefs(seat).notify == "every":
            continue
        kind = DIGEST_PREFIX + day
        if any(row.recipient == seat and row.kind == kind for row in rows):
            continue
        held = [row for row in news_kinds_after(rows, seat) if row.kind == HELD]
        if held:
            wanted.append(NewOutbox(held[-1].seq, seat, kind))
    return store.add_outbox(meta.id, wanted) if wanted else []

