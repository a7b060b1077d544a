"""The mail listener of the embedded default waits out a busy SQLite writer: a message that
arrives while another writer holds the file's lock is stored once it is free, and the sender
is told 250, not asked to try again later."""
from __future__ import annotations

import smtplib
import sqlite3
import threading
import time
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from service.base.config import load_config
from service.base.tokens import reply_address
from service.mail.inbound import receive_email
from service.mail.smtpd import start_listener
from service.orders.creation import NewSeat, create_game
from service.store import store as store_module
from service.store.store import Store

from .conftest import free_port


def test_a_message_waits_out_a_busy_writer(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # SQLite waits 20 ms for the lock instead of 10 s, so that the writer below outlasts it
    monkeypatch.setattr(store_module, "SQLITE_BUSY_TIMEOUT_MS", 20)
    config = load_config({"PBEM_HOME": str(tmp_path), "PBEM_MAIL_DOMAIN": "games.test",
                          "PBEM_SECRET_KEY": "busy-key"})
    store = Store(f"sqlite:///{tmp_path / 'pbem.db'}")
    store.create_schema()
    seats = [NewSeat(name, f"{name}@players.test") for name in ("anna", "bruno", "carla")]
    loaded = create_game(store, "secret-masters", seats, seed_hex="ab" * 32,
                         game_id="b05e0001")

    def keep(raw: bytes, sender: str | None, rcpts: Any) -> str:
        return receive_email(store, raw, envelope_from=sender, envelope_to=rcpts)[0][0].id

    port = free_port()
    listener = start_listener("127.0.0.1", port, "games.test", keep, 1 << 20)
    to = reply_address(config.secret_key(), "games.test", loaded.meta.id, "carla", 0)
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "carla@players.test", to, "Re: move"
    message["Message-ID"], message["Date"] = "<busy@players.test>", "Mon, 07 Dec 2026 10:00 +0000"
    message.set_content("place blue south-america\n")
    answers: list[Any] = []

    def deliver() -> None:
        try:
            with smtplib.SMTP("127.0.0.1", port, timeout=30) as client:
                answers.append(client.sendmail("carla@players.test", [to], message.as_bytes()))
        except smtplib.SMTPException as exc:
            answers.append(exc)

    writer = sqlite3.connect(str(tmp_path / "pbem.db"), isolation_level=None)
    try:
        writer.execute("BEGIN IMMEDIATE")  # another writer holds the lock for a second
        sender = threading.Thread(target=deliver)
        sender.start()
        time.sleep(1.0)
        writer.execute("COMMIT")
        sender.join(timeout=60)
        assert answers == [{}]  # taken by every recipient: no 451
        assert len(store.received_submissions(-3600)) == 1
    finally:
        writer.close()
        listener.stop()
        store.dispose()
