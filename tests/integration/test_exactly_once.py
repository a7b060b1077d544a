"""Two workers, one message delivered and queued several times at once: decided once."""
from __future__ import annotations

import threading
from pathlib import Path

from service.game.loading import load_game
from service.mail.inbound import receive_email
from service.orders.creation import NewSeat, create_game
from workers import tasks
from workers.tasks import enqueue_game_mail

from .conftest import Pipeline, Worker, wait_for
from .mailplay import latest_email, reply_to, send, wait_settled

SEATS = [NewSeat("anna", "anna@players.test"), NewSeat("bruno", "bruno@players.test")]
EMAIL = {seat.name: seat.email for seat in SEATS}


def test_the_same_email_ingested_twice_at_once_with_two_workers_is_decided_once(
        pipeline: Pipeline, tmp_path: Path) -> None:
    second = Worker(pipeline.worker.env, tmp_path / "worker-2.log")
    second.start()
    try:
        loaded = create_game(pipeline.store, "freimaurerei", SEATS, seed_hex="cd" * 32)
        game_id = loaded.meta.id
        enqueue_game_mail(game_id)
        for round_number in range(3):
            wait_settled(pipeline, game_id)
            now = load_game(pipeline.store, game_id)
            seat = now.game.prompts(now.state)[0].seat
            text = now.game.format_order(now.game.legal_orders(now.state, seat)[0])
            mail = reply_to(latest_email(pipeline, EMAIL[seat], game_id), EMAIL[seat], text,
                            message_id=f"<twice-{round_number}@players.test>")
            senders = [threading.Thread(target=send, args=(pipeline, mail)) for _ in range(2)]
            for thread in senders:
                thread.start()
            for thread in senders:
                thread.join()
            sub, created = receive_email(pipeline.store, mail.as_bytes())[0]
            assert not created, "the listener stored the message before answering"
            tasks.process_submission.delay(sub.id)
            tasks.process_submission.delay(sub.id)
            wait_for(lambda sub_id=sub.id: pipeline.store.get_submission(sub_id).replied_at,
                     90, what="the answer")
            stored = pipeline.store.get_submission(sub.id)
            assert stored.status == "accepted" and stored.result["orders"] == [text]
            accepted = [e for e in pipeline.store.events(game_id)
                        if e.type == "order.accepted" and e.causation == sub.id]
            assert len(accepted) == 1
        wait_settled(pipeline, game_id)
        answers = [m for m in pipeline.mail_out.messages()
                   if m["Auto-Submitted"] == "auto-replied"]
        assert len(answers) == 3
        assert all("accepted" in str(m.get_body(("plain",)).get_content()) for m in answers)
    finally:
        second.stop()

