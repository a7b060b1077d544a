"""pbem behind a real Postfix, set up as deploy/postfix/ says: mail in by relay to the listener
or by pipe into `pbem ingest`, and pbem's own mail out through Postfix to the players' server
(an aiosmtpd server standing for the internet)."""
from __future__ import annotations

import shutil
import smtplib
import subprocess
from collections.abc import Iterator
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller

from service.base.tokens import bounce_address, is_bounce_address, reply_address
from service.game.loading import LoadedGame, load_game
from service.mail.reading import text_to_raw
from service.ops.upgrade import prepared
from service.orders.creation import NewSeat, create_game
from service.seats.master import replace_seat
from service.store.store import Store, Submission
from workers.tasks import enqueue_game_mail

from .conftest import DOMAIN, REDIS_URL, Outbox, Pipeline, free_port, running_pipeline, wait_for
from .mailplay import latest_email, reply_to, wait_settled
from .postfix import (
    DEPLOY,
    OPERATOR,
    Postfix,
    command_user_python,
    give_to_command_user,
    postconf,
    shared_folder,
    start_postfix,
)

SEATS = [NewSeat("anna", "anna@players.test"), NewSeat("bruno", "bruno@players.test"),
         NewSeat("carla", "carla@players.test")]
EMAIL = {seat.name: seat.email for seat in SEATS}
SECRET = "test-secret-key"
"""The pipeline's signing key (conftest), which the pipe's settings must share."""


@pytest.fixture
def relayed(tmp_path: Path, outbox_server: tuple[Outbox, int],
            monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Pipeline, Postfix]]:
    """Postfix as the game domain's MX relaying to the listener (checking recipients as
    `pbem smtpd` does), and the service sending through Postfix."""
    keeper, internet_port = outbox_server
    pbem_port = free_port()
    postfix = start_postfix(DOMAIN, pbem_port=pbem_port, internet_port=internet_port)
    try:
        with running_pipeline(tmp_path, monkeypatch, keeper, f"smtp://127.0.0.1:{postfix.port}",
                              smtp_in_port=pbem_port, check_recipients=True) as running:
            yield running, postfix
    finally:
        postfix.stop()


@pytest.fixture
def piped(tmp_path: Path, outbox_server: tuple[Outbox, int],
          monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Pipeline, Postfix]]:
    """Postfix handing the game domain's mail to pbem-ingest (as `nobody`, with the service's
    settings), and the service sending through Postfix."""
    keeper, internet_port = outbox_server
    folder = shared_folder("pbem-piped-")
    home, python = command_user_home(folder), command_user_python(folder)
    env_file = settings_file(folder, PBEM_HOME=str(home), PBEM_BROKER_URL=REDIS_URL,
                             PBEM_SECRET_KEY=SECRET, PBEM_MAIL_DOMAIN=DOMAIN,
                             PBEM_COMMAND=str(python.parent / "pbem"))
    postfix = start_postfix(DOMAIN, pbem_port=free_port(), internet_port=internet_port,
                            pipe=True, env_file=env_file, python=python)
    try:
        with running_pipeline(tmp_path, monkeypatch, keeper, f"smtp://127.0.0.1:{postfix.port}",
                              home=home) as running:
            yield running, postfix
    finally:
        postfix.stop()
        shutil.rmtree(folder, ignore_errors=True)


def command_user_home(folder: Path) -> Path:
    """Return a PBEM_HOME the pipe's user can write, its SQLite file too (SQLite gives the
    journal files that root makes the database file's owner), its tables made."""
    home = folder / "home"
    home.mkdir()
    give_to_command_user(home)
    (home / "pbem.db").touch()
    give_to_command_user(home / "pbem.db")
    prepared(Store(f"sqlite:///{home / 'pbem.db'}")).dispose()  # as `pbem db upgrade` does
    return home


def settings_file(folder: Path, **settings: str) -> Path:
    """Write the settings file pbem-ingest and pbem-policy.py read (as /etc/pbem/pbem.env)."""
    path = folder / "pbem.env"
    path.write_text("".join(f"{name}={value}\n" for name, value in settings.items()))
    path.chmod(0o644)
    return path


