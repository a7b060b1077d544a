"""A game's history as one seat may read it: whole, or a page at a time.

A line is what the reading seat may see of an event: the event itself, a public summary of a
secret one, or nothing; every event is readable once the game is over. Pages are runs of at
most PAGE_EVENTS events, newest first: `before` asks for the events before a seq, `after` for
those after one (both bounded by the head the page was read at), so a 100,000-event game costs
the same per page as a short one.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, select

from engine.core import Game, get_game
from service.game.current import LogWithConnections, PageGame
from service.game.events import (
    SERVICE_EVENTS,
    STANDING_ACTOR,
    OrderAccepted,
    PressSent,
    describe_service_event,
    is_service_event,
    service_audience,
)
from service.game.loading import LoadedGame, UnknownGameId, load_game
from service.game.meta import GameMeta
from service.game.numbers import (
    SPECTATOR,
    not_hidden,
    number_expression,
    number_of,
    reader_key,
    seq_expression,
    seq_of,
)
from service.game.witness import Head, head_at, keyed
from service.store.records import StoredEvent
from service.store.roles import EventLog
from service.store.schema import events as events_t


@dataclass(frozen=True)
class HistoryLine:
    """One line of a game's history as one seat may read it."""

    seq: int
    recorded_at: str
    actor: str
    text: str


def decoded_events(store: EventLog, game_id: str, upto: int | None = None, after: int = 0,
                   game: Game[Any] | None = None,
                   ) -> tuple[Game[Any], list[tuple[StoredEvent, Any]]]:
    """Return the game's rules and its stored events after `after` up to `upto`, decoded.

    `game`, the game's rules when the caller has them, spares reading its row.
    """
    if game is None:
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


def history(store: EventLog, game_id: str, seat: str | None, *, after: int = 0,
            upto: int | None = None, loaded: LoadedGame | None = None,
            base: int = 0, muted: frozenset[str] = frozenset()) -> list[HistoryLine]:
    """Return the history `seat` may read (None: a spectator); everything once the game ended.

    `after` and `upto` limit it to the events after seq `after` up to seq `upto`; "ended"
    means ended by `upto`. `loaded`, the game just after `upto` when the caller has it,
    spares loading it again. Lines carry the reader's numbers (`service.game.numbers`):
    the n-th line it may read is line n, counted from `base`, the reader's number of the
    event at `after` (0 from the start); once the game ended, the log's own seqs. The press
    of the seats in `muted` (whose press the reader muted) is left out, its number kept: a
    mute filters what one reader reads, the log keeps everything.
    """
    if loaded is None or loaded.seq != upto:
        loaded = load_game(store, game_id, upto=upto)
    game, events = decoded_events(store, game_id, upto, after, loaded.game)
    finished = loaded.meta.finished
    numbered = reader_key(loaded.meta, seat) is not None
    actors = ActorsAsRead(seat, finished)
    lines = []
    for row, item in events:
        actor = actors.shown(row.actor, item)
        text = readable_text(game, row.type, item, seat, finished)
        if text is not None:  # a line for each event the reader may know of, and no other
            base += 1
            if muted_press(item, muted):
                continue
            lines.append(HistoryLine(base if numbered else row.seq, row.recorded_at, actor,
                                     text))
    return lines


class ActorsAsRead:
    """Who acted, as a reader is told it: a standing answer is recorded as such (actor
    `standing`), but to every other seat it reads as the seat's own order, given the moment it
    was asked, which is all they could tell (its seat and, once the game is over, everyone
    read the record as it is)."""

    def __init__(self, reader: str | None, finished: bool) -> None:
        self.reader, self.finished = reader, finished
        self.seat = ""

    def shown(self, actor: str, item: Any) -> str:
        """Return the actor of the next event (in log order) as the reader is told it."""
        if actor != STANDING_ACTOR:
            return actor
        if isinstance(item, OrderAccepted):  # the events after it are that answer's
            self.seat = item.seat
        if self.finished or not self.seat or self.reader == self.seat:
            return actor
        return self.seat


def muted_press(item: Any, muted: frozenset[str]) -> bool:
    """Return whether the event is press from a seat the reader muted."""
    return bool(muted) and isinstance(item, PressSent) and item.sender in muted


def readable_text(game: Game[Any], name: str, item: Any, seat: str | None,
                  finished: bool) -> str | None:
    """Return how an event reads for `seat`: in full, as its public summary, or None when
    the seat may not see it at all (everything reads in full once the game ended)."""
    service = is_service_event(name)
    audience = service_audience(item) if service else game.visibility(item)
    if finished or audience.allows(seat):
        return describe_service_event(item) if service else game.describe(item)
    return audience.summary or None


