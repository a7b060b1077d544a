"""The event store: games, the hash-chained event log, snapshots, submissions and the outbox.

One `Store` wraps one SQLAlchemy engine. SQLite ("sqlite:///path/pbem.db") is the embedded
default; PostgreSQL ("postgresql+psycopg://...") is selected by URL. The primary key
(game_id, seq) of the events table is the only concurrency control: an append names the seq
it has seen last, and if another writer got there first the append raises `SeqConflict`.
"""
from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, delete, event, select, text, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

from engine.core.canonical import canonical_json, sha256_hex
from service import schema
from service.schema import (
    GameRow,
    NewEvent,
    NewOutbox,
    OutboxRow,
    StoredEvent,
    Submission,
    encode_body,
    outbox_row_from_row,
    stored_event_from_row,
    submission_from_row,
)
from service.schema import events as events_t
from service.schema import games as games_t
from service.schema import outbox as outbox_t
from service.schema import snapshots as snapshots_t
from service.schema import submissions as submissions_t

__all__ = [
    "GENESIS_HASH", "GameRow", "NewEvent", "NewOutbox", "OutboxRow", "SeqConflict", "Store",
    "StoreError", "StoredEvent", "Submission", "event_hash", "utc_now",
]

GENESIS_HASH = "0" * 64
SNAPSHOTS_KEPT = 3
SQLITE_BUSY_TIMEOUT_MS = 10_000
_WRITE = "pbem_write"
_SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
_EVENT_ROWS_SQL = ("SELECT seq, type, schema_version, payload, actor, causation FROM events "
                   "WHERE game_id = ? AND seq > ? AND seq <= ? ORDER BY seq")
_NO_LIMIT = 2**62


class StoreError(Exception):
    """A store request that cannot be honoured (unknown game, duplicate id, bad outbox row)."""


class SeqConflict(StoreError):
    """Another writer already took the seq this append expected to write."""

    def __init__(self, game_id: str, seq: int) -> None:
        super().__init__(f"game {game_id!r}: seq {seq} is already taken or out of order; "
                         "reload the game and decide again")
        self.game_id = game_id
        self.seq = seq


def utc_now() -> str:
    """Return the current UTC time as ISO 8601 with microseconds and a trailing Z."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def event_hash(game_id: str, seq: int, type_: str, schema_version: int, payload: Any,
               actor: str, causation: str | None, recorded_at: str, prev_hash: str) -> str:
    """Return the SHA-256 of the canonical JSON of one event's fields and its predecessor."""
    return sha256_hex(canonical_json({
        "game_id": game_id, "seq": seq, "type": type_, "schema_version": schema_version,
        "payload": payload, "actor": actor, "causation": causation,
        "recorded_at": recorded_at, "prev_hash": prev_hash}))


def _is_unique_violation(exc: IntegrityError) -> bool:
    """Return True if the database refused a row because its key was already present."""
    orig = exc.orig
    if getattr(orig, "sqlstate", None) == "23505":
        return True
    name = getattr(orig, "sqlite_errorname", "")
    return name in ("SQLITE_CONSTRAINT_PRIMARYKEY", "SQLITE_CONSTRAINT_UNIQUE")


