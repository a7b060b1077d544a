"""A database outage delays processing, never the acceptance of a player's mail: the real
listener answers RCPT TO for a signed address without the database, while PostgreSQL is cut
off in the middle of the SMTP conversation (a TCP proxy in front of it, stopped)."""
from __future__ import annotations

import smtplib
import uuid
from collections.abc import Iterator
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from sqlalchemy.engine import make_url

from service.base.config import Config, load_config
from service.base.tokens import reply_address
from service.mail.inbound import receive_email, recipient_refusal
from service.mail.smtpd import start_listener
from service.orders.creation import NewSeat, create_game
from service.store.store import Store
from tests.stores import PG_URL, require_postgres

from .conftest import free_port
from .dbproxy import Proxy


@pytest.fixture
def behind_proxy(tmp_path: Path) -> Iterator[tuple[Store, Config, Proxy, str]]:
    require_postgres()
    schema = f"pbem_test_{uuid.uuid4().hex[:12]}"
    direct = Store(PG_URL, schema=schema)
    direct.create_schema()
    parts = urlsplit(PG_URL.replace("postgresql+psycopg", "http"))
    proxy = Proxy((parts.hostname or "127.0.0.1", parts.port or 5432))
    proxy.start()
    url = make_url(PG_URL).set(host="127.0.0.1", port=proxy.port).render_as_string(
        hide_password=False)
    store = Store(url, schema=schema)
    config = load_config({"PBEM_HOME": str(tmp_path), "PBEM_MAIL_DOMAIN": "games.test",
                          "PBEM_SECRET_KEY": "outage-key"})
    seats = [NewSeat(name, f"{name}@players.test") for name in ("anna", "bruno", "carla")]
    game_id = create_game(direct, "secret-masters", seats, seed_hex="5e" * 32).meta.id
    try:
        yield store, config, proxy, game_id
    finally:
        store.dispose()
        direct.drop_schema()
        direct.dispose()


def test_a_signed_address_is_taken_while_the_database_is_cut_off(
        behind_proxy: tuple[Store, Config, Proxy, str]) -> None:
    store, config, proxy, game_id = behind_proxy
    stored: list[str] = []

    def keep(raw: bytes, sender: str | None, rcpts: Any) -> str:
        sub = receive_email(store, raw, envelope_from=sender, envelope_to=rcpts)[0][0]
        stored.append(sub.id)
        return sub.id

    port = free_port()
    listener = start_listener("127.0.0.1", port, "games.test", keep, 1 << 20,
                              lambda address: recipient_refusal(store, config, address))
    key = config.secret_key()
    good = reply_address(key, "games.test", game_id, "anna", 0)
    older = reply_address(key, "games.test", game_id, "anna", 0).replace(
        good, reply_address(key, "games.test", game_id, "bruno", 3))
    forged = f"play+{game_id}.anna.{'a' * 16}@games.test"
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "anna@players.test", good, "o"
    message["Message-ID"] = make_msgid(domain="players.test")
    message.set_content("pass")
    try:
        with smtplib.SMTP("127.0.0.1", port, timeout=20) as client:
            client.ehlo()
            assert client.mail("anna@players.test")[0] == 250
            assert client.rcpt(good)[0] == 250  # asked once while the database answers
            proxy.cut()  # the database goes away in the middle of the conversation
            assert client.rcpt(good)[0] == 250
            assert client.rcpt(older)[0] == 250  # any generation the service signed
            code, _ = client.rcpt(forged)
            assert code == 451  # not signed by us: only the database could tell more
            code, _ = client.data(message.as_bytes())
            assert code == 451  # the message cannot be kept now: the relay keeps it, retries
        assert stored == []
    finally:
        listener.stop()
