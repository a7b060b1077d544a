"""Numbers per reader: each reader's events are numbered 1, 2, 3... without gaps.

A seat (or a spectator) is shown the log's events it may know happened: those it may read
and those with a public summary. Numbered by their seq in the log, the gaps between them
would count the events it may not know of (another seat's sealed answer, a standing answer
set, a time zone, private press between two others), so every number that orders events
and that a reader is shown (history lines and cursors, replay steps, press ids, mail ids,
the API's seqs, PDF names, validators) is the reader's own: the n-th event it may know of
is its number n.

Each append writes, in its transaction, one row of the `reader_hidden` table for each new
event and each reader that may not know of it (public events write none), with the count of
that reader's hidden events so far. A reader's number of seq s is s less the count of its
newest row up to s; the seq of its number n is found in the index of the rows' `known`
column. Either way it is one indexed read of one row, however long the log.

Readers are the seats, by name, and spectators (""). The game master reads the log's own
numbers, and so does everyone once the game is over: then nothing is hidden any more.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from engine.core import Game, get_game
from service.game.events import SERVICE_EVENTS, is_service_event, service_audience
from service.game.meta import GameMeta
from service.store.roles import Connections, EventLog, GameIndex, LogAudit

if TYPE_CHECKING:
    from sqlalchemy import Connection

# The order path (`hidden_rows`) runs without SQLAlchemy (see `service.store.statements`): the
# reads below import it, and the table, when they run.
RENUMBER_BATCH = 1000
"""Rows written together when a game's counts are written anew (memory stays flat)."""

SPECTATOR = ""
"""The reader key of spectators (and of anyone who reads the game without a seat)."""


class Renumbering(EventLog, LogAudit, GameIndex, Connections, Protocol):
    """The store as every game's numbers are written anew."""


def reader_key(meta: GameMeta, seat: str | None) -> str | None:
    """Return whose numbers `seat` (None: a spectator) reads: a seat's name, SPECTATOR, or
    None for the log's own numbers (the game master's, and everyone's once it is over)."""
    if meta.finished:
        return None
    if seat is None:
        return SPECTATOR
    return seat if seat in meta.seat_names else None


def _audience_allows(game: Game[Any], item: Any, reader: str) -> bool:
    """Return whether `reader` may know that the event `item` happened."""
    name = getattr(type(item), "event_type", "")
    audience = service_audience(item) if is_service_event(name) else game.visibility(item)
    return audience.allows(reader or None) or bool(audience.summary)


def hidden_rows(game: Game[Any], meta: GameMeta, first_seq: int,
                items: Sequence[Any]) -> list[tuple[int, str]]:
    """Return (seq, reader) for each of `items` (numbered from `first_seq`) and each reader
    of the game (its seats in `meta`, and spectators) that may not know it happened."""
    readers = (*meta.seat_names, SPECTATOR)
    return [(seq, reader) for seq, item in enumerate(items, start=first_seq)
            for reader in readers if not _audience_allows(game, item, reader)]


def number_of(conn: Connection, game_id: str, reader: str | None, seq: int) -> int:
    """Return the reader's number of the event at `seq` (of the newest event it may know of
    up to `seq`, when it may not know that one); `seq` itself for the log's own numbers."""
    from sqlalchemy import select

    from service.store.schema import reader_hidden as hidden_t

    if reader is None or seq <= 0:
        return max(seq, 0)
    c = hidden_t.c
    hidden = conn.execute(select(c.hidden).where(
        c.game_id == game_id, c.reader == reader, c.seq <= seq)
        .order_by(c.seq.desc()).limit(1)).scalar()
    return seq - int(hidden or 0)


def seq_of(conn: Connection, game_id: str, reader: str | None, number: int) -> int:
    """Return the seq of the reader's `number`-th event (a number past its newest event
    answers a seq past the head); `number` itself for the log's own numbers."""
    from sqlalchemy import select

    from service.store.schema import reader_hidden as hidden_t

    if reader is None or number <= 0:
        return max(number, 0)
    c = hidden_t.c
    hidden = conn.execute(select(c.hidden).where(
        c.game_id == game_id, c.reader == reader, c.known < number)
        .order_by(c.known.desc(), c.seq.desc()).limit(1)).scalar()
    return number + int(hidden or 0)


def number_expression(game_id: str, reader: str | None, seq: Any) -> Any:
    """Return `number_of` as an SQL expression (of a seq, or an expression of one), to read
    a number in the statement that needs it."""
    from sqlalchemy import func, literal, select

    from service.store.schema import reader_hidden as hidden_t

    if reader is None:
        return literal(seq) if isinstance(seq, int) else seq
    c = hidden_t.c
    hidden = (select(c.hidden).where(c.game_id == game_id, c.reader == reader, c.seq <= seq)
              .order_by(c.seq.desc()).limit(1).scalar_subquery())
    return literal(seq) - func.coalesce(hidden, 0) if isinstance(seq, int) else \
        seq - func.coalesce(hidden, 0)


