"""Bounces: each delivery's signed bounce address, reports read in their common forms, and a
seat whose mail bounces for good: the game master told, the page saying it, deadlines waiting."""
from __future__ import annotations

from datetime import timedelta
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from service.base import clock
from service.base.config import Config, load_config
from service.base.tokens import bounce_address, read_bounce_address
from service.game.loading import load_game
from service.game.meta import parse_time
from service.mail.bounces import PERMANENT, TEMPORARY, read_bounce
from service.mail.compose import compose_outbox, compose_reply
from service.mail.delivery import deliver, mail_file_name
from service.mail.inbound import receive_email, recipient_refusal
from service.orders.creation import NewSeat, create_game
from service.orders.processing import process_submission
from service.store.store import Store
from tests.stores import open_store

SEATS = [NewSeat(name, f"{name}@example.org", name.title()) for name in ("anna", "bruno", "carla")]


def _config(tmp_path: Path) -> Config:
    return load_config({"PBEM_HOME": str(tmp_path / "home"), "PBEM_SECRET_KEY": "bounces",
                        "PBEM_MAIL_DOMAIN": "games.example.org"})


def _report(to: str, *, action: str = "failed", status: str = "5.1.1",
            diagnostic: str = "smtp; 550 5.1.1 <bruno@example.org>: Recipient address rejected: "
                              "User unknown", recipient: str = "bruno@example.org") -> bytes:
    """Return a bounce as Postfix writes it (RFC 3464), to `to`."""
    boundary = "B0UND"
    return (f"From: MAILER-DAEMON@mx.example.org (Mail Delivery System)\r\n"
            f"To: {to}\r\nSubject: Undelivered Mail Returned to Sender\r\n"
            f"Auto-Submitted: auto-replied\r\nMIME-Version: 1.0\r\n"
            f'Content-Type: multipart/report; report-type=delivery-status; boundary="{boundary}"'
            f"\r\n\r\n--{boundary}\r\nContent-Type: text/plain\r\n\r\n"
            f"I'm sorry to have to inform you that your message could not\r\nbe delivered.\r\n"
            f"\r\n--{boundary}\r\nContent-Type: message/delivery-status\r\n\r\n"
            f"Reporting-MTA: dns; mx.example.org\r\n\r\n"
            f"Final-Recipient: rfc822; {recipient}\r\nOriginal-Recipient: rfc822;{recipient}\r\n"
            f"Action: {action}\r\nStatus: {status}\r\nDiagnostic-Code: {diagnostic}\r\n"
            f"\r\n--{boundary}\r\nContent-Type: text/rfc822-headers\r\n\r\n"
            f"From: games@games.example.org\r\nSubject: your move\r\n\r\n--{boundary}--\r\n"
            ).encode()


def _parsed(raw: bytes) -> EmailMessage:
    message = message_from_bytes(raw, policy=policy.default)
    assert isinstance(message, EmailMessage)
    return message


QMAIL = b"""From: MAILER-DAEMON@mx.example.net
To: x@games.example.org
Subject: failure notice

Hi. This is the qmail-send program at mx.example.net.
I'm afraid I wasn't able to deliver your message to the following addresses.
This is a permanent error; I've given up. Sorry it didn't work out.

<bruno@example.net>:
Sorry, no mailbox here by that name. (#5.1.1)

--- Below this line is a copy of the message.

Subject: your move 4.2.1 delayed
"""
EXIM_DELAY = b"""From: Mail Delivery System <Mailer-Daemon@mx.example.com>
To: x@games.example.org
Subject: Warning: message 1abc-000 delayed 24 hours

This message was created automatically by mail delivery software.
A message that you sent has not yet been delivered to one or more of its
recipients after more than 24 hours on the queue on mx.example.com.
The message will be retried later.
"""
VACATION = b"""From: bruno@example.org
To: x@games.example.org
Subject: Out of office
Auto-Submitted: auto-replied

I am away until Monday.
"""


@pytest.mark.parametrize(("raw", "kind", "status"), [
    (_report("x@games.example.org"), PERMANENT, "5.1.1"),
    (_report("x@games.example.org", action="delayed", status="4.4.1",
             diagnostic="smtp; 451 4.4.1 try later"), TEMPORARY, "4.4.1"),
    (_report("x@games.example.org", action="delivered", status="2.0.0", diagnostic=""), "",
     "2.0.0"),
    (QMAIL, PERMANENT, "5.1.1"),
    (EXIM_DELAY, TEMPORARY, ""),
    (VACATION, "", ""),
])
def test_reports_are_read_in_their_common_forms(raw: bytes, kind: str, status: str) -> None:
    bounce = read_bounce(_parsed(raw))
    assert (bounce.kind, bounce.status) == (kind, status)


def test_the_standard_report_names_recipient_and_diagnosis() -> None:
    bounce = read_bounce(_parsed(_report("x@games.example.org")))
    assert bounce.recipient == "bruno@example.org"
    assert "User unknown" in bounce.reason() and bounce.reason().startswith("5.1.1 550")


def test_bounce_addresses_are_signed_per_delivery() -> None:
    address = bounce_address(b"key", "games.example.org", 42)
    assert read_bounce_address(b"key", address) == 42
    assert read_bounce_address(b"other", address) is None
    forged = address.replace("bounce+42.", "bounce+43.")
    assert read_bounce_address(b"key", forged) is None


def _game(tmp_path: Path, **settings: object) -> tuple[Store, Config, str]:
    store = open_store("sqlite", tmp_path)
    loaded = create_game(store, "secret-masters", SEATS, seed_hex="5b" * 32,
                         master_email="gm@example.org", **settings)  # type: ignore[arg-type]
    return store, _config(tmp_path), loaded.meta.id


