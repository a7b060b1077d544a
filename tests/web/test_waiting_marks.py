"""Whom the table waits for, on the public page, the seat pages and the game master's page:
each asked seat waiting or answered (never what it answered), and on an Illuminati window only
that the window is open and until when."""
from __future__ import annotations

import re
from dataclasses import replace

from flask import Flask
from flask.testing import FlaskClient

from engine.core import Rng
from engine.core.codec import encode
from service.base.templating import render_template
from service.game.loading import load_game
from service.store.store import Store
from service.web.summary import summarize
from tests.sealed import answer_sealed, play_until, private_window

from .conftest import new_game, seat_path
from .helpers import text
from .test_admin import master_path


def marks(page: str) -> dict[str, str]:
    """Return each seat's mark in the seats table of a page."""
    rows = re.findall(r"<tr><td[^>]*>(?:<strong>)?(\w+)(?:</strong>)?</td>.*?"
                      r'class="mark"[^>]*>(.*?)</td>', page, re.DOTALL)
    return {seat: re.sub(r"<[^>]+>", "", cell).strip() for seat, cell in rows}


def test_a_sealed_answer_shows_as_answered_everywhere_but_never_what_it_is(
        app: Flask, client: FlaskClient, store: Store) -> None:
    loaded = new_game(store, "secret-masters")
    game_id = loaded.meta.id
    loaded = answer_sealed(store, game_id, ("anna",))
    prompts = {p.seat: p for p in loaded.game.prompts(loaded.state)}
    assert prompts["anna"].submitted and not prompts["bruno"].submitted
    expected = {"anna": "answered, may still change", "bruno": "waiting", "carla": "waiting"}
    public = text(client.get(f"/games/{game_id}"))
    assert marks(public) == expected
    assert "Still waiting for bruno and carla." in public
    master = text(client.get(master_path(app, loaded)))
    assert marks(master) == expected and "Still waiting for bruno and carla." in master
    bruno = text(client.get(seat_path(app, loaded, "bruno")))
    assert marks(bruno) == expected and "Still waiting for bruno and carla." in bruno
    anna = text(client.get(seat_path(app, loaded, "anna")))
    assert "Your sealed order is in." in anna and marks(anna) == expected
    assert "Your sealed order is in." not in bruno
    assert public.count("answered, may still change") == 1


def test_before_any_answer_every_asked_seat_is_waiting(app: Flask, client: FlaskClient,
                                                       store: Store) -> None:
    loaded = new_game(store, "secret-masters")
    page = text(client.get(f"/games/{loaded.meta.id}"))
    waited = load_game(store, loaded.meta.id).game.prompts(loaded.state)
    assert marks(page) == {s: ("waiting" if s in {p.seat for p in waited} else "—")
                           for s in ("anna", "bruno", "carla")}


def test_an_illuminati_window_tells_only_that_it_is_open_and_until_when(
        app: Flask, client: FlaskClient, store: Store) -> None:
    loaded = new_game(store, "illuminati")
    loaded = play_until(store, loaded.meta.id, private_window, seed=11)
    asked = [p.seat for p in loaded.game.prompts(loaded.state)]
    due = max(loaded.meta.deadlines[seat].due for seat in asked)
    until = due[:16].replace("T", " ") + " UTC"
    line = f"The window is open until {until}; who has answered stays private."
    pages = [text(client.get(f"/games/{loaded.meta.id}")),
             text(client.get(master_path(app, loaded))),
             *(text(client.get(seat_path(app, loaded, seat))) for seat in loaded.meta.seat_names)]
    for page in pages:
        assert line in page
        found = marks(page)
        assert set(found.values()) <= {"asked", "—"} and found, found
        assert {seat for seat, mark in found.items() if mark == "asked"} == set(asked)
        assert "Still waiting" not in page and "Answered:" not in page


def test_the_marks_on_pages_are_the_same_whatever_the_hidden_cards_are(
        app: Flask, client: FlaskClient, store: Store) -> None:
    """The seats table and the waiting line of a game with a sealed answer in read the same
    in every hidden variant of its state (each seat's and the spectator's unknowns
    reshuffled): the page tells no seat anything from what it may not see."""
    for name, seated in (("secret-masters", ("anna",)), ("freimaurerei", ("bruno",))):
        loaded = answer_sealed(store, new_game(store, name, game_id=f"5ea1ed{len(name):02d}")
                               .meta.id, seated)
        shown = summarize(loaded)
        assert any(seat.mark.startswith("answered") for seat in shown.seats), name
        rng = Rng(b"page-variants")
        made = 0
        for seat in (*loaded.meta.seat_names, None):
            for _ in range(3):
                variant = loaded.game.hidden_variant(loaded.state, seat, rng)
                if variant is None or encode(variant) == encode(loaded.state):
                    continue
                other = summarize(replace(loaded, state=variant))
                assert (other.seats, other.waiting_line) == (shown.seats, shown.waiting_line)
                with app.test_request_context():
                    assert (render_template("web/_seats.html", summary=other)
                            == render_template("web/_seats.html", summary=shown))
                made += 1
        assert made, f"{name}: no hidden variant differed, so this proves nothing"
