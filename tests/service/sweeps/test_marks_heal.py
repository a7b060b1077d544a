"""Marks that heal: a seat marked as bouncing is marked no longer once its player writes from
its address (its deadline runs again), or once a later mail to it went out and did not bounce
for three days."""
from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest

from service.base import clock
from service.base.config import Config, load_config
from service.base.tokens import reply_address
from service.game.loading import load_game
from service.game.meta import parse_time
from service.mail.bounces import refused_for_good
from service.mail.inbound import receive_email
from service.orders.creation import NewSeat, create_game
from service.orders.processing import process_submission
from service.seats.mailmarks import heal_quiet_marks
from service.store.records import NewOutbox
from service.store.store import Store
from tests.stores import open_store

SEATS = [NewSeat("anna", "anna@example.org"), NewSeat("bruno", "bruno@example.org")]
START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    clock.set_now(START)
    opened = open_store("sqlite", tmp_path)
    try:
        yield opened
    finally:
        clock.set_now(None)
        opened.dispose()


@pytest.fixture
def config(tmp_path: Path) -> Config:
    return load_config({"PBEM_HOME": str(tmp_path / "home"), "PBEM_SECRET_KEY": "heal",
                        "PBEM_MAIL_DOMAIN": "games.example.org"})


def _bouncing(store: Store, config: Config) -> tuple[str, str]:
    """A game whose acting seat's mail bounced (deadline pushed to the absence limit)."""
    loaded = create_game(store, "freimaurerei", SEATS, seed_hex="66" * 32, deadline_hours=48,
                         absence_days=10)
    game_id, seat = loaded.meta.id, loaded.game.prompts(loaded.state)[0].seat
    row = next(r for r in store.outbox_for_game(game_id) if r.recipient == seat)
    store.fail_outbox(row.id, "refused for good: 550 no such user")  # as the relay refused it
    assert refused_for_good(store, config, row, "550 no such user", "bounce-1")
    meta = load_game(store, game_id).meta
    assert seat in meta.mail_failing
    assert parse_time(meta.deadlines[seat].due) > START + timedelta(days=9)
    return game_id, seat


def _write(store: Store, config: Config, game_id: str, seat: str, sender: str, body: str) -> None:
    message = EmailMessage()
    message["From"], message["Subject"] = sender, "hi"
    to = reply_address(config.secret_key(), config.mail_domain, game_id, seat, 0)
    message["To"], message["Message-ID"] = to, f"<{abs(hash(body + sender))}@example.org>"
    message.set_content(body + "\n")
    sub, _ = receive_email(store, bytes(message), envelope_from=sender, envelope_to=[to])[0]
    process_submission(store, sub.id, config=config)


def test_writing_from_its_address_clears_the_mark_and_the_deadline_runs_again(
        store: Store, config: Config) -> None:
    game_id, seat = _bouncing(store, config)
    clock.set_now(START + timedelta(hours=5))
    _write(store, config, game_id, seat, "mallory@elsewhere.test", "press to all: hi")
    assert seat in load_game(store, game_id).meta.mail_failing  # held: not the seat's address
    _write(store, config, game_id, seat, f"{seat}@example.org", "press to all: I am here")
    meta = load_game(store, game_id).meta
    assert meta.mail_failing == {}
    assert parse_time(meta.deadlines[seat].due) == START + timedelta(hours=5 + 48)


def test_a_later_mail_that_does_not_bounce_for_three_days_clears_the_mark(
        store: Store, config: Config) -> None:
    game_id, seat = _bouncing(store, config)
    clock.set_now(START + timedelta(hours=1))
    later = store.add_outbox(game_id, [NewOutbox(load_game(store, game_id).seq, seat,
                                                 "reminder-24h", {})])[0]
    store.mark_outbox_sent(later, address=f"{seat}@example.org")
    clock.set_now(START + timedelta(days=3))
    assert heal_quiet_marks(store) == []  # not three days yet
    clock.set_now(START + timedelta(days=3, hours=2))
    assert heal_quiet_marks(store) == [game_id]
    assert load_game(store, game_id).meta.mail_failing == {}
    assert heal_quiet_marks(store) == []


def test_a_later_mail_that_bounced_too_keeps_the_mark(store: Store, config: Config) -> None:
    game_id, seat = _bouncing(store, config)
    seq = load_game(store, game_id).seq
    for hours, kind in ((1, "reminder-24h"), (30, "reminder-1h")):
        clock.set_now(START + timedelta(hours=hours))
        row = store.add_outbox(game_id, [NewOutbox(seq, seat, kind, {})])[0]
        store.mark_outbox_sent(row, address=f"{seat}@example.org")
    store.mark_outbox_bounced(row, "permanent: 550", permanent=True)
    clock.set_now(START + timedelta(days=5))
    assert heal_quiet_marks(store) == []
    assert seat in load_game(store, game_id).meta.mail_failing
