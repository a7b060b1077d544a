"""The other pages a player or visitor reads cost the same few statements at any log length
(a history page, the API's history, a finished game's public page, a step of its replay) and
whatever the number of games (the lobby and "my games" read their games together)."""
from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from service.game.history import PAGE_EVENTS, reader_number
from service.game.kept import forget_games
from service.game.loading import load_game
from service.seats.master import end_game
from service.store.store import Store
from service.web.seatparts import forget_parts

from .conftest import new_game, seat_path
from .test_page_reads import LENGTHS, bounded, grow_log, statements

SEQ_BOUND = re.compile(r"seq\s*(<=|>=|<|>)\s*(-?\d+)")


def ranged(sql: str) -> bool:
    """Return whether a statement reads the log only within a narrow range of seqs (or reads
    no log, or only press through the type index): bounded whatever plan the database picks,
    as a LIMIT alone is not (PostgreSQL may sort a whole log to keep its newest rows)."""
    flat = " ".join(sql.split()).lower()
    if "from events" not in flat or "'press.sent'" in flat:
        return True
    bounds = [(op, int(value)) for op, value in SEQ_BOUND.findall(flat)]
    lows = [value + (op == ">") for op, value in bounds if op.startswith(">")]
    highs = [value - (op == "<") for op, value in bounds if op.startswith("<")]
    return bool(lows and highs) and min(highs) - max(lows) < 2 * PAGE_EVENTS


def cold_reads(store: Store, client: FlaskClient, url: str,
               headers: dict[str, str] | None = None) -> list[str]:
    """Return the statements of one GET of `url` by a process that has not shown the game."""
    forget_games()
    forget_parts()
    with statements(store) as seen:
        assert client.get(url, headers=headers or {}).status_code == 200
    return [sql for sql in seen
            if sql.split()[0].upper() not in {"BEGIN", "COMMIT", "ROLLBACK", "PRAGMA"}]


def test_history_pages_read_the_same_bounded_statements_at_any_length(
        app: Flask, client: FlaskClient, store: Store) -> None:
    counts = {}
    for length in LENGTHS:
        loaded = new_game(store)
        grow_log(store, loaded.meta.id, length)
        path = seat_path(app, loaded, "bruno")
        token = {"Authorization": "Bearer " + path.rsplit("/", 1)[1]}
        api = f"/api/v1/games/{loaded.meta.id}/seats/bruno/history"
        page = cold_reads(store, client, path + "/history")
        answer = cold_reads(store, client, api, token)
        assert all(bounded(sql) and ranged(sql) for sql in page + answer), page + answer
        assert not any("press.sent" in sql for sql in page)  # the summary needs no press
        counts[length] = (len(page), len(answer))
    assert counts[LENGTHS[0]] == counts[LENGTHS[1]], counts


def test_the_api_gives_the_history_a_page_at_a_time(app: Flask, client: FlaskClient,
                                                    store: Store) -> None:
    loaded = new_game(store)
    grow_log(store, loaded.meta.id, 180)
    path = seat_path(app, loaded, "bruno")
    token = {"Authorization": "Bearer " + path.rsplit("/", 1)[1]}
    api = f"/api/v1/games/{loaded.meta.id}/seats/bruno/history"
    # bruno's own numbers: the log less the events he may not know of (others' deadlines)
    head = reader_number(store, load_game(store, loaded.meta.id).meta, "bruno", 180)
    newest = client.get(api, headers=token).get_json()
    assert [line["seq"] for line in newest["lines"]] == list(range(head - PAGE_EVENTS + 1,
                                                                   head + 1))
    assert newest["newer"] is None and newest["older"] == head - PAGE_EVENTS + 1
    older = client.get(f"{api}?before={newest['older']}", headers=token).get_json()
    assert [line["seq"] for line in older["lines"]] == list(
        range(head - 2 * PAGE_EVENTS + 1, head - PAGE_EVENTS + 1))
    assert older["newer"] == head - PAGE_EVENTS
    back = client.get(f"{api}?after={older['newer']}", headers=token).get_json()
    assert back["lines"] == newest["lines"]
    for bad in ("before=-3", "after=abc", "before="):
        answer = client.get(f"{api}?{bad}", headers=token)
        assert answer.status_code == 400 and answer.get_json()["code"] == "bad-seq", bad


