"""SMTP in and out: forged recipients refused in the conversation, relay refusals classified."""
from __future__ import annotations

import smtplib
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from service.base.config import Config, load_config
from service.base.tokens import reply_address
from service.game.loading import LoadedGame
from service.mail.inbound import receive_email, recipient_refusal
from service.mail.smtpd import start_listener
from service.mail.transport import PermanentDeliveryError, TransientDeliveryError, send_smtp
from service.orders.creation import NewSeat, create_game
from service.seats import master
from service.store.roles import Inbox
from service.store.store import Store

from .conftest import free_port


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
           ) -> Iterator[tuple[Store, Config, LoadedGame, int]]:
    """A store with one game, and the real listener checking recipients against it."""
    monkeypatch.setenv("PBEM_SECRET_KEY", "smtp-refusal-key")
    config = load_config({"PBEM_HOME": str(tmp_path), "PBEM_MAIL_DOMAIN": "games.test"})
    store = Store(f"sqlite:///{tmp_path / 'pbem.db'}")
    store.create_schema()
    seats = [NewSeat(name, f"{name}@players.test") for name in ("anna", "bruno", "carla")]
    loaded = create_game(store, "secret-masters", seats, seed_hex="5e" * 32)

    def keep(raw: bytes, sender: str | None, rcpts: Any) -> str:
        return receive_email(store, raw, envelope_from=sender, envelope_to=rcpts)[0][0].id

    port = free_port()
    listener = start_listener("127.0.0.1", port, "games.test", keep, 1 << 20,
                              lambda address: recipient_refusal(store, config, address))
    try:
        yield store, config, loaded, port
    finally:
        listener.stop()
        store.dispose()


def mail_to(port: int, recipient: str) -> None:
    """Send one small message to the listener."""
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "anna@players.test", recipient, "o"
    message["Message-ID"] = make_msgid(domain="players.test")
    message.set_content("pass")
    with smtplib.SMTP("127.0.0.1", port, timeout=10) as client:
        client.send_message(message)


def test_unsigned_and_forged_recipients_are_refused_in_the_conversation(
        served: tuple[Store, Config, LoadedGame, int]) -> None:
    store, config, loaded, port = served
    key, game_id = config.secret_key(), loaded.meta.id
    good = reply_address(key, "games.test", game_id, "anna", 0)
    forged = good.replace(good.split(".")[2].split("@")[0], "a" * 16)
    for recipient, code in ((forged, 550), (f"bounce+1.{'a' * 16}@games.test", 550),
                            (f"play+{game_id}.zed.{'a' * 16}@games.test", 550),
                            ("anna@elsewhere.test", 550)):
        with pytest.raises(smtplib.SMTPRecipientsRefused) as refused:
            mail_to(port, recipient)
        assert refused.value.recipients[recipient][0] == code, recipient
    assert store.unreplied_submissions("email") == [] and not _stored(store)
    mail_to(port, good)
    assert len(_stored(store)) == 1
    master.rotate_token(store, game_id, "anna")
    mail_to(port, good)  # an old address is taken, and answered with the newer one
    assert len(_stored(store)) == 2
    mail_to(port, "games@games.test")  # the public address takes commands
    assert len(_stored(store)) == 3


def _stored(store: Inbox) -> list[str]:
    return store.received_submissions(-3600)


class Refusing:
    """A relay that answers every recipient, or the data, with a fixed reply."""

    def __init__(self, rcpt: str = "250 OK", data: str = "250 OK") -> None:
        self.rcpt, self.data = rcpt, data

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str,
                          options: Any) -> str:
        envelope.rcpt_tos.append(address)
        return self.rcpt

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        return self.data


@pytest.mark.parametrize("relay, error, code", [
    (Refusing(rcpt="550 5.1.1 no such user"), PermanentDeliveryError, 550),
    (Refusing(data="554 5.7.1 rejected as spam"), PermanentDeliveryError, 554),
    (Refusing(rcpt="452 4.2.2 mailbox full"), TransientDeliveryError, 0),
    (Refusing(data="451 4.3.0 try later"), TransientDeliveryError, 0),
])
def test_relay_refusals_are_permanent_only_for_5xx(relay: Refusing, error: type[Exception],
                                                   code: int) -> None:
    port = free_port()
    controller = Controller(relay, hostname="127.0.0.1", port=port)
    controller.start()
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "games@g.test", "a@p.test", "turn"
    message.set_content("your move")
    try:
        with pytest.raises(error) as raised:
            send_smtp(f"smtp://127.0.0.1:{port}?starttls=no", message)
    finally:
        controller.stop()
    assert getattr(raised.value, "smtp_code", 0) == code


