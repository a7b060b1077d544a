"""A passed deadline spends the seat's time bank before any default (`service/time/banks.py`)."""
from __future__ import annotations

from datetime import datetime

from service.game.events import DEADLINE_ACTOR
from service.game.loading import LoadedGame
from service.orders.appending import append_service_events
from service.store.records import DeadlineRow, SeqConflict
from service.store.roles import EventLog
from service.time.banks import bank_spending


def spend_bank(store: EventLog, loaded: LoadedGame, row: DeadlineRow, now: datetime) -> bool:
    """Spend the seat's bank on its passed deadline, moving it; return whether it was (or
    another sweep moved the game meanwhile), so that no default is played now.

    Exactly once, as every deadline action: the append expects the game's seq as loaded. A
    decision whose answering is private (an Illuminati window) spends no bank: the spend, and
    the deadline it moves, would tell the table which seat had not answered.
    """
    deadline = loaded.meta.deadlines.get(row.seat)
    if deadline is None or deadline.seq != row.seq or deadline.prompt_key != row.prompt_key:
        return False
    prompt = loaded.game.prompt_for(loaded.state, row.seat)
    if prompt is not None and not prompt.answering_public:
        return False  # a spend names the seat still to answer, which the rules keep private
    items = bank_spending(loaded.meta, row.seat, now)
    if not items:
        return False
    try:
        append_service_events(store, loaded, items, DEADLINE_ACTOR)
    except SeqConflict:
        pass  # the game moved meanwhile: the next sweep looks again
    return True
