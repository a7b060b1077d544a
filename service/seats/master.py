"""The game master's tools, each recorded as an event: pause, resume, replace a seat, new
tokens, spectators; extend a seat's deadline, apply a default now, end the game, write to every
player; and the game master's own copies of what happens to the seats.
"""
from __future__ import annotations

from datetime import timedelta

from engine.core import Termination, canonical_json
from service.base import clock
from service.base.inputs import without_bidi
from service.game.events import (
    DEADLINE_ACTOR,
    MASTER,
    DeadlineSet,
    GameFinished,
    GamePaused,
    GameResumed,
    MasterLinkRenewed,
    PressSent,
    SeatHouse,
    SeatReplaced,
    SeedRevealed,
    SpectatorsSet,
    TokenRotated,
)
from service.game.loading import LoadedGame, load_game
from service.game.meta import format_time, parse_time
from service.game.opentableevents import SeatOffered
from service.orders.appending import LogWithOutbox, append_service_events
from service.orders.creation import MAX_PLAYER, check_player_name, checked_text, seat_email
from service.orders.processing import process_order_submission
from service.orders.results import ServiceError, SubmissionResult
from service.seats.press import MAX_PRESS_CHARS, already_sent, append_press
from service.store.orderlog import OrderLog
from service.store.roles import EventLog
from service.store.store import NewOutbox

MAX_EXTENSION_HOURS = 24 * 30
"""The most a seat's deadline can be extended by at once, in hours."""


def _open_game(store: EventLog, game_id: str) -> LoadedGame:
    """Return a game that is not over, or raise ServiceError."""
    loaded = load_game(store, game_id)
    if loaded.meta.finished:
        raise ServiceError(f"game {game_id} is over", "game-over")
    if not loaded.meta.started:
        raise ServiceError(f"game {game_id} has not started: it waits for its players",
                           "not-started")
    return loaded


def _known_seat(loaded: LoadedGame, seat: str) -> None:
    """Raise ServiceError unless `seat` is a seat of the game."""
    if seat not in loaded.meta.seat_names:
        raise ServiceError(f"{seat!r} is not a seat of game {loaded.meta.id} (seats: "
                           f"{', '.join(loaded.meta.seat_names)})", "unknown-seat")


def pause_game(store: EventLog, game_id: str, reason: str = "") -> LoadedGame:
    """Pause a game: orders are refused and deadlines stand still until it resumes."""
    reason = checked_text(reason, "the reason", 200, "bad-reason")
    loaded = _open_game(store, game_id)
    if loaded.meta.paused:
        raise ServiceError(f"game {game_id} is already paused", "already-paused")
    append_service_events(store, loaded, [GamePaused(format_time(clock.now()), reason)],
                          "admin", outbox_kind="paused")
    store.set_game_status(game_id, "paused")
    return loaded


def resume_game(store: EventLog, game_id: str) -> LoadedGame:
    """Resume a paused game; its open deadlines move later by the length of the pause."""
    loaded = _open_game(store, game_id)
    if not loaded.meta.paused:
        raise ServiceError(f"game {game_id} is not paused", "not-paused")
    append_service_events(store, loaded, [GameResumed(format_time(clock.now()))], "admin",
                          outbox_kind="resumed")
    store.set_game_status(game_id, "active")
    return loaded


def replace_seat(store: LogWithOutbox, game_id: str, seat: str, player: str, email: str) -> LoadedGame:
    """Hand a seat to a new player with a new address; the old reply address stops working."""
    loaded = _open_game(store, game_id)
    _known_seat(loaded, seat)
    email = seat_email(seat, email)
    player = checked_text(player, "the player's name", MAX_PLAYER, "bad-seat") or seat
    check_player_name(((s.name, s.player) for s in loaded.meta.seats), player, seat)
    hand_over(store, loaded, seat, player, email, "admin")
    return loaded


def hand_over(store: LogWithOutbox, loaded: LoadedGame, seat: str, player: str, email: str,
              actor: str) -> None:
    """Append the handover of a seat after the loaded seq (SeqConflict if the game moved) and
    tell the old player, the game master and the new player, who gets the game so far."""
    generation = loaded.meta.generation(seat) + 1
    append_service_events(store, loaded, [SeatReplaced(seat, player, email, generation)],
                          actor)
    store.add_outbox(loaded.meta.id, [NewOutbox(loaded.seq, seat, "replaced")])
    if loaded.meta.master_email:
        store.add_outbox(loaded.meta.id, [NewOutbox(loaded.seq, "*", "master-replaced")])
    _welcome(store, loaded, seat)