@contextmanager
def relayed_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                  relay: Any) -> Iterator[tuple[Store, Config]]:
    """Yield a fresh SQLite store and a configuration whose SMTP relay is `relay`, served by
    a real aiosmtpd server on a free port."""
    port = free_port()
    controller = Controller(relay, hostname="127.0.0.1", port=port)
    controller.start()
    monkeypatch.setenv("PBEM_SECRET_KEY", "smtp-refusal-key")
    config = load_config({"PBEM_HOME": str(tmp_path),
                          "PBEM_SMTP_URL": f"smtp://127.0.0.1:{port}?starttls=no",
                          "PBEM_TRUSTED_AUTHSERV_ID": "mx.pbem.localhost"})
    store = Store(f"sqlite:///{tmp_path / 'pbem.db'}")
    store.create_schema()
    try:
        yield store, config
    finally:
        controller.stop()
        store.dispose()


def test_an_answer_refused_for_good_is_not_tried_again(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from service.mail.delivery import deliver_reply
    from service.orders.processing import process_submission

    with relayed_store(tmp_path, monkeypatch, Refusing(rcpt="550 5.1.1 no such user")) as (
            store, config):
        raw = (b"Authentication-Results: mx.pbem.localhost; dmarc=pass header.from=players.test"
               b"\r\nFrom: gone@players.test\r\nTo: games@pbem.localhost\r\n"
               b"Message-ID: <p1@players.test>\r\n\r\npass\r\n")
        sub, _ = receive_email(store, raw, envelope_from="gone@players.test")[0]
        process_submission(store, sub.id, config=config)
        assert deliver_reply(store, config, sub.id) == "refused"
        assert store.unreplied_submissions("email") == []
        assert deliver_reply(store, config, sub.id) == "already-sent"


def test_a_turn_email_refused_for_good_fails_once_and_is_listed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from service.mail.delivery import deliver

    with relayed_store(tmp_path, monkeypatch, Refusing(rcpt="550 5.1.1 no such user")) as (
            store, config):
        seats = [NewSeat(name, f"{name}@players.test") for name in ("anna", "bruno", "carla")]
        game_id = create_game(store, "secret-masters", seats, seed_hex="5f" * 32).meta.id
        row = store.pending_outbox()[0]
        assert deliver(store, config, row.id) == "refused"
        failed = store.failed_outbox(game_id)
        assert [r.id for r in failed] == [row.id]
        assert failed[0].status == "failed" and "550" in (failed[0].last_error or "")
        assert deliver(store, config, row.id) == "failed-before"
        assert row.id not in store.stalled_outbox(-3600, 100)
        assert row.id not in store.pending_outbox_of_game(game_id)
        assert not store.claim_outbox(row.id, 60)


class LockingRelay:
    """A relay that accepts a message, then holds the store's SQLite database locked for
    longer than the store waits for a lock: a database that blinks right after a send."""

    def __init__(self, database: Path, seconds: float) -> None:
        self.database, self.seconds = database, seconds
        self.received: list[bytes] = []
        self.lockers: list[threading.Thread] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.received.append(bytes(envelope.original_content or b""))
        locked = threading.Event()
        locker = threading.Thread(target=self._hold, args=(locked,))
        locker.start()
        locked.wait(5)
        self.lockers.append(locker)
        return "250 OK"

    def _hold(self, locked: threading.Event) -> None:
        conn = sqlite3.connect(self.database, isolation_level=None)
        try:
            conn.execute("BEGIN EXCLUSIVE")
            locked.set()
            time.sleep(self.seconds)
            conn.execute("ROLLBACK")
        finally:
            conn.close()


def test_a_sent_email_is_recorded_once_the_database_answers_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from service.mail.delivery import deliver
    from service.store import store as store_module

    monkeypatch.setattr(store_module, "SQLITE_BUSY_TIMEOUT_MS", 300)
    relay = LockingRelay(tmp_path / "pbem.db", seconds=2.0)
    try:
        with relayed_store(tmp_path, monkeypatch, relay) as (store, config):
            seats = [NewSeat(name, f"{name}@players.test") for name in ("anna", "bruno", "carla")]
            create_game(store, "secret-masters", seats, seed_hex="60" * 32)
            row = store.pending_outbox()[0]
            assert deliver(store, config, row.id) == "sent"  # waited out the lock, no error
            assert deliver(store, config, row.id) == "already-sent"
            assert len(relay.received) == 1
            sent = store.get_outbox(row.id)
            assert sent is not None and sent.status == "sent"
    finally:
        for locker in relay.lockers:
            locker.join()
