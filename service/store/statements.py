"""The order path's reads and writes as the driver's own statements: the game's tail, read
at once, and one append, sent together.

`Store.append` has two ways to write an append. The checked way runs SQLAlchemy statements
one at a time and tells every rare case apart (a moved head, a line decided before, a taken
idempotency key, a result stored by another run). The common case needs none of that on the
way. `write_append` (SQLite) runs the same rows as plain SQL straight through the driver in
the caller's transaction and says whether every check held; `commit_pipelined`
(PostgreSQL) sends BEGIN, every statement and COMMIT in one pipeline, a single round trip,
with each check written so that it fails as an error, which aborts the transaction before
its COMMIT. When a check fails the work is rolled back and the caller takes the checked way,
which raises the precise error; nothing of the first try remains.

The statements name the tables' columns as `service.store.schema` declares them; the store's
contract tests run both ways on both databases. Nothing here imports SQLAlchemy until a
SQLAlchemy connection is handed in, so a command that writes through the driver alone
(`service.store.sqlite_orders`) does not pay for it.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import TYPE_CHECKING, Any

from engine.core.canonical import canonical_json, sha256_hex
from service.store.records import (
    Append,
    GameRow,
    GameTail,
    NewEvent,
    NewOutbox,
    StoredEvent,
    StoreError,
    Submission,
    encode_body,
    utc_now,
)

if TYPE_CHECKING:
    from sqlalchemy import Connection

GENESIS_HASH = "0" * 64
"""The prev_hash of a game's first event."""
SQLITE_BUSY_TIMEOUT_MS = 10_000
"""How long a SQLite statement waits for another writer's lock before it fails."""
SQLITE_PRAGMAS = ("PRAGMA journal_mode = WAL",
                  "PRAGMA synchronous = FULL",  # an accepted order survives a power cut
                  "PRAGMA foreign_keys = ON")
"""What every SQLite connection of the store runs first, after its busy timeout."""
EVENT_ROWS_SQL = ("SELECT seq, type, schema_version, payload, actor, causation, hash "
                  "FROM events WHERE game_id = ? AND seq > ? AND seq <= ? ORDER BY seq")
"""The event rows (EventRow) after a seq up to a seq, in order: what loading a game folds."""
NO_LIMIT = 2**62
"""An `upto` past any seq."""
_GAME_SQL = (f"SELECT {', '.join(f.name for f in fields(GameRow))} FROM games "
             "WHERE id = ?")
_SNAPSHOT_SQL = ("SELECT seq, state FROM snapshots WHERE game_id = ? AND engine_version = ? "
                 "ORDER BY seq DESC LIMIT 1")

