"""Loading a game: fold its log (from the newest snapshot on) into the current state."""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any, Protocol

from engine.core import Game, decode, encode, get_game
from service.game.events import SERVICE_EVENTS, is_service_event
from service.game.meta import GameMeta, apply_service_event
from service.store.records import EventRow, GameRow
from service.store.roles import EventLog, GameIndex

log = logging.getLogger("pbem.loading")
SNAPSHOT_EVERY = 50
"""A snapshot is written when a game's log has grown this many events past the last one.

An order writes it in its own transaction, so a short tail to fold costs no extra commit."""


class IndexedLog(GameIndex, EventLog, Protocol):
    """Every game listed, each folded from its log: what a projection is rebuilt from."""


class UnknownGameId(LookupError):
    """No game has that id."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"no game with id {game_id!r} (pbem list shows the games)")
        self.game_id = game_id


@dataclass
class LoadedGame:
    """A game's current state: the rules, the service's data, the engine state and the seq."""

    game: Game[Any]
    meta: GameMeta
    state: Any
    seq: int
    snapshot_seq: int = 0
    healed: str = ""
    """Why a snapshot was dropped while loading (empty: none was)."""
    head_hash: str = ""
    """The hash of the event at `seq` as loaded (empty: not known)."""
    row: GameRow | None = None
    """The game's registry row, when it was read with the log."""


def start_state(game: Game[Any], meta: GameMeta) -> Any:
    """Return the engine state before the opening events."""
    return game.initial_state(meta.seat_names, meta.options)


def fold_rows(loaded: LoadedGame | None, game_id: str, rows: list[tuple[Any, ...]]) -> LoadedGame:
    """Return the game after the stored rows (seq, type, version, payload, ...), in order."""
    if not rows:
        if loaded is None:
            raise UnknownGameId(game_id)
        return loaded
    payloads = json.loads("[" + ",".join(row[3] for row in rows) + "]")
    if loaded is None:
        created = SERVICE_EVENTS.load(rows[0][1], payloads[0], rows[0][2])
        meta = apply_service_event(None, game_id, created)
        game = get_game(meta.game, meta.engine_version)
        # An open table has no engine state until its game.created names the seats.
        state = start_state(game, meta) if meta.started else None
        loaded = LoadedGame(game, meta, state, rows[0][0], head_hash=rows[0][6])
        rows, payloads = rows[1:], payloads[1:]
    game, meta, state = loaded.game, loaded.meta, loaded.state
    load_event, evolve = game.events.load, game.evolve
    for row, payload in zip(rows, payloads):
        name = row[1]
        if is_service_event(name):
            meta = apply_service_event(meta, game_id, SERVICE_EVENTS.load(name, payload, row[2]),
                                       row[0])
            if name == "game.created":  # an open table starts
                state = start_state(game, meta)
        else:
            state = evolve(state, load_event(name, payload, row[2]))
    if rows:
        loaded.seq, loaded.head_hash = rows[-1][0], rows[-1][6]
    loaded.meta, loaded.state = meta, state
    return loaded


def snapshot_of(loaded: LoadedGame, last_hash: str = "") -> dict[str, Any]:
    """Return the JSON form of a loaded game (and the hash of its last event), for the cache."""
    return {"meta": encode(loaded.meta), "state": encode(loaded.state), "hash": last_hash}


def from_snapshot(game_id: str, seq: int, data: dict[str, Any]) -> LoadedGame:
    """Return the loaded game a snapshot holds; a snapshot of another game raises ValueError."""
    meta = decode(GameMeta, data["meta"])
    if meta.id != game_id:
        raise ValueError(f"it belongs to game {meta.id!r}")
    game = get_game(meta.game)
    return LoadedGame(game, meta, decode(game.state_type, data["state"]), seq, seq)


