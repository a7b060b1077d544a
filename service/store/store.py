"""The event store: games, the hash-chained event log, snapshots, submissions and the outbox.

One `Store` wraps one SQLAlchemy engine. SQLite ("sqlite:///path/pbem.db") is the embedded
default; PostgreSQL ("postgresql+psycopg://...") is selected by URL. The primary key
(game_id, seq) of the events table is the only concurrency control: an append names the seq
it has seen last, and if another writer got there first the append raises `SeqConflict`.
"""
from __future__ import annotations

import json
import re
import shutil
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    Connection,
    Engine,
    and_,
    create_engine,
    delete,
    event,
    func,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

from engine.core.canonical import canonical_json
from service.base.config import PDF_FOLDER_NAME
from service.store import migrate, schema
from service.store.caches import CacheStore
from service.store.handles import is_unique_violation
from service.store.heads import HeadStore
from service.store.pdffiles import PdfFiles
from service.store.ping import ping_when_idle
from service.store.queues import QueueStore
from service.store.reads import ReadStore
from service.store.records import (
    AlreadyDecided,
    Append,
    DeadlineRow,
    DuplicateSubmission,
    GameRow,
    GameTail,
    NewEvent,
    NewOutbox,
    OutboxRow,
    ResultStored,
    SeqConflict,
    StoredEvent,
    StoreError,
    Submission,
    utc_now,
)
from service.store.schema import decisions as decisions_t
from service.store.schema import events as events_t
from service.store.schema import games as games_t
from service.store.schema import outbox as outbox_t
from service.store.schema import reader_hidden as reader_hidden_t
from service.store.schema import seat_addresses as seat_addresses_t
from service.store.schema import snapshots as snapshots_t
from service.store.statements import (
    CHECKPOINT_EVERY,
    GENESIS_HASH,
    HIDDEN_SQL,
    PRUNE_SNAPSHOTS_SQL,
    SNAPSHOTS_KEPT,
    SQLITE_BUSY_TIMEOUT_MS,
    SQLITE_PRAGMAS,
    AppendRows,
    append_rows,
    chain_events,
    commit_pipelined,
    event_hash,
    event_row,
    hidden_values,
    outbox_values,
    prune_params,
    seat_values,
    write_append,
)

if TYPE_CHECKING:
    from service.store.roles import (
        Caches,
        Connections,
        Deadlines,
        EventLog,
        GameIndex,
        Inbox,
        LogAudit,
        MailRecord,
        Outbox,
        Replies,
        SignedHeads,
    )

__all__ = [
    "CHECKPOINT_EVERY",
    "GENESIS_HASH",
    "SNAPSHOTS_KEPT",
    "AlreadyDecided",
    "DeadlineRow",
    "DuplicateSubmission",
    "GameRow",
    "GameTail",
    "NewEvent",
    "NewOutbox",
    "OutboxRow",
    "ResultStored",
    "SeqConflict",
    "Store",
    "StoreError",
    "StoredEvent",
    "Submission",
    "event_hash",
    "utc_now",
]

_WRITE = "pbem_write"
_SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
_MIGRATION_LOCK = 0x7062656D  # "pbem": one migrating process at a time on PostgreSQL


