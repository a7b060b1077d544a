"""Which mail is the same mail, through the real listener and worker: nothing a player sends is
lost because another message looked like it, and nothing redelivered is played twice."""
from __future__ import annotations

from email.message import EmailMessage

from service.game.loading import load_game

from .conftest import Pipeline, wait_for
from .mailplay import latest_email, reply_to, send, wait_settled
from .test_mail_paths import EMAIL, answer_text, answers, prompted, started


def accepted_orders(pipeline: Pipeline, game_id: str) -> int:
    """Return how many orders the game's log holds."""
    return sum(1 for e in pipeline.store.events(game_id) if e.type == "order.accepted")


def test_a_message_id_used_before_by_another_seat_loses_nothing(pipeline: Pipeline) -> None:
    game_id = started(pipeline).meta.id
    seat, text, loaded = prompted(pipeline, game_id)
    other = next(name for name in EMAIL if name != seat)
    reused = "<reused-by-a-client@players.test>"
    send(pipeline, reply_to(latest_email(pipeline, EMAIL[other], game_id), EMAIL[other], "help",
                            message_id=reused))
    answer_text(pipeline, EMAIL[other])
    send(pipeline, reply_to(latest_email(pipeline, EMAIL[seat], game_id), EMAIL[seat], text,
                            message_id=reused))
    assert "accepted" in answer_text(pipeline, EMAIL[seat])
    assert load_game(pipeline.store, game_id).seq > loaded.seq


def test_one_message_to_two_games_is_read_and_answered_in_each(pipeline: Pipeline) -> None:
    first, second = started(pipeline).meta.id, started(pipeline).meta.id
    mail = reply_to(latest_email(pipeline, EMAIL["anna"], first), EMAIL["anna"], "help")
    mail["Cc"] = str(latest_email(pipeline, EMAIL["anna"], second)["Reply-To"])
    send(pipeline, mail)
    wait_for(lambda: len(answers(pipeline, EMAIL["anna"])) >= 2, 90, "an answer from each game")
    games = sorted(str(m["X-Pbem-Game"]) for m in answers(pipeline, EMAIL["anna"]))
    assert games == sorted([first, second])
    assert all("What you can write" in str(m.get_body(("plain",)).get_content())
               for m in answers(pipeline, EMAIL["anna"]))


def test_a_redelivered_message_without_message_id_is_played_once(pipeline: Pipeline) -> None:
    game_id = started(pipeline).meta.id
    seat, text, _ = prompted(pipeline, game_id)
    mail = reply_to(latest_email(pipeline, EMAIL[seat], game_id), EMAIL[seat], text)
    del mail["Message-ID"]
    for relay in ("mx1.players.test", "mx2.players.test"):
        copy = EmailMessage()
        copy["Received"] = f"from {relay} by games.test; Thu, 26 Nov 2026 10:00:00 +0000"
        for name, value in mail.items():
            copy[name] = value
        copy.set_payload(mail.get_payload())
        send(pipeline, copy)
    wait_for(lambda: answers(pipeline, EMAIL[seat]), 90, "the answer")
    wait_settled(pipeline, game_id)
    assert accepted_orders(pipeline, game_id) == 1
    assert len(answers(pipeline, EMAIL[seat])) == 1


def test_the_worker_log_shows_no_order_of_a_seat(pipeline: Pipeline) -> None:
    game_id = started(pipeline).meta.id
    seat, text, _ = prompted(pipeline, game_id)
    send(pipeline, reply_to(latest_email(pipeline, EMAIL[seat], game_id), EMAIL[seat], text))
    assert "accepted" in answer_text(pipeline, EMAIL[seat])
    wait_settled(pipeline, game_id)
    log = pipeline.worker.log.read_text()
    assert "pbem.process_submission" in log and "succeeded" in log
    assert text not in log
