"""Masons by email through the real listener, worker and SMTP servers: walls named from the
board, the dice rolled by the service, a city completed and scored, refusals and help answered,
and each seat's PDF showing its own hand only."""
from __future__ import annotations

from pathlib import Path

from engine.core.harness import chooser_for
from service.game.loading import load_game
from service.orders.creation import NewSeat, create_game
from workers.tasks import enqueue_game_mail

from .conftest import Pipeline, wait_for
from .mailplay import latest_email, pdf_text, reply_to, send, wait_settled

SEATS = [NewSeat("anna", "anna@players.test"), NewSeat("bruno", "bruno@players.test"),
         NewSeat("carla", "carla@players.test")]
EMAIL = {seat.name: seat.email for seat in SEATS}
WALLS = ["wall 1-4", "wall 1-6", "wall 4-6"]
"""Three walls around the first landscape space: the third completes city 1."""
MAX_ORDERS = 40


def answers(pipeline: Pipeline, address: str) -> list[str]:
    """Return the texts of the service's answers to orders sent from `address`."""
    return [str(m.get_body(("plain",)).get_content()) for m in pipeline.mail_out.messages(address)
            if m["Auto-Submitted"] == "auto-replied"]


def order_by_email(pipeline: Pipeline, game_id: str, seat: str, text: str) -> str:
    """Send `text` in a reply to the seat's newest turn email; return the service's answer."""
    before = len(answers(pipeline, EMAIL[seat]))
    turn = latest_email(pipeline, EMAIL[seat], game_id)
    send(pipeline, reply_to(turn, EMAIL[seat], text))
    found = wait_for(lambda: len(answers(pipeline, EMAIL[seat])) > before and
                     answers(pipeline, EMAIL[seat]), 90, what=f"the answer to {text!r}")
    wait_settled(pipeline, game_id)
    return str(found[-1])


def test_a_city_by_email(pipeline: Pipeline, tmp_path: Path) -> None:
    store = pipeline.store
    loaded = create_game(store, "masons", SEATS, seed_hex="5a" * 32)
    game_id, game = loaded.meta.id, loaded.game
    enqueue_game_mail(game_id)
    wait_settled(pipeline, game_id)
    walls, chooser, scored = list(WALLS), chooser_for(b"masons-by-email"), False
    for _ in range(MAX_ORDERS):
        state = load_game(store, game_id).state
        # a sealed scoring (how new games score) asks every seat at once: the next unanswered
        prompt = next(p for p in game.prompts(state) if not p.submitted)
        if prompt.key.endswith(".wall") and not walls:
            break
        if prompt.key.endswith(".wall"):
            mail = latest_email(pipeline, EMAIL[prompt.seat], game_id)
            assert "Free lines (" in mail.get_body(("plain",)).get_content()
            text = walls.pop(0)
        else:
            scored = scored or ".score" in prompt.key
            order = game.random_legal_order(state, prompt.seat, chooser)
            text = game.format_order(order)
        assert "accepted" in order_by_email(pipeline, game_id, prompt.seat, text)
    final = load_game(store, game_id)
    assert scored and len(final.state.cities) == 1
    assert store.verify_chain(game_id) is None
    _refusal_and_help(pipeline, game_id, game.prompts(final.state)[0].seat)
    _each_pdf_shows_its_own_hand(pipeline, game_id, final, tmp_path)


def _refusal_and_help(pipeline: Pipeline, game_id: str, seat: str) -> None:
    """A wall inside the city is refused with the reason; help lists the free wall lines."""
    refused = order_by_email(pipeline, game_id, seat, "wall 4-6")
    assert "refused" in refused and "A wall already stands on 4-6" in refused
    helped = order_by_email(pipeline, game_id, seat, "help")
    assert "Free lines (" in helped and "wall <tower space>-<tower space>" in helped


def _each_pdf_shows_its_own_hand(pipeline: Pipeline, game_id: str, final: object,
                                 tmp_path: Path) -> None:
    """Each seat's latest PDF has the board and that seat's cards, and no other seat's."""
    for seat, address in EMAIL.items():
        mails = [m for m in pipeline.mail_out.messages(address)
                 if m["X-Pbem-Game"] == game_id and m["Auto-Submitted"] == "auto-generated"]
        text = pdf_text(mails[-1], tmp_path)
        assert f"Only for {seat}" in text and "palaces big" in text
        assert not any(f"Only for {other}" in text for other in EMAIL if other != seat)
