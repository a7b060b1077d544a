"""The deadline sweep: reminders before a deadline, the default order when it passes."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from engine.core import Prompt, canonical_json

from . import clock
from .gamemeta import parse_time
from .games import DEADLINE_ACTOR
from .loading import LoadedGame, load_game
from .notify import queue_digests
from .store import NewOutbox, Store


@dataclass
class SweepReport:
    """What one sweep did: submissions created for passed deadlines, reminder rows added."""

    submissions: list[str] = field(default_factory=list)
    reminders: list[int] = field(default_factory=list)
    games: int = 0


def sweep(store: Store) -> SweepReport:
    """Look at every running game once: remind seats, and default the ones out of time."""
    report = SweepReport()
    for row in store.list_games():
        if row.status != "active":
            continue
        loaded = load_game(store, row.id, row=row)
        report.games += 1
        if loaded.meta.paused or loaded.meta.finished:
            continue
        _sweep_game(store, loaded, report)
        report.reminders += queue_digests(store, loaded, clock.now())
    return report


def _sweep_game(store: Store, loaded: LoadedGame, report: SweepReport) -> None:
    now = clock.now()
    for prompt in loaded.game.prompts(loaded.state):
        deadline = loaded.meta.deadlines.get(prompt.seat)
        if deadline is None or deadline.prompt_key != prompt.key or prompt.submitted:
            continue
        due = parse_time(deadline.due)
        if due <= now:
            report.submissions.append(_submit_default(store, loaded, prompt.seat, prompt))
            if loaded.meta.master_email:
                store.add_outbox(loaded.meta.id, [NewOutbox(deadline.seq, "*", "master-default")])
            continue
        due_reminders = [NewOutbox(deadline.seq, prompt.seat, f"reminder-{hours}h")
                         for hours in loaded.meta.reminder_hours
                         if due - timedelta(hours=hours) <= now]
        if due_reminders:
            report.reminders += store.add_outbox(loaded.meta.id, due_reminders[-1:])


def _submit_default(store: Store, loaded: LoadedGame, seat: str, prompt: Prompt) -> str:
    """Store the seat's default order as a submission (once per decision point)."""
    body = canonical_json(loaded.game.order_to_json(prompt.default))
    key = f"{loaded.meta.id}:{seat}:{prompt.key}"
    sub, _ = store.add_submission(DEADLINE_ACTOR, body, game_id=loaded.meta.id, seat=seat,
                                  idempotency_key=key)
    return sub.id
