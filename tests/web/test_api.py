"""The JSON API: games, a seat's view, orders as text or JSON, problems, idempotency, history."""
from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from service.game.history import reader_seq
from service.game.loading import load_game
from service.seats import master
from service.store.store import Store

from .conftest import new_game, seat_path

PROBLEM = "application/problem+json"


def auth(app: Flask, loaded: Any, seat: str) -> dict[str, str]:
    """Return the Authorization header of a seat."""
    return {"Authorization": "Bearer " + seat_path(app, loaded, seat).rsplit("/", 1)[1]}


def first_move(loaded: Any) -> tuple[str, Any]:
    """Return the seat that acts first and one legal order of it."""
    seat = loaded.game.prompts(loaded.state)[0].seat
    return seat, loaded.game.legal_orders(loaded.state, seat)[0]


def test_games_are_listed_publicly(client: FlaskClient, store: Store) -> None:
    loaded = new_game(store)
    games = client.get("/api/v1/games").get_json()["games"]
    assert [g["id"] for g in games] == [loaded.meta.id]
    assert games[0]["waiting_for"] and "email" not in str(games[0])
    assert client.get(f"/api/v1/games/{loaded.meta.id}").get_json()["game"] == "secret-masters"
    missing = client.get("/api/v1/games/0badc0de")
    assert missing.status_code == 404 and missing.mimetype == PROBLEM
    assert missing.get_json()["code"] == "unknown-game"


def test_a_seat_reads_its_view_and_prompt(app: Flask, client: FlaskClient,
                                          store: Store) -> None:
    loaded = new_game(store)
    seat, _ = first_move(loaded)
    body = client.get(f"/api/v1/games/{loaded.meta.id}/seats/{seat}",
                      headers=auth(app, loaded, seat)).get_json()
    assert body["view"] == loaded.game.view(loaded.state, seat)
    assert body["prompt"]["key"] and body["prompt"]["forms"][0]["fields"]
    assert body["legal"] and body["deadline"].endswith("UTC")


def test_tokens_are_per_seat(app: Flask, client: FlaskClient, store: Store) -> None:
    loaded = new_game(store)
    path = f"/api/v1/games/{loaded.meta.id}/seats/bruno"
    missing = client.get(path)
    assert missing.status_code == 401 and missing.mimetype == PROBLEM
    assert missing.headers["WWW-Authenticate"].startswith("Bearer")
    assert client.get(path, headers=auth(app, loaded, "anna")).status_code == 401
    assert client.get(path + "/history", headers=auth(app, loaded, "anna")).status_code == 401
    order = client.post(path + "/orders", json={"text": "pass"},
                        headers=auth(app, loaded, "anna"))
    assert order.status_code == 401
    assert client.get(path, headers=auth(app, loaded, "bruno")).status_code == 200


def test_an_order_as_text_is_accepted(app: Flask, client: FlaskClient, store: Store) -> None:
    loaded = new_game(store)
    seat, order = first_move(loaded)
    response = client.post(f"/api/v1/games/{loaded.meta.id}/seats/{seat}/orders",
                           json={"text": loaded.game.format_order(order)},
                           headers=auth(app, loaded, seat))
    assert response.status_code == 200
    body = response.get_json()
    assert body["status"] == "accepted" and body["orders"] == [loaded.game.format_order(order)]
    status = client.get(f"/api/v1/games/{loaded.meta.id}/seats/{seat}/submissions/"
                        f"{body['submission']}", headers=auth(app, loaded, seat)).get_json()
    assert status["status"] == "accepted"


def test_help_as_text_answers_what_the_seat_can_write(app: Flask, client: FlaskClient,
                                                      store: Store) -> None:
    loaded = new_game(store)
    seat, _ = first_move(loaded)
    response = client.post(f"/api/v1/games/{loaded.meta.id}/seats/{seat}/orders",
                           json={"text": "help"}, headers=auth(app, loaded, seat))
    assert response.status_code == 200
    body = response.get_json()
    prompt = loaded.game.prompt_for(loaded.state, seat)
    assert body["status"] == "help" and body["orders"] == []
    assert prompt is not None and body["legal"] == loaded.game.help(prompt)


def test_an_order_as_json_is_accepted(app: Flask, client: FlaskClient, store: Store) -> None:
    loaded = new_game(store)
    seat, order = first_move(loaded)
    response = client.post(f"/api/v1/games/{loaded.meta.id}/seats/{seat}/orders",
                           json={"order": loaded.game.order_to_json(order)},
                           headers=auth(app, loaded, seat))
    assert response.status_code == 200, response.get_json()


def test_a_rejected_order_is_a_problem_with_the_engines_code(app: Flask, client: FlaskClient,
                                                             store: Store) -> None:
    loaded = new_game(store)
    seat, _ = first_move(loaded)
    other = next(s for s in loaded.meta.seat_names if s != seat)
    path = f"/api/v1/games/{loaded.meta.id}/seats/"
    response = client.post(path + f"{seat}/orders", json={"text": "place purple moon"},
                           headers=auth(app, loaded, seat))
    assert response.status_code == 422 and response.mimetype == PROBLEM
    problem = response.get_json()
    assert problem["code"] == "unreadable-order" and problem["legal"]
    response = client.post(path + f"{other}/orders", json={"text": "pass"},
                           headers=auth(app, loaded, other))
    assert response.get_json()["code"] == "not-your-turn"
    response = client.post(path + f"{seat}/orders", json={"order": {"kind": "fly"}},
                           headers=auth(app, loaded, seat))
    assert response.get_json()["code"] == "unreadable-order"


