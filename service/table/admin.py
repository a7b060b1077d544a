"""Game-master operations, each recorded as an event: pause, resume, replace a seat, new token."""
from __future__ import annotations

from service.base import clock
from service.game.events import (
    GamePaused,
    GameResumed,
    MasterLinkRenewed,
    SeatReplaced,
    SpectatorsSet,
    TokenRotated,
)
from service.game.loading import LoadedGame, load_game
from service.game.meta import format_time
from service.log.store import NewOutbox, Store
from service.orders.appending import append_service_events
from service.orders.games import MAX_PLAYER, ServiceError, checked_text, seat_email


def _open_game(store: Store, game_id: str) -> LoadedGame:
    loaded = load_game(store, game_id)
    if loaded.meta.finished:
        raise ServiceError(f"game {game_id} is over", "game-over")
    return loaded


def _known_seat(loaded: LoadedGame, seat: str) -> None:
    if seat not in loaded.meta.seat_names:
        raise ServiceError(f"{seat!r} is not a seat of game {loaded.meta.id} (seats: "
                           f"{', '.join(loaded.meta.seat_names)})", "unknown-seat")


def pause_game(store: Store, game_id: str, reason: str = "") -> LoadedGame:
    """Pause a game: orders are refused and deadlines stand still until it resumes."""
    reason = checked_text(reason, "the reason", 200, "bad-reason")
    loaded = _open_game(store, game_id)
    if loaded.meta.paused:
        raise ServiceError(f"game {game_id} is already paused", "already-paused")
    append_service_events(store, loaded, [GamePaused(format_time(clock.now()), reason)],
                          "admin", outbox_kind="paused")
    store.set_game_status(game_id, "paused")
    return loaded


def resume_game(store: Store, game_id: str) -> LoadedGame:
    """Resume a paused game; its open deadlines move later by the length of the pause."""
    loaded = _open_game(store, game_id)
    if not loaded.meta.paused:
        raise ServiceError(f"game {game_id} is not paused", "not-paused")
    append_service_events(store, loaded, [GameResumed(format_time(clock.now()))], "admin",
                          outbox_kind="resumed")
    store.set_game_status(game_id, "active")
    return loaded


def replace_seat(store: Store, game_id: str, seat: str, player: str, email: str) -> LoadedGame:
    """Hand a seat to a new player with a new address; the old reply address stops working."""
    loaded = _open_game(store, game_id)
    _known_seat(loaded, seat)
    email = seat_email(seat, email)
    player = checked_text(player, "the player's name", MAX_PLAYER, "bad-seat") or seat
    generation = loaded.meta.generation(seat) + 1
    append_service_events(store, loaded, [SeatReplaced(seat, player, email, generation)],
                          "admin")
    store.add_outbox(loaded.meta.id, [NewOutbox(loaded.seq, seat, "replaced")])
    if loaded.meta.master_email:
        store.add_outbox(loaded.meta.id, [NewOutbox(loaded.seq, "*", "master-replaced")])
    _welcome(store, loaded, seat)
    return loaded


def rotate_token(store: Store, game_id: str, seat: str) -> LoadedGame:
    """Renew a seat's private link and reply address; the old ones stop working."""
    loaded = _open_game(store, game_id)
    _known_seat(loaded, seat)
    generation = loaded.meta.generation(seat) + 1
    append_service_events(store, loaded, [TokenRotated(seat, generation)], "admin")
    _welcome(store, loaded, seat)
    return loaded


def renew_master_link(store: Store, game_id: str) -> LoadedGame:
    """Renew the game master's link; the old one stops working. Returns the game after it."""
    loaded = load_game(store, game_id)
    renewed = MasterLinkRenewed(loaded.meta.master_generation + 1)
    append_service_events(store, loaded, [renewed], "admin")
    return load_game(store, game_id)


def set_spectators(store: Store, game_id: str, enabled: bool) -> LoadedGame:
    """Open or close the game's public spectator page (off until the game master opens it)."""
    loaded = load_game(store, game_id)
    if loaded.meta.spectators != enabled:
        append_service_events(store, loaded, [SpectatorsSet(enabled)], "admin")
    return loaded


def _welcome(store: Store, loaded: LoadedGame, seat: str) -> None:
    """Send the seat its (new) address and the state of play."""
    store.add_outbox(loaded.meta.id, [NewOutbox(loaded.seq, seat, "welcome")])
