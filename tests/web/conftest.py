"""Fixtures for the web tests: an app on a fresh home folder, its client and CLI runner."""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from engine.core import all_games
from engine.core.harness import table_size
from service.game.loading import LoadedGame
from service.orders.creation import NewSeat, create_game
from service.store.store import Store
from service.web import handoff
from service.web.app import create_app
from tests.stores import ready_store

WEB_SEATS = ("anna", "bruno", "carla", "dora")
TABLES = {"masons": 3}
"""Tables the web tests were written around, where a game's differs from the rule below."""
SEATS = {game.name: WEB_SEATS[:TABLES.get(game.name, table_size(game, 4))]
         for game in all_games()}
"""The seats of each registered game in the web tests: its largest table up to four (every
game of the registry is in every test that runs on all games)."""
SEED = "5eed" * 16


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    """The web app on a temporary home, deciding orders in-process."""
    for name in ("PBEM_DATABASE_URL", "PBEM_SMTP_URL", "PBEM_BROKER_URL", "PBEM_ADMIN_TOKEN",
                 "PBEM_BASE_URL", "PBEM_INBOUND_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("PBEM_SECRET_KEY", "web-test-key")
    monkeypatch.setattr(handoff, "entry_points", lambda group: [])  # no queue, no worker
    ready_store()
    flask_app = create_app({"TESTING": True, "INLINE_PROCESSING": True})
    yield flask_app
    flask_app.extensions["pbem.store"].dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A browser-like client of the app."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    """A runner for the app's command line commands."""
    return app.test_cli_runner()


@pytest.fixture
def store(app: Flask) -> Store:
    """The app's store."""
    value: Store = app.extensions["pbem.store"]
    return value


def new_game(store: Store, game: str = "secret-masters", **kwargs: Any) -> LoadedGame:
    """Create a game with a fixed seed and the usual seats."""
    seats = [NewSeat(name, f"{name}@example.org", name.capitalize()) for name in SEATS[game]]
    return create_game(store, game, seats, seed_hex=SEED, **kwargs)


def seat_path(app: Flask, loaded: LoadedGame, seat: str) -> str:
    """Return the path of a seat's private page."""
    from service.web.links import seat_signature

    with app.test_request_context():
        return f"/play/{loaded.meta.id}/{seat}/{seat_signature(loaded.meta, seat)}"


def csrf(client: FlaskClient, path: str = "/") -> str:
    """Return the session's CSRF token, read from a page's form (creating the session)."""
    page = client.get(path).get_data(as_text=True)
    match = re.search(r'name="csrf_token" value="([^"]+)"', page)
    if match:
        return match.group(1)
    with client.session_transaction() as session:
        session.setdefault("csrf_token", "t" * 43)
        return str(session["csrf_token"])
