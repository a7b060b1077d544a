"""A seat's owner cannot be flooded: held mail makes at most one confirm notice per seat an
hour, later messages are listed with their count in the next, and a stranger's text is quoted
only as a short escaped excerpt."""
from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest

from service.base import clock
from service.game.loading import load_game
from service.seats.asking import ask_waiting_seats
from tests.service.tablemail import Table, open_table, text_of

START = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    clock.set_now(START)
    try:
        opened = open_table(tmp_path)
        yield opened
        opened.store.dispose()
    finally:
        clock.set_now(None)


def notices(table: Table, seat: str) -> list[EmailMessage]:
    return [m for m in table.sent.get(seat, []) if ".confirm." in str(m["Message-ID"])]


def first_seat(table: Table) -> tuple[str, str]:
    loaded = load_game(table.store, table.game_id)
    seat = loaded.game.prompts(loaded.state)[0].seat
    return seat, loaded.game.format_order(loaded.game.legal_orders(loaded.state, seat)[0])


def test_thirty_held_messages_make_one_notice_then_one_batch_an_hour_later(
        table: Table) -> None:
    seat, order = first_seat(table)
    spam = "Buy pills at http://spam.example now\n" + "more spam\n" * 40
    for n in range(30):
        clock.set_now(START + timedelta(seconds=4 * n))
        table.write(seat, spam if n else order, headers={"From": f"m{n}@elsewhere.test"})
    assert len(notices(table, seat)) == 1
    first = text_of(notices(table, seat)[0])
    assert "m0@elsewhere.test" in first and order in first
    clock.set_now(START + timedelta(minutes=59))
    assert ask_waiting_seats(table.store) == []  # the hour is not over
    clock.set_now(START + timedelta(minutes=61))
    assert len(ask_waiting_seats(table.store)) == 1
    assert ask_waiting_seats(table.store) == []  # once
    table.deliver()
    batch = notices(table, seat)
    assert len(batch) == 2
    text = text_of(batch[1])
    assert "29 messages" in text and "confirm 29 messages" in str(batch[1]["Subject"])
    assert "m29@elsewhere.test" in text and "m1@elsewhere.test" not in text  # the newest ten
    assert "and 19 older messages" in text
    assert "http://spam.example" not in text and "spam[.]example" in text
    assert "more spam more spam" not in text.replace("\n", " ")  # three lines at most, cut
    clock.set_now(START + timedelta(minutes=200))
    assert ask_waiting_seats(table.store) == []  # everything held was listed


def test_confirming_a_batch_by_reply_acts_on_every_message_it_lists(table: Table) -> None:
    seat, _ = first_seat(table)
    table.write(seat, "press to all: hello", headers={"From": "a@elsewhere.test"})
    clock.set_now(START + timedelta(minutes=5))
    table.write(seat, "press to all: again", headers={"From": "b@elsewhere.test"})
    clock.set_now(START + timedelta(minutes=6))
    table.write(seat, "press to all: thrice", headers={"From": "c@elsewhere.test"})
    clock.set_now(START + timedelta(minutes=65))
    ask_waiting_seats(table.store)
    table.deliver()
    batch = notices(table, seat)[-1]
    assert "2 messages" in text_of(batch)
    confirmed = table.write(seat, "confirm", in_reply_to=str(batch["Message-ID"]))
    assert [note.split(" was ")[0] for note in confirmed.notes] == [
        "Confirmed: the message from b@elsewhere.test",
        "Confirmed: the message from c@elsewhere.test"]
