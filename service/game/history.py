"""A game's history as one seat may read it: whole, or a page at a time.

A line is what the reading seat may see of an event: the event itself, a public summary of a
secret one, or nothing; every event is readable once the game is over. Pages are runs of at
most PAGE_EVENTS events, newest first: `before` asks for the events before a seq, `after` for
those after one (both bounded by the head the page was read at), so a 100,000-event game costs
the same per page as a short one.
"""
from __future__ import annotations

import json
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
            muted: frozenset[str] = frozenset()) -> list[HistoryLine]:
    """Return the history `seat` may read (None: a spectator); everything once the game ended.

    `after` and `upto` limit it to the events after seq `after` up to seq `upto`; "ended"
    means ended by `upto`. `loaded`, the game just after `upto` when the caller has it,
    spares loading it again. The press of the seats in `muted` (whose press the reader
    muted) is left out: a mute filters what one reader reads, the log keeps everything.
    """
    if loaded is None or loaded.seq != upto:
        loaded = load_game(store, game_id, upto=upto)
    game, events = decoded_events(store, game_id, upto, after, loaded.game)
    finished = loaded.meta.finished
    actors = ActorsAsRead(seat, finished)
    lines = []
    for row, item in events:
        actor = actors.shown(row.actor, item)
        if muted_press(item, muted):
            continue
        text = readable_text(game, row.type, item, seat, finished)
        if text is not None:
            lines.append(HistoryLine(row.seq, row.recorded_at, actor, text))
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
    """Return the page of events before seq `before`, after seq `after`, or the newest page,
    up to the head as `seat` may know it, without the press of the seats in `muted`."""
    head = page_reader_seq(store, game, seat)
    c = events_t.c
    query = select(*_COLUMNS).where(c.game_id == game.row.id, c.seq <= head)
    # A log's seqs run from 1 to its head without a gap, so a page is a range of seqs: read
    # as one, it stays a page whatever plan the database picks (a LIMIT alone does not: on a
    # table without statistics PostgreSQL may sort the whole log to keep its newest rows).
    if after is not None:
        low = max(after, 0)
        query = query.where(c.seq > low, c.seq <= low + size).order_by(c.seq).limit(size)
    else:
        upper = head + 1 if before is None else min(before, head + 1)
        query = (query.where(c.seq < upper, c.seq >= upper - size)
                 .order_by(c.seq.desc()).limit(size))
    with store.connect() as conn:
        rows = sorted(conn.execute(query).all(), key=lambda row: row[0])
        # a page may begin inside a standing answer's events: whose answer they are is told
        # by its order, before the page
        earlier = (_standing_seat_before(conn, game.row.id, rows[0][0])
                   if rows and rows[0][4] == STANDING_ACTOR else "")
    lines = readable_lines(game.loaded.game, rows, seat, game.loaded.meta.finished, earlier,
                           muted)
    first = rows[0][0] if rows else (after or 0) + 1
    last = rows[-1][0] if rows else first - 1
    return HistoryPage(lines, first if first > 1 else None, last if last < head else None,
                       first, last)


def reader_seq(store: LogWithConnections, game: Game[Any], game_id: str, seat: str | None, upto: int,
               finished: bool) -> int:
    """Return the seq of the newest event up to `upto` that `seat` (None: a spectator) may
    know happened: the log's head as this reader may know it (the head itself once the game
    ended).

    The raw head counts events the reader may not see: another seat's sealed answer in an
    Illuminati window, a standing order set, private press. Shown as it is, its seq and hash
    would change under the reader's eyes with nothing new to read, and tell that someone did
    something private; every seq and head a seat or spectator is shown stops here instead.
    Reads backwards from `upto`, the newest few events first (the newest is known to most
    readers), at most READER_SCAN events in all, so every page stays a bounded read. After
    a longer run of events the reader may not know of (a long private exchange of press), it
    answers the oldest event read: READER_SCAN events before `upto`.
    """
    return upto if finished else _reader_event(store, game, game_id, seat, upto)[0]


def _reader_event(store: LogWithConnections, game: Game[Any], game_id: str, seat: str | None,
                  upto: int) -> tuple[int, str]:
    """Return the seq and hash of the newest event up to `upto` known to `seat` (see
    `reader_seq`); (0, "") when the log holds none."""
    c = events_t.c
    upper, size, oldest = upto, 8, (0, "")
    with store.connect() as conn:
        while upper > 0 and upto - upper < READER_SCAN:
            size = min(size, READER_SCAN - (upto - upper))
            rows = conn.execute(select(c.seq, c.type, c.schema_version, c.payload, c.hash)
                                .where(c.game_id == game_id, c.seq > upper - size,
                                       c.seq <= upper).order_by(c.seq.desc()))
            for seq, name, version, payload, hashed in rows:
                events = SERVICE_EVENTS if is_service_event(name) else game.events
                if known_to(game, name, events.load(name, json.loads(payload), version), seat):
                    return int(seq), str(hashed)
                oldest = int(seq), str(hashed)
            upper, size = upper - size, READER_SCAN
    return oldest


