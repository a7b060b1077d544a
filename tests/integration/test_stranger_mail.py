"""Forged mail through the real listener and worker cannot make the service mail anyone on
request: answers to strangers stay within the budget, go only to senders the trusted relay
saw pass DMARC, never repeat the sender's Subject; the seat asked to confirm held mail gets
one notice an hour."""
from __future__ import annotations

import smtplib
from email.message import EmailMessage
from email.utils import make_msgid

from service.base.tokens import reply_address
from service.orders.creation import NewSeat, create_game
from workers.tasks import enqueue_game_mail

from .conftest import DOMAIN, Pipeline, wait_for
from .mailplay import send, wait_settled

PUBLIC = f"games@{DOMAIN}"


def _forged(sender: str, to: str, body: str) -> EmailMessage:
    message = EmailMessage()
    message["From"], message["To"] = sender, to
    message["Subject"] = "Buy pills http://spam.example"
    message["Message-ID"] = make_msgid(domain="spam.test")
    message.set_content(body + "\n\nVisit http://spam.example now\n" * 20)
    return message


def _all_settled(pipeline: Pipeline) -> bool:
    store = pipeline.store
    return not store.received_submissions(-3600) and not store.unreplied_submissions("email")


def test_forged_mail_to_the_public_address_gets_three_answers_at_most(
        pipeline: Pipeline) -> None:
    for n in range(8):  # a sender the relay saw pass DMARC: the budget holds it
        send(pipeline, _forged("victim@target.test", PUBLIC, ["help", "games"][n % 2]))
    for n in range(8):  # no pass from the trusted relay: never answered
        message = _forged(f"other{n}@target.test", PUBLIC, "help")
        with smtplib.SMTP("127.0.0.1", pipeline.smtp_in_port, timeout=10) as client:
            client.sendmail(f"other{n}@target.test", [PUBLIC], message.as_bytes())
    wait_for(lambda: _all_settled(pipeline), 120, what="every forged mail settled")
    to_victim = pipeline.mail_out.messages("victim@target.test")
    assert len(to_victim) == 3
    assert all(str(m["Subject"]) == f"Your mail to {PUBLIC}" for m in to_victim)
    assert all("spam.example" not in m.as_string() for m in to_victim)
    assert [to for to, _ in pipeline.mail_out.received if "other" in " ".join(to)] == []


def test_strangers_writing_to_a_seat_get_three_answers_and_the_seat_one_notice(
        pipeline: Pipeline) -> None:
    seats = [NewSeat(name, f"{name}@players.test") for name in ("anna", "bruno", "carla")]
    loaded = create_game(pipeline.store, "secret-masters", seats, seed_hex="cd" * 32)
    enqueue_game_mail(loaded.meta.id)
    wait_settled(pipeline, loaded.meta.id)
    before = len(pipeline.mail_out.messages("anna@players.test"))
    to = reply_address(b"test-secret-key", DOMAIN, loaded.meta.id, "anna", 0)
    for _ in range(10):
        send(pipeline, _forged("mallory@target.test", to, "pass"))
    wait_for(lambda: _all_settled(pipeline), 120, what="every held mail settled")
    wait_settled(pipeline, loaded.meta.id)
    assert len(pipeline.mail_out.messages("mallory@target.test")) == 3
    notices = pipeline.mail_out.messages("anna@players.test")[before:]
    assert len(notices) == 1, [str(m["Subject"]) for m in notices]
    text = str(notices[0].get_body(("plain",)).get_content())  # type: ignore[union-attr]
    assert "http://spam.example" not in text and "Buy pills" not in text
