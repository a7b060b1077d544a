"""A game read for a page in one go: its row, newest snapshot and the events after it.

The games row names the log's head (seq and hash), written in every append's transaction, so
everything read after it is bounded by that seq and agrees with it even without a snapshot
isolation level. A game folded at a head is kept in a small in-process cache: the next page
of the same game at the same head costs one read of its row. A worker that has just appended
to a game puts the state it decided in the same cache (`service.game.kept`), so the mail the
append caused is composed from it (`game_at`) without folding the log again. A list of games (the lobby, "my
games") is read a batch at a time: the snapshots of all its games in one statement, and their
tails in another. A snapshot that does not fit its log is left to `load_game`, which drops
and rebuilds it.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy import Connection, and_, func, or_, select

from engine.core import UnknownGame, all_games, get_game
from service.game.kept import games as _games
from service.game.loading import LoadedGame, UnknownGameId, fold_rows, from_snapshot, load_game
from service.game.witness import Head, keyed
from service.store.records import GameRow
from service.store.roles import Connections, EventLog, GameIndex
from service.store.schema import events as events_t
from service.store.schema import games as games_t
from service.store.schema import snapshots as snapshots_t


class LogWithConnections(EventLog, Connections, Protocol):
    """The log, and the store's tables read with statements of the caller's own (a page
    reads a game at its head in one go)."""


class GameLists(GameIndex, LogWithConnections, Protocol):
    """The lists of games (the lobby, "my games"), each game read at its head."""


BATCH = 250
"""Games read together by one pair of statements (each game adds its own condition to them)."""
_GAME_COLUMNS = tuple(column.name for column in games_t.columns)
_GAME_ROW_SQL = f"SELECT {', '.join(_GAME_COLUMNS)} FROM games WHERE id = ?"
_EVENT_COLUMNS = (events_t.c.seq, events_t.c.type, events_t.c.schema_version,
                  events_t.c.payload, events_t.c.actor, events_t.c.causation, events_t.c.hash)


@dataclass(frozen=True)
class PageGame:
    """A game as a page shows it: its row (the head), the folded game, and the witnessed head."""

    row: GameRow
    loaded: LoadedGame

    @property
    def key(self) -> tuple[str, int, str]:
        """Return what identifies this state of the game: (game id, head seq, head hash).

        The hash tells a game restored under the same id, or rebuilt, from the one cached.
        """
        return self.row.id, self.row.head_seq, self.row.head_hash

    @property
    def head(self) -> Head | None:
        """Return the head of the log as players witness it (None before the first event)."""
        row = self.row
        if row.head_seq <= 0:
            return None
        return Head(row.head_seq, keyed(row.seed, row.id, row.head_seq, row.head_hash))


def read_game(store: LogWithConnections, game_id: str) -> PageGame:
    """Return the game at its head: its row, then (unless cached) its snapshot and tail."""
    with store.connect() as conn:
        row = _game_row(store, conn, game_id)
        key = (row.id, row.head_seq, row.head_hash)
        loaded = _games.get(key)
        if loaded is None:
            loaded = _fold(store, conn, row)
            _games.put(key, loaded)
    return PageGame(row, loaded)


def game_at(store: LogWithConnections, game_id: str, seq: int | None = None) -> LoadedGame:
    """Return the game at its head (`seq` None) or just after its event `seq`: from the cache
    when it holds that state (one read: the head's row, or the event's hash), else folded
    from the log and kept."""
    if seq is None:
        return read_game(store, game_id).loaded
    with store.connect() as conn:
        found = conn.execute(select(events_t.c.hash).where(events_t.c.game_id == game_id,
                                                           events_t.c.seq == seq)).first()
    if found is None:
        raise UnknownGameId(game_id)
    key = (game_id, seq, str(found.hash))
    loaded = _games.get(key)
    if loaded is None:
        loaded = load_game(store, game_id, upto=seq)
        _games.put(key, loaded)
    return loaded


def _game_row(store: Connections, conn: Connection, game_id: str) -> GameRow:
    """Return the game's row, read straight through the driver (a page's one sure read)."""
    # SQLAlchemy's statement machinery costs more than the read itself here, on every page.
    sql = _GAME_ROW_SQL if store.dialect == "sqlite" else _GAME_ROW_SQL.replace("?", "%s")
    cursor = conn.connection.cursor()
    try:
        cursor.execute(sql, (game_id,))
        found = cursor.fetchone()
    finally:
        cursor.close()
    if found is None:
        raise UnknownGameId(game_id)
    return GameRow(**dict(zip(_GAME_COLUMNS, found)))


def games_at_rows(store: LogWithConnections, rows: Sequence[GameRow]) -> dict[str, LoadedGame]:
    """Return the games folded at the heads their rows name, by id: from the cache, or read
    together, a batch of games at a time (their newest snapshots in one statement, the events
    after them in another), so that a list of games costs the same few statements whatever
    its length. A game whose rules are unknown here, or that has no events, is left out."""
    found: dict[str, LoadedGame] = {}
    missing: list[GameRow] = []
    for row in rows:
        loaded = _games.get((row.id, row.head_seq, row.head_hash))
        if loaded is not None:
            found[row.id] = loaded
        elif row.game in _known_games():
            missing.append(row)
    for start in range(0, len(missing), BATCH):
        batch = missing[start:start + BATCH]
        with store.connect() as conn:
            snaps = _newest_snapshots(conn, batch)
            tails = _tails(conn, batch, snaps)
        for row in batch:
            try:
                loaded = _folded(store, row, snaps.get(row.id), tails.get(row.id, []))
            except (UnknownGameId, UnknownGame):  # no log, or rules of a version not here
                continue
            _games.put((row.id, row.head_seq, row.head_hash), loaded)
            found[row.id] = loaded
    return found


def _known_games() -> set[str]:
    """Return the names of the games whose rules this service has."""
    return {game.name for game in all_games()}


def _newest_snapshots(conn: Connection, rows: Sequence[GameRow]) -> dict[str, Any]:
    """Return each game's newest snapshot of its rules' version up to its head: (seq, state)."""
    s = snapshots_t.c
    ranked = (select(s.game_id, s.seq, s.state,
                     func.row_number().over(partition_by=s.game_id,
                                            order_by=s.seq.desc()).label("rank"))
              .where(or_(*(and_(s.game_id == row.id,
                                s.engine_version == get_game(row.game).version,
                                s.seq <= row.head_seq) for row in rows)))
              .subquery())
    query = select(ranked.c.game_id, ranked.c.seq, ranked.c.state).where(ranked.c.rank == 1)
    return {game_id: (seq, state) for game_id, seq, state in conn.execute(query)}


def _tails(conn: Connection, rows: Sequence[GameRow],
           snaps: dict[str, Any]) -> dict[str, list[Any]]:
    """Return each game's events from its snapshot's seq (or the first) up to its head."""
    e = events_t.c
    terms = [and_(e.game_id == row.id, e.seq > (snaps[row.id][0] - 1 if row.id in snaps else 0),
                  e.seq <= row.head_seq) for row in rows]
    tails: dict[str, list[Any]] = {}
    for found in conn.execute(select(e.game_id, *_EVENT_COLUMNS).where(or_(*terms))
                              .order_by(e.game_id, e.seq)):
        tails.setdefault(found[0], []).append(tuple(found[1:]))
    return tails


def _fold(store: LogWithConnections, conn: Connection, row: GameRow) -> LoadedGame:
    """Return the game folded from its newest snapshot and the events after it, up to the head."""
    snaps = snapshots_t.c
    snap = conn.execute(
        select(snaps.seq, snaps.state)
        .where(snaps.game_id == row.id, snaps.engine_version == get_game(row.game).version,
               snaps.seq <= row.head_seq)
        .order_by(snaps.seq.desc()).limit(1)).first()
    after = snap.seq - 1 if snap is not None else 0
    rows: list[Any] = list(conn.execute(
        select(*_EVENT_COLUMNS)
        .where(events_t.c.game_id == row.id, events_t.c.seq > after,
               events_t.c.seq <= row.head_seq)
        .order_by(events_t.c.seq)))
    return _folded(store, row, None if snap is None else (snap.seq, snap.state), rows)


def _folded(store: EventLog, row: GameRow, snap: tuple[int, str] | None,
            rows: list[Any]) -> LoadedGame:
    """Return the game from its snapshot (seq, state JSON) and the event rows from the
    snapshot's seq on; a snapshot that does not fit is left to `load_game` to rebuild."""
    if snap is None:
        return fold_rows(None, row.id, rows)
    try:
        data = json.loads(snap[1])
        loaded = from_snapshot(row.id, snap[0], data)
    except (LookupError, TypeError, ValueError, AttributeError):
        loaded = None
    if loaded is None or not rows or rows[0][0] != snap[0] or (
            data.get("hash") and rows[0][6] != data["hash"]):
        return load_game(store, row.id, upto=row.head_seq)  # drops the snapshot, rebuilds it
    return fold_rows(loaded, row.id, rows[1:])

