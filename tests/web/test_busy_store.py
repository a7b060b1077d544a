"""The embedded default under concurrent web orders: a busy SQLite writer is waited out, never
answered with a 5xx, and every 5xx the site does answer is logged with its cause."""
from __future__ import annotations

import sqlite3
import threading
import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.game.loading import load_game
from service.store import sqlite_orders
from service.store import store as store_module
from service.store.store import Store
from service.web import play

from .conftest import csrf, new_game, seat_path
from .helpers import nonce_of, text

GAMES = 6
LOCK_SECONDS = 1.0


def test_concurrent_web_orders_wait_out_a_busy_writer(app: Flask, store: Store,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    app.config["PROPAGATE_EXCEPTIONS"] = False  # as served: an error is a 500, not a raise
    games = [new_game(store, game_id=f"b0557{number:03x}") for number in range(GAMES)]
    # SQLite waits 20 ms for the lock instead of 10 s, so that the writer below outlasts it
    monkeypatch.setattr(store_module, "SQLITE_BUSY_TIMEOUT_MS", 20)
    monkeypatch.setattr(sqlite_orders, "SQLITE_BUSY_TIMEOUT_MS", 20)
    store.dispose()
    forms: list[tuple[FlaskClient, str, dict[str, str]]] = []
    for loaded in games:
        seat = loaded.game.prompts(loaded.state)[0].seat
        client, path = app.test_client(), seat_path(app, loaded, seat)
        html = text(client.get(path))
        order = loaded.game.format_order(loaded.game.legal_orders(loaded.state, seat)[0])
        forms.append((client, path, {"csrf_token": csrf(client, path), "mode": "text",
                                     "nonce": nonce_of(html), "text": order}))
    answers: list[int] = []
    lock = threading.Lock()

    def post(client: FlaskClient, path: str, data: dict[str, str]) -> None:
        status = client.post(path + "/orders", data=data).status_code
        with lock:
            answers.append(status)

    writer = sqlite3.connect(str(store._engine.url.database), isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")  # another writer holds the file's lock for a second
    threads = [threading.Thread(target=post, args=form) for form in forms]
    try:
        for thread in threads:
            thread.start()
        time.sleep(LOCK_SECONDS)
    finally:
        writer.execute("COMMIT")
        writer.close()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(answers) == [303] * GAMES
    for loaded in games:  # each order stored and decided once
        assert load_game(store, loaded.meta.id).seq > loaded.seq


def test_a_5xx_is_logged_with_its_cause(app: Flask, client: FlaskClient, store: Store,
                                        monkeypatch: pytest.MonkeyPatch,
                                        caplog: pytest.LogCaptureFixture) -> None:
    app.config["PROPAGATE_EXCEPTIONS"] = False
    loaded = new_game(store, game_id="b0b0b0b0")
    seat = loaded.game.prompts(loaded.state)[0].seat
    path = seat_path(app, loaded, seat)
    html = text(client.get(path))

    def broken(*_: Any, **__: Any) -> Any:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(play, "take_order", broken)
    with caplog.at_level("ERROR"):
        answer = client.post(path + "/orders", data={
            "csrf_token": csrf(client, path), "mode": "text", "nonce": nonce_of(html),
            "text": "anything"})
    assert answer.status_code == 500
    assert "the disk is full" not in answer.get_data(as_text=True)  # the page keeps it inside
    logged = [record.getMessage() for record in caplog.records if record.name == "pbem.web"]
    assert logged == [f"POST {path}/orders answered 500: RuntimeError: the disk is full"]
