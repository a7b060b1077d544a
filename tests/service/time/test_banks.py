"""Time banks: a seat gains time by answering early and spends it before any default."""
from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from service.base import clock
from service.game.bankevents import BankGained, BankSpent, TimeBankRules
from service.game.events import DeadlineSet
from service.game.loading import LoadedGame, load_game
from service.game.meta import parse_time
from service.orders.creation import NewSeat, create_game
from service.orders.processing import submit_order
from service.orders.results import ServiceError
from service.store.store import Store
from service.sweeps import deadlines
from service.time.banks import bank_line, bank_text
from tests.stores import store_at

SEATS = [NewSeat("anna", "anna@example.org"), NewSeat("bruno", "bruno@example.org")]
START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """An empty store of each kind, on a clock fixed at START."""
    yield from store_at(request.param, tmp_path, START)


def new_game(store: Store, bank: int = 72, seed: str = "66") -> LoadedGame:
    """A Freimaurerei game with 48 hours per decision and a bank of `bank` hours."""
    return create_game(store, "freimaurerei", SEATS, seed_hex=seed * 32, deadline_hours=48,
                       time_bank_hours=bank)


def at(hours: float) -> None:
    """Move the clock to START plus `hours`."""
    clock.set_now(START + timedelta(hours=hours))


def owed_seat(loaded: LoadedGame) -> str:
    """A seat that owes a decision now."""
    return next(p.seat for p in loaded.game.prompts(loaded.state) if not p.submitted)


def answer(store: Store, loaded: LoadedGame, seat: str) -> LoadedGame:
    """The seat answers its decision with its first legal order; return the game after."""
    order = loaded.game.format_order(loaded.game.legal_orders(loaded.state, seat)[0])
    assert submit_order(store, loaded.meta.id, seat, order).accepted
    return load_game(store, loaded.meta.id)


def events_of(store: Store, game_id: str, kind: type) -> list[object]:
    """The game's service events of one kind, in order."""
    from service.game.events import SERVICE_EVENTS

    found = []
    for stored in store.events(game_id):
        if "." in stored.type:
            item = SERVICE_EVENTS.load(stored.type, stored.payload, stored.schema_version)
            if isinstance(item, kind):
                found.append(item)
    return found


def test_every_seat_starts_with_the_bank_the_game_was_created_with(store: Store) -> None:
    loaded = new_game(store)
    assert loaded.meta.time_bank == TimeBankRules(72, 1, 36, 72, 24)  # the start, over the cap
    assert {seat: loaded.meta.bank(seat) for seat in loaded.meta.seat_names} == {
        "anna": 72, "bruno": 72}
    assert bank_text(loaded.meta, "anna") == "3 days"
    assert "3 days" in bank_line(loaded.meta, "anna")


def test_a_game_without_a_bank_has_none_and_says_nothing(store: Store) -> None:
    loaded = new_game(store, bank=0)
    assert loaded.meta.time_bank is None and loaded.meta.bank("anna") is None
    assert bank_line(loaded.meta, "anna") == "" and bank_text(loaded.meta, "anna") == ""


def test_a_bank_beyond_thirty_days_is_refused(store: Store) -> None:
    with pytest.raises(ServiceError, match="time bank"):
        new_game(store, bank=31 * 24)


def test_a_decision_answered_36_hours_early_adds_an_hour(store: Store) -> None:
    loaded = new_game(store, bank=24)
    seat = owed_seat(loaded)
    at(2)
    after = answer(store, loaded, seat)
    assert after.meta.bank(seat) == 25
    assert events_of(store, loaded.meta.id, BankGained) == [
        BankGained(seat, loaded.meta.deadlines[seat].prompt_key, 1)]


def test_a_decision_answered_late_adds_nothing(store: Store) -> None:
    loaded = new_game(store)
    seat = owed_seat(loaded)
    at(30)  # 18 hours before its deadline
    assert answer(store, loaded, seat).meta.bank(seat) == 72


def test_a_decision_answered_a_day_but_not_36_hours_early_adds_nothing(store: Store) -> None:
    loaded = new_game(store, bank=24)
    seat = owed_seat(loaded)
    at(20)  # 28 hours before its deadline: early, but not well ahead
    assert answer(store, loaded, seat).meta.bank(seat) == 24
    assert events_of(store, loaded.meta.id, BankGained) == []


def test_the_bank_grows_no_further_than_its_cap(store: Store) -> None:
    loaded = new_game(store, bank=47)
    seat = owed_seat(loaded)
    at(1)
    assert answer(store, loaded, seat).meta.bank(seat) == 48
    full = new_game(store, bank=48, seed="67")
    seat = owed_seat(full)
    at(1)
    assert answer(store, full, seat).meta.bank(seat) == 48
    larger = new_game(store, bank=72, seed="68")  # a start over the cap is its own cap
    seat = owed_seat(larger)
    at(1)
    assert answer(store, larger, seat).meta.bank(seat) == 72