def test_invalid_requests_are_refused_by_the_schema(app: Flask, client: FlaskClient,
                                                    store: Store) -> None:
    loaded = new_game(store)
    path = f"/api/v1/games/{loaded.meta.id}/seats/anna/orders"
    headers = auth(app, loaded, "anna")
    for body in ({}, {"text": "a", "order": {"kind": "pass"}}, {"text": ""},
                 {"order": {"colour": "blue"}}, {"text": "pass", "extra": 1}, [1], "text"):
        response = client.post(path, json=body, headers=headers)
        assert response.status_code == 400, body
        assert response.get_json()["code"] == "invalid-request"
    response = client.post(path, data="not json", headers=headers)
    assert response.status_code == 400


def test_the_idempotency_key_makes_a_retry_safe(app: Flask, client: FlaskClient,
                                                store: Store) -> None:
    loaded = new_game(store)
    seat, order = first_move(loaded)
    path = f"/api/v1/games/{loaded.meta.id}/seats/{seat}/orders"
    headers = auth(app, loaded, seat) | {"Idempotency-Key": "retry-1"}
    first = client.post(path, json={"text": loaded.game.format_order(order)}, headers=headers)
    second = client.post(path, json={"text": loaded.game.format_order(order)}, headers=headers)
    assert first.get_json() == second.get_json()
    now = load_game(store, loaded.meta.id)
    # the log's head as the seat may know it: its own order's events, not another's deadline
    assert first.get_json()["seq"] == reader_seq(store, now.game, now.meta.id, seat, now.seq,
                                                 False) > loaded.seq
    too_long = client.post(path, json={"text": "pass"},
                           headers=auth(app, loaded, seat) | {"Idempotency-Key": "k" * 200})
    assert too_long.status_code == 400


def test_stale_orders_and_paused_games(app: Flask, client: FlaskClient, store: Store) -> None:
    loaded = new_game(store)
    seat, order = first_move(loaded)
    path = f"/api/v1/games/{loaded.meta.id}/seats/{seat}/orders"
    text = loaded.game.format_order(order)
    stale = client.post(path, json={"text": text, "prompt_key": "r9.old"},
                        headers=auth(app, loaded, seat))
    assert stale.get_json()["code"] == "stale-order"
    master.pause_game(store, loaded.meta.id)
    paused = client.post(path, json={"text": text}, headers=auth(app, loaded, seat))
    assert paused.status_code == 422 and paused.get_json()["code"] == "game-paused"


def test_history_and_submissions_of_other_seats(app: Flask, client: FlaskClient,
                                                store: Store) -> None:
    loaded = new_game(store)
    seat, order = first_move(loaded)
    other = next(s for s in loaded.meta.seat_names if s != seat)
    base = f"/api/v1/games/{loaded.meta.id}/seats/"
    sub = client.post(base + f"{seat}/orders", json={"text": loaded.game.format_order(order)},
                      headers=auth(app, loaded, seat)).get_json()["submission"]
    lines = client.get(base + f"{seat}/history", headers=auth(app, loaded, seat)).get_json()
    assert any(f"{seat} received the" in line["text"] for line in lines["lines"])
    other_lines = client.get(base + f"{other}/history",
                             headers=auth(app, loaded, other)).get_json()["lines"]
    assert not any(f"{seat} received the" in line["text"] for line in other_lines)
    foreign = client.get(base + f"{other}/submissions/{sub}", headers=auth(app, loaded, other))
    assert foreign.status_code == 404


def test_api_orders_are_rate_limited(app: Flask, client: FlaskClient, store: Store) -> None:
    app.config["RATE_SUBMIT"] = "2/600"
    loaded = new_game(store)
    path = f"/api/v1/games/{loaded.meta.id}/seats/anna/orders"
    codes = [client.post(path, json={"text": "pass"}, headers=auth(app, loaded, "anna"))
             .status_code for _ in range(3)]
    assert codes[-1] == 429


def test_wrong_tokens_are_rate_limited(app: Flask, client: FlaskClient, store: Store) -> None:
    app.config["RATE_GUESS"] = "3/600"
    loaded = new_game(store)
    path = f"/api/v1/games/{loaded.meta.id}/seats/anna"
    codes = [client.get(path, headers={"Authorization": f"Bearer {'c' * 16}"}).status_code
             for _ in range(5)]
    assert codes == [401, 401, 401, 429, 429]
    assert client.get(path, headers=auth(app, loaded, "anna")).status_code == 200


def test_the_openapi_document_names_every_api_route(app: Flask, client: FlaskClient) -> None:
    document = client.get("/api/v1/openapi.json").get_json()
    documented = {path for path in document["paths"]}
    routes = {rule.rule.removeprefix("/api/v1").replace("<", "{").replace(">", "}")
              for rule in app.url_map.iter_rules() if rule.rule.startswith("/api/v1/")}
    assert routes - {"/openapi.json"} == documented