_SQL = {
    "submission": (
        "INSERT INTO submissions (id, received_at, source, game_id, seat, sender, "
        "idempotency_key, body, status, result, processed_at, recipient, prompt_key) "
        "VALUES (:id, :received_at, :source, :game_id, :seat, :sender, :idempotency_key, "
        ":body, :status, :result, :processed_at, :recipient, :prompt_key) "
        "ON CONFLICT (source, idempotency_key) DO NOTHING RETURNING id"),
    "head": (
        "UPDATE games SET head_seq = :new_seq, head_hash = :new_hash "
        "WHERE id = :game_id AND head_seq = :seq AND head_hash = :hash"),
    "event": (
        "INSERT INTO events (game_id, seq, type, schema_version, payload, actor, causation, "
        "recorded_at, prev_hash, hash) VALUES (:game_id, :seq, :type, :schema_version, "
        ":payload, :actor, :causation, :recorded_at, :prev_hash, :hash)"),
    # the reader's count of hidden events so far, one more: its rows are written in seq order
    "hidden": (
        "INSERT INTO reader_hidden (game_id, reader, seq, hidden, known) "
        "SELECT :game_id, :reader, :seq, prior.count + 1, :seq - prior.count - 1 FROM "
        "(SELECT COALESCE((SELECT hidden FROM reader_hidden WHERE game_id = :game_id "
        "AND reader = :reader ORDER BY seq DESC LIMIT 1), 0) AS count) AS prior"),
    "decision": (
        "INSERT INTO decisions (submission_id, line, game_id, seq, last_seq) "
        "VALUES (:submission_id, :line, :game_id, :seq, :last_seq)"),
    "outbox": (
        "INSERT INTO outbox (game_id, seq, recipient, kind, payload, status, attempts, "
        "created_at, head_hash) VALUES (:game_id, :seq, :recipient, :kind, :payload, :status, "
        ":attempts, :created_at, :head_hash)"),
    "deadlines_clear": "DELETE FROM deadlines WHERE game_id = :game_id",
    "deadline": (
        "INSERT INTO deadlines (game_id, seat, prompt_key, due, seq, next_at) "
        "VALUES (:game_id, :seat, :prompt_key, :due, :seq, :next_at)"),
    "seats_clear": "DELETE FROM seat_addresses WHERE game_id = :game_id",
    "seat": ("INSERT INTO seat_addresses (game_id, seat, address) "
             "VALUES (:game_id, :seat, :address)"),
    "result": (
        "UPDATE submissions SET status = :status, result = :result, "
        "processed_at = :processed_at WHERE id = :id AND status = 'received'"),
    "snapshot": (
        "INSERT INTO snapshots (game_id, seq, engine_version, state, created_at) "
        "VALUES (:game_id, :seq, :engine_version, :state, :created_at) "
        "ON CONFLICT (game_id, seq, engine_version) "
        "DO UPDATE SET state = excluded.state, created_at = excluded.created_at"),
    # Keeps the newest few and, as checkpoints for folding past states, the oldest of each
    # block of seqs: a replay of any step folds from at most a block and a snapshot's events.
    "snapshot_prune": (
        "DELETE FROM snapshots WHERE game_id = :game_id AND engine_version = :engine_version "
        "AND seq < (SELECT seq FROM snapshots WHERE game_id = :game_id "
        "AND engine_version = :engine_version ORDER BY seq DESC LIMIT 1 OFFSET :offset) "
        "AND EXISTS (SELECT 1 FROM snapshots AS older WHERE older.game_id = snapshots.game_id "
        "AND older.engine_version = snapshots.engine_version AND older.seq < snapshots.seq "
        "AND older.seq / :block = snapshots.seq / :block)"),
}
PRUNE_SNAPSHOTS_SQL = _SQL["snapshot_prune"]
HIDDEN_SQL = _SQL["hidden"]
# On PostgreSQL every check is an error, so that the COMMIT queued behind it never runs: a
# taken key is a unique violation, and an UPDATE that finds no row divides by zero.
_PG_SQL = {
    **_SQL,
    "submission": _SQL["submission"].split(" ON CONFLICT")[0],
    "head": f"WITH moved AS ({_SQL['head']} RETURNING 1) SELECT 1 / count(*) FROM moved",
    "result": f"WITH kept AS ({_SQL['result']} RETURNING 1) SELECT 1 / count(*) FROM kept",
}
SNAPSHOTS_KEPT = 3
"""The newest snapshots a game keeps of one engine version."""
CHECKPOINT_EVERY = 1000
"""Besides the newest SNAPSHOTS_KEPT, the oldest snapshot of each block of this many seqs is
kept, so that a past state (a replay step) is folded from a bounded tail of the log."""
_PYFORMAT = {name: re.sub(r":(\w+)", r"%(\1)s", sql) for name, sql in _PG_SQL.items()}
_DIVISION_BY_ZERO = "22012"


@dataclass
class AppendRows:
    """Every row one append writes, as column values; None or empty where it writes none."""

    head: dict[str, Any]
    events: list[dict[str, Any]]
    submission: dict[str, Any] | None = None
    decision: dict[str, Any] | None = None
    outbox: list[dict[str, Any]] = field(default_factory=list)
    deadlines: list[dict[str, Any]] | None = None
    seats: list[dict[str, Any]] | None = None
    result: dict[str, Any] | None = None
    snapshot: dict[str, Any] | None = None
    hidden: list[dict[str, Any]] = field(default_factory=list)

    def statements(self) -> list[tuple[str, list[dict[str, Any]]]]:
        """Return (statement name, parameter rows) in the order they must run."""
        game = {"game_id": self.head["game_id"]}
        plan: list[tuple[str, list[dict[str, Any]]]] = []
        if self.submission is not None:
            plan.append(("submission", [self.submission]))
        plan += [("head", [self.head]), ("event", self.events)]
        if self.hidden:
            plan.append(("hidden", self.hidden))
        if self.decision is not None:
            plan.append(("decision", [self.decision]))
        if self.outbox:
            plan.append(("outbox", self.outbox))
        if self.deadlines is not None:
            plan.append(("deadlines_clear", [game]))
            if self.deadlines:
                plan.append(("deadline", self.deadlines))
        if self.seats is not None:
            plan.append(("seats_clear", [game]))
            if self.seats:
                plan.append(("seat", self.seats))
        if self.result is not None:
            plan.append(("result", [self.result]))
        if self.snapshot is not None:
            prune = prune_params(self.head["game_id"], self.snapshot["engine_version"])
            plan += [("snapshot", [self.snapshot]), ("snapshot_prune", [prune])]
        return plan


