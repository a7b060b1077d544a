"""The deadline sweep reads the open-deadlines projection, written with every append."""
from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from service.base import clock
from service.game.loading import LoadedGame, load_game
from service.game.meta import parse_time
from service.orders.creation import NewSeat, create_game
from service.orders.processing import process_submission, submit_order
from service.seats import master
from service.store.store import Store
from service.sweeps import deadlines
from service.time.due import rebuild_deadlines
from tests.stores import store_at

SEATS = [NewSeat("anna", "anna@example.org"), NewSeat("bruno", "bruno@example.org")]
START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """An empty store of each kind, on a clock fixed at START."""
    yield from store_at(request.param, tmp_path, START)


def new_game(store: Store, seed: str = "66", hours: int = 48) -> LoadedGame:
    """A Freimaurerei game with `hours` per decision and reminders 24 h and 1 h ahead."""
    return create_game(store, "freimaurerei", SEATS, seed_hex=seed * 32, deadline_hours=hours)


def owed(loaded: LoadedGame) -> set[str]:
    """The seats that owe a decision now."""
    return {p.seat for p in loaded.game.prompts(loaded.state) if not p.submitted}


def at(hours: float) -> None:
    """Move the clock to START plus `hours`."""
    clock.set_now(START + timedelta(hours=hours))


def open_rows(store: Store, game_id: str) -> list[tuple[str, str, str]]:
    """The game's rows in the projection: (seat, due, next look)."""
    return [(r.seat, r.due, r.next_at) for r in store.due_deadlines("9999", 100)
            if r.game_id == game_id]


def test_every_append_writes_the_deadlines_still_owed(store: Store) -> None:
    loaded = new_game(store)
    seat = loaded.game.prompts(loaded.state)[0].seat
    assert open_rows(store, loaded.meta.id) == [
        (name, "2026-11-25T12:00:00Z", "2026-11-24T12:00:00Z") for name in sorted(owed(loaded))]
    at(2)
    order = loaded.game.format_order(loaded.game.legal_orders(loaded.state, seat)[0])
    assert submit_order(store, loaded.meta.id, seat, order).accepted
    now = load_game(store, loaded.meta.id)
    rows = open_rows(store, loaded.meta.id)
    assert {r[0] for r in rows} == owed(now)
    for seat_name, due, _ in rows:
        assert due == now.meta.deadlines[seat_name].due


def test_a_decision_of_24_hours_gets_no_24_hour_reminder_with_its_turn_email(
        store: Store) -> None:
    loaded = new_game(store, "67", hours=24)
    seats = owed(loaded)
    clock.set_now(START + timedelta(minutes=1))
    assert deadlines.sweep(store).reminders == []  # it would only repeat the turn email
    at(23.5)
    late = deadlines.sweep(store)
    assert sorted(store.get_outbox(i).recipient for i in late.reminders) == sorted(seats)
    assert {store.get_outbox(i).kind for i in late.reminders} == {"reminder-1h"}


def test_the_sweep_reminds_then_defaults_and_reads_only_what_is_due(store: Store) -> None:
    loaded = new_game(store)
    for number in range(1, 4):
        new_game(store, f"{number:02x}", hours=480)
    seats = owed(loaded)
    at(23)
    assert deadlines.sweep(store).games == 0
    clock.set_now(START + timedelta(hours=24, minutes=1))
    first = deadlines.sweep(store)
    assert first.games == 1 and not first.submissions
    assert sorted(store.get_outbox(i).recipient for i in first.reminders) == sorted(seats)
    assert {store.get_outbox(i).kind for i in first.reminders} == {"reminder-24h"}
    assert deadlines.sweep(store).games == 0
    at(47.5)
    second = deadlines.sweep(store)
    assert {store.get_outbox(i).kind for i in second.reminders} == {"reminder-1h"}
    at(48.1)
    third = deadlines.sweep(store)
    assert len(third.submissions) == len(seats) and third.games == 1
    for submission_id in third.submissions:
        process_submission(store, submission_id)
    assert load_game(store, loaded.meta.id).seq > loaded.seq
    assert all(parse_time(due) > START + timedelta(hours=48)
               for _, due, _ in open_rows(store, loaded.meta.id))
    assert deadlines.sweep(store).games == 0


def test_a_paused_game_owes_nothing_and_a_resumed_one_owes_later(store: Store) -> None:
    loaded = new_game(store)
    due = open_rows(store, loaded.meta.id)[0][1]
    at(10)
    master.pause_game(store, loaded.meta.id)
    assert open_rows(store, loaded.meta.id) == []
    at(15)
    master.resume_game(store, loaded.meta.id)
    moved = open_rows(store, loaded.meta.id)[0][1]
    assert parse_time(moved) - parse_time(due) == timedelta(hours=5)


def test_a_stale_projection_is_mended_by_the_sweep(store: Store) -> None:
    loaded = new_game(store)
    rows = store.due_deadlines("9999", 100)
    store.replace_deadlines(loaded.meta.id, [])
    assert rebuild_deadlines(store) == 1
    assert store.due_deadlines("9999", 100) == rows


def test_the_sweep_gives_up_open_games_past_their_time_and_queues_the_notices(
        store: Store) -> None:
    from service.opentables.lifecycle import open_game

    table = open_game(store, "masons", SEATS[:1], 2, seed_hex="77" * 32, open_days=2)
    assert store.due_deadlines("9999", 100) == []  # a table owes no decision
    at(47)
    assert deadlines.sweep(store).reminders == []
    at(48 + 1 / 6)  # ten minutes past: the sweep looks every ten minutes
    report = deadlines.sweep(store)
    [row] = [r for r in store.outbox_for_game(table.meta.id) if r.id in report.reminders]
    assert (row.recipient, row.kind) == ("anna", "table-closed")
    assert store.get_game(table.meta.id).status == "expired"  # type: ignore[union-attr]