def started(pipeline: Pipeline) -> LoadedGame:
    """A game whose first emails have gone out through Postfix."""
    loaded = create_game(pipeline.store, "secret-masters", SEATS, seed_hex="ab" * 32)
    enqueue_game_mail(loaded.meta.id)
    wait_settled(pipeline, loaded.meta.id)
    return loaded


def send_through(postfix: Postfix, message: EmailMessage, sender: str | None = None) -> None:
    """Send a message to Postfix, as the player's own mail server would."""
    with smtplib.SMTP("127.0.0.1", postfix.port, timeout=30) as client:
        client.send_message(message, from_addr=sender)


def answer_text(pipeline: Pipeline, address: str) -> str:
    """Wait for the service's answer to a reply from `address` and return its text."""
    def answers() -> list[EmailMessage]:
        return [m for m in pipeline.mail_out.messages(address)
                if m["Auto-Submitted"] == "auto-replied"]
    mails = wait_for(answers, 90, what=f"an answer to {address}")
    return str(mails[0].get_body(("plain",)).get_content())


def reply_with_an_order(pipeline: Pipeline, game_id: str) -> tuple[str, EmailMessage, int]:
    """A seat that must act, its reply to its turn email with a legal order, and the game's seq."""
    loaded = load_game(pipeline.store, game_id)
    seat = loaded.game.prompts(loaded.state)[0].seat
    order = loaded.game.format_order(loaded.game.legal_orders(loaded.state, seat)[0])
    return seat, reply_to(latest_email(pipeline, EMAIL[seat], game_id), EMAIL[seat], order), \
        loaded.seq


def forged_copy(reply: EmailMessage, forged: str) -> EmailMessage:
    """The same reply from a forger, to a reply address with a made-up signature."""
    copy = EmailMessage()
    for name, value in reply.items():
        if name not in ("To", "From"):
            copy[name] = value
    copy["From"], copy["To"] = "mallory@forger.test", forged
    copy.set_content(str(reply.get_content()))
    return copy


def email_submissions(pipeline: Pipeline) -> list[Submission]:
    """Every stored email submission, whatever its status."""
    from sqlalchemy import select

    from service.store.schema import submission_from_row, submissions

    with pipeline.store._engine.connect() as conn:
        rows = conn.execute(select(submissions).where(submissions.c.source == "email"))
        return [submission_from_row(row) for row in rows]


def test_a_reply_through_postfix_is_decided_and_answered_through_postfix(
        relayed: tuple[Pipeline, Postfix]) -> None:
    pipeline, postfix = relayed
    game_id = started(pipeline).meta.id
    turn = latest_email(pipeline, EMAIL["anna"], game_id)
    assert "by mx.postfix.test (Postfix)" in str(turn["Received"]), "relayed by Postfix"
    assert all(is_bounce_address(sender) for sender in pipeline.mail_out.senders)
    seat, reply, seq = reply_with_an_order(pipeline, game_id)
    send_through(postfix, reply)
    assert "accepted" in answer_text(pipeline, EMAIL[seat])
    assert load_game(pipeline.store, game_id).seq > seq
    log = postfix.log()
    assert f"to=<{str(reply['To']).lower()}>, relay=127.0.0.1[127.0.0.1]:{pipeline.smtp_in_port}" \
        in log.lower(), "the reply went through Postfix, whose probe the listener answered"
    assert "status=bounced" not in log and "status=deliverable" in log


