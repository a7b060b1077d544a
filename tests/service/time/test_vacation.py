"""Vacation days: a yearly allowance per player across games, spent when a deadline would
pass (after the time bank), or booked ahead by mail or on "my games"."""
from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from service.base import clock
from service.game.loading import LoadedGame, load_game
from service.game.meta import parse_time
from service.orders.creation import NewSeat, create_game
from service.orders.results import ServiceError
from service.seats.seatcommands import answer
from service.seats.vacation import vacation_left
from service.store.store import Store
from service.sweeps import deadlines
from tests.stores import store_at

SEATS = [NewSeat("anna", "anna@example.org"), NewSeat("bruno", "bruno@example.org")]
START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path,
          monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    """An empty store of each kind, on a clock fixed at START, 14 vacation days a year."""
    monkeypatch.setenv("PBEM_VACATION_DAYS", "14")
    yield from store_at(request.param, tmp_path, START)


def new_game(store: Store, seed: str, *, vacation: bool = True, bank: int = 0) -> LoadedGame:
    """A Freimaurerei game of anna and bruno, 48 hours per decision."""
    return create_game(store, "freimaurerei", SEATS, seed_hex=seed * 32, deadline_hours=48,
                       vacation=vacation, time_bank_hours=bank)


def due_of(store: Store, game_id: str, seat: str) -> datetime:
    """The seat's deadline in the game now."""
    return parse_time(load_game(store, game_id).meta.deadlines[seat].due)


def left(store: Store) -> int:
    """Anna's vacation days left this year."""
    return vacation_left(store, "anna@example.org", clock.now().date()).left


def test_a_passed_deadline_spends_a_day_and_moves_a_day(store: Store) -> None:
    loaded = new_game(store, "66")
    due = due_of(store, loaded.meta.id, "anna")
    clock.set_now(due + timedelta(minutes=1))
    assert deadlines.sweep(store).submissions == []
    assert due_of(store, loaded.meta.id, "anna") == due + timedelta(days=1, minutes=1)
    assert left(store) == 13
    assert load_game(store, loaded.meta.id).meta.vacation_spent["anna"] == {"2026-11-25"}


def test_a_day_counts_once_however_many_games_it_serves(store: Store) -> None:
    first, second = new_game(store, "66"), new_game(store, "67")
    clock.set_now(max(due_of(store, first.meta.id, "anna"),
                      due_of(store, second.meta.id, "anna")) + timedelta(minutes=1))
    assert deadlines.sweep(store).submissions == []
    assert left(store) == 13


def test_the_bank_is_spent_before_a_vacation_day(store: Store) -> None:
    loaded = new_game(store, "66", bank=24)
    due = due_of(store, loaded.meta.id, "anna")
    clock.set_now(due + timedelta(minutes=1))
    deadlines.sweep(store)
    assert load_game(store, loaded.meta.id).meta.bank("anna") == 0 and left(store) == 14
    clock.set_now(due_of(store, loaded.meta.id, "anna") + timedelta(minutes=1))
    assert deadlines.sweep(store).submissions == []
    assert left(store) == 13


