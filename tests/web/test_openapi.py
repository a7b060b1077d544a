"""Schemathesis: the API answers as its OpenAPI document says, for generated requests."""
from __future__ import annotations

from typing import Any

import schemathesis
from flask import Flask
from hypothesis import HealthCheck, given, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from service.store import Store

from .conftest import new_game, seat_path

EXAMPLES = 40
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
    assert len(operations) == 6
    for operation in operations:
        check_operation(operation, {"Authorization": f"Bearer {token}"},
                        {"game_id": loaded.meta.id, "seat": "anna"})
