"""Every way an email can go wrong, through the real listener, worker and SMTP servers."""
from __future__ import annotations

import smtplib
from datetime import timedelta
from email.message import EmailMessage

import pytest

from engine.core.harness import choose_step, chooser_for
from service.base import clock
from service.game.loading import LoadedGame, load_game
from service.game.meta import parse_time
from service.orders.creation import NewSeat, create_game
from service.seats import master
from workers import tasks
from workers.tasks import enqueue_game_mail

from .conftest import AUTHSERV_ID, DOMAIN, Pipeline, wait_for
from .mailplay import latest_email, reply_to, send, wait_settled

SEATS = [NewSeat("anna", "anna@players.test"), NewSeat("bruno", "bruno@players.test"),
         NewSeat("carla", "carla@players.test")]
EMAIL = {seat.name: seat.email for seat in SEATS}


def started(pipeline: Pipeline, **settings: object) -> LoadedGame:
    """A game whose first emails have gone out."""
    loaded = create_game(pipeline.store, "secret-masters", SEATS, seed_hex="ab" * 32,
                         **settings)  # type: ignore[arg-type]
    enqueue_game_mail(loaded.meta.id)
    wait_settled(pipeline, loaded.meta.id)
    return loaded


def prompted(pipeline: Pipeline, game_id: str) -> tuple[str, str, LoadedGame]:
    """A seat that must act now, one of its legal orders as text, and the game."""
    loaded = load_game(pipeline.store, game_id)
    prompt = loaded.game.prompts(loaded.state)[0]
    order = loaded.game.legal_orders(loaded.state, prompt.seat)[0]
    return prompt.seat, loaded.game.format_order(order), loaded


def answers(pipeline: Pipeline, address: str) -> list[EmailMessage]:
    """The service's answers to emailed orders sent to `address`."""
    return [m for m in pipeline.mail_out.messages(address)
            if m["Auto-Submitted"] == "auto-replied"]


def answer_text(pipeline: Pipeline, address: str, count: int = 1) -> str:
    """Wait for the `count`-th answer to `address` and return its text."""
    mails = wait_for(lambda: len(answers(pipeline, address)) >= count and
                     answers(pipeline, address), 90, what=f"answer {count} to {address}")
    return str(mails[count - 1].get_body(("plain",)).get_content())


def test_the_same_message_twice_is_decided_and_answered_once(pipeline: Pipeline) -> None:
    game_id = started(pipeline).meta.id
    seat, text, loaded = prompted(pipeline, game_id)
    mail = reply_to(latest_email(pipeline, EMAIL[seat], game_id), EMAIL[seat], text,
                    message_id="<same-message@players.test>")
    send(pipeline, mail)
    send(pipeline, mail)
    wait_for(lambda: load_game(pipeline.store, game_id).seq > loaded.seq, what="the order")
    wait_settled(pipeline, game_id)
    assert "accepted" in answer_text(pipeline, EMAIL[seat])
    accepted = [e for e in pipeline.store.events(game_id) if e.type == "order.accepted"]
    assert len(accepted) == 1
    assert len(answers(pipeline, EMAIL[seat])) == 1


def test_help_by_email_is_answered_with_the_help_text(pipeline: Pipeline) -> None:
    game_id = started(pipeline).meta.id
    seat, _, loaded = prompted(pipeline, game_id)
    send(pipeline, reply_to(latest_email(pipeline, EMAIL[seat], game_id), EMAIL[seat], "help"))
    body = answer_text(pipeline, EMAIL[seat])
    prompt = loaded.game.prompt_for(loaded.state, seat)
    assert prompt is not None and "What you can write now" in body
    assert loaded.game.help(prompt).splitlines()[-1] in body and "refused" not in body
    assert load_game(pipeline.store, game_id).seq == loaded.seq


def test_a_forged_signature_is_kept_refused_and_never_answered(pipeline: Pipeline) -> None:
    """Its sender may be forged too: an answer would be mail to a stranger (backscatter)."""
    game_id = started(pipeline).meta.id
    seat, text, loaded = prompted(pipeline, game_id)
    original = latest_email(pipeline, EMAIL[seat], game_id)
    forged = f"play+{game_id}.{seat}.{'a' * 16}@{DOMAIN}"
    send(pipeline, reply_to(original, "mallory@elsewhere.test", text, to=forged))
    kept = wait_for(lambda: [sub for sub in _email_submissions(pipeline)
                             if sub.sender == "mallory@elsewhere.test"
                             and sub.status == "rejected"], what="the forged mail refused")
    assert (kept[0].result or {}).get("code") == "forged-address"
    wait_for(lambda: pipeline.store.unreplied_submissions("email") == [],
             what="the forged mail settled without an answer")
    assert pipeline.mail_out.messages("mallory@elsewhere.test") == []
    assert load_game(pipeline.store, game_id).seq == loaded.seq


