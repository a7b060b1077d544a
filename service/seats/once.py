"""Service events appended once per causation (a message, a command, a form), so that a
message processed twice changes nothing twice."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from service.game.events import MASTER
from service.game.loading import LoadedGame, load_game
from service.game.meta import apply_service_event
from service.game.numbers import hidden_rows
from service.orders.appending import service_new
from service.orders.results import ServiceError
from service.store.records import Append, NewOutbox
from service.store.roles import EventLog
from service.store.store import SeqConflict
from service.time.due import open_deadlines

CONFLICT_RETRIES = 8


def append_once(store: EventLog, game_id: str, causation: str, actor: str,
                build: Callable[[LoadedGame], Sequence[object]],
                master_notice: str = "") -> bool:
    """Append the service events `build` returns unless `causation` already did; True if new.

    `master_notice` names an email to the game master about them, written in the same append.
    """
    for _ in range(CONFLICT_RETRIES):
        loaded = load_game(store, game_id)
        if any(row.causation == causation for row in store.events(game_id, after_seq=0)):
            return False
        items = build(loaded)
        if not items:
            return False
        meta = loaded.meta
        for offset, item in enumerate(items, start=1):
            meta = apply_service_event(meta, game_id, item, loaded.seq + offset)
        try:
            events = [service_new(item, actor, causation) for item in items]
            notice = ([NewOutbox(loaded.seq + len(events), MASTER, master_notice)]
                      if master_notice and meta.master_email else [])
            store.append(Append(game_id, loaded.seq, events, notice,
                                deadlines=open_deadlines(loaded.game, loaded.state, meta),
                                hidden=hidden_rows(loaded.game, meta, loaded.seq + 1, items)))
            return True
        except SeqConflict:
            continue
    raise ServiceError("The game is too busy right now; try again.", "busy")
