"""The store's reads of a game: its events, its snapshots, and the tail an order needs."""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any, Literal

from sqlalchemy import Connection, select

from service.store.handles import StoreBase
from service.store.records import EventRow, GameRow, GameTail, StoredEvent
from service.store.schema import events as events_t
from service.store.schema import games as games_t
from service.store.schema import snapshots as snapshots_t
from service.store.schema import stored_event_from_row
from service.store.statements import EVENT_ROWS_SQL, NO_LIMIT, read_tail

_GAME_COLUMNS = tuple(column.name for column in games_t.c)
_TAIL_PG = (
    "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
    f"SELECT {', '.join(_GAME_COLUMNS)} FROM games WHERE id = %(game_id)s",
    ("SELECT seq, state, engine_version FROM snapshots WHERE game_id = %(game_id)s "
     "ORDER BY seq DESC LIMIT 1"),
    ("SELECT seq, type, schema_version, payload, actor, causation, hash FROM events "
     "WHERE game_id = %(game_id)s AND seq > COALESCE((SELECT max(seq) FROM snapshots "
     "WHERE game_id = %(game_id)s) - 1, 0) ORDER BY seq"),
    "COMMIT",
)


class ReadStore(StoreBase):
    """Reads of the event log and the snapshot cache."""

    def game_tail(self, game_id: str, version_of: Callable[[str], str]) -> GameTail | None:
        """Return the game's row, its newest snapshot and the events from the snapshot's on.

        One connection, three statements: whatever the game's length, only the tail after the
        snapshot is read. `version_of(game name)` names the engine version whose snapshots
        count. Returns None for an unknown game.
        """
        if self.dialect == "postgresql":
            tail = self._game_tail_pipelined(game_id, version_of)
            if tail is not False:
                return tail
        with self._reader() as conn:
            conn.begin()  # SQLite: one read transaction (one snapshot), rolled back on close
            return read_tail(conn.connection.driver_connection, game_id, version_of,
                             "?" if self.dialect == "sqlite" else "%s")

    def _game_tail_pipelined(self, game_id: str, version_of: Callable[[str], str],
                             ) -> GameTail | None | Literal[False]:
        """PostgreSQL: the game's row, newest snapshot and the events from it in one round trip.

        The three reads go in one pipeline inside a read-only REPEATABLE READ transaction, so
        the events start at the snapshot the same transaction saw. False when the newest
        snapshot is of another engine version than the game's (the statement-by-statement
        read then picks the newest of the right one).
        """
        params = {"game_id": game_id}
        with self._reader() as conn:
            raw: Any = conn.connection.driver_connection
            cursors = [raw.cursor() for _ in _TAIL_PG]
            with raw.pipeline():  # leaving it sends them and waits for every answer, once
                for cursor, sql in zip(cursors, _TAIL_PG, strict=True):
                    cursor.execute(sql, params)
            found, snap = cursors[1].fetchone(), cursors[2].fetchone()
            rows = list(cursors[3].fetchall())
        if found is None:
            return None
        row = GameRow(**dict(zip(_GAME_COLUMNS, found, strict=True)))
        if snap is not None and snap[2] != version_of(row.game):
            return False
        snapshot = None if snap is None else (int(snap[0]), json.loads(snap[1]))
        return GameTail(row, snapshot, rows)

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
                   ) -> list[EventRow]:
        """Return (seq, type, schema_version, payload JSON text, actor, causation, hash)."""
        # Straight through the driver's cursor: replay reads whole logs, and the plain tuples
        # of sqlite3 and psycopg cost about half of what SQLAlchemy's Row objects do.
        with self._engine.connect() as conn:
            return self._event_rows(conn, game_id, after_seq, upto)

    def _event_rows(self, conn: Connection, game_id: str, after_seq: int,
                    upto: int | None) -> list[EventRow]:
        """Return the event rows after `after_seq` up to `upto` on an open connection."""
        sql = EVENT_ROWS_SQL if self.dialect == "sqlite" else EVENT_ROWS_SQL.replace("?", "%s")
        cursor = conn.connection.cursor()
        try:
            cursor.execute(sql, (game_id, after_seq, NO_LIMIT if upto is None else upto))
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

    def latest_snapshot(self, game_id: str, engine_version: str,
                        upto: int | None = None) -> tuple[int, dict[str, Any]] | None:
        """Return (seq, state) of the newest snapshot at or before `upto`, or None."""
        with self._engine.connect() as conn:
            return self._latest_snapshot(conn, game_id, engine_version, upto)

    def _latest_snapshot(self, conn: Connection, game_id: str, engine_version: str,
                         upto: int | None) -> tuple[int, dict[str, Any]] | None:
        """Return the newest snapshot at or before `upto` on an open connection, or None."""
        t = snapshots_t.c
        query = (select(t.seq, t.state)
                 .where(t.game_id == game_id, t.engine_version == engine_version)
                 .order_by(t.seq.desc()).limit(1))
        if upto is not None:
            query = query.where(t.seq <= upto)
        row = conn.execute(query).first()
        return None if row is None else (row.seq, json.loads(row.state))
