"""Press by mail through the real listener, worker and SMTP servers, answered on its address."""
from __future__ import annotations

from email.message import EmailMessage

from service.base.tokens import read_press_address
from service.orders.creation import NewSeat, create_game
from workers.tasks import enqueue_game_mail

from .conftest import Pipeline, wait_for
from .mailplay import latest_email, reply_to, send, wait_settled

SEATS = [NewSeat("anna", "anna@players.test"), NewSeat("bruno", "bruno@players.test"),
         NewSeat("carla", "carla@players.test")]


def press_mails(pipeline: Pipeline, email: str) -> list[EmailMessage]:
    """Return the press emails the service sent to `email`."""
    return [m for m in pipeline.mail_out.messages(email) if ".press@" in str(m["Message-ID"])]


def press_events(pipeline: Pipeline, game_id: str, count: int) -> bool:
    """Return whether the game's log holds `count` press messages."""
    return len([e for e in pipeline.store.events(game_id) if e.type == "press.sent"]) >= count


def test_a_press_mail_is_answered_on_its_own_address(pipeline: Pipeline) -> None:
    loaded = create_game(pipeline.store, "secret-masters", SEATS, seed_hex="cd" * 32,
                         press="grey")
    game_id = loaded.meta.id
    enqueue_game_mail(game_id)
    wait_settled(pipeline, game_id)
    turn = latest_email(pipeline, "anna@players.test", game_id)
    send(pipeline, reply_to(turn, "anna@players.test",
                            "anonymous press to bruno: the grand master lies"))
    wait_for(lambda: press_events(pipeline, game_id, 1), 90, what="the first press message")
    # The worker queues the press mail itself: no recovery beat runs in this test.
    [press] = wait_for(lambda: press_mails(pipeline, "bruno@players.test"), 30,
                       what="the press mail to bruno")
    address = str(press["Reply-To"])
    assert read_press_address(address) is not None and "anna" not in address
    send(pipeline, reply_to(press, "bruno@players.test", "How do you know?"))
    wait_for(lambda: press_events(pipeline, game_id, 2), 90, what="the answer")
    [answer] = wait_for(lambda: press_mails(pipeline, "anna@players.test"), 30,
                        what="the answer to anna")
    body = answer.get_body(("plain",))
    assert body is not None and "How do you know?" in body.get_content()
    wait_settled(pipeline, game_id)
    assert press_mails(pipeline, "carla@players.test") == []
    seats_events = [e for e in pipeline.store.events(game_id) if e.type == "press.sent"]
    assert len(seats_events) == 2 and seats_events[-1].payload["to_anonymous"] is True
