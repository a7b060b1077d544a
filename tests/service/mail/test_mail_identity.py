"""Which mail is the same mail: a duplicate is the same message to the same place from the same
sender; a reused Message-ID, a second game's address or a redelivery are told apart."""
from __future__ import annotations

import hashlib
from email.message import EmailMessage
from pathlib import Path

from service.base.tokens import reply_address
from service.game.loading import load_game
from service.mail import reading
from service.mail.identity import message_content, message_key
from service.mail.inbound import EMAIL_SOURCE, receive_email
from service.orders.creation import create_game
from service.orders.processing import process_submission
from tests.service.tablemail import SEATS, Table, open_table


def mail(sender: str, to: str, body: str, message_id: str | None = "<m1@players.test>",
         **headers: str) -> bytes:
    """Return the bytes of a plain message."""
    message = EmailMessage()
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    message["From"], message["To"], message["Subject"] = sender, to, "Re: your move"
    if message_id:
        message["Message-ID"] = message_id
    message.set_content(body)
    return bytes(message)


def test_the_same_message_to_the_same_seat_is_stored_once(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    raw = mail("anna@example.org", table.address("anna"), "help")
    (first, created), = receive_email(table.store, raw, envelope_from="anna@example.org")
    (again, created_again), = receive_email(table.store, raw, envelope_from="anna@example.org")
    assert created and not created_again and again.id == first.id


def test_a_reused_message_id_from_another_sender_or_seat_is_a_new_message(
        tmp_path: Path) -> None:
    table = open_table(tmp_path)
    bruno = mail("bruno@example.org", table.address("bruno"), "help")
    anna = mail("anna@example.org", table.address("anna"), "help")
    (first, _), = receive_email(table.store, bruno, envelope_from="bruno@example.org")
    (second, created), = receive_email(table.store, anna, envelope_from="anna@example.org")
    assert created and second.id != first.id
    other_text = mail("bruno@example.org", table.address("bruno"), "status")
    (third, created), = receive_email(table.store, other_text, envelope_from="bruno@example.org")
    assert created and third.id not in (first.id, second.id)


def test_a_message_without_message_id_is_known_again_by_its_content(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    to = table.address("anna")
    once = mail("anna@example.org", to, "help", None, Received="from mx1.example.org")
    twice = mail("anna@example.org", to, "help", None, Received="from mx2.example.org",
                 Delivered_To=to, X_Spam_Score="0.1").replace(b"\r\n", b"\n")
    (first, _), = receive_email(table.store, once, envelope_from="anna@example.org")
    (again, created), = receive_email(table.store, twice, envelope_from="anna@example.org")
    assert not created and again.id == first.id
    changed = mail("anna@example.org", to, "status", None, Received="from mx1.example.org")
    assert receive_email(table.store, changed, envelope_from="anna@example.org")[0][1]


def test_trace_headers_and_line_ends_are_not_content() -> None:
    raw = (b"Received: from a\r\n\tby b\r\nFrom: anna@example.org\r\nSubject: x\r\n y\r\n"
           b"X-Spam: 1\r\n\r\nplace blue\r\n\r\n")
    assert message_content(raw) == b"From: anna@example.org\nSubject: x\n y\n\nplace blue"
    assert message_key("a@x", "b@y", "", b"c") != message_key("a@x", "c@y", "", b"c")
    assert message_key("A@X", "b@y", "", b"c") == message_key("a@x", "B@Y", "", b"c")


def test_one_message_to_two_games_is_decided_and_answered_in_each(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    store, key, domain = table.store, table.config.secret_key(), table.config.mail_domain
    games = [create_game(store, "secret-masters", SEATS, seed_hex="ab" * 32, game_id=game_id)
             for game_id in ("a11ce002", "a11ce004")]  # carla places first in both
    order = "place blue south-america"
    for loaded in games:
        prompt = loaded.game.prompts(loaded.state)[0]
        assert prompt.seat == "carla" and loaded.game.format_order(
            loaded.game.legal_orders(loaded.state, "carla")[0]) == order
    first, second = (reply_address(key, domain, g.meta.id, "carla", 0) for g in games)
    raw = mail("carla@example.org", first, order, Cc=second)
    received = receive_email(store, raw, envelope_from="carla@example.org")
    assert [sub.recipient for sub, _ in received] == [first, second]
    for (sub, created), loaded in zip(received, games, strict=True):
        assert created
        assert process_submission(store, sub.id, config=table.config).status == "accepted"
        assert load_game(store, loaded.meta.id).seq > loaded.seq
    assert all(not created for _, created in receive_email(store, raw,
                                                           envelope_from="carla@example.org"))


def test_a_copy_stored_under_its_message_id_alone_is_still_a_duplicate(tmp_path: Path) -> None:
    table: Table = open_table(tmp_path)
    to = table.address("anna")
    raw = mail("anna@example.org", to, "help")
    earlier, _ = table.store.add_submission(EMAIL_SOURCE, reading.raw_to_text(raw),
                                            sender="anna@example.org", recipient=to,
                                            idempotency_key="<m1@players.test>")
    (again, created), = receive_email(table.store, b"Received: from mx9\r\n" + raw,
                                      envelope_from="anna@example.org")
    assert not created and again.id == earlier.id
    bare = mail("anna@example.org", to, "status", None)
    legacy = "sha256:" + hashlib.sha256(bare).hexdigest()
    kept, _ = table.store.add_submission(EMAIL_SOURCE, reading.raw_to_text(bare),
                                         sender="anna@example.org", recipient=to,
                                         idempotency_key=legacy)
    (same, created), = receive_email(table.store, bare, envelope_from="anna@example.org")
    assert not created and same.id == kept.id
