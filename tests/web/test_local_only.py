"""What only this machine may do: the dev inbox, seat links on the master page, creating games."""
from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.store.store import Store
from service.web import handoff
from service.web.app import create_app
from tests.stores import ready_store

from .conftest import new_game
from .helpers import text

REMOTE = {"REMOTE_ADDR": "203.0.113.9"}


def test_the_dev_inbox_is_for_local_clients_only(client: FlaskClient, store: Store) -> None:
    new_game(store)
    assert client.get("/dev/mail").status_code == 200
    assert client.get("/dev/mail", environ_base=REMOTE).status_code == 404
    for header, value in (("X-Forwarded-For", "203.0.113.9"), ("X-Real-Ip", "203.0.113.9"),
                          ("Forwarded", 'for="[2001:db8::1]"'),
                          ("X-Forwarded-For", "127.0.0.1, 203.0.113.9")):
        answer = client.get("/dev/mail", headers={header: value})
        assert answer.status_code == 404, (header, value)
    assert client.get("/dev/mail", headers={"X-Forwarded-For": "127.0.0.1"}).status_code == 200
    assert "Inbox" not in text(client.get("/", environ_base=REMOTE))


def test_a_trusted_proxy_reporting_a_remote_client_never_opens_the_inbox(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_HOME", str(tmp_path))
    monkeypatch.setenv("PBEM_SECRET_KEY", "local-only-key")
    monkeypatch.setenv("PBEM_PROXY_HOPS", "1")
    for name in ("PBEM_DATABASE_URL", "PBEM_SMTP_URL", "PBEM_BROKER_URL", "PBEM_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(handoff, "entry_points", lambda group: [])
    ready_store()
    app = create_app({"TESTING": True, "DEV_INBOX": True})
    client = app.test_client()
    assert client.get("/dev/mail", headers={"X-Forwarded-For": "203.0.113.9"}).status_code \
        == 404
    assert client.get("/dev/mail", headers={"X-Forwarded-For": "127.0.0.1"}).status_code == 200
    app.extensions["pbem.store"].dispose()


def test_creating_games_is_closed_to_remote_visitors_by_default(app: Flask,
                                                                client: FlaskClient) -> None:
    assert client.get("/new").status_code == 200
    closed = client.get("/new", environ_base=REMOTE)
    assert closed.status_code == 403 and "PBEM_OPEN_CREATION" in text(closed)
    app.config["OPEN_CREATION"] = True
    assert client.get("/new", environ_base=REMOTE).status_code == 200


def test_open_creation_reads_yes_and_no(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_HOME", str(tmp_path))
    monkeypatch.setenv("PBEM_SECRET_KEY", "local-only-key")
    ready_store()
    for value, expected in (("no", False), ("yes", True), ("0", False), ("true", True)):
        monkeypatch.setenv("PBEM_OPEN_CREATION", value)
        app = create_app({"TESTING": True})
        assert app.config["OPEN_CREATION"] is expected, value
        app.extensions["pbem.store"].dispose()


def test_a_visitor_of_an_open_site_creates_only_tables_it_mails_nobody_at(
        app: Flask, client: FlaskClient, store: Store) -> None:
    """With PBEM_OPEN_CREATION a remote visitor has proven no address: a game naming players'
    or a game master's addresses, or a practice game, is refused with why, and nothing is
    mailed; a table whose seats are all open is made, its players to come by join links."""
    from sqlalchemy import func, select

    from service.store.schema import outbox

    from .helpers import post_form

    def mailed() -> int:
        with store.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(outbox)).scalar() or 0)

    app.config["OPEN_CREATION"] = True
    client.environ_base.update(REMOTE)
    assert "mails no address its creator types" in text(client.get("/new"))  # said up front
    base = {"game": "secret-masters", "open_days": "7"}
    named = {"seat-0-name": "anna", "seat-0-player": "Anna", "seat-0-email": "x@example.org"}
    for form in ({**base, **named, "open_seats": "2"},
                 {**base, "open_seats": "3", "master_email": "victim@example.org"},
                 {**base, **named, "against_house": "yes", "house_seats": "2"},
                 {**base}):
        client.environ_base.update(REMOTE)
        refused = post_form(client, "/new", form, "/new")
        assert refused.status_code == 400, form
        assert "mails no address its creator types" in text(refused)
    assert not mailed()
    made = post_form(client, "/new", {**base, "open_seats": "3"}, "/new")
    assert made.status_code == 303 and "/admin/games/" in made.headers["Location"]
    game_id = made.headers["Location"].split("/")[3]
    assert client.get(made.headers["Location"]).status_code == 200  # the master's link
    assert not mailed()
    here = app.test_client()  # a browser on this machine names whom it likes
    local = post_form(here, "/new", {**base, **named, "open_seats": "2"}, "/new")
    assert local.status_code == 303
    assert game_id != local.headers["Location"].split("/")[3]