def prune_params(game_id: str, engine_version: str) -> dict[str, Any]:
    """Return the parameters of PRUNE_SNAPSHOTS_SQL for one game and engine version."""
    return {"game_id": game_id, "engine_version": engine_version,
            "offset": SNAPSHOTS_KEPT - 1, "block": CHECKPOINT_EVERY}


def _send(cursor: Any, sql: str, params: list[dict[str, Any]]) -> None:
    """Run one statement for one parameter row, or for each of several."""
    if len(params) == 1:
        cursor.execute(sql, params[0])
    else:
        cursor.executemany(sql, params)


def read_tail(raw: Any, game_id: str, version_of: Callable[[str], str],
              marker: str = "?") -> GameTail | None:
    """The game's row, its newest snapshot of the game's engine version and the events from
    the snapshot's on, read on the driver connection `raw` (whose parameter marker is
    `marker`: "?" for sqlite3, "%s" for psycopg) in the caller's transaction; None for an
    unknown game. `version_of(game name)` names the version."""
    def read(sql: str, *params: Any) -> Any:
        return raw.execute(sql.replace("?", marker), params)

    found = read(_GAME_SQL, game_id).fetchone()
    if found is None:
        return None
    row = GameRow(*found)
    snap = read(_SNAPSHOT_SQL, game_id, version_of(row.game)).fetchone()
    snapshot = None if snap is None else (int(snap[0]), json.loads(snap[1]))
    after = snapshot[0] - 1 if snapshot else 0
    return GameTail(row, snapshot, list(read(EVENT_ROWS_SQL, game_id, after, NO_LIMIT)
                                        .fetchall()))


def write_append(conn: Connection, rows: AppendRows) -> bool:
    """SQLite: write the append's rows in `conn`'s open transaction; False if a check failed.

    The checks: the head was where the caller saw it, no event or decision key was taken,
    a new submission's key was free and a result was not stored before. After False the
    transaction holds partial work and must be rolled back.
    """
    from sqlalchemy.exc import DBAPIError

    dbapi = conn.dialect.loaded_dbapi
    try:
        return write_append_raw(conn.connection.driver_connection, rows)
    except dbapi.Error as exc:
        raise DBAPIError.instance(None, None, exc, dbapi.Error) from exc


def write_append_raw(raw: Any, rows: AppendRows) -> bool:
    """SQLite: write the append's rows on the sqlite3 connection `raw`, inside its open
    transaction; False if a check failed (the transaction must then be rolled back)."""
    import sqlite3

    cursor = raw.cursor()
    try:
        for name, params in rows.statements():
            _send(cursor, _SQL[name], params)
            if name == "submission" and cursor.fetchone() is None:
                return False
            if name in ("head", "result") and cursor.rowcount != 1:
                return False
        return True
    except sqlite3.IntegrityError:
        return False
    finally:
        cursor.close()


def commit_pipelined(conn: Connection, rows: AppendRows) -> bool:
    """PostgreSQL: write and commit the append in one round trip; False if a check failed.

    `conn` must be in autocommit (the pipeline carries its own BEGIN and COMMIT). After
    False the transaction is rolled back. Errors of the connection itself are raised as
    SQLAlchemy's DBAPIError, the connection invalidated when it is gone.
    """
    from sqlalchemy.exc import DBAPIError

    raw: Any = conn.connection.driver_connection
    dbapi = conn.dialect.loaded_dbapi
    try:
        cursor = raw.cursor()
        with raw.pipeline():  # leaving it sends the batch and waits for every answer, once
            cursor.execute("BEGIN")
            for name, params in rows.statements():
                _send(cursor, _PYFORMAT[name], params)
            cursor.execute("COMMIT")
        return True
    except dbapi.Error as exc:
        raw.rollback()
        if isinstance(exc, dbapi.IntegrityError) or getattr(exc, "sqlstate", "") == \
                _DIVISION_BY_ZERO:
            return False
        if conn.dialect.is_disconnect(exc, conn.connection.dbapi_connection, None):
            conn.invalidate(exc)
        raise DBAPIError.instance(None, None, exc, dbapi.Error) from exc


def event_hash(game_id: str, seq: int, type_: str, schema_version: int, payload: Any,
               actor: str, causation: str | None, recorded_at: str, prev_hash: str) -> str:
    """Return the SHA-256 of the canonical JSON of one event's fields and its predecessor."""
    return sha256_hex(canonical_json({
        "game_id": game_id, "seq": seq, "type": type_, "schema_version": schema_version,
        "payload": payload, "actor": actor, "causation": causation,
        "recorded_at": recorded_at, "prev_hash": prev_hash}))