def load_game(store: EventLog, game_id: str, *, use_snapshots: bool = True,
              row: GameRow | None = None, upto: int | None = None) -> LoadedGame:
    """Return a game's state (now, or just after event `upto`) from a snapshot and the log.

    A snapshot that cannot be read, or does not end on the event the log holds at its seq, is
    dropped (and logged): the game is folded from its log and the snapshot written anew.
    """
    if row is None and use_snapshots and upto is None:
        return _load_tail(store, game_id)
    row = row or store.get_game(game_id)
    if row is None:
        raise UnknownGameId(game_id)
    if not use_snapshots:
        return fold_rows(None, game_id, store.event_rows(game_id, 0, upto))
    try:
        loaded, last_hash = _latest_snapshot(store, row, upto)
    except (LookupError, TypeError, ValueError, AttributeError) as exc:
        return _heal(store, game_id, upto, f"the snapshot is unreadable ({exc})")
    rows = store.event_rows(game_id, loaded.seq - 1 if loaded else 0, upto)
    return _fold_tail(store, game_id, upto, loaded, last_hash, rows)


def _load_tail(store: EventLog, game_id: str) -> LoadedGame:
    """Return the game now from one read of its row, newest snapshot and the events after."""
    try:
        tail = store.game_tail(game_id, lambda name: get_game(name).version)
    except ValueError as exc:  # the snapshot's JSON
        return _heal(store, game_id, None, f"the snapshot is unreadable ({exc})")
    if tail is None:
        raise UnknownGameId(game_id)
    try:
        loaded = (None if tail.snapshot is None
                  else from_snapshot(game_id, tail.snapshot[0], tail.snapshot[1]))
    except (LookupError, TypeError, ValueError, AttributeError) as exc:
        return _heal(store, game_id, None, f"the snapshot is unreadable ({exc})")
    last_hash = "" if tail.snapshot is None else str(tail.snapshot[1].get("hash", ""))
    loaded = _fold_tail(store, game_id, None, loaded, last_hash, tail.rows)
    loaded.row = tail.row
    return loaded


def _fold_tail(store: EventLog, game_id: str, upto: int | None, loaded: LoadedGame | None,
               last_hash: str, rows: list[EventRow]) -> LoadedGame:
    """Return the snapshot's game after the rows that follow it, healing a mismatch."""
    if loaded is None:
        return fold_rows(None, game_id, rows)
    if not rows or rows[0][0] != loaded.seq or (last_hash and rows[0][6] != last_hash):
        return _heal(store, game_id, upto, f"the snapshot at seq {loaded.seq} does not end "
                     "on the event the log holds there")
    loaded.head_hash = rows[0][6]
    return fold_rows(loaded, game_id, rows[1:])


def _latest_snapshot(store: EventLog, row: GameRow,
                     upto: int | None) -> tuple[LoadedGame | None, str]:
    """Return the newest usable snapshot's game and its last event's hash ('' if unknown)."""
    snap = store.latest_snapshot(row.id, get_game(row.game).version, upto)
    if snap is None:
        return None, ""
    return from_snapshot(row.id, snap[0], snap[1]), str(snap[1].get("hash", ""))


def _heal(store: EventLog, game_id: str, upto: int | None, problem: str) -> LoadedGame:
    """Drop the game's snapshots, fold it from its log, and write a fresh snapshot."""
    log.warning("game %s: %s; it is dropped and rebuilt from the log", game_id, problem)
    store.delete_snapshots(game_id)
    rows = store.event_rows(game_id, 0, upto)
    loaded = fold_rows(None, game_id, rows)
    loaded.healed = problem
    if upto is None and loaded.seq >= SNAPSHOT_EVERY and loaded.meta.started:
        store.save_snapshot(game_id, loaded.seq, loaded.game.version,
                            snapshot_of(loaded, rows[-1][6]))
        loaded.snapshot_seq = loaded.seq
    return loaded


def due_snapshot(loaded: LoadedGame, meta: GameMeta, state: Any,
                 seq: int) -> tuple[str, dict[str, Any]] | None:
    """Return (engine version, snapshot) of the game at `seq` if one is due, else None."""
    if seq - loaded.snapshot_seq < SNAPSHOT_EVERY or not meta.started:
        return None
    return loaded.game.version, {"meta": encode(meta), "state": encode(state)}


def maybe_snapshot(store: EventLog, loaded: LoadedGame, last_hash: str = "") -> None:
    """Write a snapshot when the log has grown far enough past the last one."""
    if loaded.seq - loaded.snapshot_seq >= SNAPSHOT_EVERY and loaded.meta.started:
        store.save_snapshot(loaded.meta.id, loaded.seq, loaded.game.version,
                            snapshot_of(loaded, last_hash))
        loaded.snapshot_seq = loaded.seq
