"""A seat whose absence outlasts the game's limit is offered to a newcomer when its deadline
passes, once, where the game was created to offer seats given up; one whose mail only bounces
is never offered so (the game master's own offer is needed), though the house may play it."""
from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from service.base import clock
from service.base.config import load_config
from service.game.loading import load_game
from service.mail.bounces import refused_for_good
from service.orders.creation import NewSeat, create_game
from service.orders.house import ITERATIONS_SETTING, play_due
from service.seats import master
from service.seats.seatcommands import answer
from service.store.store import Store
from service.sweeps import deadlines
from tests.stores import open_store

SEATS = [NewSeat("anna", "anna@example.org"), NewSeat("bruno", "bruno@example.org")]
START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """An empty SQLite store on a clock fixed at START."""
    clock.set_now(START)
    opened = open_store("sqlite", tmp_path)
    try:
        yield opened
    finally:
        clock.set_now(None)
        opened.dispose()


def _game(store: Store, offer: bool) -> tuple[str, str]:
    loaded = create_game(store, "freimaurerei", SEATS, seed_hex="66" * 32, deadline_hours=48,
                         absence_days=2, offer_resigned=offer)
    return loaded.meta.id, loaded.game.prompts(loaded.state)[0].seat


def _sweep_after(store: Store, days: float) -> None:
    clock.set_now(START + timedelta(days=days))
    deadlines.sweep(store)


@pytest.mark.parametrize("how", ["away", "bouncing"])
def test_a_seat_given_up_is_offered_once_when_its_deadline_passes(store: Store, tmp_path: Path,
                                                                  how: str) -> None:
    """An absent seat is offered; a bouncing one is not (a full mailbox or a forged report is
    no reason to hand a seat to a stranger without the game master's yes)."""
    game_id, seat = _game(store, offer=True)
    if how == "away":
        answer(store, game_id, seat, "absent until 2027-02-01", "away-1")
    else:
        row = next(r for r in store.outbox_for_game(game_id) if r.recipient == seat)
        config = load_config({"PBEM_HOME": str(tmp_path / "home"), "PBEM_SECRET_KEY": "k"})
        assert refused_for_good(store, config, row, "550 no such user", "bounce-1")
    _sweep_after(store, 2.5)  # the deadline waited the limit (2 days), not more
    meta = load_game(store, game_id).meta
    assert meta.offered == ({seat} if how == "away" else frozenset())
    seq = load_game(store, game_id).seq
    _sweep_after(store, 2.6)
    assert load_game(store, game_id).seq >= seq
    assert [e.type for e in store.events(game_id, after_seq=0)].count("seat.offered") == (
        1 if how == "away" else 0)


def test_a_present_seat_or_a_game_not_created_so_is_not_offered(store: Store) -> None:
    present, _ = _game(store, offer=True)
    quiet, seat = _game(store, offer=False)
    answer(store, quiet, seat, "absent until 2027-02-01", "away-2")
    _sweep_after(store, 2.5)
    assert load_game(store, present).meta.offered == frozenset()
    assert load_game(store, quiet).meta.offered == frozenset()


@pytest.mark.parametrize("how", ["away", "bouncing"])
def test_a_seat_given_up_is_played_by_the_house_where_the_game_says_so(
        store: Store, tmp_path: Path, how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ITERATIONS_SETTING, "2")
    loaded = create_game(store, "freimaurerei", SEATS, seed_hex="66" * 32, deadline_hours=48,
                         absence_days=2, house_for_absent=True, offer_resigned=True)
    game_id, seat = loaded.meta.id, loaded.game.prompts(loaded.state)[0].seat
    if how == "away":
        answer(store, game_id, seat, "absent until 2027-02-01", "away-3")
    else:
        row = next(r for r in store.outbox_for_game(game_id) if r.recipient == seat)
        config = load_config({"PBEM_HOME": str(tmp_path / "home"), "PBEM_SECRET_KEY": "k"})
        assert refused_for_good(store, config, row, "550 no such user", "bounce-2")
    clock.set_now(START + timedelta(days=2.5))
    report = deadlines.sweep(store)
    assert report.house == [game_id]
    defaulted = {store.get_submission(sub_id).seat for sub_id in report.submissions}
    assert seat not in defaulted  # no default for it: the house plays it
    meta = load_game(store, game_id).meta
    assert meta.house == {seat} and meta.offered == ({seat} if how == "away" else frozenset())
    played = play_due(store, game_id)
    assert played and played[0].seat == seat
    assert not [e for e in store.events(game_id) if e.actor == "deadline"
                and e.type == "order.accepted"]
    master.replace_seat(store, game_id, seat, "Newcomer", "new@example.org")
    assert load_game(store, game_id).meta.house == frozenset()  # a person took it over
