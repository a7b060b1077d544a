"""More game-master tools: extend a seat's deadline, apply a default now, end the game,
write to every player; and the game master's own copies of what happens to the seats.
"""
from __future__ import annotations

from datetime import timedelta

from engine.core import canonical_json
from service.game.events import MASTER, DeadlineSet, GameFinished, PressSent, SeedRevealed
from service.game.meta import format_time, parse_time
from service.log.store import NewOutbox, Store
from service.orders.appending import append_service_events
from service.orders.games import (
    DEADLINE_ACTOR,
    ServiceError,
    SubmissionResult,
    process_order_submission,
)
from service.table.admin import _known_seat, _open_game
from service.table.press import MAX_PRESS_CHARS, already_sent, append_press

MAX_EXTENSION_HOURS = 24 * 30


def extend_deadline(store: Store, game_id: str, seat: str, hours: int) -> str:
    """Move the seat's open deadline `hours` later; return the new due time."""
    loaded = _open_game(store, game_id)
    _known_seat(loaded, seat)
    if not 1 <= hours <= MAX_EXTENSION_HOURS:
        raise ServiceError(f"extend by 1 to {MAX_EXTENSION_HOURS} hours", "bad-extension")
    prompt = loaded.game.prompt_for(loaded.state, seat)
    deadline = loaded.meta.deadlines.get(seat)
    if prompt is None or deadline is None or deadline.prompt_key != prompt.key:
        raise ServiceError(f"{seat} has no open deadline", "no-deadline")
    due = format_time(parse_time(deadline.due) + timedelta(hours=hours))
    append_service_events(store, loaded, [DeadlineSet(seat, prompt.key, due)], "admin")
    return due


def apply_default_now(store: Store, game_id: str, seat: str) -> SubmissionResult:
    """Decide the seat's open decision with its default order, as if its deadline passed."""
    loaded = _open_game(store, game_id)
    _known_seat(loaded, seat)
    prompt = loaded.game.prompt_for(loaded.state, seat)
    if prompt is None:
        raise ServiceError(f"{seat} has nothing to decide now", "nothing-to-decide")
    body = canonical_json(loaded.game.order_to_json(prompt.default))
    sub, _ = store.add_submission(DEADLINE_ACTOR, body, game_id=game_id, seat=seat,
                                  idempotency_key=f"{game_id}:{seat}:{prompt.key}")
    return process_order_submission(store, sub)


def end_game(store: Store, game_id: str, reason: str) -> None:
    """End a running game now, with no winner; its seed is revealed as at any end."""
    loaded = _open_game(store, game_id)
    row = store.get_game(game_id)
    assert row is not None
    why = "Ended by the game master" + (f": {reason.strip()}" if reason.strip() else ".")
    items = [GameFinished((), why, {}), SeedRevealed(row.seed)]
    append_service_events(store, loaded, items, "admin", outbox_kind="final")
    store.set_game_status(game_id, "finished")


def message_all(store: Store, game_id: str, text: str, causation: str) -> None:
    """Send every player a message from the game master (once per causation)."""
    from service.game.loading import load_game

    body = text.strip()
    if not body or len(body) > MAX_PRESS_CHARS:
        raise ServiceError(f"a message holds 1 to {MAX_PRESS_CHARS} characters", "press-empty")
    loaded = load_game(store, game_id)
    if already_sent(store, game_id, causation) is None:
        sent = PressSent(MASTER, loaded.meta.seat_names, body, False, True)
        append_press(store, loaded, sent, causation)


def copy_to_master(store: Store, game_id: str, seq: int, kind: str) -> list[int]:
    """Add the game master's copy of a seat event (when the game has a master's address)."""
    from service.game.loading import load_game

    if not load_game(store, game_id, upto=seq).meta.master_email:
        return []
    return store.add_outbox(game_id, [NewOutbox(seq, MASTER, kind)])
