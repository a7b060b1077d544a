"""Marks that heal: a seat marked as bouncing is marked no longer once its player writes from
the seat's address, or once a later mail to that address has gone out and not bounced for
`HEAL_DAYS`. The mark made its deadline wait as for an absence; clearing it lets the deadline
run again (cut back to the game's time per decision from now, when it was pushed past that).
"""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from typing import Protocol

from service.base import clock
from service.game.events import DeadlineSet, SeatMailStatus
from service.game.loading import LoadedGame, load_game
from service.game.meta import apply_service_event, format_time, normal_address, parse_time
from service.seats.once import append_once
from service.store.held import BounceReads
from service.store.roles import Connections, EventLog, MailRecord

HEAL_DAYS = 3
"""How long a later mail to a bouncing seat must go out without a bounce to clear its mark."""


class MarkedMail(EventLog, MailRecord, Connections, Protocol):
    """The store as marks heal: the games' logs and what their outboxes say was mailed."""


def heal_mark(store: EventLog, game_id: str, seat: str, causation: str, why: str) -> bool:
    """Clear the seat's bouncing mark (once per cause) and let its deadline run again; True
    when it was cleared."""

    def build(loaded: LoadedGame) -> list[object]:
        meta = loaded.meta
        if seat not in meta.mail_failing or meta.finished or seat not in meta.seat_names:
            return []
        clear = SeatMailStatus(seat, meta.seat(seat).email, "", why[:300])
        healed = replace(loaded, meta=apply_service_event(meta, meta.id, clear, loaded.seq + 1))
        return [clear, *_deadline_back(healed, seat, clock.now())]

    return append_once(store, game_id, causation, "mail", build)


def _deadline_back(loaded: LoadedGame, seat: str, now: datetime) -> list[DeadlineSet]:
    """Return the seat's open deadline cut back to the game's time per decision from now, if
    the mark had pushed it later and the seat is not away for another reason."""
    meta = loaded.meta
    deadline = meta.deadlines.get(seat)
    if deadline is None or not meta.deadline_hours or seat in meta.away_until:
        return []
    back = now + timedelta(hours=meta.deadline_hours)
    return [DeadlineSet(seat, deadline.prompt_key, format_time(back))] if \
        parse_time(deadline.due) > back else []


def heal_quiet_marks(store: MarkedMail) -> list[str]:
    """Clear the marks of seats whose later mail went out without a bounce for HEAL_DAYS (the
    games with a bounced delivery, newest first); return the games changed."""
    now = clock.now()
    changed = []
    for game_id in BounceReads(store).games_with_bounces():
        loaded = load_game(store, game_id)
        for seat, failing in loaded.meta.mail_failing.items():
            if _went_through(store, loaded, seat, failing.since, now) and heal_mark(
                    store, game_id, seat, f"healed:{game_id}:{seat}:{failing.since}",
                    f"mail went out without a bounce for {HEAL_DAYS} days"):
                changed.append(game_id)
    return changed


def _went_through(store: MarkedMail, loaded: LoadedGame, seat: str, since: str,
                  now: datetime) -> bool:
    """Return whether a mail to the seat's address sent after `since` has not bounced for
    HEAL_DAYS, and none written after it bounced or was refused."""
    address = normal_address(loaded.meta.seat(seat).email)
    rows = [row for row in store.outbox_for_game(loaded.meta.id) if row.recipient == seat]
    quiet = [row for row in rows if row.status == "sent" and row.sent_at
             and normal_address(row.address or "") == address
             and parse_time(since) < parse_time(row.sent_at) <= now - timedelta(days=HEAL_DAYS)]
    if not quiet:
        return False
    first = min(row.id for row in quiet)
    return not [row for row in rows if row.id > first and (row.status == "failed" or (
        row.status == "bounced" and normal_address(row.address or "") == address))]