_READERS: dict[tuple[str, int, str, str | None], tuple[int, str]] = {}
"""Heads as readers may know them, by (game id, head seq, head hash, reader): a page asks
more than once (the news, the history page, the session's mark); a log only grows."""
_READERS_KEPT = 512


def _page_reader_event(store: LogWithConnections, game: PageGame, seat: str | None) -> tuple[int, str]:
    """Return the seq and hash of the head of a game read for a page as `seat` may know it."""
    row = game.row
    if game.loaded.meta.finished:
        return row.head_seq, row.head_hash
    key = (*game.key, seat)
    found = _READERS.get(key)
    if found is None:
        found = _reader_event(store, game.loaded.game, row.id, seat, row.head_seq)
        if len(_READERS) >= _READERS_KEPT:
            _READERS.clear()
        _READERS[key] = found
    return found


def page_reader_seq(store: LogWithConnections, game: PageGame, seat: str | None) -> int:
    """Return the head of a game read for a page as `seat` may know it (see `reader_seq`)."""
    return _page_reader_event(store, game, seat)[0]


def reader_head(store: LogWithConnections, game: PageGame, seat: str | None) -> Head | None:
    """Return the head of the log `seat` may witness: the game's head as the seat may know it."""
    seq, hashed = _page_reader_event(store, game, seat)
    if seq == game.row.head_seq:
        return game.head
    if not hashed:
        return head_at(store, game.row.id, seq)
    return Head(seq, keyed(game.row.seed, game.row.id, seq, hashed))


def lines_before(store: LogWithConnections, loaded: LoadedGame, seat: str | None,
                 count: int, muted: frozenset[str] = frozenset()) -> list[HistoryLine]:
    """Return the lines `seat` may read of the `count` events up to the loaded game's seq, as
    the game stood then (everything, if it had ended by then): one bounded read."""
    c = events_t.c
    query = (select(*_COLUMNS)
             .where(c.game_id == loaded.meta.id, c.seq > loaded.seq - count,
                    c.seq <= loaded.seq)
             .order_by(c.seq))
    with store.connect() as conn:
        rows = list(conn.execute(query))
    return readable_lines(loaded.game, rows, seat, loaded.meta.finished, muted=muted)


def _standing_seat_before(conn: Connection, game_id: str, seq: int) -> str:
    """Return the seat of the last order given by a standing answer before event `seq`."""
    c = events_t.c
    found = conn.execute(select(c.payload).where(
        c.game_id == game_id, c.seq < seq, c.type == "order.accepted",
        c.actor == STANDING_ACTOR).order_by(c.seq.desc()).limit(1)).scalar()
    return str(json.loads(found)["seat"]) if found else ""


def readable_lines(game: Game[Any], rows: list[Any], seat: str | None,
                   finished: bool, standing_seat: str = "",
                   muted: frozenset[str] = frozenset()) -> list[HistoryLine]:
    """Return the lines `seat` may read of the stored rows (seq, type, version, payload,
    actor, recorded_at), in their order, without the press of the seats in `muted`;
    `standing_seat` answered by a standing answer the order whose events the rows may begin
    with."""
    lines = []
    actors = ActorsAsRead(seat, finished)
    actors.seat = standing_seat
    for seq, name, version, payload, actor, recorded_at in rows:
        events = SERVICE_EVENTS if is_service_event(name) else game.events
        item = events.load(name, json.loads(payload), version)
        shown = actors.shown(actor, item)
        if muted_press(item, muted):
            continue
        text = readable_text(game, name, item, seat, finished)
        if text is not None:
            lines.append(HistoryLine(seq, recorded_at, shown, text))
    return lines


def news_since(store: LogWithConnections, game: PageGame, seat: str | None, last_seen: int | None,
               first_visit_lines: int, muted: frozenset[str] = frozenset(),
               ) -> tuple[list[HistoryLine], bool]:
    """Return the lines since seq `last_seen` (at most a page; on a first visit, the newest
    `first_visit_lines`), and whether more happened since than is shown (without the press
    of the seats in `muted`)."""
    if last_seen is None:
        page = history_page(store, game, seat, size=max(first_visit_lines, PAGE_EVENTS),
                            muted=muted)
        return page.lines[-first_visit_lines:], False
    if last_seen >= page_reader_seq(store, game, seat):
        return [], False
    page = history_page(store, game, seat, size=PAGE_EVENTS, muted=muted)
    lines = [line for line in page.lines if line.seq > last_seen]
    return lines, page.first_seq > last_seen + 1