def known_to(game: Game[Any], name: str, item: Any, seat: str | None) -> bool:
    """Return whether `seat` may know that the event happened: it is in the event's audience
    (even when the event reads as no line), or the event has a public summary."""
    audience = service_audience(item) if is_service_event(name) else game.visibility(item)
    return audience.allows(seat) or bool(audience.summary)


def json_lines(lines: list[HistoryLine]) -> str:
    """Return history lines as JSON text."""
    return json.dumps([line.__dict__ for line in lines], indent=2)


PAGE_EVENTS = 50
"""Events per history page."""
READER_SCAN = 50
"""Events `reader_seq` reads back at most: a read no wider than a snapshot's distance."""
_COLUMNS = (events_t.c.seq, events_t.c.type, events_t.c.schema_version, events_t.c.payload,
            events_t.c.actor, events_t.c.recorded_at)


@dataclass(frozen=True)
class HistoryPage:
    """Lines of one page (oldest first) and the seqs that lead to the older and newer pages."""

    lines: list[HistoryLine]
    older: int | None
    """Ask for `before=older` to see the page before this one (None: this is the first)."""
    newer: int | None
    """Ask for `after=newer` to see the page after this one (None: this is the newest)."""
    first_seq: int
    last_seq: int


def history_page(store: LogWithConnections, game: PageGame, seat: str | None, *, before: int | None = None,
                 after: int | None = None, size: int = PAGE_EVENTS,
                 muted: frozenset[str] = frozenset()) -> HistoryPage:
    """Return the page of events before number `before`, after number `after`, or the newest
    page, up to the head as `seat` may know it, without the press of the seats in `muted`
    (their numbers kept). Numbers are the reader's own
    (`service.game.numbers`): the page holds only events the reader may know of, and its
    line n is the n-th of them."""
    row, meta = game.row, game.loaded.meta
    reader = reader_key(meta, seat)
    head, head_seq = page_reader_number(store, game, seat), page_reader_seq(store, game, seat)
    # The reader's numbers run from 1 to its head without a gap, so a page is a range of
    # them, and that is a range of seqs less the reader's hidden rows: read as one, it stays
    # a page whatever plan the database picks (a LIMIT alone does not: on a table without
    # statistics PostgreSQL may sort the whole log to keep its newest rows).
    if after is not None:
        low = min(max(after, 0), head)
        high = min(low + size, head)
    else:
        high = head if before is None else min(max(before, 1) - 1, head)
        low = max(high - size, 0)
    c = events_t.c
    with store.connect() as conn:
        # the seqs of the page's first and last numbers (two indexed rows), then its events:
        # a range of seqs, less the reader's hidden events in it
        after_seq = seq_of(conn, row.id, reader, low)
        last_seq = min(seq_of(conn, row.id, reader, high), head_seq)
        query = select(*_COLUMNS).where(c.game_id == row.id, c.seq > after_seq,
                                        c.seq <= last_seq)
        known = not_hidden(row.id, reader, c.seq)
        if known is not None:
            query = query.where(known)
        rows = list(conn.execute(query.order_by(c.seq).limit(size)).all())
        standing = _standing_orders(conn, row.id, rows)
    lines = readable_lines(game.loaded.game, rows, seat, meta.finished,
                           first=low + 1 if reader is not None else None, muted=muted,
                           standing=standing)
    first, last = low + 1, high
    return HistoryPage(lines, first if first > 1 else None, last if last < head else None,
                       first, last)


def reader_number(store: LogWithConnections, meta: GameMeta, seat: str | None, seq: int) -> int:
    """Return the number `seat` (None: a spectator) reads for the event at `seq` (for the
    newest event up to `seq` it may know of): see `service.game.numbers`."""
    with store.connect() as conn:
        return number_of(conn, meta.id, reader_key(meta, seat), seq)


def reader_seq(store: LogWithConnections, game: Game[Any], game_id: str, seat: str | None, upto: int,
               finished: bool) -> int:
    """Return the seq of the newest event up to `upto` that `seat` (None: a spectator) may
    know happened: the log's head as this reader may know it (the head itself once the game
    ended).

    The raw head counts events the reader may not see: another seat's sealed answer in an
    Illuminati window, a standing order set, private press. Shown as it is, its seq and hash
    would change under the reader's eyes with nothing new to read, and tell that someone did
    something private; every seq and head a seat or spectator is shown stops here instead.
    One read of the reader's counts (`service.game.numbers`), however long the run of
    events it may not know of.
    """
    if finished:
        return upto
    return _reader_event(store, game_id, seat if seat is not None else SPECTATOR, upto)[0]


