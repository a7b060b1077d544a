"""Reading a game's past: the history a seat may read, the integrity check and the audit."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from engine.core import Game, Rng, RuleViolation, canonical_json, encode, get_game, sha256_hex

from .gamemeta import GameMeta, apply_service_event
from .loading import UnknownGameId, load_game, start_state
from .meta import (
    SERVICE_EVENTS,
    GameCreated,
    OrderAccepted,
    describe_service_event,
    is_service_event,
    service_audience,
)
from .store import GameRow, Store, StoredEvent


class AuditRefused(Exception):
    """The game cannot be audited (yet); the message says why."""


@dataclass(frozen=True)
class HistoryLine:
    """One line of a game's history as one seat may read it."""

    seq: int
    recorded_at: str
    actor: str
    text: str


def decoded_events(store: Store, game_id: str, upto: int | None = None, after: int = 0,
                   ) -> tuple[Game[Any], list[tuple[StoredEvent, Any]]]:
    """Return the game's rules and its stored events after `after` up to `upto`, decoded."""
    row = store.get_game(game_id)
    if row is None:
        raise UnknownGameId(game_id)
    game = get_game(row.game, row.engine_version)
    stored = store.events(game_id, after_seq=after, upto=upto)
    result = []
    for event in stored:
        table = SERVICE_EVENTS if is_service_event(event.type) else game.events
        result.append((event, table.load(event.type, event.payload, event.schema_version)))
    return game, result


def history(store: Store, game_id: str, seat: str | None, *, after: int = 0,
            upto: int | None = None) -> list[HistoryLine]:
    """Return the history `seat` may read (None: a spectator); everything once the game ended.

    `after` and `upto` limit it to the events after seq `after` up to seq `upto`; "ended"
    means ended by `upto`.
    """
    finished = load_game(store, game_id, upto=upto).meta.finished
    game, events = decoded_events(store, game_id, upto, after)
    lines = []
    for row, item in events:
        service = is_service_event(row.type)
        audience = service_audience(item) if service else game.visibility(item)
        if finished or audience.allows(seat):
            text = describe_service_event(item) if service else game.describe(item)
        elif audience.summary:
            text = audience.summary
        else:
            continue
        lines.append(HistoryLine(row.seq, row.recorded_at, row.actor, text))
    return lines


@dataclass(frozen=True)
class VerifyReport:
    """The outcome of an integrity check: fine, or the first bad seq and why."""

    ok: bool
    events: int
    first_bad_seq: int | None = None
    problem: str = ""


def verify(store: Store, game_id: str) -> VerifyReport:
    """Check the hash chain, and that a full replay equals the state loaded from snapshots."""
    row = store.get_game(game_id)
    if row is None:
        raise UnknownGameId(game_id)
    last = store.last_seq(game_id)
    bad = store.verify_chain(game_id)
    if bad is not None:
        return VerifyReport(False, last, bad, f"event {bad} does not match its hash chain: "
                            "it was altered, removed or inserted after it was recorded")
    cut = truncation(store, row, last)
    if cut:
        return VerifyReport(False, last, last + 1 if row.head_seq > last else None, cut)
    try:
        full = load_game(store, game_id, use_snapshots=False)
    except (KeyError, TypeError, ValueError) as exc:
        return VerifyReport(False, last, None, f"the log does not replay: {exc}")
    cached = load_game(store, game_id)
    if encode(cached.state) != encode(full.state) or cached.meta != full.meta:
        store.delete_snapshots(game_id)
        return VerifyReport(False, last, cached.snapshot_seq,
                            "the snapshot disagrees with a full replay of the log (it was "
                            "dropped; the next load rebuilds it)")
    return VerifyReport(True, last, None, f"{cached.healed}; it was dropped and rebuilt from "
                        "the log" if cached.healed else "")


def truncation(store: Store, row: GameRow, last: int) -> str:
    """Return how the log disagrees with the head the games table and outbox record, or ''."""
    end_seq, end_hash = store.log_end(row.id)
    if (row.head_seq, row.head_hash) != (end_seq, end_hash):
        return (f"the log ends at seq {end_seq} ({end_hash[:12]}) but every append recorded "
                f"its head, last at seq {row.head_seq} ({row.head_hash[:12]}): events were "
                "removed or rewritten after they were recorded")
    mailed = store.outbox_end(row.id)
    if mailed > last:
        return (f"an email was written for seq {mailed}, after the log's end at seq {last}: "
                "the end of the log was removed")
    return ""


@dataclass(frozen=True)
class AuditReport:
    """The outcome of re-running a finished game from its revealed seed."""

    orders: int
    events: int
    draws: int


@dataclass
class _Batch:
    position: int
    opener: Any
    events: list[StoredEvent]


def audit(store: Store, game_id: str) -> AuditReport:
    """Re-run every order of a finished game against its revealed seed; raise on any mismatch."""
    game, events = decoded_events(store, game_id)
    meta = _meta_of(game_id, events)
    if not meta.finished or meta.revealed_seed is None:
        raise AuditRefused(f"game {game_id} is not finished: its seed stays secret until the "
                           "end, so its randomness cannot be audited yet (pbem verify checks "
                           "the log meanwhile)")
    seed = bytes.fromhex(meta.revealed_seed)
    if sha256_hex(seed) != meta.seed_hash:
        raise AuditRefused("the revealed seed does not match the hash published at the start")
    state, draws, orders = start_state(game, meta), 0, 0
    for batch in _batches(events):
        rng = Rng.for_position(seed, game_id, batch.position)
        again = _rerun(game, state, batch, rng)
        stored = [(row.type, canonical_json(row.payload)) for row in batch.events]
        if [(name, canonical_json(payload)) for name, payload in again] != stored:
            raise AuditRefused(f"re-running seq {batch.position} gives different events: the "
                               "log does not follow from its orders and seed")
        state = game.fold(state, [game.events.load(n, p) for n, p in again])
        draws += rng.draws
        orders += isinstance(batch.opener, OrderAccepted)
    return AuditReport(orders, len(events), draws)


def _meta_of(game_id: str, events: list[tuple[StoredEvent, Any]]) -> GameMeta:
    meta = None
    for row, item in events:
        if is_service_event(row.type):
            meta = apply_service_event(meta, game_id, item, row.seq)
    assert meta is not None
    return meta


def _batches(events: list[tuple[StoredEvent, Any]]) -> list[_Batch]:
    """Split the log at each decision (creation, accepted order) with its game events."""
    batches: list[_Batch] = []
    for row, item in events:
        if isinstance(item, (GameCreated, OrderAccepted)):
            batches.append(_Batch(row.seq, item, []))
        elif not is_service_event(row.type):
            batches[-1].events.append(row)
    return batches


def _rerun(game: Game[Any], state: Any, batch: _Batch, rng: Rng) -> list[tuple[str, Any]]:
    if isinstance(batch.opener, GameCreated):
        again = game.start(state, rng)
    else:
        accepted: OrderAccepted = batch.opener
        order = game.order_from_json(accepted.order)
        try:
            again = game.decide(state, accepted.seat, order, rng)
        except RuleViolation as exc:
            raise AuditRefused(f"the order at seq {batch.position} ({accepted.text}) is "
                               f"refused on re-run: {exc}") from None
    return [game.events.dump(item) for item in again]


def json_lines(lines: list[HistoryLine]) -> str:
    """Return history lines as JSON text."""
    return json.dumps([line.__dict__ for line in lines], indent=2)
