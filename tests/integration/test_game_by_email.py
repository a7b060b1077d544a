"""A whole Secret Masters game played only by answering the service's emails.

The worker runs on the real Redis, mail goes out over SMTP to a real (in-process) server and
comes back over a real SMTP connection to the service's listener. Every order is chosen from
the seat's legal orders and written in a top-posted reply that quotes the whole turn email,
example orders included, which must never be read as orders.
"""
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
MAX_ORDERS = 400


def test_a_whole_game_by_email(pipeline: Pipeline, tmp_path: Path) -> None:
    store = pipeline.store
    loaded = create_game(store, "secret-masters", SEATS, seed_hex="c0ffee" * 8)
    game_id, game = loaded.meta.id, loaded.game
    enqueue_game_mail(game_id)
    chooser = chooser_for(b"game-by-email")
    orders = 0
    while orders < MAX_ORDERS:
        wait_settled(pipeline, game_id)
        loaded = load_game(store, game_id)
        prompts = game.prompts(loaded.state)
        if not prompts:
            break
        prompt = chooser.choice(prompts)
        order = chooser.choice(list(game.legal_orders(loaded.state, prompt.seat)))
        turn_email = latest_email(pipeline, EMAIL[prompt.seat], game_id)
        assert str(turn_email["Reply-To"]).startswith(f"play+{game_id}.{prompt.seat}.")
        before = loaded.seq
        send(pipeline, reply_to(turn_email, EMAIL[prompt.seat], game.format_order(order)))
        wait_for(lambda before=before: load_game(store, game_id).seq > before,
                 what="the order to land")
        orders += 1
    wait_settled(pipeline, game_id)
    final = load_game(store, game_id)
    assert final.meta.finished, f"the game did not end after {orders} orders"
    assert store.verify_chain(game_id) is None
    _check_every_email(pipeline, game_id, final, tmp_path)


def _check_every_email(pipeline: Pipeline, game_id: str, final: object,
                       tmp_path: Path) -> None:
    """Each turn email is one seat's: its PDF shows that seat's faction and no other's."""
    factions = {seat: load_game(pipeline.store, game_id).game.view(
        final.state, seat)["you"]["faction"] for seat in EMAIL}  # type: ignore[attr-defined]
    threads = set()
    for seat, address in EMAIL.items():
        mails = [m for m in pipeline.mail_out.messages(address) if m["X-Pbem-Game"] == game_id]
        turn_mails = [m for m in mails if m["Auto-Submitted"] == "auto-generated"]
        replies = [m for m in mails if m["Auto-Submitted"] == "auto-replied"]
        assert turn_mails and replies, f"{seat} got turn emails and answers"
        assert all("accepted" in r.get_body(("plain",)).get_content() for r in replies)
        threads |= {str(m["References"]) for m in turn_mails}
        for mail in turn_mails[:: max(1, len(turn_mails) // 6)] + turn_mails[-1:]:
            text = pdf_text(mail, tmp_path).lower()
            assert f"only you see this: {seat}" in text
            own = [line for line in text.splitlines() if "your faction" in line]
            assert len(own) == 1 and factions[seat] in own[0]
            others = {factions[other] for other in EMAIL if other != seat}
            if mail is not turn_mails[-1]:
                assert not any(f"only you see this: {other}" in text for other in EMAIL
                               if other != seat)
                assert not any(colour in own[0] for colour in others)
    assert len(threads) == len(EMAIL), "each seat's emails form one thread"
