"""Bounces tied to the address they hit: each delivery records where its email went; a bounce
marks the seat only while that is still its address (mail to a former owner marks nothing),
a bounce address expires 30 days after its mail, and a report from the seat's own address
marks nothing."""
from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from service.base import clock
from service.game.loading import load_game
from service.mail.delivery import deliver, mail_file_name
from service.seats.master import replace_seat
from service.store.store import Store

from .test_bounces import QMAIL, _bounce, _game, _parsed, _report, _sent_to


def _plain_bounce(to: str) -> bytes:
    """A bounce in qmail's words: no report part, so no recipient the service could check."""
    return QMAIL.replace(b"To: x@games.example.org", f"To: {to}".encode())


def _return_path(store: Store, config: object, row_id: int) -> str:
    row = store.get_outbox(row_id)
    assert row is not None
    path = config.mail_dir / f"{mail_file_name(row)}.eml"  # type: ignore[attr-defined]
    return str(_parsed(path.read_bytes())["Return-Path"]).strip("<>")


def test_each_delivery_records_the_address_it_went_to(tmp_path: Path) -> None:
    store, config, game_id = _game(tmp_path)
    delivery, _ = _sent_to(store, config, game_id, "bruno")
    row = store.get_outbox(delivery)
    assert row is not None and row.address == "bruno@example.org"


def test_the_replaced_notice_to_the_old_address_bouncing_marks_nobody(tmp_path: Path) -> None:
    store, config, game_id = _game(tmp_path)
    _sent_to(store, config, game_id, "bruno")
    replace_seat(store, game_id, "bruno", "Nora", "nora@example.org")
    notice = next(r for r in store.outbox_for_game(game_id) if r.kind == "replaced")
    deliver(store, config, notice.id)
    sent = store.get_outbox(notice.id)
    assert sent is not None and sent.address == "bruno@example.org"
    _bounce(store, config, _return_path(store, config, notice.id),
            _plain_bounce(_return_path(store, config, notice.id)))
    assert load_game(store, game_id).meta.mail_failing == {}


def test_a_late_bounce_of_the_former_owners_turn_mail_marks_nobody(tmp_path: Path) -> None:
    store, config, game_id = _game(tmp_path)
    _, mail = _sent_to(store, config, game_id, "bruno")
    replace_seat(store, game_id, "bruno", "Nora", "nora@example.org")
    address = str(mail["Return-Path"]).strip("<>")
    _bounce(store, config, address, _plain_bounce(address))
    assert load_game(store, game_id).meta.mail_failing == {}
    # The same bounce for the current owner's own mail marks the seat.
    store2, config2, game2 = _game(tmp_path / "other")
    _, mail2 = _sent_to(store2, config2, game2, "bruno")
    address2 = str(mail2["Return-Path"]).strip("<>")
    _bounce(store2, config2, address2, _plain_bounce(address2))
    assert set(load_game(store2, game2).meta.mail_failing) == {"bruno"}


def test_a_bounce_address_expires_after_thirty_days(tmp_path: Path) -> None:
    store, config, game_id = _game(tmp_path)
    delivery, mail = _sent_to(store, config, game_id, "bruno")
    address = str(mail["Return-Path"]).strip("<>")
    clock.set_now(clock.now() + timedelta(days=31))
    try:
        _bounce(store, config, address)
    finally:
        clock.set_now(None)
    assert load_game(store, game_id).meta.mail_failing == {}
    row = store.get_outbox(delivery)
    assert row is not None and row.status == "sent"


def test_a_report_from_the_seats_own_address_marks_nothing(tmp_path: Path) -> None:
    """A player cannot push their own deadlines back with a forged report to their bounce
    address."""
    store, config, game_id = _game(tmp_path)
    seat, before = next(iter(load_game(store, game_id).meta.deadlines.items()))
    delivery, mail = _sent_to(store, config, game_id, seat)
    address = str(mail["Return-Path"]).strip("<>")
    forged = _report(address, recipient=f"{seat}@example.org").replace(
        b"From: MAILER-DAEMON@mx.example.org", f"From: {seat}@example.org".encode())
    from service.mail.inbound import receive_email
    from service.orders.processing import process_submission

    sub, _ = receive_email(store, forged, envelope_from=f"{seat}@example.org",
                           envelope_to=[address])[0]
    process_submission(store, sub.id, config=config)
    meta = load_game(store, game_id).meta
    assert meta.mail_failing == {} and meta.deadlines[seat].due == before.due
    row = store.get_outbox(delivery)
    assert row is not None and row.status == "sent"
