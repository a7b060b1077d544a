"""Illuminati by email: the opening of a game played only by answering the service's emails,
with an attack written in natural words, its sealed windows answered by reply, and the PDF of
each turn email showing the seat's own hand and nobody else's."""
from __future__ import annotations

from pathlib import Path

from engine.core.harness import chooser_for
from engine.illuminati.state import Phase
from service.game.loading import load_game
from service.orders.creation import NewSeat, create_game
from workers.tasks import enqueue_game_mail

from .conftest import Pipeline, wait_for
from .mailplay import latest_email, pdf_text, reply_to, send, wait_settled

SEATS = [NewSeat("anna", "anna@players.test"), NewSeat("bruno", "bruno@players.test"),
         NewSeat("carla", "carla@players.test"), NewSeat("dora", "dora@players.test")]
EMAIL = {seat.name: seat.email for seat in SEATS}
ORDERS = 30


def _order_text(loaded: object, seat: str, chooser: object) -> str:
    """Return the text a player writes now: an attack in words on the turn, else a sample."""
    state = loaded.state  # type: ignore[attr-defined]
    game = loaded.game  # type: ignore[attr-defined]
    if state.phase is Phase.TURN and not state.turn.acted and state.uncontrolled:
        target = game.view(state, seat)["uncontrolled"][0]["name"]
        return f'Attack control "{target}" with Illuminati spending 1 from illuminati'
    return str(game.format_order(game.random_legal_order(state, seat, chooser)))


def _landed(pipeline: Pipeline, game_id: str, before: int, address: str, mailed: int) -> str:
    """Return "landed" once the order is in the log, "moved on" once the service answered
    that the mail it replied to asks an earlier decision (the game moved on between the mail
    and the reply, as it may when the windows close on their own), else ""."""
    if load_game(pipeline.store, game_id).seq > before:
        return "landed"
    for message in pipeline.mail_out.messages(address)[mailed:]:
        body = message.get_body(("plain",))
        if body is not None and "the game has moved on" in body.get_content():
            return "moved on"
    return ""


def test_an_illuminati_game_by_email(pipeline: Pipeline, tmp_path: Path) -> None:
    store = pipeline.store
    loaded = create_game(store, "illuminati", SEATS, seed_hex="1dea" * 16)
    game_id = loaded.meta.id
    enqueue_game_mail(game_id)
    chooser = chooser_for(b"illuminati-by-email")
    attacks = moved_on = 0
    for _ in range(ORDERS):
        wait_settled(pipeline, game_id)
        loaded = load_game(store, game_id)
        prompts = loaded.game.prompts(loaded.state)
        if not prompts:
            break
        prompt = chooser.choice(prompts)
        words = _order_text(loaded, prompt.seat, chooser)
        attacks += words.startswith("Attack")
        turn_email = latest_email(pipeline, EMAIL[prompt.seat], game_id)
        before, mailed = loaded.seq, len(pipeline.mail_out.messages(EMAIL[prompt.seat]))
        send(pipeline, reply_to(turn_email, EMAIL[prompt.seat], words))
        outcome = wait_for(lambda before=before, seat=prompt.seat, mailed=mailed: _landed(
            pipeline, game_id, before, EMAIL[seat], mailed), what=f"the order {words!r} to land")
        moved_on += outcome == "moved on"  # a real player answers the newer mail next
    wait_settled(pipeline, game_id)
    assert attacks >= 1
    assert store.verify_chain(game_id) is None
    final = load_game(store, game_id)
    for seat, address in EMAIL.items():
        mails = [m for m in pipeline.mail_out.messages(address) if m["X-Pbem-Game"] == game_id]
        # the turn email comes on its own, or inside the answer to the seat's own order
        # (whichever the worker composes first), so the newest board is the newest PDF
        turn_mails = [m for m in mails if any(part.get_content_type() == "application/pdf"
                                              for part in m.iter_attachments())]
        assert turn_mails, f"{seat} got turn emails"
        text = pdf_text(turn_mails[-1], tmp_path).lower()
        assert f"only for {seat}" in text
        hand = final.game.view(final.state, seat)["you"]["hand"]
        assert all(card.lower()[:12] in text for card in hand)