def _reader_event(store: LogWithConnections, game_id: str, reader: str | None,
                  upto: int) -> tuple[int, str, int]:
    """Return the seq, hash and reader's number of the newest event up to `upto` known to
    `reader` (see `reader_seq`); (0, "", 0) when the log holds none."""
    c = events_t.c
    number = number_expression(game_id, reader, upto)
    with store.connect() as conn:
        # the reader's counts first, then the one event: each read an indexed row
        counted = conn.execute(select(number, seq_expression(game_id, reader, number))).one()
        number_read, seq = int(counted[0]), min(int(counted[1]), upto)
        hashed = conn.execute(select(c.hash).where(c.game_id == game_id, c.seq > seq - 1,
                                                   c.seq <= seq)).scalar()
    return (seq, str(hashed), number_read) if hashed is not None else (0, "", 0)


_READERS: dict[tuple[str, int, str, str | None], tuple[int, str, int]] = {}
"""Heads as readers may know them, by (game id, head seq, head hash, reader): a page asks
more than once (the news, the history page, the session's mark); a log only grows."""
_READERS_KEPT = 512


def _page_reader_event(store: LogWithConnections, game: PageGame, seat: str | None,
                       ) -> tuple[int, str, int]:
    """Return the seq, hash and reader's number of the head of a game read for a page as
    `seat` may know it."""
    row = game.row
    reader = reader_key(game.loaded.meta, seat)
    if reader is None:
        return row.head_seq, row.head_hash, row.head_seq
    key = (*game.key, reader)
    found = _READERS.get(key)
    if found is None:
        found = _reader_event(store, row.id, reader, row.head_seq)
        if len(_READERS) >= _READERS_KEPT:
            _READERS.clear()
        _READERS[key] = found
    return found


def page_reader_seq(store: LogWithConnections, game: PageGame, seat: str | None) -> int:
    """Return the head of a game read for a page as `seat` may know it (see `reader_seq`)."""
    return _page_reader_event(store, game, seat)[0]


def page_reader_number(store: LogWithConnections, game: PageGame, seat: str | None) -> int:
    """Return the reader's number of that head: how many events `seat` may know of."""
    return _page_reader_event(store, game, seat)[2]


def reader_head(store: LogWithConnections, game: PageGame, seat: str | None) -> Head | None:
    """Return the head of the log `seat` may witness: the game's head as the seat may know it."""
    seq, hashed, number = _page_reader_event(store, game, seat)
    if seq <= 0:
        return None
    at = seq if number != seq else 0
    if seq == game.row.head_seq and game.head is not None:
        return Head(number, game.head.hash, at)
    return Head(number, keyed(game.row.seed, game.row.id, seq, hashed), at)


def reader_seq_of(store: LogWithConnections, meta: GameMeta, seat: str | None,
                  number: int) -> int:
    """Return the seq of the event `seat` reads as its `number` (see `reader_number`)."""
    with store.connect() as conn:
        return seq_of(conn, meta.id, reader_key(meta, seat), number)


def reader_head_at(store: LogWithConnections, loaded: LoadedGame, seat: str | None,
                   upto: int) -> Head | None:
    """Return the head `seat` may witness of the log up to `upto` (as the loaded game stood
    then): its newest event it may know of, numbered for it."""
    reader = reader_key(loaded.meta, seat)
    if reader is not None:  # its seq, hash and number in one go (two indexed reads)
        seq, hashed, number = _reader_event(store, loaded.meta.id, reader, upto)
        row = loaded.row if loaded.row is not None else store.get_game(loaded.meta.id)
        if seq <= 0 or row is None:
            return None
        return Head(number, keyed(row.seed, loaded.meta.id, seq, hashed),
                    seq if number != seq else 0)
    seq = reader_seq(store, loaded.game, loaded.meta.id, seat, upto, loaded.meta.finished)
    head = head_at(store, loaded.meta.id, seq)
    if head is None:
        return None
    number = reader_number(store, loaded.meta, seat, seq)
    return Head(number, head.hash, seq if number != seq else 0)