def seq_expression(game_id: str, reader: str | None, number: Any) -> Any:
    """Return `seq_of` as an SQL expression (of a number, or an expression of one)."""
    from sqlalchemy import func, literal, select

    from service.store.schema import reader_hidden as hidden_t

    if reader is None:
        return literal(number) if isinstance(number, int) else number
    c = hidden_t.c
    hidden = (select(c.hidden).where(c.game_id == game_id, c.reader == reader,
                                     c.known < number)
              .order_by(c.known.desc(), c.seq.desc()).limit(1).scalar_subquery())
    base = literal(number) if isinstance(number, int) else number
    return base + func.coalesce(hidden, 0)


def not_hidden(game_id: str, reader: str | None, seq_column: Any) -> Any:
    """Return the condition that the event at `seq_column` is one the reader may know of
    (for a statement over the events table); None when the reader reads everything."""
    from sqlalchemy import select

    from service.store.schema import reader_hidden as hidden_t

    if reader is None:
        return None
    c = hidden_t.c
    return ~select(c.seq).where(c.game_id == game_id, c.reader == reader,
                                c.seq == seq_column).exists()


def renumber(store: Renumbering, game: Game[Any], game_id: str,
             readers: Sequence[str] | None = None) -> int:
    """Write the game's reader_hidden rows anew from its log (a game imported, restored or
    stored before numbers per reader), a batch at a time; return how many rows. `readers`
    are its seats (read from the game when not given); spectators are added."""
    from sqlalchemy import delete

    from service.store.schema import reader_hidden as hidden_t

    if readers is None:
        from service.game.loading import load_game

        readers = load_game(store, game_id).meta.seat_names
    everyone = (*readers, SPECTATOR)
    counts: dict[str, int] = {}
    written = 0
    with store.begin_write() as conn:
        conn.execute(delete(hidden_t).where(hidden_t.c.game_id == game_id))
        rows: list[dict[str, Any]] = []
        for event in store.iter_events(game_id, batch=RENUMBER_BATCH):
            table = SERVICE_EVENTS if is_service_event(event.type) else game.events
            item = table.load(event.type, event.payload, event.schema_version)
            for reader in everyone:
                if not _audience_allows(game, item, reader):
                    counts[reader] = counts.get(reader, 0) + 1
                    rows.append({"game_id": game_id, "reader": reader, "seq": event.seq,
                                 "hidden": counts[reader], "known": event.seq - counts[reader]})
            if len(rows) >= RENUMBER_BATCH:
                conn.execute(hidden_t.insert(), rows)
                written, rows = written + len(rows), []
        if rows:
            conn.execute(hidden_t.insert(), rows)
            written += len(rows)
    return written


def renumber_all(store: Renumbering) -> int:
    """Write every game's reader_hidden rows anew from its log; return how many games."""
    count = 0
    for row in store.list_games():
        renumber(store, get_game(row.game, row.engine_version), row.id)
        count += 1
    return count


def mailed_seq(store: EventLog, game_id: str, reader: str, text: str) -> int:
    """Return the seq a number in one of our Message-IDs or addresses names: "n42" is the
    reader's own number 42 (mail since numbers per reader), "42" the log's seq (the game
    master's mail, mail of a finished game, and mail sent before)."""
    if text.startswith("n"):
        return store.reader_seq(game_id, reader, int(text[1:]))
    return int(text)


def mail_number(meta: GameMeta, reader: str, seq: int, number: int) -> str:
    """Return how our Message-IDs and addresses name the event at `seq` for `reader` whose
    number for it is `number`: "n" and the number while it is numbered for the reader, else
    the seq (see `mailed_seq`)."""
    return f"n{number}" if reader_key(meta, reader) is not None else str(seq)


def witnessed_seqs(store: EventLog, game_id: str, number: int) -> list[int]:
    """Return the seqs a witness SEQ:HASH kept by anyone may name: a head is shown with its
    reader's number, so its seq is the log's own (the game master's, a finished game's,
    heads kept before numbers per reader) or any reader's number `number` (the hash, keyed
    with the seq, tells which)."""
    from service.game.loading import load_game

    readers = (*load_game(store, game_id).meta.seat_names, SPECTATOR)
    seqs = [number, *(store.reader_seq(game_id, reader, number) for reader in readers)]
    return sorted(set(seqs))