def test_the_from_header_alone_never_authenticates(pipeline: Pipeline) -> None:
    game_id = started(pipeline).meta.id
    seat, text, loaded = prompted(pipeline, game_id)
    original = latest_email(pipeline, EMAIL[seat], game_id)
    send(pipeline, reply_to(original, EMAIL[seat], text, to=f"games@{DOMAIN}"))
    assert "own reply address" in answer_text(pipeline, EMAIL[seat])
    assert load_game(pipeline.store, game_id).seq == loaded.seq


def test_a_rotated_address_stops_working(pipeline: Pipeline) -> None:
    game_id = started(pipeline).meta.id
    seat, text, _ = prompted(pipeline, game_id)
    old = latest_email(pipeline, EMAIL[seat], game_id)
    master.rotate_token(pipeline.store, game_id, seat)
    enqueue_game_mail(game_id)
    wait_settled(pipeline, game_id)
    new = latest_email(pipeline, EMAIL[seat], game_id)
    assert new["Reply-To"] != old["Reply-To"]
    before = load_game(pipeline.store, game_id).seq
    send(pipeline, reply_to(old, EMAIL[seat], text))
    assert "replaced by a newer one" in answer_text(pipeline, EMAIL[seat])
    assert load_game(pipeline.store, game_id).seq == before
    send(pipeline, reply_to(new, EMAIL[seat], text))
    assert "accepted" in answer_text(pipeline, EMAIL[seat], 2)


def test_an_answer_to_an_outdated_email_is_stale(pipeline: Pipeline) -> None:
    """A seat answers an old turn email after its decision was already taken another way."""
    game_id = started(pipeline).meta.id
    seat, text, _ = prompted(pipeline, game_id)
    old = latest_email(pipeline, EMAIL[seat], game_id)
    send(pipeline, reply_to(old, EMAIL[seat], text))
    assert "accepted" in answer_text(pipeline, EMAIL[seat])
    _play_until_prompted_again(pipeline, game_id, seat)
    loaded = load_game(pipeline.store, game_id)
    now_text = loaded.game.format_order(loaded.game.legal_orders(loaded.state, seat)[0])
    send(pipeline, reply_to(old, EMAIL[seat], now_text))
    body = answer_text(pipeline, EMAIL[seat], 2)
    assert "moved on" in body and "stale-order" in body
    assert load_game(pipeline.store, game_id).seq == loaded.seq


def _play_until_prompted_again(pipeline: Pipeline, game_id: str, seat: str) -> None:
    """Play other seats' orders directly until `seat` must decide again."""
    from service.orders.processing import submit_order

    chooser = chooser_for(b"stale")
    for _ in range(200):
        wait_settled(pipeline, game_id)
        loaded = load_game(pipeline.store, game_id)
        if any(p.seat == seat for p in loaded.game.prompts(loaded.state)):
            return
        prompt, order = choose_step(loaded.game, loaded.state, chooser)
        if order is prompt.default:
            order = loaded.game.legal_orders(loaded.state, prompt.seat)[0]
        submit_order(pipeline.store, game_id, prompt.seat, loaded.game.format_order(order))
        enqueue_game_mail(game_id)
    pytest.fail(f"{seat} was never prompted again")


def test_several_orders_in_one_html_only_message(pipeline: Pipeline) -> None:
    """Two vote lines: the second revises the first (a sealed vote may change until all are in)."""
    game_id = started(pipeline).meta.id
    voter = _reach_vote(pipeline, game_id)
    loaded = load_game(pipeline.store, game_id)
    votes = [loaded.game.format_order(o) for o in loaded.game.legal_orders(loaded.state, voter)]
    original = latest_email(pipeline, EMAIL[voter], game_id)
    mail = EmailMessage()
    mail["From"], mail["To"] = EMAIL[voter], original["Reply-To"]
    mail["Subject"], mail["Message-ID"] = "Re: votes", "<html-votes@players.test>"
    mail.set_content(f"<p>{votes[0]}<br>{votes[-1]}</p><blockquote>{votes[1]}</blockquote>",
                     subtype="html")
    send(pipeline, mail)
    body = answer_text(pipeline, EMAIL[voter])
    assert votes[0] in body and votes[-1] in body and "accepted" in body
    view = load_game(pipeline.store, game_id).game.view(
        load_game(pipeline.store, game_id).state, voter)
    assert view["you"]["vote"] is not None


def _reach_vote(pipeline: Pipeline, game_id: str) -> str:
    from service.orders.processing import submit_order

    for _ in range(10):
        loaded = load_game(pipeline.store, game_id)
        prompts = loaded.game.prompts(loaded.state)
        if len(prompts) > 1:
            return prompts[0].seat
        order = loaded.game.legal_orders(loaded.state, prompts[0].seat)[0]
        submit_order(pipeline.store, game_id, prompts[0].seat, loaded.game.format_order(order))
        enqueue_game_mail(game_id)
        wait_settled(pipeline, game_id)
    pytest.fail("no vote was reached")