def _sent_to(store: Store, config: Config, game_id: str, seat: str) -> tuple[int, EmailMessage]:
    """Deliver every pending row into the mail folder; return the seat's turn row and mail."""
    rows = [row for row in store.outbox_for_game(game_id) if row.status == "pending"]
    for row in rows:
        deliver(store, config, row.id)
    row = next(r for r in rows if r.recipient == seat and r.kind == "turn")
    path = config.mail_dir / f"{mail_file_name(row)}.eml"
    return row.id, _parsed(path.read_bytes())


def _bounce(store: Store, config: Config, to: str, raw: bytes | None = None) -> str:
    sub, _ = receive_email(store, raw or _report(to), envelope_from="",
                           envelope_to=[to])[0]
    process_submission(store, sub.id, config=config)
    return sub.id


def test_each_delivery_carries_its_bounce_address_as_return_path(tmp_path: Path) -> None:
    store, config, game_id = _game(tmp_path)
    delivery, mail = _sent_to(store, config, game_id, "bruno")
    return_path = str(mail["Return-Path"]).strip("<>")
    assert read_bounce_address(config.secret_key(), return_path) == delivery
    assert return_path.endswith("@games.example.org")
    assert recipient_refusal(store, config, return_path) == ""
    assert recipient_refusal(store, config, return_path.replace(
        "bounce+", "bounce+9")).startswith("550")


def test_a_permanent_bounce_marks_the_seat_and_tells_the_game_master(tmp_path: Path) -> None:
    store, config, game_id = _game(tmp_path)
    seat, before = next(iter(load_game(store, game_id).meta.deadlines.items()))
    delivery, mail = _sent_to(store, config, game_id, seat)
    address = str(mail["Return-Path"]).strip("<>")
    sub_id = _bounce(store, config, address, _report(address, recipient=f"{seat}@example.org"))

    sub = store.get_submission(sub_id)
    assert sub is not None and sub.status == "bounce" and sub.seat == seat
    assert compose_reply(store, config, sub) is None  # a bounce is never answered
    row = store.get_outbox(delivery)
    assert row is not None and row.status == "bounced" and "User unknown" in (row.last_error or "")
    meta = load_game(store, game_id).meta
    assert set(meta.mail_failing) == {seat}
    assert "User unknown" in meta.mail_failing[seat].reason
    # The deadline waits as for an absence: up to the game's limit from the bounce.
    after = meta.deadlines[seat]
    assert parse_time(after.due) > parse_time(before.due)
    assert parse_time(after.due) >= clock.now() + timedelta(days=meta.absence_days - 1)
    notice = next(r for r in store.outbox_for_game(game_id) if r.kind == "master-bounce")
    told = compose_outbox(store, config, notice)
    assert told is not None and told["To"] == "gm@example.org"
    text = told.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert f"Mail to {seat} ({seat.title()} <{seat}@example.org>) bounces since" in text
    assert "User unknown" in text and "pbem replace" in text


def test_the_same_bounce_twice_counts_once(tmp_path: Path) -> None:
    store, config, game_id = _game(tmp_path)
    _, mail = _sent_to(store, config, game_id, "bruno")
    address = str(mail["Return-Path"]).strip("<>")
    _bounce(store, config, address)
    seq = load_game(store, game_id).seq
    again = _report(address).replace(b"Subject: Undelivered", b"Subject: Again undelivered")
    _bounce(store, config, address, again)
    assert load_game(store, game_id).seq == seq
    assert [r.kind for r in store.outbox_for_game(game_id)].count("master-bounce") == 1


def test_a_delay_is_noted_on_the_delivery_only(tmp_path: Path) -> None:
    store, config, game_id = _game(tmp_path)
    delivery, mail = _sent_to(store, config, game_id, "bruno")
    address = str(mail["Return-Path"]).strip("<>")
    _bounce(store, config, address, _report(address, action="delayed", status="4.4.1",
                                            diagnostic="smtp; 451 4.4.1 try later"))
    row = store.get_outbox(delivery)
    assert row is not None and row.status == "sent"
    assert (row.last_error or "").startswith("temporary: 4.4.1")
    assert load_game(store, game_id).meta.mail_failing == {}


def test_a_bounce_of_an_address_the_seat_no_longer_has_changes_nothing(tmp_path: Path) -> None:
    store, config, game_id = _game(tmp_path)
    _, mail = _sent_to(store, config, game_id, "bruno")
    address = str(mail["Return-Path"]).strip("<>")
    _bounce(store, config, address, _report(address, recipient="old-bruno@example.org"))
    assert load_game(store, game_id).meta.mail_failing == {}


def test_a_forged_bounce_address_marks_nothing_and_is_not_answered(tmp_path: Path) -> None:
    store, config, game_id = _game(tmp_path)
    delivery, _ = _sent_to(store, config, game_id, "bruno")
    forged = bounce_address(b"not the key", config.mail_domain, delivery)
    sub = store.get_submission(_bounce(store, config, forged))
    assert sub is not None and (sub.result or {}).get("code") == "forged-address"
    assert compose_reply(store, config, sub) is None
    assert load_game(store, game_id).meta.mail_failing == {}
    row = store.get_outbox(delivery)
    assert row is not None and row.status == "sent"


def test_a_handover_clears_the_failing_mail(tmp_path: Path) -> None:
    from service.seats.master import replace_seat

    store, config, game_id = _game(tmp_path)
    _, mail = _sent_to(store, config, game_id, "bruno")
    _bounce(store, config, str(mail["Return-Path"]).strip("<>"))
    replace_seat(store, game_id, "bruno", "Bruno", "bruno@new.example.org")
    assert load_game(store, game_id).meta.mail_failing == {}
