"""Schemathesis: the API answers as its OpenAPI document says, for generated requests."""
from __future__ import annotations

import json
from typing import Any

import jsonschema_rs
import schemathesis
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from service.ratings.stored import catch_up
from service.store.store import Store
from tests.service.ratings.games import rated_game

from .conftest import new_game, seat_path

EXAMPLES = 40
JSON_TYPE = "application/json"
RULES_DECIDE = [positive_data_acceptance]
"""A request can match the schema and still break the game's rules: that is a 422 by design."""


def check_operation(operation: Any, headers: dict[str, str], fixed: dict[str, str]) -> None:
    """Send generated requests for one operation and validate every answer."""

    @given(case=operation.as_strategy())
    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    def run(case: Any) -> None:
        params = case.path_parameters or {}
        for name, value in fixed.items():
            if name in params:
                params[name] = value
        case.call_and_validate(headers=headers, excluded_checks=RULES_DECIDE)

    run()


def test_the_api_matches_its_document(app: Flask, store: Store) -> None:
    app.config["RATE_SUBMIT"] = "100000/60"
    app.config["RATE_GUESS"] = "100000/60"
    loaded = new_game(store)
    token = seat_path(app, loaded, "anna").rsplit("/", 1)[1]
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) == 9
    for operation in operations:
        check_operation(operation, {"Authorization": f"Bearer {token}"},
                        {"game_id": loaded.meta.id, "seat": "anna"})


def _problem_schema(document: dict[str, Any]) -> dict[str, Any]:
    """Return a JSON Schema of the Problem component that resolves the document's refs."""
    return {"$ref": "#/components/schemas/Problem", "components": document["components"]}


def _hostile_requests(client: FlaskClient, token: str, game_id: str,
                      seat: str, order: str) -> list[tuple[str, Any]]:
    """Return (operationId, answer) for requests that reach every answer of every operation."""
    good = {"Authorization": f"Bearer {token}"}
    wrong = {"Authorization": "Bearer " + "x" * 22}
    base = f"/api/v1/games/{game_id}"
    orders = f"{base}/seats/{seat}/orders"

    def post(body: bytes | str, headers: dict[str, str] | None = None) -> Any:
        return client.post(orders, data=body, content_type="application/json",
                           headers={**good, **(headers or {})})

    submitted = post(json.dumps({"text": order}))
    bodies: list[bytes | str] = [
        b"\xff{", "{", "[1, 2]", '{"text": ""}', '{"text": "a", "order": {"kind": "x"}}',
        '{"text": "place \\ud800"}', '{"text": "pass\\u0000"}', '{"order": {"\\udfff": 1}}',
        "[" * 5_000 + "]" * 5_000, '{"text": "' + "x" * 300_000 + '"}',
        '{"text": "no such order"}', '{"text": "help"}']
    answers = [("submitOrder", submitted), *[("submitOrder", post(b)) for b in bodies],
               ("submitOrder", post(json.dumps({"text": order}), {"Idempotency-Key": "a b"})),
               ("submitOrder", client.post(orders, json={"text": order})),
               ("submitOrder", client.post(orders, json={"text": order}, headers=wrong)),
               ("submitOrder", client.post(f"/api/v1/games/0000beef/seats/{seat}/orders",
                                           json={"text": order}, headers=good))]
    submission = submitted.get_json()["submission"]
    for operation, path in (("getSeat", f"{base}/seats/{seat}"),
                            ("getHistory", f"{base}/seats/{seat}/history"),
                            ("getSubmission", f"{base}/seats/{seat}/submissions/{submission}")):
        answers += [(operation, client.get(path, headers=good)),
                    (operation, client.get(path)), (operation, client.get(path, headers=wrong)),
                    (operation, client.get(path.replace(game_id, "0000beef"), headers=good)),
                    (operation, client.get(path.replace(game_id, "%00%ED"), headers=good))]
    standing = f"{base}/seats/{seat}/standing"
    answers += [("setStanding", client.post(standing, data=body, content_type=JSON_TYPE,
                                            headers=good))
                for body in ("{", '{"text": ""}', '{"text": "a", "x": 1}',
                             '{"text": "' + "x" * 300_000 + '"}', '{"text": "clear"}')]
    answers += [("setStanding", client.post(standing, json={"text": "clear"})),
                ("setStanding", client.post(standing.replace(game_id, "0000beef"),
                                            json={"text": "clear"}, headers=good))]
    answers += [("getHistory", client.get(f"{base}/seats/{seat}/history?before=%00",
                                          headers=good)),
                ("getSubmission", client.get(f"{base}/seats/{seat}/submissions/{'n' * 80}",
                                             headers=good)),
                ("getGame", client.get(base)), ("getGame", client.get("/api/v1/games/0000beef")),
                ("getGame", client.get("/api/v1/games/%00%ED%A0%80")),
                ("listGames", client.get("/api/v1/games?x=%00"))]
    return answers