def offer_seat(store: EventLog, game_id: str, seat: str, offered: bool = True) -> LoadedGame:
    """Offer a running game's seat to a newcomer (a resigned or abandoned one), or withdraw
    the offer; a newcomer takes it by joining, as at an open table."""
    loaded = _open_game(store, game_id)
    _known_seat(loaded, seat)
    if (seat in loaded.meta.offered) != offered:
        append_service_events(store, loaded, [SeatOffered(seat, offered)], "admin")
    return loaded


def house_seat(store: EventLog, game_id: str, seat: str, house: bool = True) -> LoadedGame:
    """Hand a seat to the house (the computer player), or (`house` false) take it back.

    The house plays the seat's open decision and every later one; its deadline no longer
    counts and the seat gets no mail. Taken back, the seat is played by its player again
    (a seat created for the house has none: hand it to someone with `replace_seat`, or
    offer it to a newcomer), with a deadline from now for its open decision.
    """
    loaded = _open_game(store, game_id)
    _known_seat(loaded, seat)
    if (seat in loaded.meta.house) != house:
        append_service_events(store, loaded, [SeatHouse(seat, house)], "admin")
    return loaded


def rotate_token(store: LogWithOutbox, game_id: str, seat: str) -> LoadedGame:
    """Renew a seat's private link and reply address; the old ones stop working."""
    loaded = _open_game(store, game_id)
    _known_seat(loaded, seat)
    generation = loaded.meta.generation(seat) + 1
    append_service_events(store, loaded, [TokenRotated(seat, generation)], "admin")
    _welcome(store, loaded, seat)
    return loaded


def renew_master_link(store: EventLog, game_id: str) -> LoadedGame:
    """Renew the game master's link; the old one stops working. Returns the game after it."""
    loaded = load_game(store, game_id)
    renewed = MasterLinkRenewed(loaded.meta.master_generation + 1)
    append_service_events(store, loaded, [renewed], "admin")
    return load_game(store, game_id)


def set_spectators(store: EventLog, game_id: str, enabled: bool) -> LoadedGame:
    """Open or close the game's public spectator page (off until the game master opens it)."""
    loaded = load_game(store, game_id)
    if loaded.meta.spectators != enabled:
        append_service_events(store, loaded, [SpectatorsSet(enabled)], "admin")
    return loaded


def _welcome(store: LogWithOutbox, loaded: LoadedGame, seat: str) -> None:
    """Send the seat its (new) address and the state of play."""
    store.add_outbox(loaded.meta.id, [NewOutbox(loaded.seq, seat, "welcome")])



def extend_deadline(store: EventLog, game_id: str, seat: str, hours: int) -> str:
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


def apply_default_now(store: OrderLog, game_id: str, seat: str) -> SubmissionResult:
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


def end_game(store: EventLog, game_id: str, reason: str) -> None:
    """End a running game now, with no winner; its seed is revealed as at any end."""
    loaded = _open_game(store, game_id)
    row = store.get_game(game_id)
    assert row is not None
    why = "Ended by the game master" + (f": {reason.strip()}" if reason.strip() else ".")
    items = [GameFinished((), why, {}, Termination.GAME_MASTER.value), SeedRevealed(row.seed)]
    append_service_events(store, loaded, items, "admin", outbox_kind="final")
    store.set_game_status(game_id, "finished")


def message_all(store: EventLog, game_id: str, text: str, causation: str) -> None:
    """Send every player a message from the game master (once per causation)."""
    body = without_bidi(text).strip()
    if not body or len(body) > MAX_PRESS_CHARS:
        raise ServiceError(f"a message holds 1 to {MAX_PRESS_CHARS} characters", "press-empty")
    loaded = load_game(store, game_id)
    if already_sent(store, game_id, causation) is None:
        sent = PressSent(MASTER, loaded.meta.seat_names, body, False, True)
        append_press(store, loaded, sent, causation)


def copy_to_master(store: LogWithOutbox, game_id: str, seq: int, kind: str) -> list[int]:
    """Add the game master's copy of a seat event (when the game has a master's address)."""
    if not load_game(store, game_id, upto=seq).meta.master_email:
        return []
    return store.add_outbox(game_id, [NewOutbox(seq, MASTER, kind)])
