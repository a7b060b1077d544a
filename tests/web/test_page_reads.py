"""A page is one read: the SQL a seat page, its history and its PDF cost does not grow with the log."""
from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from service.game.history import PAGE_EVENTS, reader_number
from service.game.kept import forget_games
from service.game.loading import SNAPSHOT_EVERY, load_game, maybe_snapshot
from service.game.numbers import SPECTATOR
from service.seats import master
from service.store.records import Append
from service.store.store import NewEvent, Store
from service.web.seatparts import forget_parts

from .conftest import new_game, seat_path
from .helpers import text

LENGTHS = (100, 5000)


def grow_log(store: Store, game_id: str, events: int) -> None:
    """Append mail-setting changes of bruno's (which no other reader may know of, counted
    as the service's appends count them) until the log holds `events` events; snapshot it,
    as the worker does after an order."""
    last = store.last_seq(game_id)
    others = [*(seat for seat in load_game(store, game_id).meta.seat_names if seat != "bruno"),
              SPECTATOR]
    while last < events:
        batch = [NewEvent("seat.preferences", {"seat": "bruno", "notify": kind,
                                               "mute_press": False, "timezone": ""},
                          actor="bruno")
                 for kind in ("every", "digest") * 250][:events - last]
        hidden = [(seq, seat) for seq in range(last + 1, last + len(batch) + 1)
                  for seat in others]
        store.append(Append(game_id, last, batch, hidden=hidden))
        last += len(batch)
    loaded = load_game(store, game_id, use_snapshots=False)
    maybe_snapshot(store, loaded, store.log_end(game_id)[1])


@contextmanager
def statements(store: Store) -> Iterator[list[str]]:
    """Collect the SQL statements SQLite runs inside the block, as the driver sends them
    (parameters filled in), whichever way the code reaches the driver."""
    seen: list[str] = []

    def trace(dbapi_connection: Any, *_: Any) -> None:
        dbapi_connection.set_trace_callback(seen.append)

    def untrace(dbapi_connection: Any, *_: Any) -> None:
        dbapi_connection.set_trace_callback(None)

    pool = store._engine.pool
    event.listen(pool, "checkout", trace)
    event.listen(pool, "checkin", untrace)
    try:
        yield seen
    finally:
        event.remove(pool, "checkout", trace)
        event.remove(pool, "checkin", untrace)


def reads(store: Store, client: FlaskClient, url: str) -> list[str]:
    """Return the statements one GET of `url` runs (transaction control left out)."""
    with statements(store) as seen:
        assert client.get(url).status_code == 200
    return [sql for sql in seen
            if sql.split()[0].upper() not in {"BEGIN", "COMMIT", "ROLLBACK", "PRAGMA"}]


def bounded(sql: str) -> bool:
    """Return whether a statement reads a bounded part of the log (or no log at all): a
    LIMIT, or a seq range no wider than the distance between snapshots."""
    flat = " ".join(sql.split()).lower()
    if "from events" not in flat or " limit " in flat:
        return True
    low, high = re.search(r"seq > (\d+)", flat), re.search(r"seq <= (\d+)", flat)
    return bool(low and high and 0 <= int(high[1]) - int(low[1]) <= SNAPSHOT_EVERY)


def test_a_seat_page_reads_the_same_few_statements_at_any_length(
        app: Flask, client: FlaskClient, store: Store) -> None:
    counts = {}
    for length in LENGTHS:
        loaded = new_game(store)
        master.set_spectators(store, loaded.meta.id, True)
        grow_log(store, loaded.meta.id, length)
        path = seat_path(app, loaded, "anna")
        forget_games()
        forget_parts()
        first = reads(store, client, path)  # first visit, nothing cached
        again = reads(store, client, path)  # unchanged: the cached game and parts
        history = reads(store, client, path + "/history")
        watch = reads(store, client, f"/games/{loaded.meta.id}/watch")
        unbounded = [sql for sql in first + again + history + watch if not bounded(sql)]
        assert not unbounded
        counts[length] = (len(first), len(again), len(history), len(watch))
    assert counts[LENGTHS[0]] == counts[LENGTHS[1]], counts
    n_first, n_again, n_history, n_watch = counts[LENGTHS[0]]
    # first visit: the games row, snapshot, tail, newest events, press, the head as anna
    # may know it (her counts, one statement of two indexed rows, then the head's event), the
    # page's first and last seqs, and whose press anna muted (one indexed read of `moderation`,
    # on every visit); then the row and the mutes; the history page's seqs, events and the
    # mutes; the spectator's known head is counted and read the same way
    assert n_first <= 10 and n_again <= 2 and n_history <= 4 and n_watch <= 5, counts
    print("statements per request (first visit, again, history, watch):", counts)