def test_a_forged_reply_address_is_refused_in_the_conversation_with_postfix(
        relayed: tuple[Pipeline, Postfix]) -> None:
    """Postfix asks the listener before it takes the mail, so it never bounces it to a forged
    sender (backscatter): the sender's own server is told, here the test's client."""
    pipeline, postfix = relayed
    game_id = started(pipeline).meta.id
    seat, reply, seq = reply_with_an_order(pipeline, game_id)
    forged = f"play+{game_id}.{seat}.{'a' * 16}@{DOMAIN}"
    with pytest.raises(smtplib.SMTPRecipientsRefused) as refused:
        send_through(postfix, forged_copy(reply, forged))
    code, text = refused.value.recipients[forged]
    assert code == 550 and b"This reply address is not valid" in text, text
    postfix.flush()
    assert postfix.queue() == [] and "status=bounced" not in postfix.log()
    assert pipeline.mail_out.messages("mallory@forger.test") == []
    assert not [sub for sub in email_submissions(pipeline) if sub.recipient == forged]
    assert load_game(pipeline.store, game_id).seq == seq


def test_a_turn_mail_the_players_server_refuses_bounces_back_and_marks_the_seat(
        relayed: tuple[Pipeline, Postfix]) -> None:
    """Postfix takes the turn mail, the players' server refuses its recipient (550 at RCPT),
    and Postfix's own bounce report comes back to the delivery's bounce address."""
    pipeline, postfix = relayed
    pipeline.mail_out.refuse.add(EMAIL["bruno"])
    loaded = create_game(pipeline.store, "secret-masters", SEATS, seed_hex="ab" * 32,
                         master_email="gm@players.test")
    enqueue_game_mail(loaded.meta.id)
    postfix.wait_log("status=bounced", timeout=90)  # the worker sends three turn mails first
    failing = wait_for(lambda: load_game(pipeline.store, loaded.meta.id).meta.mail_failing,
                       60, what="bruno's mail marked failing")
    assert list(failing) == ["bruno"] and "5.1.1" in failing["bruno"].reason
    # The game master is told at once: the notice is queued with the bounce, not left to
    # the minute's recovery (which this worker, without the beat, never runs).
    told = wait_for(lambda: [m for m in pipeline.mail_out.messages("gm@players.test")
                             if "bounce" in str(m["Subject"]).lower()], 30,
                    what="the game master's bounce notice")
    assert "bruno" in told[0].get_body(("plain",)).get_content()  # type: ignore[union-attr]
    rows = [row for row in pipeline.store.outbox_for_game(loaded.meta.id)
            if row.recipient == "bruno"]
    assert rows and [row.status for row in rows if row.status == "bounced"]
    assert pipeline.mail_out.messages(EMAIL["bruno"]) == []
    assert pipeline.mail_out.messages(EMAIL["anna"]), "the others' mail went out"


def test_a_bounce_marks_only_the_address_it_hit_and_the_seats_own_mail_clears_it(
        relayed: tuple[Pipeline, Postfix]) -> None:
    """Through Postfix: the seat's player writing from its address clears its bouncing mark;
    after a handover, Postfix's bounce of the "replaced" notice to the former owner's dead
    address marks nobody; a delivery report from the seat's own address to its own mail's
    bounce address marks nothing."""
    pipeline, postfix = relayed
    store = pipeline.store
    pipeline.mail_out.refuse.add(EMAIL["bruno"])
    game_id = create_game(store, "secret-masters", SEATS, seed_hex="ab" * 32).meta.id
    enqueue_game_mail(game_id)
    wait_for(lambda: load_game(store, game_id).meta.mail_failing, 150,
             what="bruno's mail marked failing")
    pipeline.mail_out.refuse.discard(EMAIL["bruno"])  # the full mailbox was emptied
    send_through(postfix, _written(EMAIL["bruno"], reply_address(
        SECRET.encode(), DOMAIN, game_id, "bruno", 0), "press to all: I am back"))
    wait_for(lambda: not load_game(store, game_id).meta.mail_failing, 90,
             what="the mark cleared by the seat's own mail")
    wait_settled(pipeline, game_id)  # its press appended and mailed

    replace_seat(store, game_id, "bruno", "Nora", "nora@players.test")
    pipeline.mail_out.refuse.add(EMAIL["bruno"])  # the former owner's address is dead now
    enqueue_game_mail(game_id)
    wait_for(lambda: [r for r in store.outbox_for_game(game_id)
                      if r.kind == "replaced" and r.status == "bounced"], 150,
             what="Postfix's bounce of the replaced notice read")
    wait_for(lambda: not store.received_submissions(-3600), 60, what="every bounce processed")
    assert load_game(store, game_id).meta.mail_failing == {}

    to_nora = wait_for(lambda: [r for r in store.outbox_for_game(game_id)
                                if r.address == "nora@players.test" and r.status == "sent"],
                       90, what="a mail to the seat's new owner")[0]
    report = _report_from("nora@players.test", bounce_address(SECRET.encode(), DOMAIN,
                                                              to_nora.id))
    before = len(email_submissions(pipeline))
    send_through(postfix, report, sender="nora@players.test")
    wait_for(lambda: len(email_submissions(pipeline)) > before
             and not store.received_submissions(-3600), 90, what="the report processed")
    assert load_game(store, game_id).meta.mail_failing == {}
    sent = store.get_outbox(to_nora.id)
    assert sent is not None and sent.status == "sent"