def test_a_passed_deadline_spends_a_day_of_the_bank_and_moves_the_deadline(
        store: Store) -> None:
    loaded = new_game(store, bank=30)
    seat = owed_seat(loaded)
    due = parse_time(loaded.meta.deadlines[seat].due)
    clock.set_now(due + timedelta(minutes=1))
    report = deadlines.sweep(store)
    assert report.submissions == []  # no default while the bank lasts
    after = load_game(store, loaded.meta.id)
    assert after.meta.bank(seat) == 6
    assert parse_time(after.meta.deadlines[seat].due) == due + timedelta(hours=24, minutes=1)
    spent = events_of(store, loaded.meta.id, BankSpent)
    assert [(item.seat, item.hours) for item in spent if isinstance(item, BankSpent)] == [
        (name, 24) for name in sorted(s for s in loaded.meta.seat_names
                                      if s in loaded.meta.deadlines)]
    # the next sweep reminds the seat of its new deadline (and what is left), nothing more
    second = deadlines.sweep(store)
    assert second.submissions == []
    assert {store.get_outbox(i).kind for i in second.reminders} == {"reminder-24h"}
    assert deadlines.sweep(store).games == 0
    assert load_game(store, loaded.meta.id).seq == after.seq


def test_the_rest_of_the_bank_then_the_default(store: Store) -> None:
    loaded = new_game(store, bank=30)
    seat = owed_seat(loaded)
    due = parse_time(loaded.meta.deadlines[seat].due)
    clock.set_now(due + timedelta(minutes=1))
    deadlines.sweep(store)
    moved = parse_time(load_game(store, loaded.meta.id).meta.deadlines[seat].due)
    clock.set_now(moved + timedelta(minutes=1))
    assert deadlines.sweep(store).submissions == []
    last = load_game(store, loaded.meta.id)
    assert last.meta.bank(seat) == 0
    final = parse_time(last.meta.deadlines[seat].due)
    assert final == moved + timedelta(hours=6, minutes=1)
    clock.set_now(final + timedelta(minutes=1))
    assert deadlines.sweep(store).submissions  # the bank is empty: the default is played


def test_a_stale_sweep_spends_nothing_twice(store: Store) -> None:
    """Two sweeps that loaded the same game: the second's append expects an old seq."""
    from service.sweeps.banking import spend_bank

    loaded = new_game(store, bank=48)
    seat = owed_seat(loaded)
    due = parse_time(loaded.meta.deadlines[seat].due)
    clock.set_now(due + timedelta(minutes=1))
    row = next(r for r in store.due_deadlines("9999", 100) if r.seat == seat)
    first, second = load_game(store, loaded.meta.id), load_game(store, loaded.meta.id)
    assert spend_bank(store, first, row, clock.now())
    assert spend_bank(store, second, row, clock.now())  # refused by the seq: no default
    assert load_game(store, loaded.meta.id).meta.bank(seat) == 24
    assert len([e for e in events_of(store, loaded.meta.id, BankSpent)
                if isinstance(e, BankSpent) and e.seat == seat]) == 1


def test_the_banks_replay_from_the_log(store: Store) -> None:
    loaded = new_game(store, bank=30)
    seat = owed_seat(loaded)
    at(1)
    answer(store, loaded, seat)
    clock.set_now(START + timedelta(days=10))
    deadlines.sweep(store)
    from service.game.kept import forget_games

    before = load_game(store, loaded.meta.id).meta.banks
    forget_games()
    assert events_of(store, loaded.meta.id, DeadlineSet)
    assert before and load_game(store, loaded.meta.id).meta.banks == before


def test_a_reminder_says_what_is_left_in_the_bank(store: Store, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from service.base.config import load_config
    from service.mail.compose import compose_outbox

    monkeypatch.setenv("PBEM_SECRET_KEY", "bank-test-key")
    config = load_config({"PBEM_HOME": str(tmp_path / "home")})
    new_game(store, bank=30)
    at(24.1)
    reminder = store.get_outbox(deadlines.sweep(store).reminders[0])
    message = compose_outbox(store, config, reminder)
    assert message is not None
    body = message.get_body(("plain",))
    assert body is not None and "Your time bank holds 1 day 6 h" in body.get_content()


def test_an_early_answer_to_a_decision_whose_answering_is_private_gains_nothing(
        store: Store) -> None:
    """A bank that grew would tell the table who has answered."""
    from dataclasses import replace as copy

    from service.game.events import OrderAccepted
    from service.time.banks import bank_gains

    loaded = new_game(store, bank=24)
    seat = owed_seat(loaded)
    prompt = loaded.game.prompt_for(loaded.state, seat)
    assert prompt is not None
    order = OrderAccepted(seat, {}, "", prompt.key)

    class Private:
        """The game, with the seat's decision made private."""

        def prompt_for(self, state: object, name: str) -> object:
            return copy(prompt, answering_public=False)

    public = bank_gains(loaded.game, loaded.state, loaded.meta, [order], seat, START)
    private = bank_gains(Private(), loaded.state, loaded.meta,  # type: ignore[arg-type]
                         [order], seat, START)
    assert [gain.hours for gain in public] == [1] and private == []


def test_a_passed_deadline_of_a_decision_whose_answering_is_private_spends_nothing(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """A spend, public, would name the seat that had not answered: the default is played as in
    a game without banks, and the bank stays as it was."""
    from dataclasses import replace as copy

    loaded = new_game(store, bank=30)
    seat = owed_seat(loaded)
    game, asked = loaded.game, loaded.game.prompt_for

    def private(state: object, name: str) -> object:
        prompt = asked(state, name)
        return None if prompt is None else copy(prompt, answering_public=False)

    monkeypatch.setattr(game, "prompt_for", private)
    clock.set_now(parse_time(loaded.meta.deadlines[seat].due) + timedelta(minutes=1))
    report = deadlines.sweep(store)
    assert report.submissions  # the default, not the bank
    assert events_of(store, loaded.meta.id, BankSpent) == []
    assert load_game(store, loaded.meta.id).meta.bank(seat) == 30
