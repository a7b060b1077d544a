"""Duplicates survive relays: a message delivered again after a relay re-encoded it (8bit,
quoted-printable, base64) or appended a footer is the same message, stored and decided once.
A message with a Message-ID and a Date is known by them (with its sender and recipient); one
without is known by its decoded content, which re-encoding leaves alone."""
from __future__ import annotations

import smtplib
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from service.base.config import Config, load_config
from service.base.tokens import reply_address
from service.game.loading import LoadedGame, load_game
from service.mail import reading
from service.mail.identity import message_content, message_key
from service.mail.inbound import EMAIL_SOURCE, receive_email
from service.mail.smtpd import start_listener
from service.orders.creation import NewSeat, create_game
from service.orders.processing import process_submission
from service.store.store import Store

from .conftest import free_port

BODY = "place blue south-america\n\n-- \nCarla, à bientôt\n"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Store, Config, LoadedGame, int]]:
    """A store with one game, the real listener storing what it takes."""
    config = load_config({"PBEM_HOME": str(tmp_path), "PBEM_MAIL_DOMAIN": "games.test",
                          "PBEM_SECRET_KEY": "relayed-key"})
    store = Store(f"sqlite:///{tmp_path / 'pbem.db'}")
    store.create_schema()
    seats = [NewSeat(name, f"{name}@players.test") for name in ("anna", "bruno", "carla")]
    loaded = create_game(store, "secret-masters", seats, seed_hex="ab" * 32,
                         game_id="a11ce002")

    def keep(raw: bytes, sender: str | None, rcpts: Any) -> str:
        return receive_email(store, raw, envelope_from=sender, envelope_to=rcpts)[0][0].id

    port = free_port()
    listener = start_listener("127.0.0.1", port, "games.test", keep, 1 << 20)
    try:
        yield store, config, loaded, port
    finally:
        listener.stop()
        store.dispose()


def _message(to: str, cte: str, body: str = BODY, message_id: str | None = "<o1@players.test>"
             ) -> bytes:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "carla@players.test", to, "Re: move"
    if message_id:
        message["Message-ID"] = message_id
        message["Date"] = "Mon, 07 Dec 2026 10:00:00 +0000"
    message.set_content(body, cte=cte)
    return bytes(message)


def _deliver(port: int, to: str, raw: bytes) -> None:
    with smtplib.SMTP("127.0.0.1", port, timeout=10) as client:
        client.sendmail("carla@players.test", [to], raw)


def _stored(store: Store) -> list[str]:
    return store.received_submissions(-3600)


def test_a_redelivery_reencoded_or_footered_is_the_same_message(
        served: tuple[Store, Config, LoadedGame, int]) -> None:
    store, config, loaded, port = served
    to = reply_address(config.secret_key(), "games.test", loaded.meta.id, "carla", 0)
    variants = [_message(to, "8bit"), _message(to, "quoted-printable"),
                _message(to, "base64"),
                _message(to, "8bit", BODY + "\n-- \nScanned for viruses by MailGuard\n")]
    assert len({message_content(raw) for raw in variants}) == 4  # the bytes all differ
    for raw in variants:
        _deliver(port, to, raw)
    kept = _stored(store)
    assert len(kept) == 1
    assert process_submission(store, kept[0], config=config).status == "accepted"
    seq = load_game(store, loaded.meta.id).seq
    for raw in variants:
        _deliver(port, to, raw)
    assert _stored(store) == [] and load_game(store, loaded.meta.id).seq == seq


def test_without_a_message_id_the_decoded_content_decides(
        served: tuple[Store, Config, LoadedGame, int]) -> None:
    store, config, loaded, port = served
    to = reply_address(config.secret_key(), "games.test", loaded.meta.id, "carla", 0)
    for cte in ("8bit", "quoted-printable", "base64"):
        _deliver(port, to, _message(to, cte, message_id=None))
    assert len(_stored(store)) == 1
    _deliver(port, to, _message(to, "8bit", "status\n", message_id=None))
    assert len(_stored(store)) == 2  # other words: another message


def test_a_copy_stored_under_the_earlier_key_is_still_known(
        served: tuple[Store, Config, LoadedGame, int]) -> None:
    store, config, loaded, port = served
    to = reply_address(config.secret_key(), "games.test", loaded.meta.id, "carla", 0)
    raw = _message(to, "8bit")
    earlier, _ = store.add_submission(
        EMAIL_SOURCE, reading.raw_to_text(raw), sender="carla@players.test", recipient=to,
        idempotency_key=message_key(to, "carla@players.test", "<o1@players.test>",
                                    message_content(raw)))
    process_submission(store, earlier.id, config=config)
    _deliver(port, to, raw)
    assert _stored(store) == []
