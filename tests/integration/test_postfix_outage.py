"""A database outage behind Postfix delays a player's mail, never refuses it: Postfix's
verification probe of a signed address is answered by `pbem smtpd` without the database, so
Postfix takes the message from the sender and keeps it queued until pbem can store it."""
from __future__ import annotations

import smtplib
import uuid
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiosmtpd.controller import Controller
from sqlalchemy.engine import make_url

from service.base.config import load_config
from service.base.tokens import reply_address
from service.mail.inbound import receive_email, recipient_refusal
from service.mail.smtpd import start_listener
from service.orders.creation import NewSeat, create_game
from service.store.store import Store
from tests.stores import PG_URL, require_postgres

from .conftest import DOMAIN, Outbox, free_port, wait_for
from .dbproxy import Proxy
from .postfix import start_postfix


def test_postfix_takes_a_signed_address_while_the_database_is_down(tmp_path: Path) -> None:
    require_postgres()
    schema = f"pbem_test_{uuid.uuid4().hex[:12]}"
    direct = Store(PG_URL, schema=schema)
    direct.create_schema()
    parts = urlsplit(PG_URL.replace("postgresql+psycopg", "http"))
    proxy = Proxy((parts.hostname or "127.0.0.1", parts.port or 5432))
    proxy.start()
    store = Store(make_url(PG_URL).set(host="127.0.0.1", port=proxy.port).render_as_string(
        hide_password=False), schema=schema)
    config = load_config({"PBEM_HOME": str(tmp_path), "PBEM_MAIL_DOMAIN": DOMAIN,
                          "PBEM_SECRET_KEY": "postfix-outage-key"})
    seats = [NewSeat(name, f"{name}@players.test") for name in ("anna", "bruno", "carla")]
    game_id = create_game(direct, "secret-masters", seats, seed_hex="5e" * 32).meta.id
    to = reply_address(config.secret_key(), DOMAIN, game_id, "anna", 0)

    def keep(raw: bytes, sender: str | None, rcpts: Any) -> str:
        return receive_email(store, raw, envelope_from=sender, envelope_to=rcpts)[0][0].id

    pbem_port, internet = free_port(), Outbox()
    internet_port = free_port()
    world = Controller(internet, hostname="127.0.0.1", port=internet_port)
    world.start()
    listener = start_listener("127.0.0.1", pbem_port, DOMAIN, keep, 1 << 20,
                              lambda address: recipient_refusal(store, config, address))
    postfix = start_postfix(DOMAIN, pbem_port=pbem_port, internet_port=internet_port)
    try:
        proxy.cut()  # the database is down before Postfix ever verified this address
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = "anna@players.test", to, "o"
        message["Message-ID"] = make_msgid(domain="players.test")
        message.set_content("pass")
        with smtplib.SMTP("127.0.0.1", postfix.port, timeout=60) as client:
            assert client.send_message(message) == {}  # taken: no 450 for the player
        postfix.wait_log("status=deferred", 60)  # pbem cannot store it yet: Postfix keeps it
        assert direct.received_submissions(-3600) == []
        proxy.restart()
        postfix.flush()
        wait_for(lambda: direct.received_submissions(-3600), 60,
                 what="the queued message stored once the database is back")
        assert len(direct.received_submissions(-3600)) == 1
        assert internet.received == [], "nothing bounced to the sender"
    finally:
        postfix.stop()
        listener.stop()
        world.stop()
        store.dispose()
        direct.drop_schema()
        direct.dispose()