def test_malformed_and_oversized_mail(pipeline: Pipeline) -> None:
    with smtplib.SMTP("127.0.0.1", pipeline.smtp_in_port, timeout=10) as client:
        client.sendmail("junk@players.test", [f"games@{DOMAIN}"],
                        f"Authentication-Results: {AUTHSERV_ID}; spf=pass "
                        "smtp.mailfrom=junk@players.test\r\n".encode()
                        + b"\xff\xfe not a header\r\n\r\n\x00\x01 body")
        with pytest.raises((smtplib.SMTPSenderRefused, smtplib.SMTPDataError)) as refused:
            client.sendmail("big@players.test", [f"games@{DOMAIN}"],
                            b"Subject: big\r\n\r\n" + b"x" * (3 * 1024 * 1024))
        assert refused.value.smtp_code == 552
        with pytest.raises(smtplib.SMTPRecipientsRefused):
            client.sendmail("x@players.test", ["someone@elsewhere.test"], b"Subject: relay\r\n\r\nhi")
    assert "own reply address" in answer_text(pipeline, "junk@players.test")
    wait_for(lambda: pipeline.store.unreplied_submissions("email") == [],
             what="the answer to be marked sent")
    from service.mail.reading import text_to_raw

    kept = [sub for sub in _email_submissions(pipeline) if sub.sender == "junk@players.test"]
    assert len(kept) == 1 and kept[0].status == "rejected"
    assert text_to_raw(kept[0].body).endswith(b"\x00\x01 body\r\n")


def _email_submissions(pipeline: Pipeline) -> list:  # type: ignore[type-arg]
    """Every stored email submission, read straight from the submissions table."""
    from sqlalchemy import select

    from service.store.schema import submission_from_row, submissions

    with pipeline.store._engine.connect() as conn:
        rows = conn.execute(select(submissions).where(submissions.c.source == "email"))
        return [submission_from_row(row) for row in rows]


def test_a_paused_game_refuses_orders_by_email(pipeline: Pipeline) -> None:
    game_id = started(pipeline).meta.id
    seat, text, _ = prompted(pipeline, game_id)
    master.pause_game(pipeline.store, game_id, "summer holidays")
    enqueue_game_mail(game_id)
    wait_settled(pipeline, game_id)
    send(pipeline, reply_to(latest_email(pipeline, EMAIL[seat], game_id), EMAIL[seat], text))
    assert "paused" in answer_text(pipeline, EMAIL[seat])
    master.resume_game(pipeline.store, game_id)
    enqueue_game_mail(game_id)
    wait_settled(pipeline, game_id)
    send(pipeline, reply_to(latest_email(pipeline, EMAIL[seat], game_id), EMAIL[seat], text))
    assert "accepted" in answer_text(pipeline, EMAIL[seat], 2)


def test_reminders_then_the_deadline_default(pipeline: Pipeline) -> None:
    game_id = started(pipeline, deadline_hours=48).meta.id
    seat, _, loaded = prompted(pipeline, game_id)
    due = parse_time(loaded.meta.deadlines[seat].due)
    try:
        clock.set_now(due - timedelta(hours=23))
        tasks.sweep_deadlines()
        tasks.sweep_deadlines()
        wait_settled(pipeline, game_id)
        reminders = [m for m in pipeline.mail_out.messages(EMAIL[seat])
                     if "reminder" in str(m["Subject"])]
        assert len(reminders) == 1 and "24 hours" in str(reminders[0]["Subject"])
        clock.set_now(due + timedelta(minutes=1))
        tasks.sweep_deadlines()
        wait_for(lambda: load_game(pipeline.store, game_id).seq > loaded.seq,
                 what="the default order")
    finally:
        clock.set_now(None)
    accepted = [e for e in pipeline.store.events(game_id) if e.type == "order.accepted"]
    assert [(e.actor, e.payload["seat"]) for e in accepted] == [("deadline", seat)]


def test_a_worker_killed_mid_delivery_loses_and_duplicates_nothing(pipeline: Pipeline) -> None:
    loaded = create_game(pipeline.store, "secret-masters", SEATS, seed_hex="cd" * 32)
    rows = pipeline.store.outbox_for_game(loaded.meta.id)
    pipeline.mail_out.delay = 3.0
    enqueue_game_mail(loaded.meta.id)
    wait_for(lambda: pipeline.mail_out.connections >= 1, what="a delivery under way")
    pipeline.worker.kill()
    assert pipeline.mail_out.received == []
    pipeline.mail_out.delay = 0.0
    pipeline.worker.start()
    wait_settled(pipeline, loaded.meta.id, timeout=90)
    ids = [str(m["Message-ID"]) for m in pipeline.mail_out.messages()]
    assert len(ids) == len(rows) == len(set(ids))