def test_a_finished_games_public_pages_read_the_same_statements_at_any_length(
        app: Flask, client: FlaskClient, store: Store) -> None:
    counts = {}
    for length in LENGTHS:
        loaded = new_game(store)
        game_id = loaded.meta.id
        grow_log(store, game_id, length)
        middle = seat_path(app, loaded, "anna") + f"/replay/{length // 2}"
        end_game(store, game_id, "")
        public = cold_reads(store, client, f"/games/{game_id}")
        assert all(bounded(sql) and ranged(sql) for sql in public), public
        step = cold_reads(store, client, f"/games/{game_id}/replay/{length // 2}")
        own_step = cold_reads(store, client, middle)
        # The state at a step is folded from the newest snapshot before it: with none kept
        # that far back, that one read spans the log up to the step; nothing else does.
        assert len([sql for sql in step if not bounded(sql)]) <= 1, step
        assert len([sql for sql in own_step if not bounded(sql)]) <= 1, own_step
        counts[length] = (len(public), len(step), len(own_step))
    assert counts[LENGTHS[0]] == counts[LENGTHS[1]], counts


def test_a_finished_games_history_goes_back_a_page_at_a_time(
        client: FlaskClient, store: Store) -> None:
    loaded = new_game(store)
    grow_log(store, loaded.meta.id, 180)
    end_game(store, loaded.meta.id, "")
    newest = client.get(f"/games/{loaded.meta.id}").get_data(as_text=True)
    seqs = [int(seq) for seq in re.findall(r'<span class="seq">(\d+)</span>', newest)]
    assert seqs == list(range(182 - PAGE_EVENTS + 1, 183))  # the end's two events last
    older = re.search(r'href="([^"]+)" rel="prev">Older', newest)
    assert older is not None and "Newer events" not in newest
    page = client.get(older.group(1).replace("&amp;", "&")).get_data(as_text=True)
    seqs = [int(seq) for seq in re.findall(r'<span class="seq">(\d+)</span>', page)]
    assert seqs == list(range(182 - 2 * PAGE_EVENTS + 1, 182 - PAGE_EVENTS + 1))
    assert 'rel="next">Newer events' in page


def test_lists_of_games_read_the_same_statements_for_few_games_and_many(
        client: FlaskClient, store: Store) -> None:
    from service.web.lobbylines import forget_lines
    from service.web.me import ME_KEY

    with client.session_transaction() as session:
        session[ME_KEY] = "anna@example.org"
    counts = {}
    for total in (3, 12):
        while len(store.list_games()) < total:
            new_game(store)
        forget_lines()
        # the lines made are written back in one executemany, which SQLite traces per row
        lobby = [sql for sql in cold_reads(store, client, "/")
                 if not sql.lower().startswith("insert into lobby_lines")]
        mine = cold_reads(store, client, "/me")
        assert text_of(client, "/me").count("/play/") >= total
        counts[total] = (len(lobby), len(mine))
    assert counts[3] == counts[12], counts
    # the rows of the newest games and of the open tables, their stored lines, then the
    # snapshots and the tails of the games without one, all games at once; and the
    # tournaments taking entrants (one bounded read)
    assert counts[3][0] == 6, counts


def text_of(client: FlaskClient, url: str) -> str:
    """Return the page at `url`."""
    return client.get(url).get_data(as_text=True)


def test_seat_pages_read_the_log_in_ranges_of_seqs(app: Flask, client: FlaskClient,
                                                   store: Store) -> None:
    from service.seats.master import set_spectators

    loaded = new_game(store)
    set_spectators(store, loaded.meta.id, True)
    grow_log(store, loaded.meta.id, 2500)
    path = seat_path(app, loaded, "bruno")
    for url in (path, path + "/history", path + f"/history?before={1200}",
                path + "/history?after=700", path + "/snapshot.pdf",
                f"/games/{loaded.meta.id}/watch"):
        seen = cold_reads(store, client, url)
        assert all(ranged(sql) for sql in seen), (url, seen)