def _written(sender: str, to: str, text: str) -> EmailMessage:
    """A player's own mail to an address of the game."""
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, to, "hello"
    message["Message-ID"] = make_msgid(domain="players.test")
    message.set_content(text + "\n")
    return message


def _report_from(sender: str, to: str) -> EmailMessage:
    """A delivery report (RFC 3464) saying the mail to `sender` failed, written by `sender`."""
    raw = (f"From: {sender}\r\nTo: {to}\r\nSubject: Undelivered Mail Returned to Sender\r\n"
           f"Message-ID: {make_msgid(domain='players.test')}\r\nMIME-Version: 1.0\r\n"
           'Content-Type: multipart/report; report-type=delivery-status; boundary="B0"\r\n'
           "\r\n--B0\r\nContent-Type: text/plain\r\n\r\nYour message could not be "
           "delivered.\r\n\r\n--B0\r\nContent-Type: message/delivery-status\r\n\r\n"
           "Reporting-MTA: dns; mx.players.test\r\n\r\n"
           f"Final-Recipient: rfc822; {sender}\r\nAction: failed\r\nStatus: 5.1.1\r\n"
           "Diagnostic-Code: smtp; 550 5.1.1 User unknown\r\n\r\n--B0--\r\n").encode()
    message = message_from_bytes(raw, policy=policy.default)
    assert isinstance(message, EmailMessage)
    return message


def test_a_reply_piped_into_pbem_ingest_is_decided_and_answered(
        piped: tuple[Pipeline, Postfix]) -> None:
    pipeline, postfix = piped
    game_id = started(pipeline).meta.id
    seat, reply, seq = reply_with_an_order(pipeline, game_id)
    send_through(postfix, reply)
    assert "accepted" in answer_text(pipeline, EMAIL[seat])
    assert load_game(pipeline.store, game_id).seq > seq
    # the pipe's line: the answer relayed out may be logged before `pbem ingest` has exited
    log = postfix.wait_log("relay=pbem")
    assert any("status=sent" in line for line in log.splitlines() if "relay=pbem" in line)
    forged = f"play+{game_id}.{seat}.{'a' * 16}@{DOMAIN}"
    with pytest.raises(smtplib.SMTPRecipientsRefused) as refused:
        send_through(postfix, forged_copy(reply, forged))
    code, text = refused.value.recipients[forged]
    assert code == 550 and b"This reply address is not valid" in text, text
    assert not [sub for sub in email_submissions(pipeline) if sub.recipient == forged]