def _over_the_limits(app: Flask, client: FlaskClient, token: str, game_id: str,
                     seat: str) -> list[tuple[str, Any]]:
    """Return answers once wrong tokens and orders come too fast (the 429s)."""
    app.config["RATE_GUESS"] = "2/60"
    app.config["RATE_SUBMIT"] = "2/60"
    path = f"/api/v1/games/{game_id}/seats/{seat}"
    wrong = {"Authorization": "Bearer " + "y" * 22}
    answers = [("getSeat", client.get(path, headers=wrong)) for _ in range(4)]
    answers += [("getHistory", client.get(path + "/history", headers=wrong)),
                ("getSubmission", client.get(path + "/submissions/x", headers=wrong))]
    answers += [("submitOrder", client.post(path + "/orders", json={"text": "help"},
                                            headers={"Authorization": f"Bearer {token}"}))
                for _ in range(4)]
    answers += [("setStanding", client.post(path + "/standing", json={"text": "clear"},
                                            headers=wrong)) for _ in range(2)]
    return answers


def _standing_set(app: Flask, client: FlaskClient, store: Store) -> list[tuple[str, Any]]:
    """Return standing answers set in a game that has them (Masons)."""
    loaded = new_game(store, "masons")
    token = seat_path(app, loaded, "anna").rsplit("/", 1)[1]
    path = f"/api/v1/games/{loaded.meta.id}/seats/anna/standing"
    good = {"Authorization": f"Bearer {token}"}
    return [("setStanding", client.post(path, json={"text": "swap none"}, headers=good)),
            ("setStanding", client.post(path, json={"text": "swap sometimes"}, headers=good))]


def _ratings_read(client: FlaskClient, store: Store) -> list[tuple[str, Any]]:
    """Return the ratings' answers: a leaderboard and a player after a rated game, and the
    unknown ones."""
    rated_game(store, "masons", 1)
    catch_up(store)
    board = client.get("/api/v1/ratings/masons?limit=2&offset=0")
    player = board.get_json()["lines"][0]["player"]
    assert board.get_json()["lines"][0]["record"]["finished"] == 1  # beside the rating
    return [("getLeaderboard", board), ("getLeaderboard", client.get("/api/v1/ratings/nope")),
            ("getLeaderboard", client.get("/api/v1/ratings/masons?offset=%00")),
            ("getPlayer", client.get(f"/api/v1/players/{player}")),
            ("getPlayer", client.get("/api/v1/players/0000000000000000")),
            ("getPlayer", client.get("/api/v1/players/%00"))]


def test_every_answer_of_every_operation_is_documented(app: Flask, store: Store) -> None:
    app.config["RATE_SUBMIT"] = "100000/60"
    app.config["RATE_GUESS"] = "100000/60"
    loaded = new_game(store)
    seat = loaded.game.prompts(loaded.state)[0].seat
    order = loaded.game.format_order(loaded.game.legal_orders(loaded.state, seat)[0])
    token = seat_path(app, loaded, seat).rsplit("/", 1)[1]
    client = app.test_client()
    document = client.get("/api/v1/openapi.json").get_json()
    operations = {op["operationId"]: op for item in document["paths"].values()
                  for op in item.values()}
    answers = _hostile_requests(client, token, loaded.meta.id, seat, order)
    answers += _standing_set(app, client, store)
    answers += _ratings_read(client, store)
    answers += _over_the_limits(app, client, token, loaded.meta.id, seat)
    seen: dict[str, set[str]] = {name: set() for name in operations}
    problem = jsonschema_rs.validator_for(_problem_schema(document))
    for operation, answer in answers:
        status = str(answer.status_code)
        assert status in operations[operation]["responses"], (operation, status,
                                                               answer.get_data()[:200])
        seen[operation].add(status)
        if answer.status_code >= 400:
            assert answer.mimetype == "application/problem+json", (operation, status)
            problem.validate(answer.get_json())
    assert seen["submitOrder"] >= {"200", "400", "401", "404", "413", "422", "429"}
    assert all(seen[name] for name in operations), seen
    queued_only = {"submitOrder": {"202"}}
    for name, op in operations.items():
        assert set(op["responses"]) - seen[name] <= queued_only.get(name, set()), name
