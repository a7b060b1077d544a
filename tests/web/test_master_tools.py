"""The game master's page: extend, apply a default, write to all, end with a confirmation."""
from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from service.game.loading import load_game
from service.game.meta import parse_time
from service.store.store import Store

from .conftest import new_game
from .helpers import post_form, text
from .test_admin import master_path


def test_extend_and_default_from_the_page(app: Flask, client: FlaskClient, store: Store) -> None:
    loaded = new_game(store)
    path = master_path(app, loaded)
    seat = loaded.game.prompts(loaded.state)[0].seat
    due = parse_time(loaded.meta.deadlines[seat].due)
    page = text(post_form(client, path + "/extend", {"seat": seat, "hours": "12"}, path))
    assert f"{seat} now has until" in page
    assert (parse_time(load_game(store, loaded.meta.id).meta.deadlines[seat].due) - due
            ).total_seconds() == 12 * 3600
    page = text(post_form(client, path + "/default", {"seat": seat}, path))
    assert f"{seat}&#39;s default was played: " in page or f"{seat}'s default was played: " in page
    assert "played: default." not in page


def test_ending_needs_the_confirmation_box(app: Flask, client: FlaskClient,
                                           store: Store) -> None:
    loaded = new_game(store)
    path = master_path(app, loaded)
    refused = post_form(client, path + "/end", {"reason": "oops"}, path)
    assert refused.status_code == 400 and "Tick the box" in text(refused)
    assert not load_game(store, loaded.meta.id).meta.finished
    done = post_form(client, path + "/end", {"reason": "oops", "confirm": "end"}, path)
    assert "The game is over" in text(done)
    assert load_game(store, loaded.meta.id).meta.finished


def test_a_message_to_every_player(app: Flask, client: FlaskClient, store: Store) -> None:
    loaded = new_game(store)
    path = master_path(app, loaded)
    page = text(post_form(client, path + "/message", {"text": "Welcome all!",
                                                      "nonce": "n1234567"}, path))
    assert "on its way to every player" in page
    rows = [(r.recipient, r.kind) for r in store.outbox_for_game(loaded.meta.id)
            if r.kind == "press"]
    assert sorted(rows) == [("anna", "press"), ("bruno", "press"), ("carla", "press")]


def test_refused_emails_are_listed_for_the_master(app: Flask, client: FlaskClient,
                                                  store: Store) -> None:
    loaded = new_game(store)
    row = store.pending_outbox()[0]
    assert store.fail_outbox(row.id, "refused for good: 550 no such user")
    page = text(client.get(master_path(app, loaded)))
    assert "Emails the players' mail servers refused" in page
    assert row.recipient in page and "550 no such user" in page
