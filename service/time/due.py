"""The deadlines of open decisions: when a new one falls due (an absence pushes it back),
which are still owed (the projection the sweep reads), and that projection written anew.

Deadlines are data: each is a `DeadlineSet` service event in the game's log, keyed by the
decision's prompt key; the `deadlines` table is a projection of the ones still owed, written
with every append.
"""
from __future__ import annotations

from datetime import timedelta
from typing import Any, Protocol

from engine.core import Game
from service.base import clock
from service.game.events import DeadlineSet
from service.game.loading import IndexedLog, load_game
from service.game.meta import GameMeta, format_time, parse_time, reminder_leads
from service.store.records import DeadlineRow
from service.store.roles import Deadlines
from service.time.absence import extend_for_absence
from service.time.vacation import extend_for_vacation


class DeadlineProjection(IndexedLog, Deadlines, Protocol):
    """The store as the deadlines projection is rebuilt in it: every game, its log, its
    deadlines."""


def new_deadlines(game: Game[Any], state: Any, meta: GameMeta) -> list[DeadlineSet]:
    """Return a deadline for every open decision that has none yet (none while paused). A
    seat the house plays has none: it waits for the house's time to think, not a deadline."""
    if meta.paused or meta.finished:
        return []
    result = []
    for prompt in game.prompts(state):
        if prompt.seat in meta.house:
            continue
        current = meta.deadlines.get(prompt.seat)
        if current is not None and current.prompt_key == prompt.key:
            continue
        hours = meta.deadline_hours or prompt.deadline_hours
        due = extend_for_absence(meta, prompt.seat, clock.now() + timedelta(hours=hours),
                                 clock.now())
        due = extend_for_vacation(meta, prompt.seat, due)
        result.append(DeadlineSet(prompt.seat, prompt.key, format_time(due)))
    return result


HOUSE_DUE = ""
"""The `due` of a house decision's row in the projection: it has no deadline, only a time by
which the house should have played it (`next_at`)."""
HOUSE_STALE = timedelta(minutes=2)
"""How long after the game's last change the sweep looks whether a house decision it left open
was played; if not (its task was lost), the sweep queues it again, once."""


def open_deadlines(game: Game[Any], state: Any, meta: GameMeta) -> list[DeadlineRow]:
    """Return the deadlines of the decisions still owed, for the sweep's projection. A house
    seat's decision has no deadline (the sweep must not give its default before the house plays
    it): its row (`due` empty) only says when the sweep looks whether the house has played it,
    `HOUSE_STALE` from now."""
    if meta.paused or meta.finished:
        return []
    prompts = [p for p in game.prompts(state) if not p.submitted]
    owed = {p.seat: p for p in prompts if p.seat not in meta.house}
    look = format_time(clock.now() + HOUSE_STALE)
    rows = [DeadlineRow(meta.id, p.seat, p.key, HOUSE_DUE, 0, look)
            for p in sorted(prompts, key=lambda p: p.seat) if p.seat in meta.house]
    for seat, deadline in sorted(meta.deadlines.items()):
        prompt = owed.get(seat)
        if prompt is None or prompt.key != deadline.prompt_key:
            continue
        due = parse_time(deadline.due)
        leads = reminder_leads(meta, prompt.deadline_hours)
        first = min([due - timedelta(hours=hours) for hours in leads] + [due])
        rows.append(DeadlineRow(meta.id, seat, deadline.prompt_key, deadline.due, deadline.seq,
                                format_time(first)))
    return rows


def rebuild_deadlines(store: DeadlineProjection) -> int:
    """Write the open deadlines of every running game anew; return how many games."""
    count = 0
    for row in store.list_games():
        if row.status == "active":
            loaded = load_game(store, row.id, row=row)
            store.replace_deadlines(row.id, open_deadlines(loaded.game, loaded.state,
                                                           loaded.meta))
            count += 1
    return count