def test_no_day_is_spent_where_the_master_forbids_it_or_none_is_left(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    forbidden = new_game(store, "66", vacation=False)
    clock.set_now(due_of(store, forbidden.meta.id, "anna") + timedelta(minutes=1))
    assert deadlines.sweep(store).submissions  # the defaults, as before
    assert left(store) == 14
    monkeypatch.setenv("PBEM_VACATION_DAYS", "0")
    allowed = new_game(store, "67")
    clock.set_now(due_of(store, allowed.meta.id, "anna") + timedelta(minutes=1))
    assert deadlines.sweep(store).submissions


def test_vacation_booked_by_mail_holds_back_deadlines_in_every_game(store: Store) -> None:
    first, second = new_game(store, "66"), new_game(store, "67")
    forbidden = new_game(store, "68", vacation=False)
    said = answer(store, first.meta.id, "anna", "vacation from 2026-11-25 to 2026-11-26",
                  "sub-1#cmd0")
    assert "Vacation booked from 2026-11-25 to 2026-11-26" in said
    assert first.meta.id in said and second.meta.id in said and forbidden.meta.id not in said
    end = datetime(2026, 11, 27, tzinfo=UTC)
    for game_id in (first.meta.id, second.meta.id):
        assert due_of(store, game_id, "anna") == end
    assert due_of(store, forbidden.meta.id, "anna") == START + timedelta(hours=48)
    assert left(store) == 12
    # the same message processed twice books nothing twice
    answer(store, first.meta.id, "anna", "vacation from 2026-11-25 to 2026-11-26", "sub-1#cmd0")
    assert left(store) == 12
    assert "Vacation days left in 2026: 12 of 14" in answer(store, first.meta.id, "anna",
                                                            "vacation", "sub-2#cmd0")


def test_a_booking_beyond_the_allowance_or_in_the_past_is_refused(store: Store) -> None:
    loaded = new_game(store, "66")
    with pytest.raises(ServiceError, match="that needs 15 more vacation days in 2026, and 14"):
        answer(store, loaded.meta.id, "anna", "vacation from 2026-12-01 to 2026-12-15", "s#c")
    with pytest.raises(ServiceError, match="starts today or later"):
        answer(store, loaded.meta.id, "anna", "vacation from 2026-11-01 to 2026-11-02", "s#c")
    with pytest.raises(ServiceError, match="Write `vacation from"):
        answer(store, loaded.meta.id, "anna", "vacation soon", "s#c")


def test_a_deadline_opened_on_a_booked_day_waits_until_the_day_after(store: Store) -> None:
    from service.time.vacation import extend_for_vacation, replace_booked

    meta = replace_booked(new_game(store, "66").meta, "anna", ("2026-11-25", "2026-11-26"))
    moved = extend_for_vacation(meta, "anna", datetime(2026, 11, 25, 9, tzinfo=UTC))
    assert moved == datetime(2026, 11, 27, tzinfo=UTC)
    assert extend_for_vacation(meta, "anna", START) == START


def test_days_left_are_counted_per_calendar_year(store: Store) -> None:
    loaded = new_game(store, "66")
    answer(store, loaded.meta.id, "anna", "vacation from 2026-12-30 to 2027-01-02", "s#c0")
    assert vacation_left(store, "anna@example.org", date(2026, 12, 1)).left == 12
    assert vacation_left(store, "anna@example.org", date(2027, 1, 1)).left == 12


def test_days_are_spent_automatically_at_most_two_in_a_row(store: Store) -> None:
    from service.orders.processing import process_submission, submit_order
    from service.seats.vacation import AUTO_DAYS_IN_ROW, auto_days_in_row

    loaded = new_game(store, "66")
    game_id = loaded.meta.id
    for spent in range(1, AUTO_DAYS_IN_ROW + 1):
        clock.set_now(due_of(store, game_id, "anna") + timedelta(minutes=1))
        assert deadlines.sweep(store).submissions == []
        assert auto_days_in_row(store, game_id, "anna") == spent
    assert left(store) == 14 - AUTO_DAYS_IN_ROW
    clock.set_now(due_of(store, game_id, "anna") + timedelta(minutes=1))
    defaults = deadlines.sweep(store).submissions  # gone without a word: the default now
    assert defaults and left(store) == 14 - AUTO_DAYS_IN_ROW
    for sub_id in defaults:
        process_submission(store, sub_id)
    assert auto_days_in_row(store, game_id, "anna") == AUTO_DAYS_IN_ROW, "a default is no answer"
    now = load_game(store, game_id)
    while now.game.prompt_for(now.state, "anna") is None:  # bruno's turn first
        order = now.game.legal_orders(now.state, "bruno")[0]
        assert submit_order(store, game_id, "bruno", now.game.format_order(order)).accepted
        now = load_game(store, game_id)
    order = now.game.legal_orders(now.state, "anna")[0]
    assert submit_order(store, game_id, "anna", now.game.format_order(order)).accepted
    assert auto_days_in_row(store, game_id, "anna") == 0, "her own answer starts anew"
