"""Delivery work grows with the work done: an order queues its own rows, recovery what stalled."""
from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from service.base import clock
from service.game.loading import LoadedGame
from service.orders.creation import NewSeat, create_game
from service.orders.processing import submit_order
from service.store.orderlog import OrderLog
from service.store.records import TIME_FORMAT
from service.store.store import Store
from tests.stores import store_at

SEATS = [NewSeat("anna", "anna@example.org"), NewSeat("bruno", "bruno@example.org")]
START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """An empty store of each kind, on a clock fixed at START."""
    yield from store_at(request.param, tmp_path, START)


def play_one(store: OrderLog, loaded: LoadedGame) -> str:
    """Submit the first legal order of the seat to act; return the submission id."""
    seat = loaded.game.prompts(loaded.state)[0].seat
    text = loaded.game.format_order(loaded.game.legal_orders(loaded.state, seat)[0])
    result = submit_order(store, loaded.meta.id, seat, text)
    assert result.accepted
    return result.submission_id


def test_an_order_queues_only_the_rows_its_own_append_wrote(store: Store) -> None:
    loaded = create_game(store, "freimaurerei", SEATS, seed_hex="11" * 32)
    other = create_game(store, "freimaurerei", SEATS, seed_hex="22" * 32)
    opening = {row.id for row in store.outbox_for_game(loaded.meta.id)}
    before = loaded.seq
    sub_id = play_one(store, loaded)
    mine = store.submission_outbox(sub_id)
    rows = {row.id: row for row in store.outbox_for_game(loaded.meta.id)}
    assert mine and not set(mine) & opening
    assert all(rows[i].seq > before for i in mine)
    assert set(mine) == {i for i, row in rows.items() if row.seq > before}
    assert not set(mine) & {row.id for row in store.outbox_for_game(other.meta.id)}
    store.mark_outbox_sent(mine[0])
    assert store.submission_outbox(sub_id) == mine[1:]
    store.mark_queued(mine[1:2], 300)
    assert store.submission_outbox(sub_id, unqueued=True) == mine[2:], "a queue holds it"
    clock.set_now(START + timedelta(seconds=301))
    assert store.submission_outbox(sub_id, unqueued=True) == mine[1:]


def test_the_rows_of_an_order_are_handed_to_the_queue_once(store: Store) -> None:
    loaded = create_game(store, "freimaurerei", SEATS, seed_hex="44" * 32)
    sub_id = play_one(store, loaded)
    mine = store.submission_outbox(sub_id)
    assert mine and store.queue_submission_outbox(sub_id, 300) == mine
    assert store.queue_submission_outbox(sub_id, 300) == [], "a queue holds them now"
    assert store.submission_outbox(sub_id, unqueued=True) == []
    clock.set_now(START + timedelta(seconds=301))  # the queue lost them: taken again
    store.mark_outbox_sent(mine[0])
    assert store.queue_submission_outbox(sub_id, 300) == mine[1:], "but never a sent one"


def test_a_seat_s_earlier_mail_and_news_are_read_in_one_go(store: Store) -> None:
    loaded = create_game(store, "freimaurerei", SEATS, seed_hex="55" * 32)
    first = store.outbox_for_game(loaded.meta.id)
    assert store.seat_mail_before(first[0], ("turn",), "digest") == (False, 0)
    play_one(store, loaded)
    later = [row for row in store.outbox_for_game(loaded.meta.id)
             if row.id > first[-1].id and row.recipient == first[0].recipient]
    if later:
        earlier, news = store.seat_mail_before(later[0], ("turn",), "digest")
        assert earlier and news == max(row.seq for row in first
                                       if row.recipient == first[0].recipient)


def test_recovery_takes_only_rows_whose_queueing_and_claim_ran_out(store: Store) -> None:
    loaded = create_game(store, "freimaurerei", SEATS, seed_hex="33" * 32)
    fresh, queued = [row.id for row in store.outbox_for_game(loaded.meta.id)]
    assert store.stalled_outbox(60, 20) == []
    clock.set_now(START + timedelta(seconds=61))
    assert store.stalled_outbox(60, 20) == [fresh, queued]
    store.mark_queued([queued], 300)
    assert store.pending_outbox_of_game(loaded.meta.id) == [fresh]
    assert store.claim_outbox(fresh, 120)
    assert store.stalled_outbox(60, 20) == []
    clock.set_now(START + timedelta(seconds=61 + 121))
    assert store.stalled_outbox(60, 20) == [fresh]
    clock.set_now(START + timedelta(seconds=61 + 301))
    assert store.stalled_outbox(60, 20) == [fresh, queued]
    assert store.stalled_outbox(60, 20, limit=1) == [fresh]
    for _ in range(3):
        store.mark_outbox_failed(fresh, "relay down")
    assert store.stalled_outbox(60, 3) == [queued]
    store.mark_outbox_sent(queued)
    assert store.stalled_outbox(60, 20) == [fresh]


def test_recovery_takes_rows_queued_before_the_queue_lost_its_tasks_at_once(
        store: Store) -> None:
    loaded = create_game(store, "freimaurerei", SEATS, seed_hex="34" * 32)
    lost, claimed = [row.id for row in store.outbox_for_game(loaded.meta.id)]
    store.mark_queued([lost, claimed], 300)
    assert store.claim_outbox(claimed, 120)
    clock.set_now(START + timedelta(seconds=10))
    assert store.stalled_outbox(60, 20) == []
    restart = START + timedelta(seconds=20)  # the broker came back empty
    lost_before = (restart + timedelta(seconds=300)).strftime(TIME_FORMAT)
    assert store.stalled_outbox(60, 20, lost_before=lost_before) == [lost]
    clock.set_now(restart + timedelta(seconds=1))
    store.mark_queued([lost], 300)  # queued again after the restart: the queue holds it
    assert store.stalled_outbox(60, 20, lost_before=lost_before) == []


def test_recovery_answers_only_emails_left_unanswered_and_unclaimed(store: Store) -> None:
    sub, _ = store.add_submission("email", "pass", sender="anna@example.org")
    waiting, _ = store.add_submission("email", "pass", sender="bruno@example.org")
    store.set_submission_result(sub.id, "rejected", {"message": "no game"})
    assert store.stalled_replies("email", 60) == [], "its own task answers it first"
    clock.set_now(START + timedelta(seconds=61))
    assert store.stalled_replies("email", 60) == [sub.id], "never the unprocessed one"
    assert store.claim_reply(sub.id, 120)
    assert store.stalled_replies("email", 60) == [], "a claimed answer is being sent"
    clock.set_now(START + timedelta(seconds=61 + 121))
    assert store.stalled_replies("email", 60) == [sub.id]
    store.mark_submission_replied(sub.id)
    assert store.stalled_replies("email", 60) == [] and waiting.id != sub.id
