"""Absences: a seat that is away has its deadlines pushed back, up to the game's limit."""
from __future__ import annotations

from datetime import datetime, timedelta

from service.game.events import DeadlineSet
from service.game.loading import LoadedGame
from service.game.meta import GameMeta, format_time, parse_time


def absence_end(meta: GameMeta, seat: str, now: datetime) -> datetime | None:
    """Return until when the seat's deadlines wait: its absence capped by the game's limit.

    A seat whose mail bounces for good is away as far as its deadlines go: they wait up to
    the game's limit counted from the first bounce, so defaults are not played unseen.
    """
    ends = [parse_time(until)] if (until := meta.away_until.get(seat)) else []
    if (failing := meta.mail_failing.get(seat)) is not None:
        ends.append(bouncing_until(meta, failing.since))
    if not ends or meta.absence_days <= 0:
        return None
    end = min(max(ends), now + timedelta(days=meta.absence_days))
    return end if end > now else None


def bouncing_until(meta: GameMeta, since: str) -> datetime:
    """Return until when a seat whose mail bounces since `since` waits: the game's limit."""
    return parse_time(since) + timedelta(days=meta.absence_days)


def extend_for_absence(meta: GameMeta, seat: str, due: datetime, now: datetime) -> datetime:
    """Return a new deadline moved after the seat's absence (now, for a resigned seat)."""
    if seat in meta.resigned:
        return now
    end = absence_end(meta, seat, now)
    return max(due, end) if end is not None else due


def absence_events(loaded: LoadedGame, seat: str, until: datetime | None,
                   now: datetime) -> list[DeadlineSet]:
    """Return the seat's open deadline moved after a new absence (none when back or capped)."""
    meta = loaded.meta
    deadline = meta.deadlines.get(seat)
    prompt = loaded.game.prompt_for(loaded.state, seat)
    if until is None or deadline is None or prompt is None or prompt.key != deadline.prompt_key:
        return []
    if meta.paused or meta.finished or meta.absence_days <= 0:
        return []
    end = min(until, now + timedelta(days=meta.absence_days))
    if end <= parse_time(deadline.due):
        return []
    return [DeadlineSet(seat, deadline.prompt_key, format_time(end))]