def test_history_pages_walk_back_a_page_at_a_time(app: Flask, client: FlaskClient,
                                                  store: Store) -> None:
    loaded = new_game(store)
    grow_log(store, loaded.meta.id, 180)
    head = reader_number(store, load_game(store, loaded.meta.id).meta, "bruno", 180)
    assert 180 - 10 < head <= 180  # the deadlines of others' decisions are theirs
    path = seat_path(app, loaded, "bruno")
    newest = text(client.get(path + "/history"))
    seqs = [int(seq) for seq in re.findall(r'<span class="seq">(\d+)</span>', newest)]
    assert seqs == list(range(head - PAGE_EVENTS + 1, head + 1))
    older = re.search(r'href="([^"]+)" rel="prev">Older', newest)
    assert older is not None and "Newer events" not in newest
    page = text(client.get(older.group(1).replace("&amp;", "&")))
    seqs = [int(seq) for seq in re.findall(r'<span class="seq">(\d+)</span>', page)]
    assert seqs == list(range(head - 2 * PAGE_EVENTS + 1, head - PAGE_EVENTS + 1))
    assert 'rel="next">Newer events' in page
    # bruno's mail settings are his alone: anna's history numbers only what she may know
    # of, so her newest page is the start of the game, numbered from 1 without a gap
    anna = text(client.get(seat_path(app, loaded, "anna") + "/history"))
    hers = [int(seq) for seq in re.findall(r'<span class="seq">(\d+)</span>', anna)]
    assert hers == list(range(1, len(hers) + 1)) and len(hers) < 20
    assert "notify" not in anna.lower() and 'rel="prev">Older' not in anna


def test_the_pdf_is_rendered_once_per_head_and_seat(app: Flask, client: FlaskClient,
                                                    store: Store) -> None:
    loaded = new_game(store)
    path = seat_path(app, loaded, "anna")
    first = client.get(path + "/snapshot.pdf").data
    with statements(store) as seen:
        again = client.get(path + "/snapshot.pdf").data
    assert again == first and first.startswith(b"%PDF-")
    assert not any("insert" in sql.lower() for sql in seen)  # read back, not rendered again
    bruno = client.get(seat_path(app, loaded, "bruno") + "/snapshot.pdf").data
    assert bruno != first


def test_the_lobby_reads_the_newest_rows_once_and_loads_only_games_that_moved(
        client: FlaskClient, store: Store) -> None:
    from service.web.lobbylines import forget_lines

    games = [new_game(store) for _ in range(6)]
    forget_games()
    forget_lines()
    first = reads(store, client, "/")
    assert any(" limit " in " ".join(sql.split()).lower() and "from games" in sql.lower()
               for sql in first)
    assert any("insert into lobby_lines" in sql.lower() for sql in first)
    again = reads(store, client, "/")
    # the rows only, and the tournaments taking entrants (one bounded read)
    assert again and all("from games" in sql.lower() or "from tournaments" in sql.lower()
                         for sql in again)
    forget_games()
    forget_lines()  # a process that never showed the lobby reads the lines others stored
    other = reads(store, client, "/")
    assert any("from lobby_lines" in sql.lower() for sql in other)
    assert not any("from events" in sql.lower() or "insert" in sql.lower() for sql in other)
    moved = games[2].meta.id
    store.append(Append(moved, store.last_seq(moved),
                        [NewEvent("seat.preferences", {"seat": "bruno", "notify": "digest",
                                                       "mute_press": False, "timezone": ""},
                                  actor="bruno")]))
    after = reads(store, client, "/")
    loads = [sql for sql in after if "from games" not in sql.lower()
             and "lobby_lines" not in sql.lower() and "from tournaments" not in sql.lower()]
    assert loads and all(f"'{moved}'" in sql for sql in loads), after