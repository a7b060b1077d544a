"""The log's head as each reader may know it: an event a seat may not read (another seat's
sealed answer in an Illuminati window, a standing order set) moves no seq, head or witness that
seat is shown, in the API, on its pages, in its replay and in its snapshot's file name."""
from __future__ import annotations

import itertools
import random
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from service.game.current import read_game
from service.game.history import page_reader_seq, reader_number, reader_seq
from service.game.loading import LoadedGame, load_game
from service.orders.processing import submit_order
from service.seats.seatcommands import answer
from service.seats.standing import standing_command
from service.store.store import Store
from tests.sealed import give, play_until, private_window

from .conftest import new_game, seat_path
from .test_api import auth


def window(store: Store) -> LoadedGame:
    """Return an Illuminati game with a window open to several seats, none answered yet."""
    return play_until(store, new_game(store, "illuminati").meta.id, private_window, seed=11)


def heads(app: Flask, client: FlaskClient, loaded: LoadedGame, seat: str) -> dict[str, Any]:
    """Return every seq and head `seat` is shown: the API's view, the newest history page (API
    and web), the log head on its page, its replay's last step and its snapshot's file name."""
    game_id, path, headers = loaded.meta.id, seat_path(app, loaded, seat), auth(app, loaded, seat)
    api = client.get(f"/api/v1/games/{game_id}/seats/{seat}", headers=headers).get_json()
    history = client.get(f"/api/v1/games/{game_id}/seats/{seat}/history",
                         headers=headers).get_json()
    page = client.get(path).get_data(as_text=True)
    history_page = client.get(path + "/history").get_data(as_text=True)
    replay = client.get(path + "/replay", follow_redirects=True).get_data(as_text=True)
    pdf = client.get(path + "/snapshot.pdf").headers["Content-Disposition"]
    return {"api": api["seq"], "api-history": [line["seq"] for line in history["lines"]],
            "api-newer": history["newer"],
            "log-head": re.search(r'id="log-head">(.*?)</p>', page, re.DOTALL)[1],  # type: ignore[index]
            "history": re.findall(r"events \d+ to \d+", history_page),
            "replay": re.search(r"event \d+ of (\d+)", replay)[1],  # type: ignore[index]
            "pdf": pdf}


def test_a_sealed_answer_in_a_window_moves_nothing_the_other_seats_are_shown(
        app: Flask, client: FlaskClient, store: Store) -> None:
    loaded = window(store)
    asked = [p.seat for p in loaded.game.prompts(loaded.state)]
    answering, others = asked[0], [s for s in loaded.meta.seat_names if s != asked[0]]
    before = {seat: heads(app, client, loaded, seat) for seat in loaded.meta.seat_names}
    give(store, loaded, answering, random.Random(1))
    after = load_game(store, loaded.meta.id)
    assert after.seq > loaded.seq and not after.meta.finished
    assert any(p.seat == answering and p.submitted for p in after.game.prompts(after.state))
    for seat in others:
        assert heads(app, client, after, seat) == before[seat], seat
    own = heads(app, client, after, answering)
    assert own["api"] == reader_number(store, after.meta, answering, after.seq)
    assert own["api"] != before[answering]["api"]
    assert own["log-head"] != before[answering]["log-head"]


def test_a_standing_order_set_in_private_moves_no_other_seats_head(
        app: Flask, client: FlaskClient, store: Store) -> None:
    loaded = window(store)
    setter, reader = loaded.meta.seat_names[:2]
    before = heads(app, client, loaded, reader)
    standing_command(store, loaded.meta.id, setter, "windows: unless attacked",
                     f"web:{setter}:standing-test")
    after = load_game(store, loaded.meta.id)
    assert after.seq > loaded.seq
    assert heads(app, client, after, reader) == before


def test_every_reader_knows_the_whole_head_once_the_game_is_over(store: Store) -> None:
    loaded = window(store)
    give(store, loaded, loaded.game.prompts(loaded.state)[0].seat, random.Random(1))
    after = load_game(store, loaded.meta.id)
    seats = after.meta.seat_names
    assert min(reader_seq(store, after.game, after.meta.id, seat, after.seq, False)
               for seat in seats) < after.seq
    assert all(reader_seq(store, after.game, after.meta.id, seat, after.seq, True) == after.seq
               for seat in (*seats, None))
    game = read_game(store, after.meta.id)
    assert page_reader_seq(store, game, None) <= after.seq


