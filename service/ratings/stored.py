"""The ratings kept in the store: finished games recorded once, applied once per title in the
ratings' order, and read back as ranked lines (one bounded read at any number of players).

`catch_up` records every finished game not yet recorded (its reliability tallies added in the
same transaction, so a game counts once) and applies each title's new rated games. A game that
ends after the head in the order is applied to the stored lines of its players alone; one that
ends before the head (two games ending at nearly the same moment, an imported archive) makes
the title be folded again from its recorded games, so the stored table is always the fold of
the records in order, the table `pbem ratings --from-archives` rebuilds.

Each head keeps the reading its title was folded under (`table.reading_of`: teams, where a
title's end may reveal them). A title whose reading changed with the rules (Castle of the
Devil's societies, rated as teams since) has its records read again from their logs and is
folded again before any new game is applied; the reliability tallies are left as they are.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import Any, Protocol

from sqlalchemy import Connection, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from service.ratings.record import GameRecord, Side, Tally, game_record
from service.ratings.table import (
    Book,
    Head,
    Line,
    format_table,
    order_text,
    rate_game,
    reading_of,
)
from service.store.handles import is_unique_violation
from service.store.roles import Connections, LogAudit
from service.store.schema import games as games_t
from service.store.schema import rating_games as records_t
from service.store.schema import rating_heads as heads_t
from service.store.schema import rating_lines as lines_t
from service.store.schema import reliability as reliability_t

BATCH = 200
"""Finished games recorded per transaction."""
TALLY_FIELDS = ("started", "finished", "resigned", "replaced", "missed", "defaults")


class RatingsStore(Connections, LogAudit, Protocol):
    """What the ratings need: the logs of finished games, and their own tables."""


class HeadMoved(Exception):
    """Another process applied games to the title first; read again."""


def record_json(record: GameRecord) -> str:
    """Return a record as the JSON it is kept in."""
    return json.dumps(asdict(record), sort_keys=True)


def record_from_json(text: str) -> GameRecord:
    """Return a record kept as JSON."""
    data: dict[str, Any] = json.loads(text)
    sides = tuple(Side(tuple(s["players"]), tuple(s["weights"]), s["rank"], s.get("seat", ""),
                       s.get("team", 0)) for s in data["sides"])
    tallies = {key: Tally(**value) for key, value in data["tallies"].items()}
    return GameRecord(data["game_id"], data["game"], data["finished_at"], data["unrated"],
                      sides, data["names"], tallies)


def catch_up(store: RatingsStore, retries: int = 5) -> int:
    """Record every finished game not yet recorded and apply the titles' new rated games;
    return how many games were recorded."""
    recorded = 0
    while ids := _unrecorded(store):
        records = [r for r in (game_record(store.iter_events(i)) for i in ids) if r]
        recorded += sum(_record(store, record) for record in records)
        if len(records) < len(ids):  # a game marked finished whose log has not ended
            break
    for game in _misread_titles(store):
        _retried(store, game, _read_again, retries)
    for game in _pending_titles(store):
        _retried(store, game, _apply, retries)
    return recorded


def _retried(store: RatingsStore, game: str, step: Callable[[RatingsStore, str], Any],
             retries: int) -> None:
    """Run `step` for a title, again while another process moved its head first."""
    for _ in range(retries):
        try:
            step(store, game)
            return
        except (HeadMoved, IntegrityError):  # another process applied first: read again
            continue


def _unrecorded(store: Connections) -> list[str]:
    """Return up to BATCH finished games without a record."""
    known = select(records_t.c.game_id).where(records_t.c.game_id == games_t.c.id)
    query = (select(games_t.c.id).where(games_t.c.status == "finished", ~known.exists())
             .order_by(games_t.c.id).limit(BATCH))
    with store.connect() as conn:
        return [row[0] for row in conn.execute(query)]


def _record(store: Connections, record: GameRecord) -> bool:
    """Keep a game's record and add its tallies, in one transaction; False if it was kept
    already (the record's key refuses it a second time)."""
    try:
        return _insert_record(store, record)
    except IntegrityError as exc:  # another process kept it in the meantime
        if is_unique_violation(exc):
            return False
        raise


def _insert_record(store: Connections, record: GameRecord) -> bool:
    """Insert a record and its tallies unless it is kept; the key refuses a concurrent one."""
    with store.begin_write() as conn:
        taken = conn.execute(select(records_t.c.game_id).where(
            records_t.c.game_id == record.game_id)).first()
        if taken is not None:
            return False
        conn.execute(insert(records_t).values(
            game_id=record.game_id, game=record.game, order_key=order_text(record),
            unrated=record.unrated, record=record_json(record), applied=0))
        for player, tally in sorted(record.tallies.items()):
            _add_tally(conn, player, record.names[player], tally)
    return True


def _add_tally(conn: Connection, player: str, name: str, tally: Tally) -> None:
    """Add one game's tally to a player's record."""
    values = {f: getattr(tally, f) for f in TALLY_FIELDS}
    changed = conn.execute(update(reliability_t).where(reliability_t.c.player == player).values(
        name=name, **{f: getattr(reliability_t.c, f) + v for f, v in values.items()}))
    if not changed.rowcount:
        conn.execute(insert(reliability_t).values(player=player, name=name, **values))


def _pending_titles(store: Connections) -> list[str]:
    """Return the titles with rated records not yet applied."""
    query = (select(records_t.c.game).where(records_t.c.applied == 0, records_t.c.unrated == "")
             .distinct().order_by(records_t.c.game))
    with store.connect() as conn:
        return [row[0] for row in conn.execute(query)]


def _misread_titles(store: Connections) -> list[str]:
    """Return the titles whose stored ratings were folded under another reading than their
    own now."""
    with store.connect() as conn:
        rows = conn.execute(select(heads_t.c.game, heads_t.c.method).order_by(heads_t.c.game))
        return [game for game, method in rows if method != reading_of(game)]


def _read_again(store: RatingsStore, game: str) -> None:
    """Read a title's finished games again from their logs and fold the title again under
    its reading now; raise HeadMoved if another process moved its head first."""
    with store.connect() as conn:
        head = read_head(conn, game)
        ids = [row[0] for row in conn.execute(
            select(records_t.c.game_id).where(records_t.c.game == game))]
    records = [r for r in (game_record(store.iter_events(i)) for i in ids) if r is not None]
    with store.begin_write() as conn:
        for record in records:
            conn.execute(update(records_t).where(records_t.c.game_id == record.game_id).values(
                order_key=order_text(record), unrated=record.unrated,
                record=record_json(record)))
        new_head, applied = _fold_again(conn, game)
        _move_head(conn, head, new_head, _count_lines(conn, game), 0, reading_of(game))
        _mark_applied(conn, [record.game_id for record in applied])


def _apply(store: Connections, game: str) -> None:
    """Apply a title's pending rated games in order, or fold the title again when one of
    them falls before its head; raise HeadMoved if another process moved the head first."""
    with store.begin_write() as conn:
        head = read_head(conn, game)
        pending = [record_from_json(row[0]) for row in conn.execute(
            select(records_t.c.record).where(records_t.c.game == game, records_t.c.applied == 0,
                                             records_t.c.unrated == "")
            .order_by(records_t.c.order_key))]
        if not pending:
            return
        players: int | None = None
        added = 0
        if head.last_key and order_text(pending[0]) < head.last_key:
            new_head, applied = _fold_again(conn, game)
            players = _count_lines(conn, game)
        else:
            (new_head, added), applied = _apply_in_order(conn, head, pending), pending
        _move_head(conn, head, new_head, players, added)
        _mark_applied(conn, [record.game_id for record in applied])


def _mark_applied(conn: Connection, ids: Sequence[str]) -> None:
    """Mark games' records as applied to their title's lines."""
    for start in range(0, len(ids), 500):
        conn.execute(update(records_t).where(records_t.c.game_id.in_(ids[start:start + 500]))
                     .values(applied=1))


def _apply_in_order(conn: Connection, head: Head,
                    pending: Sequence[GameRecord]) -> tuple[Head, int]:
    """Apply games that all fall after the head to their players' lines; return the head
    and how many players had no line before."""
    added = 0
    for record in pending:
        players = [p for side in record.sides for p in side.players]
        lines = read_lines(conn, head.game, players)
        added += len(set(players) - set(lines))
        _write_lines(conn, head.game, rate_game(record, lines))
        head = head.after(record)
    return head, added


def _fold_again(conn: Connection, game: str) -> tuple[Head, list[GameRecord]]:
    """Fold a title again from all its rated records; return its head and the records."""
    book = Book()
    records = [record_from_json(row[0]) for row in conn.execute(
        select(records_t.c.record).where(records_t.c.game == game, records_t.c.unrated == "")
        .order_by(records_t.c.order_key))]
    for record in records:
        book.take(record)
    conn.execute(delete(lines_t).where(lines_t.c.game == game))
    lines = list(book.lines.get(game, {}).values())
    for start in range(0, len(lines), 1000):
        _write_lines(conn, game, lines[start:start + 1000])
    return book.heads.get(game, Head(game)), records


def _count_lines(conn: Connection, game: str) -> int:
    """Return how many lines a title has (after folding it again)."""
    return int(conn.execute(select(func.count()).select_from(lines_t)
                            .where(lines_t.c.game == game)).scalar() or 0)


def _move_head(conn: Connection, old: Head, new: Head, players: int | None,
               added: int, method: str | None = None) -> None:
    """Set the title's head from `old` to `new` with its count of players (`players`, or
    `added` more than before) and, when given, the reading it was folded under (a new head:
    the title's reading now), or raise HeadMoved if it is no longer `old`."""
    if old.games == 0 and not old.last_key:
        exists = conn.execute(select(heads_t.c.game).where(heads_t.c.game == old.game)).first()
        if exists is None:
            conn.execute(insert(heads_t).values(
                game=new.game, games=new.games, last_key=new.last_key, digest=new.digest,
                players=added if players is None else players,
                method=reading_of(new.game) if method is None else method))
            return
    count = heads_t.c.players + added if players is None else players
    read = {} if method is None else {"method": method}
    moved = conn.execute(update(heads_t).where(
        heads_t.c.game == old.game, heads_t.c.games == old.games,
        heads_t.c.digest == old.digest).values(games=new.games, last_key=new.last_key,
                                               digest=new.digest, players=count, **read))
    if moved.rowcount != 1:
        raise HeadMoved(old.game)


def _write_lines(conn: Connection, game: str, lines: Sequence[Line]) -> None:
    """Replace the players' lines of a title."""
    if not lines:
        return
    conn.execute(delete(lines_t).where(lines_t.c.game == game,
                                       lines_t.c.player.in_([line.player for line in lines])))
    conn.execute(insert(lines_t), [
        {"game": game, "player": line.player, "name": line.name, "mu": line.mu,
         "sigma": line.sigma, "rank_key": -line.rating, "games": line.games,
         "wins": line.wins} for line in lines])


def read_head(conn: Connection, game: str) -> Head:
    """Return a title's head (no games yet: an empty one)."""
    row = conn.execute(select(heads_t.c.games, heads_t.c.last_key, heads_t.c.digest)
                       .where(heads_t.c.game == game)).first()
    return Head(game) if row is None else Head(game, row[0], row[1], row[2])


def _line(row: Any) -> Line:
    return Line(row.player, row.name, row.mu, row.sigma, row.games, row.wins)


def read_lines(conn: Connection, game: str, players: Sequence[str]) -> dict[str, Line]:
    """Return the lines of some players of a title, by player."""
    rows = conn.execute(select(lines_t).where(lines_t.c.game == game,
                                              lines_t.c.player.in_(list(players))))
    return {row.player: _line(row) for row in rows}


def leaderboard(store: Connections, game: str, limit: int, offset: int = 0) -> list[Line]:
    """Return a page of a title's lines, best first (one read along the ranking index)."""
    query = (select(lines_t).where(lines_t.c.game == game)
             .order_by(lines_t.c.rank_key, lines_t.c.player).limit(limit).offset(offset))
    with store.connect() as conn:
        return [_line(row) for row in conn.execute(query)]


def reliability_of(store: Connections, players: Sequence[str]) -> dict[str, Tally]:
    """Return the reliability records of some players, by player."""
    query = select(reliability_t).where(reliability_t.c.player.in_(list(players)))
    with store.connect() as conn:
        return {row.player: Tally(*(getattr(row, f) for f in TALLY_FIELDS))
                for row in conn.execute(query)}


def titles(store: Connections) -> list[str]:
    """Return the titles that have ratings."""
    with store.connect() as conn:
        return [row[0] for row in conn.execute(select(heads_t.c.game).order_by(heads_t.c.game))]


def player_count(store: Connections, game: str) -> int:
    """Return how many players a title's table has (kept in its head: no count of lines)."""
    with store.connect() as conn:
        return int(conn.execute(select(heads_t.c.players).where(heads_t.c.game == game))
                   .scalar() or 0)


def stored_table(store: Connections, game: str) -> list[str]:
    """Return a title's printed table as the service keeps it."""
    with store.connect() as conn:
        head = read_head(conn, game)
        lines = [_line(row) for row in conn.execute(
            select(lines_t).where(lines_t.c.game == game)
            .order_by(lines_t.c.rank_key, lines_t.c.player))]
    return format_table(head, lines, reliability_of(store, [line.player for line in lines]))


def line_of(store: Connections, game: str, player: str) -> Line | None:
    """Return a player's line in a title (None: no rated game of it yet)."""
    with store.connect() as conn:
        return read_lines(conn, game, [player]).get(player)


def lines_of_player(store: Connections, player: str) -> dict[str, Line]:
    """Return a player's lines in every title they are rated in, by title."""
    query = select(lines_t).where(lines_t.c.player == player).order_by(lines_t.c.game)
    with store.connect() as conn:
        return {row.game: _line(row) for row in conn.execute(query)}


def place_of(store: Connections, game: str, line: Line) -> int:
    """Return a line's place in its title's table (1: the best)."""
    c = lines_t.c
    better = (c.rank_key < -line.rating) | ((c.rank_key == -line.rating)
                                            & (c.player < line.player))
    with store.connect() as conn:
        return 1 + int(conn.execute(select(func.count()).select_from(lines_t).where(
            c.game == game, better)).scalar() or 0)


def player_name(store: Connections, player: str) -> str | None:
    """Return the name a player last played under (None: no record)."""
    with store.connect() as conn:
        return conn.execute(select(reliability_t.c.name).where(
            reliability_t.c.player == player)).scalar()


def records_of(store: Connections, game_ids: Sequence[str]) -> dict[str, GameRecord]:
    """Return the kept records of some finished games, by game id."""
    if not game_ids:
        return {}
    query = select(records_t.c.game_id, records_t.c.record).where(
        records_t.c.game_id.in_(list(game_ids)))
    with store.connect() as conn:
        return {row[0]: record_from_json(row[1]) for row in conn.execute(query)}