def _sqlite_engine(url: str) -> Engine:
    """Return a SQLite engine in WAL mode whose write transactions begin IMMEDIATE."""
    engine = create_engine(url)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Take BEGIN away from the driver so that the "begin" hook below decides it.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        # A write takes the database lock up front, so it never fails half way on upgrade.
        immediate = conn.get_execution_options().get(_WRITE, False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


def _postgresql_engine(url: str, db_schema: str | None) -> Engine:
    """Return a PostgreSQL engine, confined to `db_schema` through search_path when given."""
    connect_args = {"options": f"-csearch_path={db_schema}"} if db_schema else {}
    return create_engine(url, pool_pre_ping=True, connect_args=connect_args)


class Store:
    """The persistence of the service behind one small interface, for SQLite and PostgreSQL.

    `schema` (PostgreSQL only) names a database schema that holds the tables instead of the
    default search path; `create_schema` creates it and `drop_schema` removes it. Tests use
    it to keep each run apart from anything else in the same database.
    """

    def __init__(self, url: str, *, schema: str | None = None) -> None:
        self.url = url
        self.dialect = make_url(url).get_backend_name()
        if schema is not None and (self.dialect != "postgresql"
                                   or not _SCHEMA_NAME.match(schema)):
            raise ValueError(f"schema {schema!r} needs PostgreSQL and a plain lower-case name")
        self.schema = schema
        if self.dialect == "sqlite":
            self._engine = _sqlite_engine(url)
        elif self.dialect == "postgresql":
            self._engine = _postgresql_engine(url, schema)
        else:
            raise ValueError(f"unsupported database URL {url!r}: use sqlite or postgresql")
        self._writer = self._engine.execution_options(**{_WRITE: True})

    # -- lifecycle -------------------------------------------------------------------------

    def create_schema(self) -> None:
        """Create the tables (and the SQLite file's folder or the PostgreSQL schema) if missing."""
        database = make_url(self.url).database
        if self.dialect == "sqlite" and database and database != ":memory:":
            Path(database).parent.mkdir(parents=True, exist_ok=True)
        with self._writer.begin() as conn:
            if self.schema:
                conn.execute(text(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"'))
            schema.metadata.create_all(conn)

    def drop_schema(self) -> None:
        """Drop every table (and the named PostgreSQL schema); meant for tests."""
        with self._writer.begin() as conn:
            schema.metadata.drop_all(conn)
            if self.schema:
                conn.execute(text(f'DROP SCHEMA IF EXISTS "{self.schema}" CASCADE'))

    def dispose(self) -> None:
        """Close every pooled connection."""
        self._engine.dispose()

    def _insert(self, table: Any) -> Any:
        """Return a dialect-specific INSERT for `table`, which offers ON CONFLICT."""
        module = postgresql if self.dialect == "postgresql" else sqlite
        return module.insert(table)

    # -- games -----------------------------------------------------------------------------

    def create_game(self, game_id: str, game: str, engine_version: str, title: str,
                    seed_hex: str) -> GameRow:
        """Register a new game and return its row; a taken id raises StoreError."""
        row = GameRow(id=game_id, game=game, engine_version=engine_version, title=title,
                      seed=seed_hex, created_at=utc_now(), status="active")
        try:
            with self._writer.begin() as conn:
                conn.execute(games_t.insert().values(**asdict(row)))
        except IntegrityError as exc:
            raise StoreError(f"game id {game_id!r} is already taken") from exc
        return row

    def get_game(self, game_id: str) -> GameRow | None:
        """Return the game's row, or None when there is no such game."""
        with self._engine.connect() as conn:
            row = conn.execute(select(games_t).where(games_t.c.id == game_id)).first()
        return None if row is None else GameRow(**row._mapping)

    def list_games(self) -> list[GameRow]:
        """Return every game, oldest first."""
        query = select(games_t).order_by(games_t.c.created_at, games_t.c.id)
        with self._engine.connect() as conn:
            return [GameRow(**row._mapping) for row in conn.execute(query)]

    def set_game_status(self, game_id: str, status: str) -> None:
        """Set the game's status; an unknown game raises StoreError."""
        query = update(games_t).where(games_t.c.id == game_id).values(status=status)
        with self._writer.begin() as conn:
            if conn.execute(query).rowcount != 1:
                raise StoreError(f"no game {game_id!r}")

    # -- events ----------------------------------------------------------------------------

    def append(self, game_id: str, expected_seq: int, events: Sequence[NewEvent],
               outbox: Sequence[NewOutbox] = ()) -> list[StoredEvent]:
        """Append events after `expected_seq`, with their outbox rows, in one transaction."""
        if not events:
            if outbox:
                raise StoreError("outbox rows need an event in the same append")
            return []
        with self._writer.begin() as conn:
            head_seq, head_hash = self._head(conn, game_id)
            if head_seq != expected_seq:
                raise SeqConflict(game_id, expected_seq + 1)
            stored = _chain(game_id, expected_seq, head_hash, events, utc_now())
            try:
                conn.execute(events_t.insert(), [_event_row(e) for e in stored])
            except IntegrityError as exc:
                if _is_unique_violation(exc):
                    raise SeqConflict(game_id, expected_seq + 1) from exc
                raise
            if outbox:
                self._insert_outbox(conn, game_id, stored, outbox)
        return stored

    def _head(self, conn: Connection, game_id: str) -> tuple[int, str]:
        """Return the last seq and hash of the game's log; an unknown game raises StoreError."""
        if conn.execute(select(games_t.c.id).where(games_t.c.id == game_id)).first() is None:
            raise StoreError(f"no game {game_id!r}")
        query = (select(events_t.c.seq, events_t.c.hash).where(events_t.c.game_id == game_id)
                 .order_by(events_t.c.seq.desc()).limit(1))
        row = conn.execute(query).first()
        return (0, GENESIS_HASH) if row is None else (row.seq, row.hash)

    def _insert_outbox(self, conn: Connection, game_id: str, stored: list[StoredEvent],
                       outbox: Sequence[NewOutbox]) -> None:
        """Insert the outbox rows of an append; each must name one of its new events."""
        seqs = {e.seq for e in stored}
        now = utc_now()
        rows = []
        for item in outbox:
            if item.seq not in seqs:
                raise StoreError(f"outbox row names seq {item.seq}, not one of this append")
            rows.append({"game_id": game_id, "seq": item.seq, "recipient": item.recipient,
                         "kind": item.kind, "payload": canonical_json(item.payload),
                         "status": "pending", "attempts": 0, "created_at": now})
        try:
            conn.execute(outbox_t.insert(), rows)
        except IntegrityError as exc:
            raise StoreError(f"duplicate outbox row for game {game_id!r}") from exc

    def events(self, game_id: str, after_seq: int = 0,
               upto: int | None = None) -> list[StoredEvent]:
        """Return the game's events with after_seq < seq <= upto, in seq order."""
        query = (select(events_t).where(events_t.c.game_id == game_id,
                                        events_t.c.seq > after_seq)
                 .order_by(events_t.c.seq))
        if upto is not None:
            query = query.where(events_t.c.seq <= upto)
        with self._engine.connect() as conn:
            return [stored_event_from_row(row) for row in conn.execute(query)]

    def event_rows(self, game_id: str, after_seq: int = 0, upto: int | None = None,
                   ) -> list[tuple[int, str, int, str, str, str | None]]:
        """Return (seq, type, schema_version, payload JSON text, actor, causation) in order."""
        # Straight through the driver's cursor: replay reads whole logs, and the plain tuples
        # of sqlite3 and psycopg cost about half of what SQLAlchemy's Row objects do.
        sql = _EVENT_ROWS_SQL if self.dialect == "sqlite" else _EVENT_ROWS_SQL.replace("?", "%s")
        with self._engine.connect() as conn:
            cursor = conn.connection.cursor()
            try:
                cursor.execute(sql, (game_id, after_seq, _NO_LIMIT if upto is None else upto))
                return list(cursor.fetchall())
            finally:
                cursor.close()

    def iter_events(self, game_id: str, after_seq: int = 0, upto: int | None = None,
                    batch: int = 1000) -> Iterator[StoredEvent]:
        """Yield the game's events after `after_seq` up to `upto` in seq order, `batch` at a time.

        Each batch is its own short read keyed by seq, so memory stays flat however long the
        log is and no connection is held between batches.
        """
        while upto is None or after_seq < upto:
            query = (select(events_t).where(events_t.c.game_id == game_id,
                                            events_t.c.seq > after_seq)
                     .order_by(events_t.c.seq).limit(batch))
            if upto is not None:
                query = query.where(events_t.c.seq <= upto)
            with self._engine.connect() as conn:
                rows = [stored_event_from_row(row) for row in conn.execute(query)]
            yield from rows
            if len(rows) < batch:
                return
            after_seq = rows[-1].seq

    def restore_game(self, row: GameRow, events: Iterable[StoredEvent],
                     batch: int = 500) -> int:
        """Insert a game's row and its already chained events as they are, in one transaction.

        For restoring a game from an archive: nothing is re-hashed or re-timed. The events
        must carry the row's id and run 1, 2, 3...; a taken id raises StoreError, and any
        exception raised while `events` is consumed leaves the store as it was. Returns the
        number of events written.
        """
        count = 0
        try:
            with self._writer.begin() as conn:
                conn.execute(games_t.insert().values(**asdict(row)))
                pending: list[dict[str, Any]] = []
                for item in events:
                    count += 1
                    if item.game_id != row.id or item.seq != count:
                        raise StoreError(f"event {item.seq} of {item.game_id!r} is out of place "
                                         f"in a restore of game {row.id!r} (expected {count})")
                    pending.append(_event_row(item))
                    if len(pending) >= batch:
                        conn.execute(events_t.insert(), pending)
                        pending = []
                if pending:
                    conn.execute(events_t.insert(), pending)
        except IntegrityError as exc:
            raise StoreError(f"game id {row.id!r} is already taken") from exc
        return count

    def last_seq(self, game_id: str) -> int:
        """Return the seq of the game's last event, 0 when the log is empty."""
        query = select(events_t.c.seq).where(events_t.c.game_id == game_id)
        query = query.order_by(events_t.c.seq.desc()).limit(1)
        with self._engine.connect() as conn:
            seq = conn.execute(query).scalar()
        return int(seq or 0)

    def verify_chain(self, game_id: str) -> int | None:
        """Return the first seq where the log is missing, altered or mislinked, else None.

        A deleted row is reported by its own (missing) seq, so every event before the
        returned seq forms a sound chain from the start.
        """
        query = select(events_t).where(events_t.c.game_id == game_id).order_by(events_t.c.seq)
        expected_seq, prev_hash = 1, GENESIS_HASH
        with self._engine.connect() as conn:
            for row in conn.execute(query):
                if (row.seq != expected_seq or row.prev_hash != prev_hash
                        or _recomputed_hash(row) != row.hash):
                    return expected_seq
                expected_seq, prev_hash = expected_seq + 1, row.hash
        return None

    # -- snapshots -------------------------------------------------------------------------

    def save_snapshot(self, game_id: str, seq: int, engine_version: str,
                      state: dict[str, Any]) -> None:
        """Store (or replace) a folded state and keep only the newest few of that version."""
        values = {"game_id": game_id, "seq": seq, "engine_version": engine_version,
                  "state": canonical_json(state), "created_at": utc_now()}
        upsert = self._insert(snapshots_t).values(**values).on_conflict_do_update(
            index_elements=["game_id", "seq", "engine_version"],
            set_={"state": values["state"], "created_at": values["created_at"]})
        with self._writer.begin() as conn:
            conn.execute(upsert)
            self._prune_snapshots(conn, game_id, engine_version)

    def _prune_snapshots(self, conn: Connection, game_id: str, engine_version: str) -> None:
        """Delete the game's snapshots of `engine_version` beyond the newest SNAPSHOTS_KEPT."""
        t = snapshots_t.c
        mine = (t.game_id == game_id, t.engine_version == engine_version)
        oldest_kept = conn.execute(select(t.seq).where(*mine).order_by(t.seq.desc())
                                   .offset(SNAPSHOTS_KEPT - 1).limit(1)).scalar()
        if oldest_kept is not None:
            conn.execute(delete(snapshots_t).where(*mine, t.seq < oldest_kept))

    def latest_snapshot(self, game_id: str, engine_version: str,
                        upto: int | None = None) -> tuple[int, dict[str, Any]] | None:
        """Return (seq, state) of the newest snapshot at or before `upto`, or None."""
        t = snapshots_t.c
        query = (select(t.seq, t.state)
                 .where(t.game_id == game_id, t.engine_version == engine_version)
                 .order_by(t.seq.desc()).limit(1))
        if upto is not None:
            query = query.where(t.seq <= upto)
        with self._engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else (row.seq, json.loads(row.state))

    def delete_snapshots(self, game_id: str | None = None) -> None:
        """Delete the snapshots of one game, or of every game when `game_id` is None."""
        query = delete(snapshots_t)
        if game_id is not None:
            query = query.where(snapshots_t.c.game_id == game_id)
        with self._writer.begin() as conn:
            conn.execute(query)

    # -- submissions -----------------------------------------------------------------------

    def add_submission(self, source: str, body: str, *, game_id: str | None = None,
                       seat: str | None = None, sender: str | None = None,
                       idempotency_key: str | None = None,
                       recipient: str | None = None) -> tuple[Submission, bool]:
        """Store a raw input; return (row, True), or (earlier row, False) for a duplicate key."""
        if not isinstance(body, str):
            raise TypeError("a submission body must be a str")
        values = {"id": uuid.uuid4().hex, "received_at": utc_now(), "source": source,
                  "game_id": game_id, "seat": seat, "sender": sender,
                  "idempotency_key": idempotency_key, "body": encode_body(body),
                  "status": "received", "recipient": recipient}
        t = submissions_t.c
        query = self._insert(submissions_t).values(**values).on_conflict_do_nothing(
            index_elements=["source", "idempotency_key"]).returning(t.id)
        with self._writer.begin() as conn:
            created = conn.execute(query).first() is not None
            key = (t.id == values["id"]) if created else (
                (t.source == source) & (t.idempotency_key == idempotency_key))
            row = conn.execute(select(submissions_t).where(key)).one()
        return submission_from_row(row), created

    def get_submission(self, submission_id: str) -> Submission | None:
        """Return the submission, or None when there is no such id."""
        query = select(submissions_t).where(submissions_t.c.id == submission_id)
        with self._engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else submission_from_row(row)

    def set_submission_result(self, submission_id: str, status: str,
                              result: dict[str, Any]) -> None:
        """Record how a submission was processed; an unknown id raises StoreError."""
        query = (update(submissions_t).where(submissions_t.c.id == submission_id)
                 .values(status=status, result=canonical_json(result), processed_at=utc_now()))
        with self._writer.begin() as conn:
            if conn.execute(query).rowcount != 1:
                raise StoreError(f"no submission {submission_id!r}")

    def set_submission_route(self, submission_id: str, game_id: str, seat: str) -> None:
        """Record which game and seat an authenticated submission (an email) belongs to."""
        query = (update(submissions_t).where(submissions_t.c.id == submission_id)
                 .values(game_id=game_id, seat=seat))
        with self._writer.begin() as conn:
            if conn.execute(query).rowcount != 1:
                raise StoreError(f"no submission {submission_id!r}")

    def mark_submission_replied(self, submission_id: str) -> bool:
        """Mark the answer to a submission sent; False if it had been sent already."""
        query = (update(submissions_t)
                 .where(submissions_t.c.id == submission_id, submissions_t.c.replied_at.is_(None))
                 .values(replied_at=utc_now()))
        with self._writer.begin() as conn:
            return bool(conn.execute(query).rowcount == 1)

    def unreplied_submissions(self, source: str, limit: int = 100) -> list[Submission]:
        """Return processed submissions of `source` whose answer has not been sent yet."""
        t = submissions_t.c
        query = (select(submissions_t).where(t.source == source, t.status != "received",
                                             t.replied_at.is_(None))
                 .order_by(t.received_at).limit(limit))
        with self._engine.connect() as conn:
            return [submission_from_row(row) for row in conn.execute(query)]

    # -- outbox ----------------------------------------------------------------------------

    def add_outbox(self, game_id: str, rows: Sequence[NewOutbox]) -> list[int]:
        """Add delivery rows for existing events; rows already present are left alone.

        Returns the ids of the rows that are new. For deliveries that no new event causes
        (reminders): the unique (game, seq, recipient, kind) makes adding them idempotent.
        """
        created = []
        now = utc_now()
        for item in rows:
            values = {"game_id": game_id, "seq": item.seq, "recipient": item.recipient,
                      "kind": item.kind, "payload": canonical_json(item.payload),
                      "status": "pending", "attempts": 0, "created_at": now}
            query = self._insert(outbox_t).values(**values).on_conflict_do_nothing(
                index_elements=["game_id", "seq", "recipient", "kind"]).returning(outbox_t.c.id)
            with self._writer.begin() as conn:
                row = conn.execute(query).first()
            if row is not None:
                created.append(int(row[0]))
        return created

    def pending_outbox(self, limit: int = 100) -> list[OutboxRow]:
        """Return up to `limit` undelivered rows, oldest first."""
        query = (select(outbox_t).where(outbox_t.c.status == "pending")
                 .order_by(outbox_t.c.id).limit(limit))
        with self._engine.connect() as conn:
            return [outbox_row_from_row(row) for row in conn.execute(query)]

    def get_outbox(self, outbox_id: int) -> OutboxRow | None:
        """Return the outbox row, or None when there is no such id."""
        query = select(outbox_t).where(outbox_t.c.id == outbox_id)
        with self._engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else outbox_row_from_row(row)

    def outbox_for_game(self, game_id: str) -> list[OutboxRow]:
        """Return every outbox row of the game in the order they were written."""
        query = select(outbox_t).where(outbox_t.c.game_id == game_id).order_by(outbox_t.c.id)
        with self._engine.connect() as conn:
            return [outbox_row_from_row(row) for row in conn.execute(query)]

    def claim_outbox(self, outbox_id: int, seconds: int) -> bool:
        """Claim a pending row for `seconds` so no other worker sends it meanwhile.

        Returns False when it is sent already or another claim still holds; a claim that ran
        out (its worker died) can be taken again.
        """
        now = utc_now()
        t = outbox_t.c
        query = (update(outbox_t)
                 .where(t.id == outbox_id, t.status == "pending",
                        (t.claimed_until.is_(None)) | (t.claimed_until < now))
                 .values(claimed_until=_later(seconds)))
        with self._writer.begin() as conn:
            return bool(conn.execute(query).rowcount == 1)

    def release_outbox(self, outbox_id: int) -> None:
        """Give up a claim (after a failed attempt), so a retry may claim the row at once."""
        query = update(outbox_t).where(outbox_t.c.id == outbox_id).values(claimed_until=None)
        with self._writer.begin() as conn:
            conn.execute(query)

    def claim_reply(self, submission_id: str, seconds: int) -> bool:
        """Claim the sending of a submission's answer, as claim_outbox does for a row."""
        now = utc_now()
        t = submissions_t.c
        query = (update(submissions_t)
                 .where(t.id == submission_id, t.replied_at.is_(None),
                        (t.reply_claimed_until.is_(None)) | (t.reply_claimed_until < now))
                 .values(reply_claimed_until=_later(seconds)))
        with self._writer.begin() as conn:
            return bool(conn.execute(query).rowcount == 1)

    def release_reply(self, submission_id: str) -> None:
        """Give up the claim on a submission's answer after a failed attempt."""
        query = (update(submissions_t).where(submissions_t.c.id == submission_id)
                 .values(reply_claimed_until=None))
        with self._writer.begin() as conn:
            conn.execute(query)

    def received_submissions(self, older_than_seconds: int, limit: int = 100) -> list[str]:
        """Return ids of submissions still unprocessed after `older_than_seconds`."""
        t = submissions_t.c
        query = (select(t.id).where(t.status == "received",
                                    t.received_at < _later(-older_than_seconds))
                 .order_by(t.received_at).limit(limit))
        with self._engine.connect() as conn:
            return [str(row[0]) for row in conn.execute(query)]

    def mark_outbox_sent(self, outbox_id: int) -> bool:
        """Mark a pending row sent; return False if it was not pending (already sent)."""
        query = (update(outbox_t)
                 .where(outbox_t.c.id == outbox_id, outbox_t.c.status == "pending")
                 .values(status="sent", sent_at=utc_now()))
        with self._writer.begin() as conn:
            return bool(conn.execute(query).rowcount == 1)

    def mark_outbox_failed(self, outbox_id: int, error: str) -> None:
        """Count a failed delivery attempt and keep the error; the status stays as it was."""
        query = (update(outbox_t).where(outbox_t.c.id == outbox_id)
                 .values(attempts=outbox_t.c.attempts + 1, last_error=error))
        with self._writer.begin() as conn:
            if conn.execute(query).rowcount != 1:
                raise StoreError(f"no outbox row {outbox_id!r}")


def _later(seconds: int) -> str:
    """Return the time `seconds` from now in the store's timestamp format."""
    moment = datetime.now(UTC) + timedelta(seconds=seconds)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _chain(game_id: str, after_seq: int, prev_hash: str, new: Sequence[NewEvent],
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


def _event_row(stored: StoredEvent) -> dict[str, Any]:
    """Return the column values of a stored event, the payload as canonical JSON text."""
    row = asdict(stored)
    row["payload"] = canonical_json(stored.payload)
    return row


def _recomputed_hash(row: Any) -> str:
    """Return the hash an events table row ought to carry."""
    return event_hash(row.game_id, row.seq, row.type, row.schema_version,
                      json.loads(row.payload), row.actor, row.causation, row.recorded_at,
                      row.prev_hash)