def test_a_pipe_whose_command_cannot_start_keeps_the_mail_queued() -> None:
    """pbem-ingest turns 'command not found' into 75: Postfix defers, never bounces; once
    pbem can start, the next queue run delivers."""
    internet = Outbox()
    internet_port = free_port()
    controller = Controller(internet, hostname="127.0.0.1", port=internet_port)
    controller.start()
    folder = shared_folder("pbem-piped-")
    home, python = command_user_home(folder), command_user_python(folder)
    settings = {"PBEM_HOME": str(home), "PBEM_SECRET_KEY": SECRET, "PBEM_MAIL_DOMAIN": DOMAIN}
    env_file = settings_file(folder, **settings, PBEM_COMMAND=str(folder / "missing" / "pbem"))
    postfix = start_postfix(DOMAIN, pbem_port=free_port(), internet_port=internet_port,
                            pipe=True, env_file=env_file, python=python)
    try:
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = (
            "anna@players.test", f"games@{DOMAIN}", "games")
        message.set_content("games")
        send_through(postfix, message)
        postfix.wait_log("status=deferred")
        queued = postfix.queue()
        assert len(queued) == 1 and queued[0]["recipients"][0]["address"] == f"games@{DOMAIN}"
        assert "4.3.0 pbem could not take the message now (status 127)" in \
            queued[0]["recipients"][0]["delay_reason"]
        postfix.flush()
        postfix.wait_log("status=deferred", 10)
        assert "status=bounced" not in postfix.log() and internet.received == []
        settings_file(folder, **settings, PBEM_COMMAND=str(python.parent / "pbem"))
        postfix.flush()
        wait_for(lambda: postfix.queue() == [], 30, what="the retry to deliver the message")
        store = Store(f"sqlite:///{home / 'pbem.db'}")
        try:
            kept = [store.get_submission(sub) for sub in store.received_submissions(-3600)]
            assert [sub.recipient for sub in kept if sub] == [f"games@{DOMAIN}"]
            assert kept[0] and text_to_raw(kept[0].body).rstrip().endswith(b"games")
        finally:
            store.dispose()
        assert internet.received == [], "no bounce went to the sender"
    finally:
        postfix.stop()
        controller.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def debian_postfix(outbox_server: tuple[Outbox, int]) -> Iterator[tuple[Outbox, Postfix]]:
    """Postfix set up from Debian's main.cf by deploy/postfix/configure (relay), no pbem."""
    keeper, internet_port = outbox_server
    postfix = start_postfix(DOMAIN, pbem_port=free_port(), internet_port=internet_port)
    try:
        yield keeper, postfix
    finally:
        postfix.stop()


def test_the_settings_change_debians_without_a_warning(
        debian_postfix: tuple[Outbox, Postfix]) -> None:
    _, postfix = debian_postfix
    checked = subprocess.run(["postfix", "-c", str(postfix.config), "check"],
                             capture_output=True, text=True, timeout=30, check=False)
    assert checked.returncode == 0 and checked.stderr == "", checked.stderr
    settings = postconf(postfix.config, "-n")  # fails on any warning ("overriding earlier")
    names = [line.split("=")[0].strip() for line in
             (postfix.config / "main.cf").read_text().splitlines()
             if "=" in line and not line.startswith((" ", "\t", "#"))]
    assert len(names) == len(set(names)), "a setting is set twice in main.cf"
    mydestination = postconf(postfix.config, "-h", "mydestination")
    assert "$myhostname" in mydestination and "localhost" in mydestination
    assert f"relay_domains = {DOMAIN}" in settings
    again = subprocess.run([str(DEPLOY / "configure"), "-c", str(postfix.config), "relay",
                            DOMAIN], capture_output=True, text=True, timeout=60, check=False)
    assert again.returncode == 0 and again.stderr == ""


def test_postmaster_and_abuse_of_the_game_domain_reach_the_operator(
        debian_postfix: tuple[Outbox, Postfix]) -> None:
    keeper, postfix = debian_postfix
    for local in ("postmaster", "abuse"):
        message = EmailMessage()
        message["From"], message["To"] = "someone@players.test", f"{local}@{DOMAIN}"
        message["Subject"] = f"to {local}"
        message.set_content("Your server sent me something odd.")
        send_through(postfix, message)
    wait_for(lambda: len(keeper.messages(OPERATOR)) == 2, 60, what="mail to the operator")
    assert sorted(str(m["Subject"]) for m in keeper.messages(OPERATOR)) == [
        "to abuse", "to postmaster"]