def test_every_seat_steps_through_its_replay_from_the_first_step(
        app: Flask, client: FlaskClient, store: Store) -> None:
    """A seat's replay opens at the game's first event, before anything is dealt: every game
    shows each seat its view there, whatever the seat has not been given yet."""
    for name in ("secret-masters", "freimaurerei", "castle-of-the-devil", "masons",
                 "illuminati"):
        loaded = new_game(store, name)
        for seat in loaded.meta.seat_names:
            page = client.get(seat_path(app, loaded, seat) + "/replay", follow_redirects=True)
            assert page.status_code == 200, (name, seat)
            assert f"event {loaded.meta.first_seq} of" in page.get_data(as_text=True)


def test_a_seats_own_private_event_in_a_window_counts_no_answer_sealed_since(
        app: Flask, client: FlaskClient, store: Store) -> None:
    """A seat asked in a window writes `timezone` (which nobody else is told) after each
    other seat's sealed answer and reads the number its own event got: the numbers follow
    one another, so it cannot tell "one answer in" from "two answers in"."""
    loaded = window(store)
    game_id = loaded.meta.id
    asked = [p.seat for p in loaded.game.prompts(loaded.state) if not p.submitted]
    reader, answering = asked[-1], asked[:-1]
    assert answering, "another seat is asked in the window too"
    shown, seqs = [], []
    for step in range(len(answering) + 1):
        if step:
            result = submit_order(store, game_id, answering[step - 1], "pass")
            assert result.accepted, result
        zone = ("Europe/Berlin", "Europe/Paris", "Asia/Tokyo", "America/Chicago")[step]
        answer(store, game_id, reader, f"timezone {zone}", f"tz-{step}")
        now = load_game(store, game_id)
        assert any(p.seat == reader and not p.submitted for p in now.game.prompts(now.state))
        seqs.append(now.seq)
        shown.append(heads(app, client, now, reader))
    assert all(later - earlier > 1 for earlier, later in itertools.pairwise(seqs)), \
        f"each step is a sealed answer (its events) and the seat's own event: {seqs}"
    numbers = [seen["api"] for seen in shown]
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers))), numbers
    assert [seen["api-history"][-1] for seen in shown] == numbers, shown
    assert [int(seen["replay"]) for seen in shown] == numbers, shown


def test_an_old_cursor_past_the_readers_newest_number_answers_a_page(
        app: Flask, client: FlaskClient, store: Store) -> None:
    """A history link kept from before numbers per reader names a log seq, which may lie past
    the reader's newest number: `before` answers the newest page, `after` an empty one, and
    a replay step past it a 404; none fails."""
    loaded = window(store)
    give(store, loaded, loaded.game.prompts(loaded.state)[0].seat, random.Random(1))
    now = load_game(store, loaded.meta.id)
    seat = next(s for s in now.meta.seat_names
                if reader_number(store, now.meta, s, now.seq) < now.seq)
    path, headers = seat_path(app, now, seat), auth(app, now, seat)
    api = f"/api/v1/games/{now.meta.id}/seats/{seat}/history"
    newest = client.get(api, headers=headers).get_json()
    past = now.seq + 1000
    assert client.get(f"{api}?before={past}", headers=headers).get_json() == newest
    empty = client.get(f"{api}?after={past}", headers=headers)
    assert empty.status_code == 200
    assert empty.get_json()["lines"] == [] and empty.get_json()["newer"] is None
    page = client.get(path + "/history").get_data(as_text=True)
    older = client.get(f"{path}/history?before={past}")
    assert older.status_code == 200
    assert re.findall(r"events \d+ to \d+", older.get_data(as_text=True)) == \
        re.findall(r"events \d+ to \d+", page)
    assert client.get(f"{path}/history?after={past}").status_code == 200
    assert client.get(f"{path}/replay/{past}").status_code == 404
