"""Hostile input on the web and the API: every request gets a clear answer and loses nothing."""
from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from service.game.loading import load_game
from service.store.store import Store

from .conftest import new_game, seat_path
from .helpers import post_form

PROBLEM = "application/problem+json"


def auth(app: Flask, loaded: object, seat: str) -> dict[str, str]:
    """Return the Authorization header of a seat."""
    return {"Authorization": "Bearer " + seat_path(app, loaded, seat).rsplit("/", 1)[1]}  # type: ignore[arg-type]


def orders_path(loaded: object, seat: str) -> str:
    """Return the API path of a seat's orders."""
    return f"/api/v1/games/{loaded.meta.id}/seats/{seat}/orders"  # type: ignore[attr-defined]


def new_form(title: str, name: str = "Anna", email: str = "anna@example.org") -> dict[str, str]:
    """Return a /new form for Secret Masters with one chosen row."""
    return {"game": "secret-masters", "title": title,
            "seat-0-name": "anna", "seat-0-player": name, "seat-0-email": email,
            "seat-1-name": "bruno", "seat-1-player": "Bruno", "seat-1-email": "b@example.org",
            "seat-2-name": "carla", "seat-2-player": "Carla", "seat-2-email": "c@example.org"}


def test_creation_refuses_line_breaks_and_second_addresses(client: FlaskClient,
                                                           store: Store) -> None:
    cases = [(new_form("Friday\r\nBcc: x@evil.test"), "control character (U+000D)"),
             (new_form("ok", name="Anna\nSmith"), "control character (U+000A)"),
             (new_form("ok", email="anna@example.org>,<postmaster@example.org"),
              "give one plain address"),
             (new_form("ok", email="Anna <anna@example.org>"), "give one plain address")]
    for form, words in cases:
        answer = post_form(client, "/new", form, page="/new")
        assert answer.status_code == 400, form
        assert words in answer.get_data(as_text=True).replace("&#39;", "'"), form
    assert store.list_games() == []
    form = new_form("Friday\u202egame", name="Anna\u202eevil\u200f")
    assert post_form(client, "/new", form, page="/new").status_code == 303
    assert [g.title for g in store.list_games()] == ["Fridaygame"]  # direction controls gone
    game_id = store.list_games()[0].id
    assert next(seat.player for seat in load_game(store, game_id).meta.seats) == "Annaevil"


def test_api_refuses_lone_surrogates_and_nul(app: Flask, client: FlaskClient,
                                            store: Store) -> None:
    loaded = new_game(store)
    seat = loaded.game.prompts(loaded.state)[0].seat
    for body in ('{"text": "place \\ud800 europe"}', '{"text": "pass\\u0000"}',
                 '{"order": {"kind": "x", "\\udfff": 1}}'):
        answer = client.post(orders_path(loaded, seat), data=body,
                             content_type="application/json", headers=auth(app, loaded, seat))
        assert answer.status_code == 400 and answer.mimetype == PROBLEM, body
        assert "lone surrogate" in answer.get_json()["detail"]
    assert store.events(loaded.meta.id)[-1].seq == loaded.seq


def test_deep_and_oversized_json_get_400_and_413(app: Flask, client: FlaskClient,
                                                 store: Store) -> None:
    loaded = new_game(store)
    seat = loaded.game.prompts(loaded.state)[0].seat
    deep = "[" * 100_000 + "]" * 100_000
    answer = client.post(orders_path(loaded, seat), data=deep, content_type="application/json",
                         headers=auth(app, loaded, seat))
    assert answer.status_code == 400 and "nested more than" in answer.get_json()["detail"]
    huge = '{"text": "' + "x" * 400_000 + '"}'
    answer = client.post(orders_path(loaded, seat), data=huge, content_type="application/json",
                         headers=auth(app, loaded, seat))
    assert answer.status_code == 413 and answer.mimetype == PROBLEM
    broken = client.post(orders_path(loaded, seat), data=b"\xff{", headers=auth(app, loaded, seat),
                         content_type="application/json")
    assert broken.status_code == 400 and "not UTF-8" in broken.get_json()["detail"]


def test_405_names_the_allowed_methods(app: Flask, client: FlaskClient, store: Store) -> None:
    loaded = new_game(store)
    api = client.delete(orders_path(loaded, "anna"))
    assert api.status_code == 405 and api.mimetype == PROBLEM
    assert set(api.headers["Allow"].split(", ")) >= {"POST"}
    page = client.put("/new")
    assert page.status_code == 405 and "GET" in page.headers["Allow"]


def test_a_malformed_idempotency_key_is_refused(app: Flask, client: FlaskClient,
                                                store: Store) -> None:
    loaded = new_game(store)
    seat = loaded.game.prompts(loaded.state)[0].seat
    text = loaded.game.format_order(loaded.game.legal_orders(loaded.state, seat)[0])
    for key in ("has space", "x" * 129, "caf\u00e9"):
        answer = client.post(orders_path(loaded, seat), json={"text": text},
                             headers={**auth(app, loaded, seat), "Idempotency-Key": key})
        assert answer.status_code == 400 and "Idempotency-Key" in answer.get_json()["detail"]
    assert store.events(loaded.meta.id)[-1].seq == loaded.seq
    headers = {**auth(app, loaded, seat), "Idempotency-Key": "retry-1"}
    first = client.post(orders_path(loaded, seat), json={"text": text}, headers=headers)
    again = client.post(orders_path(loaded, seat), json={"text": text}, headers=headers)
    assert first.status_code == 200 and again.get_json() == first.get_json()


def test_a_form_order_with_a_nul_is_refused(app: Flask, client: FlaskClient,
                                            store: Store) -> None:
    loaded = new_game(store)
    seat = loaded.game.prompts(loaded.state)[0].seat
    path = seat_path(app, loaded, seat)
    answer = post_form(client, path + "/orders", {"text": "pass\x00"}, page=path)
    assert answer.status_code == 400 and "NUL" in answer.get_data(as_text=True)
    assert store.events(loaded.meta.id)[-1].seq == loaded.seq