def _private_file(path: Path) -> None:
    """Make the SQLite file readable by its owner alone (it holds every game's secret seed);
    SQLite gives its -wal and -shm files the same mode. An existing file loses what it lets
    other users do; its owner and group keep theirs."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        path.touch(mode=0o600)
    elif path.stat().st_mode & 0o007:
        path.chmod(path.stat().st_mode & ~0o007)


def _sqlite_engine(url: str) -> Engine:
    """Return a SQLite engine in WAL mode (synchronous FULL) whose writes begin IMMEDIATE."""
    engine = create_engine(url)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Take BEGIN away from the driver so that the "begin" hook below decides it.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
        for pragma in SQLITE_PRAGMAS:
            cursor.execute(pragma)
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
    engine = create_engine(url, connect_args=connect_args)
    ping_when_idle(engine)  # not before every checkout: service/store/ping.py
    return engine


class Store(QueueStore, ReadStore, CacheStore, HeadStore):
    """The persistence of the service, for SQLite and PostgreSQL: it plays every role of
    `service.store.roles`, and opens, migrates and disposes of the database.

    `schema` (PostgreSQL only) names a database schema that holds the tables instead of the
    default search path; `create_schema` creates it and `drop_schema` removes it. Tests use
    it to keep each run apart from anything else in the same database.
    """

    def __init__(self, url: str, *, schema: str | None = None,
                 pdf_folder: Path | None = None) -> None:
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
        self._private_pdfs: str | None = None
        self.pdf_files = PdfFiles(pdf_folder or self._default_pdf_folder())

    def _default_pdf_folder(self) -> Path:
        """Return where the PDF cache lives when the opener names no folder: beside a SQLite
        file (the embedded default's home), else a private temporary folder of this store,
        removed by `dispose` (the service names its data directory's: `Config.pdf_folder`)."""
        database = make_url(self.url).database
        if self.dialect == "sqlite" and database and database != ":memory:":
            return Path(database).parent / PDF_FOLDER_NAME
        self._private_pdfs = tempfile.mkdtemp(prefix="pbem-pdf-")
        return Path(self._private_pdfs)

    def full(self) -> Store:
        """Return this store: it answers every call (the `OrderLog` seam asks for it)."""
        return self

    # -- lifecycle -------------------------------------------------------------------------

    def create_schema(self) -> migrate.Upgrade:
        """Create or migrate the tables (and the SQLite folder or PostgreSQL schema) as needed.

        Projections of the logs that a migration made are left empty: whoever opens a store
        that may be old fills them (`service.ops.upgrade`).
        """
        self._prepare()
        with self._engine.connect() as conn:
            if migrate.current_revision(conn) == migrate.HEAD:
                return migrate.Upgrade(migrate.HEAD, migrate.HEAD)
        return self.upgrade()

    def _prepare(self) -> None:
        """Make the SQLite file's folder, or the named PostgreSQL schema, if missing."""
        database = make_url(self.url).database
        if self.dialect == "sqlite" and database and database != ":memory:":
            _private_file(Path(database))
        if self.schema:
            with self._writer.begin() as conn:
                conn.execute(text(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"'))

    def upgrade(self, revision: str = "head") -> migrate.Upgrade:
        """Migrate the tables to `revision` (one process at a time, in one transaction)."""
        self._prepare()
        with self._writer.begin() as conn:
            if self.dialect == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
            before = migrate.current_revision(conn)
            migrate.upgrade(conn, revision)
            after = migrate.current_revision(conn)
        return migrate.Upgrade(before, after)

    def revision(self) -> str | None:
        """Return the store's schema revision (None for an empty database)."""
        with self._engine.connect() as conn:
            return migrate.current_revision(conn)

    def drop_schema(self) -> None:
        """Drop every table (and the named PostgreSQL schema); meant for tests."""
        with self._writer.begin() as conn:
            schema.metadata.drop_all(conn)
            conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
            if self.schema:
                conn.execute(text(f'DROP SCHEMA IF EXISTS "{self.schema}" CASCADE'))

    def dispose(self) -> None:
        """Close every pooled connection (and remove a private PDF folder)."""
        self._engine.dispose()
        if self._private_pdfs:
            shutil.rmtree(self._private_pdfs, ignore_errors=True)

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

    def newest_games(self, limit: int, before: GameRow | None = None,
                     status: str | None = None) -> list[GameRow]:
        """Return the `limit` newest games (created before the game `before`, of `status`),
        newest first (one bounded, indexed read)."""
        g = games_t.c
        query = select(games_t).order_by(g.created_at.desc(), g.id.desc()).limit(limit)
        if before is not None:
            query = query.where(or_(g.created_at < before.created_at,
                                    and_(g.created_at == before.created_at, g.id < before.id)))
        if status is not None:
            query = query.where(g.status == status)
        with self._engine.connect() as conn:
            return [GameRow(**row._mapping) for row in conn.execute(query)]

    def set_game_status(self, game_id: str, status: str) -> None:
        """Set the game's status; an unknown game raises StoreError."""
        query = update(games_t).where(games_t.c.id == game_id).values(status=status)
        with self._writer.begin() as conn:
            if conn.execute(query).rowcount != 1:
                raise StoreError(f"no game {game_id!r}")

    # -- events ----------------------------------------------------------------------------

    def append(self, append: Append) -> list[StoredEvent]:
        """Write an append (its events after `expected_seq`, and everything `Append` lists
        with them) in one transaction; return the stored events."""
        if not append.events:
            if append.outbox or append.decision:
                raise StoreError("outbox rows and decisions need an event in the same append")
            return []
        if append.prev_hash is not None:
            stored = chain_events(append.game_id, append.expected_seq, append.prev_hash,
                                  append.events, utc_now())
            if self._append_at_once(append_rows(append, stored)):
                return stored  # else rolled back: the checked way below tells what went wrong
        return self._append_checked(append)

    def _append_at_once(self, rows: AppendRows) -> bool:
        """Write an append's rows in one go; False (all rolled back) if a check failed."""
        if self.dialect == "postgresql":
            with self._reader() as conn:  # autocommit: the pipeline has its BEGIN and COMMIT
                return commit_pipelined(conn, rows)
        try:
            with self._writer.begin() as conn:
                if not write_append(conn, rows):
                    raise _CheckFailed
            return True
        except _CheckFailed:
            return False

    def _append_checked(self, append: Append) -> list[StoredEvent]:
        """The append one statement at a time, raising the error of whichever check fails."""
        game_id, result, submission = append.game_id, append.result, append.submission
        with self._writer.begin() as conn:
            if submission is not None:
                outcome = (result[1], result[2]) if result is not None else None
                if self._insert_submission(conn, submission, outcome) is None:
                    raise DuplicateSubmission(submission.source, submission.idempotency_key)
                result = None
            stored = self._take_head(conn, game_id, append.expected_seq, append.events,
                                     append.prev_hash)
            try:
                conn.execute(events_t.insert(), [event_row(e) for e in stored])
            except IntegrityError as exc:
                if is_unique_violation(exc):
                    raise SeqConflict(game_id, append.expected_seq + 1) from exc
                raise
            self._write_with(conn, append, stored, result)
        return stored

    def _write_with(self, conn: Connection, append: Append, stored: list[StoredEvent],
                    result: tuple[str, str, dict[str, Any]] | None) -> None:
        """Write what goes with the stored events of `append`, raising why a check fails."""
        game_id = append.game_id
        for params in hidden_values(game_id, stored, append.hidden):  # in seq order
            conn.execute(text(HIDDEN_SQL), params)
        if append.decision is not None:
            self._insert_decision(conn, game_id, stored[0].seq, stored[-1].seq, append.decision)
        if append.outbox:
            self._insert_outbox(conn, game_id, stored, append.outbox)
        if append.deadlines is not None:
            self._replace_deadlines(conn, game_id, append.deadlines)
        if append.seats is not None:
            self._replace_seats(conn, game_id, append.seats)
        if result is not None and not self._store_result(conn, *result):
            raise ResultStored(result[0])
        if append.snapshot is not None:
            self._write_snapshot(conn, game_id, stored[-1].seq, append.snapshot[0],
                                 {**append.snapshot[1], "hash": stored[-1].hash})

    def _replace_seats(self, conn: Connection, game_id: str,
                       seats: Sequence[tuple[str, str]]) -> None:
        """Make `seats` (seat, address) who plays the game, inside the caller's transaction."""
        conn.execute(delete(seat_addresses_t).where(seat_addresses_t.c.game_id == game_id))
        if seats:
            conn.execute(seat_addresses_t.insert(), seat_values(game_id, seats))

    def replace_seats(self, game_id: str, seats: Sequence[tuple[str, str]]) -> None:
        """Make `seats` (seat, address) who plays the game (when the projection is rebuilt)."""
        with self._writer.begin() as conn:
            self._replace_seats(conn, game_id, seats)

    def games_of_address(self, address: str, limit: int) -> list[GameRow]:
        """Return the `limit` newest games in which `address` plays a seat, newest first."""
        g, a = games_t.c, seat_addresses_t.c
        mine = select(a.game_id).where(a.address == address)
        query = (select(games_t).where(g.id.in_(mine))
                 .order_by(g.created_at.desc(), g.id.desc()).limit(limit))
        with self._engine.connect() as conn:
            return [GameRow(**row._mapping) for row in conn.execute(query)]

    def _insert_decision(self, conn: Connection, game_id: str, seq: int, last_seq: int,
                         decision: tuple[str, int]) -> None:
        """Record that the event at `seq` decides (submission, line); a second time refuses."""
        submission_id, line = decision
        try:
            conn.execute(decisions_t.insert().values(submission_id=submission_id, line=line,
                                                     game_id=game_id, seq=seq,
                                                     last_seq=last_seq))
        except IntegrityError as exc:
            if is_unique_violation(exc):
                raise AlreadyDecided(submission_id, line) from exc
            raise

    def decided_lines(self, submission_id: str) -> list[tuple[int, int, str]]:
        """Return (line, last seq of its append, order text) of each line already in the log."""
        d, e = decisions_t.c, events_t.c
        query = (select(d.line, d.last_seq, e.payload)
                 .join_from(decisions_t, events_t, (e.game_id == d.game_id) & (e.seq == d.seq))
                 .where(d.submission_id == submission_id).order_by(d.line))
        with self._engine.connect() as conn:
            return [(row.line, row.last_seq, str(json.loads(row.payload).get("text", "")))
                    for row in conn.execute(query)]

    def first_decided_seq(self, submission_id: str) -> int:
        """Return the seq of the first order a submission's lines put in the log (0: none)."""
        query = select(func.min(decisions_t.c.seq)).where(
            decisions_t.c.submission_id == submission_id)
        with self._engine.connect() as conn:
            return int(conn.execute(query).scalar() or 0)

    def _head(self, conn: Connection, game_id: str) -> tuple[int, str]:
        """Return the head (last seq and hash) the games table records; unknown raises."""
        query = select(games_t.c.head_seq, games_t.c.head_hash).where(games_t.c.id == game_id)
        row = conn.execute(query).first()
        if row is None:
            raise StoreError(f"no game {game_id!r}")
        return int(row.head_seq), str(row.head_hash)

    def _take_head(self, conn: Connection, game_id: str, expected_seq: int,
                   events: Sequence[NewEvent], prev_hash: str | None) -> list[StoredEvent]:
        """Chain the new events onto the head and move the head to them, or raise SeqConflict.

        With the caller's `prev_hash` one UPDATE both checks and moves the head; only when it
        finds the head elsewhere is the head read, to tell a conflict from a stale hash.
        """
        now = utc_now()
        if prev_hash is not None:
            stored = chain_events(game_id, expected_seq, prev_hash, events, now)
            t, last = games_t.c, stored[-1]
            query = (update(games_t).where(t.id == game_id, t.head_seq == expected_seq,
                                           t.head_hash == prev_hash)
                     .values(head_seq=last.seq, head_hash=last.hash))
            if conn.execute(query).rowcount == 1:
                return stored
        head_seq, head_hash = self._head(conn, game_id)
        if head_seq != expected_seq:
            raise SeqConflict(game_id, expected_seq + 1)
        stored = chain_events(game_id, expected_seq, head_hash, events, now)
        self._move_head(conn, game_id, expected_seq, stored[-1])
        return stored

    def _move_head(self, conn: Connection, game_id: str, expected_seq: int,
                   last: StoredEvent) -> None:
        """Record the new head in the games table, if no other append moved it meanwhile."""
        t = games_t.c
        query = (update(games_t).where(t.id == game_id, t.head_seq == expected_seq)
                 .values(head_seq=last.seq, head_hash=last.hash))
        if conn.execute(query).rowcount != 1:
            raise SeqConflict(game_id, expected_seq + 1)

    def log_end(self, game_id: str) -> tuple[int, str]:
        """Return the seq and hash of the last event in the log itself ((0, genesis): none)."""
        query = (select(events_t.c.seq, events_t.c.hash).where(events_t.c.game_id == game_id)
                 .order_by(events_t.c.seq.desc()).limit(1))
        with self._engine.connect() as conn:
            row = conn.execute(query).first()
        return (0, GENESIS_HASH) if row is None else (int(row.seq), str(row.hash))

    def outbox_end(self, game_id: str) -> int:
        """Return the highest seq any delivery of the game names (0: none)."""
        query = select(func.max(outbox_t.c.seq)).where(outbox_t.c.game_id == game_id)
        with self._engine.connect() as conn:
            return int(conn.execute(query).scalar() or 0)

    def mailed_heads_unlike_log(self, game_id: str) -> list[tuple[int, str]]:
        """Return (seq, hash) of the deliveries whose recorded head the log no longer holds.

        A delivery written with its event keeps that event's hash; an event since removed or
        rewritten leaves the delivery naming a hash the log has not at that seq.
        """
        o, e = outbox_t.c, events_t.c
        query = (select(o.seq, o.head_hash).select_from(outbox_t.outerjoin(
            events_t, (e.game_id == o.game_id) & (e.seq == o.seq)))
            .where(o.game_id == game_id, o.head_hash.is_not(None),
                   e.hash.is_(None) | (e.hash != o.head_hash))
            .distinct().order_by(o.seq))
        with self._engine.connect() as conn:
            return [(int(seq), str(digest)) for seq, digest in conn.execute(query)]

    def _insert_outbox(self, conn: Connection, game_id: str, stored: list[StoredEvent],
                       outbox: Sequence[NewOutbox]) -> None:
        """Insert the outbox rows of an append; each must name one of its new events."""
        rows = self._outbox_values(game_id, stored, outbox)
        try:
            conn.execute(outbox_t.insert(), rows)
        except IntegrityError as exc:
            raise StoreError(f"duplicate outbox row for game {game_id!r}") from exc

    _outbox_values = staticmethod(outbox_values)

    def restore_game(self, row: GameRow, events: Iterable[StoredEvent],
                     batch: int = 500) -> int:
        """Insert a game's row and its already chained events as they are, in one transaction.

        For restoring a game from an archive: nothing is re-hashed or re-timed, and the row's
        head becomes the last event, as the appends would have left it. The events
        must carry the row's id and run 1, 2, 3...; a taken id raises StoreError, and any
        exception raised while `events` is consumed leaves the store as it was. Returns the
        number of events written.
        """
        count, head_hash = 0, GENESIS_HASH
        try:
            with self._writer.begin() as conn:
                conn.execute(games_t.insert().values(**asdict(row)))
                pending: list[dict[str, Any]] = []
                for item in events:
                    count += 1
                    if item.game_id != row.id or item.seq != count:
                        raise StoreError(f"event {item.seq} of {item.game_id!r} is out of place "
                                         f"in a restore of game {row.id!r} (expected {count})")
                    pending.append(event_row(item))
                    head_hash = item.hash
                    if len(pending) >= batch:
                        conn.execute(events_t.insert(), pending)
                        pending = []
                if pending:
                    conn.execute(events_t.insert(), pending)
                conn.execute(update(games_t).where(games_t.c.id == row.id)
                             .values(head_seq=count, head_hash=head_hash))
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

    def reader_seq(self, game_id: str, reader: str, number: int) -> int:
        """Return the seq of the event `reader` numbers `number` (`EventLog.reader_seq`)."""
        c = reader_hidden_t.c
        query = (select(c.hidden).where(c.game_id == game_id, c.reader == reader,
                                        c.known < number)
                 .order_by(c.known.desc(), c.seq.desc()).limit(1))
        with self._engine.connect() as conn:
            hidden = conn.execute(query).scalar()
        return number + int(hidden or 0)

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
        with self._writer.begin() as conn:
            self._write_snapshot(conn, game_id, seq, engine_version, state)

    def _write_snapshot(self, conn: Connection, game_id: str, seq: int, engine_version: str,
                        state: dict[str, Any]) -> None:
        """Store a folded state in the caller's transaction and prune the older ones."""
        values = {"game_id": game_id, "seq": seq, "engine_version": engine_version,
                  "state": canonical_json(state), "created_at": utc_now()}
        upsert = self._insert(snapshots_t).values(**values).on_conflict_do_update(
            index_elements=["game_id", "seq", "engine_version"],
            set_={"state": values["state"], "created_at": values["created_at"]})
        conn.execute(upsert)
        self._prune_snapshots(conn, game_id, engine_version)

    def _prune_snapshots(self, conn: Connection, game_id: str, engine_version: str) -> None:
        """Delete the game's snapshots of `engine_version` but the newest SNAPSHOTS_KEPT and
        the oldest of each block of CHECKPOINT_EVERY seqs."""
        conn.execute(text(PRUNE_SNAPSHOTS_SQL), prune_params(game_id, engine_version))

    def delete_snapshots(self, game_id: str | None = None) -> None:
        """Delete the snapshots of one game, or of every game when `game_id` is None."""
        query = delete(snapshots_t)
        if game_id is not None:
            query = query.where(snapshots_t.c.game_id == game_id)
        with self._writer.begin() as conn:
            conn.execute(query)


class _CheckFailed(Exception):
    """A check of the one-round-trip append failed; its transaction is rolled back."""


def _recomputed_hash(row: Any) -> str:
    """Return the hash an events table row ought to carry."""
    return event_hash(row.game_id, row.seq, row.type, row.schema_version,
                      json.loads(row.payload), row.actor, row.causation, row.recorded_at,
                      row.prev_hash)


if TYPE_CHECKING:
    StoreRoles = tuple[EventLog, LogAudit, GameIndex, Inbox, Replies, Outbox, MailRecord,
                       Deadlines, Caches, Connections, SignedHeads]

    def _plays_every_role(store: Store) -> StoreRoles:
        """Hold `Store` to every role's protocol (for the type checker alone)."""
        return (store, store, store, store, store, store, store, store, store, store, store)