def chain_events(game_id: str, after_seq: int, prev_hash: str, new: Sequence[NewEvent],
                 recorded_at: str) -> list[StoredEvent]:
    """Return the new events numbered after `after_seq` and linked into the hash chain."""
    stored = []
    for offset, item in enumerate(new, start=1):
        payload = json.loads(canonical_json(item.payload))  # what a later read will see
        seq = after_seq + offset
        digest = event_hash(game_id, seq, item.type, item.schema_version, payload,
                            item.actor, item.causation, recorded_at, prev_hash)
        stored.append(StoredEvent(game_id, seq, item.type, item.schema_version, payload,
                                  item.actor, item.causation, recorded_at, prev_hash, digest))
        prev_hash = digest
    return stored


def event_row(stored: StoredEvent) -> dict[str, Any]:
    """Return the column values of a stored event, the payload as canonical JSON text."""
    row = asdict(stored)
    row["payload"] = canonical_json(stored.payload)
    return row


def seat_values(game_id: str, seats: Sequence[tuple[str, str]]) -> list[dict[str, Any]]:
    """Return the seat_addresses rows of a game's seats."""
    return [{"game_id": game_id, "seat": seat, "address": address} for seat, address in seats]


def submission_values(sub: Submission, outcome: tuple[str, dict[str, Any]] | None,
                      ) -> dict[str, Any]:
    """Return the column values of a new input, with its outcome when given."""
    values = {"id": sub.id, "received_at": sub.received_at, "source": sub.source,
              "game_id": sub.game_id, "seat": sub.seat, "sender": sub.sender,
              "idempotency_key": sub.idempotency_key, "body": encode_body(sub.body),
              "status": "received", "recipient": sub.recipient,
              "prompt_key": sub.prompt_key}
    if outcome is not None:
        values.update(status=outcome[0], result=canonical_json(outcome[1]),
                      processed_at=utc_now())
    else:
        values.update(result=None, processed_at=None)
    return values


def outbox_values(game_id: str, stored: list[StoredEvent],
                  outbox: Sequence[NewOutbox]) -> list[dict[str, Any]]:
    """Return the column values of an append's outbox rows; each must name a new event."""
    hashes = {e.seq: e.hash for e in stored}
    now = utc_now()
    rows = []
    for item in outbox:
        if item.seq not in hashes:
            raise StoreError(f"outbox row names seq {item.seq}, not one of this append")
        rows.append({"game_id": game_id, "seq": item.seq, "recipient": item.recipient,
                     "kind": item.kind, "payload": canonical_json(item.payload),
                     "status": "pending", "attempts": 0, "created_at": now,
                     "head_hash": hashes[item.seq]})
    return rows


def hidden_values(game_id: str, stored: list[StoredEvent],
                  hidden: Sequence[tuple[int, str]]) -> list[dict[str, Any]]:
    """Return the parameters of an append's reader_hidden rows, in seq order; each must name
    a new event."""
    seqs = {e.seq for e in stored}
    if any(seq not in seqs for seq, _ in hidden):
        raise StoreError("a hidden row names a seq that is not one of this append")
    return [{"game_id": game_id, "reader": reader, "seq": seq}
            for seq, reader in sorted(hidden)]


def append_rows(append: Append, stored: list[StoredEvent]) -> AppendRows:
    """Return the column values of every row an append of the chained `stored` writes."""
    now, last = utc_now(), stored[-1]
    game_id, result, submission = append.game_id, append.result, append.submission
    rows = AppendRows(
        head={"game_id": game_id, "seq": append.expected_seq, "hash": stored[0].prev_hash,
              "new_seq": last.seq, "new_hash": last.hash},
        events=[event_row(e) for e in stored])
    if submission is not None:
        outcome = (result[1], result[2]) if result is not None else None
        rows.submission = submission_values(submission, outcome)
        result = None
    if append.decision is not None:
        rows.decision = {"submission_id": append.decision[0], "line": append.decision[1],
                         "game_id": game_id, "seq": stored[0].seq, "last_seq": last.seq}
    rows.outbox = outbox_values(game_id, stored, append.outbox)
    rows.hidden = hidden_values(game_id, stored, append.hidden)
    if append.deadlines is not None:
        rows.deadlines = [asdict(row) for row in append.deadlines]
    if append.seats is not None:
        rows.seats = seat_values(game_id, append.seats)
    if result is not None:
        rows.result = {"id": result[0], "status": result[1],
                       "result": canonical_json(result[2]), "processed_at": now}
    if append.snapshot is not None:
        rows.snapshot = {"game_id": game_id, "seq": last.seq,
                         "engine_version": append.snapshot[0], "created_at": now,
                         "state": canonical_json({**append.snapshot[1], "hash": last.hash})}
    return rows
