"""Mail hygiene: hostile headers are kept and answered, robots are never answered, and every
message the service sends says it is automatic."""
from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest

from service.base.config import Config, load_config
from service.base.tokens import reply_address
from service.mail.compose import compose_outbox, compose_reply
from service.mail.hygiene import answerable
from service.mail.inbound import receive_email
from service.mail.reading import text_to_raw
from service.orders.creation import NewSeat, create_game
from service.orders.processing import process_submission
from service.store.store import Store

DSN = (b"From: MAILER-DAEMON@mx.players.test\r\nTo: games@pbem.localhost\r\n"
       b"Subject: Undelivered Mail Returned to Sender\r\nMessage-ID: <dsn-1@mx.players.test>\r\n"
       b"Content-Type: multipart/report; report-type=delivery-status; boundary=b\r\n\r\n"
       b"--b\r\nContent-Type: text/plain\r\n\r\nThe mail could not be delivered.\r\n--b--\r\n")


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Config:
    """A configuration writing mail into a temporary folder."""
    monkeypatch.setenv("PBEM_SECRET_KEY", "hygiene-test-key")
    return load_config({"PBEM_HOME": str(tmp_path / "home")})


def answer_to(store: Store, config: Config, raw: bytes,
              envelope_from: str | None = None) -> EmailMessage | None:
    """Receive, process and compose the answer to one raw message."""
    sub, created = receive_email(store, raw, envelope_from=envelope_from)[0]
    assert created
    process_submission(store, sub.id, config=config)
    processed = store.get_submission(sub.id)
    assert processed is not None and processed.status != "received"
    return compose_reply(store, config, processed)


def test_nul_in_message_id_and_headers_is_kept_raw_and_answered(store: Store,
                                                                config: Config) -> None:
    raw = (b"From: anna@players.test\r\nTo: games@pbem.localhost\r\n"
           b"Subject: my\x00orders\r\nMessage-ID: <nul\x00id@players.test>\r\n\r\npass\r\n")
    sub, created = receive_email(store, raw, envelope_from="anna@players.test")[0]
    again, created_again = receive_email(store, raw, envelope_from="anna@players.test")[0]
    assert created and not created_again and again.id == sub.id
    assert text_to_raw(sub.body) == raw
    process_submission(store, sub.id, config=config)
    processed = store.get_submission(sub.id)
    assert processed is not None and processed.status == "rejected"
    answer = compose_reply(store, config, processed)
    assert answer is not None and answer["To"] == "anna@players.test"
    assert "\x00" not in str(answer["Subject"]) and answer["In-Reply-To"] is None
    assert answer["Auto-Submitted"] == "auto-replied"


def test_undecodable_header_bytes_are_kept_raw_and_answered(store: Store,
                                                            config: Config) -> None:
    raw = (b"From: anna@players.test\r\nTo: games@pbem.localhost\r\nSubject: \xff\xfe orders\r\n"
           b"Message-ID: <\xff\xed\xa0\x80@players.test>\r\n\r\npass\r\n")
    sub, created = receive_email(store, raw, envelope_from="anna@players.test")[0]
    assert created and text_to_raw(sub.body) == raw
    assert not receive_email(store, raw, envelope_from="anna@players.test")[0][1]
    answer = answer_to_stored(store, config, sub.id)
    assert answer is not None and answer["To"] == "anna@players.test"
    assert answer["Subject"] == "Your mail to games@pbem.localhost"  # never the stranger's
    assert answer["In-Reply-To"] is None  # the broken Message-ID is not repeated either


def test_an_order_line_with_undecodable_bytes_is_decided_and_answered(
        store: Store, config: Config) -> None:
    seats = [NewSeat(name, f"{name}@players.test") for name in ("anna", "bruno", "carla")]
    loaded = create_game(store, "secret-masters", seats, seed_hex="5e" * 32)
    seat = loaded.game.prompts(loaded.state)[0].seat
    to = reply_address(config.secret_key(), config.mail_domain, loaded.meta.id, seat, 0)
    raw = (f"From: {seat}@players.test\r\nTo: {to}\r\nMessage-ID: <bad-bytes@p.test>\r\n"
           "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n"
           "\r\nplace \udcff\udced\udca0\udc80 x\x00y\r\n").encode("utf-8", "surrogateescape")
    sub, _ = receive_email(store, raw, envelope_from=f"{seat}@players.test")[0]
    answer = answer_to_stored(store, config, sub.id)
    processed = store.get_submission(sub.id)
    assert processed is not None and processed.status == "rejected"
    assert answer is not None and answer.as_bytes()


def answer_to_stored(store: Store, config: Config, submission_id: str) -> EmailMessage | None:
    """Process a stored message and compose its answer."""
    process_submission(store, submission_id, config=config)
    processed = store.get_submission(submission_id)
    assert processed is not None
    return compose_reply(store, config, processed)


@pytest.mark.parametrize("raw, envelope_from", [
    (DSN, "<>"),
    (DSN, None),
    (b"From: someone@players.test\r\nMessage-ID: <b1@x.test>\r\n\r\npass\r\n", ""),
    (b"From: MAILER-DAEMON@mx.players.test\r\nMessage-ID: <b2@x.test>\r\n\r\npass\r\n", None),
    (b"From: a@players.test\r\nReturn-Path: <>\r\nMessage-ID: <b3@x.test>\r\n\r\npass\r\n",
     None),
    (b"From: a@players.test\r\nAuto-Submitted: auto-replied\r\nMessage-ID: <b4@x.test>\r\n"
     + b"\r\nI am away\r\n", None),
    (b"From: a@players.test\r\nPrecedence: bulk\r\nMessage-ID: <b5@x.test>\r\n\r\nnews\r\n",
     None),
], ids=["dsn-null-sender", "dsn-report", "null-sender", "mailer-daemon", "return-path-null",
        "auto-submitted", "bulk"])
def test_bounces_and_robots_are_kept_but_never_answered(store: Store, config: Config,
                                                        raw: bytes,
                                                        envelope_from: str | None) -> None:
    assert answer_to(store, config, raw, envelope_from) is None
    assert len(store.unreplied_submissions("email")) <= 1


def test_only_one_plain_mailbox_is_answered() -> None:
    assert answerable("Anna <anna@players.test>") == "anna@players.test"
    for junk in ("<>", "", None, "anna@players.test>,<postmaster@players.test",
                 "anna@players.test, bob@players.test", "MAILER-DAEMON@mx.test",
                 "anna@players.test\r\nBcc: x@evil.test"):
        assert answerable(junk) is None, junk


def test_a_plain_sender_is_still_answered(store: Store, config: Config) -> None:
    raw = (b"From: anna@players.test\r\nTo: games@pbem.localhost\r\n"
           b"Message-ID: <p1@players.test>\r\n\r\npass\r\n")
    answer = answer_to(store, config, raw)
    assert answer is not None and answer["To"] == "anna@players.test"


def test_turn_mail_says_it_is_automatic(store: Store, config: Config) -> None:
    seats = [NewSeat(name, f"{name}@example.org") for name in ("anna", "bruno", "carla")]
    loaded = create_game(store, "secret-masters", seats, seed_hex="5e" * 32)
    row = store.outbox_for_game(loaded.meta.id)[0]
    message = compose_outbox(store, config, row)
    assert message is not None
    assert message["Auto-Submitted"] == "auto-generated"
    assert message["Precedence"] == "bulk" and message["X-Auto-Response-Suppress"] == "All"