def lines_before(store: LogWithConnections, loaded: LoadedGame, seat: str | None,
                 count: int, muted: frozenset[str] = frozenset()) -> list[HistoryLine]:
    """Return the lines `seat` may read of the `count` events it may know of up to the loaded
    game's seq, as the game stood then (everything, if it had ended by then), with its
    numbers: one bounded read."""
    c, game_id = events_t.c, loaded.meta.id
    reader = reader_key(loaded.meta, seat)
    with store.connect() as conn:
        number = number_of(conn, game_id, reader, loaded.seq)
        low = max(number - count, 0)
        query = select(*_COLUMNS).where(c.game_id == game_id, c.seq <= loaded.seq,
                                        c.seq > seq_of(conn, game_id, reader, low))
        known = not_hidden(game_id, reader, c.seq)
        if known is not None:
            query = query.where(known)
        rows = list(conn.execute(query.order_by(c.seq).limit(count)))
        standing = _standing_orders(conn, game_id, rows)
    return readable_lines(loaded.game, rows, seat, loaded.meta.finished,
                          first=low + 1 if reader is not None else None, muted=muted,
                          standing=standing)


def _standing_orders(conn: Connection, game_id: str, rows: list[Any]) -> list[tuple[int, str]]:
    """Return (seq, seat) of the orders given by standing answers that the events of `rows`
    (in log order) may follow: the last before the first standing event, and those up to the
    last row. A page leaves out the events its reader may not know of, the order itself often
    among them, yet its events read as that seat's own (two indexed reads, only when the rows
    hold an event of a standing answer)."""
    standing = [r[0] for r in rows if r[4] == STANDING_ACTOR]
    if not standing:
        return []
    c = events_t.c
    orders = (c.game_id == game_id) & (c.type == "order.accepted") & (c.actor == STANDING_ACTOR)
    before = conn.execute(select(c.seq, c.payload).where(orders, c.seq < standing[0])
                          .order_by(c.seq.desc()).limit(1)).all()
    within = conn.execute(select(c.seq, c.payload).where(
        orders, c.seq >= standing[0], c.seq <= standing[-1]).order_by(c.seq)).all()
    return [(seq, str(json.loads(payload)["seat"])) for seq, payload in [*before, *within]]


def readable_lines(game: Game[Any], rows: list[Any], seat: str | None,
                   finished: bool, standing_seat: str = "", *,
                   first: int | None = None, muted: frozenset[str] = frozenset(),
                   standing: Sequence[tuple[int, str]] = ()) -> list[HistoryLine]:
    """Return the lines `seat` may read of the stored rows (seq, type, version, payload,
    actor, recorded_at), in their order; `standing_seat` answered by a standing answer the
    order whose events the rows may begin with. With `first`, the reader's number of the
    first line, the lines are numbered on from it (the rows must then be exactly the events
    the reader may know of); without, by their seqs. The press of the seats in `muted` is
    left out, keeping the numbers of the lines after it. `standing` lists (seq, seat) of the
    orders given by standing answers that the rows may follow (`_standing_orders`), for rows
    that leave those orders out."""
    lines: list[HistoryLine] = []
    counted = 0
    orders = iter(standing)
    following = next(orders, None)
    actors = ActorsAsRead(seat, finished)
    actors.seat = standing_seat
    for seq, name, version, payload, actor, recorded_at in rows:
        while following is not None and following[0] <= seq:
            actors.seat, following = following[1], next(orders, None)
        events = SERVICE_EVENTS if is_service_event(name) else game.events
        item = events.load(name, json.loads(payload), version)
        shown = actors.shown(actor, item)
        text = readable_text(game, name, item, seat, finished)
        if text is not None:
            number = seq if first is None else first + counted
            counted += 1
            if not muted_press(item, muted):
                lines.append(HistoryLine(number, recorded_at, shown, text))
    return lines


def news_since(store: LogWithConnections, game: PageGame, seat: str | None, last_seen: int | None,
               first_visit_lines: int, muted: frozenset[str] = frozenset(),
               ) -> tuple[list[HistoryLine], bool]:
    """Return the lines since the reader's number `last_seen` (at most a page; on a first
    visit, the newest `first_visit_lines`), and whether more happened since than is shown
    (without the press of the seats in `muted`)."""
    if last_seen is None:
        page = history_page(store, game, seat, size=max(first_visit_lines, PAGE_EVENTS),
                            muted=muted)
        return page.lines[-first_visit_lines:], False
    if last_seen >= page_reader_number(store, game, seat):
        return [], False
    page = history_page(store, game, seat, size=PAGE_EVENTS, muted=muted)
    lines = [line for line in page.lines if line.seq > last_seen]
    return lines, page.first_seq > last_seen + 1
