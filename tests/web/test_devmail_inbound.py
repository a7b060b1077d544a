"""The dev inbox (mail files in the browser) and mail posted by an MTA's webhook."""
from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.base.tokens import reply_address
from service.game.loading import load_game
from service.mail.inbound import EMAIL_SOURCE
from service.store.roles import EventLog
from service.store.store import Store
from service.web.app import create_app
from service.web.handoff import deliver_pending
from tests.stores import ready_store

from .conftest import new_game
from .helpers import text


def test_the_inbox_lists_mail_and_opens_links_and_pdfs(app: Flask, client: FlaskClient,
                                                       store: Store) -> None:
    assert "No mail yet" in text(client.get("/dev/mail"))
    loaded = new_game(store)
    with app.app_context():
        assert deliver_pending(store, loaded.meta.id) == 3
    inbox = text(client.get("/dev/mail"))
    assert inbox.count("/dev/mail/") >= 3 and "anna@example.org" in inbox
    name = min(p.name for p in app.config["PBEM"].mail_dir.iterdir())
    mail = text(client.get(f"/dev/mail/{name}"))
    assert "Open your seat" in mail and f"/play/{loaded.meta.id}/" in mail
    pdf = client.get(f"/dev/mail/{name}/0")
    assert pdf.mimetype == "application/pdf" and pdf.data.startswith(b"%PDF")
    assert client.get(f"/dev/mail/{name}/9").status_code == 404
    assert client.get("/dev/mail/..%2Fpbem.db").status_code == 404
    assert client.get("/dev/mail/nothing.eml").status_code == 404


def test_there_is_no_inbox_when_mail_leaves_the_machine(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_HOME", str(tmp_path))
    monkeypatch.setenv("PBEM_SMTP_URL", "smtp://relay.example.org:587")
    ready_store()
    client = create_app({"TESTING": True}).test_client()
    assert client.get("/dev/mail").status_code == 404
    assert "Inbox" not in text(client.get("/"))


def order_mail(store: EventLog, game_id: str, seat: str, body: str) -> bytes:
    """Return a reply to the seat's reply address carrying `body`."""
    meta = load_game(store, game_id).meta
    message = EmailMessage()
    message["From"] = f"{seat}@example.org"
    message["To"] = reply_address(b"web-test-key", "pbem.localhost", game_id, seat,
                                  meta.generation(seat))
    message["Subject"] = "orders"
    message["Message-ID"] = f"<{game_id}.{seat}.hook@example.org>"
    message.set_content(body)
    return bytes(message)


def test_the_mail_webhook_stores_and_decides(app: Flask, client: FlaskClient,
                                             store: Store) -> None:
    loaded = new_game(store)
    seat = loaded.game.prompts(loaded.state)[0].seat
    order = loaded.game.format_order(loaded.game.legal_orders(loaded.state, seat)[0])
    raw = order_mail(store, loaded.meta.id, seat, order)
    assert client.post("/inbound/mail", data=raw).status_code == 404
    app.config["INBOUND_TOKEN"] = "hook-secret"
    assert client.post("/inbound/mail", data=raw,
                       headers={"Authorization": "Bearer wrong"}).status_code == 401
    headers = {"Authorization": "Bearer hook-secret"}
    assert client.post("/inbound/mail", data=b"", headers=headers).status_code == 400
    response = client.post("/inbound/mail", data=raw, headers=headers)
    assert response.status_code == 202
    sub = store.get_submission(response.get_json()["submission"])
    assert sub is not None and sub.source == EMAIL_SOURCE and sub.status == "accepted"
    again = client.post("/inbound/mail", data=raw, headers=headers).get_json()
    assert again == {"submission": sub.id, "submissions": [sub.id], "duplicate": True}
    assert load_game(store, loaded.meta.id).seq > loaded.seq


def test_a_reply_from_the_inbox_is_an_emailed_order(app: Flask, client: FlaskClient,
                                                    store: Store) -> None:
    from .helpers import post_form

    loaded = new_game(store)
    seat = loaded.game.prompts(loaded.state)[0].seat
    with app.app_context():
        deliver_pending(store, loaded.meta.id)
    name = next(p.name for p in app.config["PBEM"].mail_dir.iterdir() if f"-{seat}-" in p.name)
    page = text(client.get(f"/dev/mail/{name}"))
    assert "Send reply" in page
    order = loaded.game.format_order(loaded.game.legal_orders(loaded.state, seat)[0])
    response = post_form(client, f"/dev/mail/{name}/reply", {"text": order}, f"/dev/mail/{name}")
    assert response.status_code == 303
    assert load_game(store, loaded.meta.id).seq > loaded.seq
    assert post_form(client, f"/dev/mail/{name}/reply", {"text": " "}).status_code == 400
