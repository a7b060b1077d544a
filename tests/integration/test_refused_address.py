"""A relay that refuses a seat's address for good at RCPT TO, through the real worker: the
seat is marked as bouncing and the game master's notice goes out at once, queued by the
worker whose delivery was refused (this pipeline runs no recovery task to pick it up)."""
from __future__ import annotations

from service.game.loading import load_game
from service.orders.creation import NewSeat, create_game
from workers.tasks import enqueue_game_mail

from .conftest import Pipeline, wait_for

SEATS = [NewSeat("anna", "anna@players.test"), NewSeat("bruno", "bruno@players.test"),
         NewSeat("carla", "carla@players.test")]


def test_a_refused_address_tells_the_game_master_at_once(pipeline: Pipeline) -> None:
    pipeline.mail_out.refuse.add("bruno@players.test")
    loaded = create_game(pipeline.store, "secret-masters", SEATS, seed_hex="e5" * 32,
                         master_email="gm@players.test")
    enqueue_game_mail(loaded.meta.id)
    failing = wait_for(lambda: load_game(pipeline.store, loaded.meta.id).meta.mail_failing,
                       90, what="bruno's mail marked failing")
    assert list(failing) == ["bruno"] and "5.1.1" in failing["bruno"].reason
    told = wait_for(lambda: [m for m in pipeline.mail_out.messages("gm@players.test")
                             if "bounce" in str(m["Subject"]).lower()], 30,
                    what="the game master's bounce notice")
    text = told[0].get_body(("plain",))
    assert text is not None and "bruno" in text.get_content()
