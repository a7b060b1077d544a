"""The post-DATA window, through the real listener and worker: a relay that keeps a message but
drops the link before answering DATA gets it again (SMTP cannot tell the service it arrived),
and the copy carries the same Message-ID, so mail clients show it once."""
from __future__ import annotations

from collections import Counter
from email.message import EmailMessage
from email.utils import make_msgid

from service.orders.creation import NewSeat, create_game
from workers.tasks import enqueue_game_mail

from .conftest import DOMAIN, Pipeline, wait_for
from .mailplay import send, wait_settled

SEATS = [NewSeat("anna", "anna@players.test"), NewSeat("bruno", "bruno@players.test"),
         NewSeat("carla", "carla@players.test")]


def test_a_turn_mail_whose_link_dropped_after_data_comes_again_with_its_message_id(
        pipeline: Pipeline) -> None:
    loaded = create_game(pipeline.store, "secret-masters", SEATS, seed_hex="d4" * 32)
    rows = pipeline.store.outbox_for_game(loaded.meta.id)
    pipeline.mail_out.drops = 1
    enqueue_game_mail(loaded.meta.id)
    wait_settled(pipeline, loaded.meta.id, timeout=90)
    copies = Counter(str(m["Message-ID"]) for m in pipeline.mail_out.messages())
    assert len(copies) == len(rows), "every row mailed, none under a new Message-ID"
    assert sorted(copies.values()) == [1] * (len(rows) - 1) + [2], copies


def test_an_answer_whose_link_dropped_after_data_comes_again_with_its_message_id(
        pipeline: Pipeline) -> None:
    message = EmailMessage()
    message["From"], message["To"] = "dora@players.test", f"games@{DOMAIN}"
    message["Subject"], message["Message-ID"] = "hello", make_msgid(domain="players.test")
    message.set_content("help\n")
    pipeline.mail_out.drops = 1
    send(pipeline, message)
    answers = wait_for(lambda: len(pipeline.mail_out.messages("dora@players.test")) >= 2 and
                       pipeline.mail_out.messages("dora@players.test"), 90,
                       what="the answer sent again after the dropped link")
    assert len({str(m["Message-ID"]) for m in answers}) == 1
    assert str(answers[0]["Message-ID"]).startswith("<reply.")
