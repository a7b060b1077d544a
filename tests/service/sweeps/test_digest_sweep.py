"""The digest sweep reads only the seats whose held news waits, on SQLite and PostgreSQL."""
from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from alembic import command

from engine.core import Rng
from engine.core.harness import choose_step, chooser_for
from service.base import clock
from service.game.loading import load_game
from service.orders.creation import NewSeat, create_game
from service.orders.processing import submit_order
from service.seats.seatcommands import answer
from service.store import migrate
from service.store.orderlog import OrderLog
from service.store.store import Store
from service.sweeps import deadlines
from service.sweeps.digests import queue_due_digests, waiting_seats
from tests.stores import PG_URL, open_store, require_postgres

START = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
SEATS = [NewSeat("anna", "anna@example.org"), NewSeat("bruno", "bruno@example.org"),
         NewSeat("carla", "carla@example.org")]
CHOOSERS: dict[str, Rng] = {}
KINDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


@pytest.fixture(autouse=True)
def fixed_clock() -> Iterator[None]:
    """Every test starts on a Monday at 09:00 UTC, with fresh random players."""
    clock.set_now(START)
    CHOOSERS.clear()
    yield
    clock.set_now(None)


@pytest.fixture(params=KINDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """An empty store of each kind."""
    made = open_store(request.param, tmp_path)
    try:
        yield made
    finally:
        made.drop_schema()
        made.dispose()


def new_game(store: Store, number: int, digest_seat: str | None = "bruno") -> str:
    """Create a game; `digest_seat` asks for the digest only. Return the game id."""
    game_id = create_game(store, "secret-masters", SEATS, seed_hex=f"{number + 1:064x}",
                          notify="every").meta.id
    if digest_seat is not None:
        answer(store, game_id, digest_seat, "notify digest", f"test:{game_id}")
    return game_id


def play(store: OrderLog, game_id: str, steps: int) -> None:
    """Play `steps` random legal orders of random prompted seats through the normal path."""
    chooser = CHOOSERS.setdefault(game_id, chooser_for(game_id.encode()))
    for _ in range(steps):
        loaded = load_game(store, game_id)
        prompt, order = choose_step(loaded.game, loaded.state, chooser)
        submit_order(store, game_id, prompt.seat,
                     json.dumps(loaded.game.order_to_json(order)))


def play_until_held(store: Store, game_id: str, seat: str) -> None:
    """Play until the seat gets a new held notice (at most 40 orders)."""
    before = len(held_seqs(store, game_id, seat))
    for _ in range(40):
        play(store, game_id, 1)
        if len(held_seqs(store, game_id, seat)) > before:
            return
    pytest.fail(f"{seat} got no held notice in 40 orders")


def held_seqs(store: Store, game_id: str, seat: str) -> list[int]:
    """Return the seqs of the seat's held notices, in the order they were written."""
    return [row.seq for row in store.outbox_for_game(game_id)
            if row.recipient == seat and row.kind == "held"]


def test_the_projection_follows_the_outbox_and_one_digest_goes_out_a_day(store: Store) -> None:
    game_id = new_game(store, 0)
    play(store, game_id, 4)
    [waiting] = waiting_seats(store)
    assert (waiting.game_id, waiting.seat) == (game_id, "bruno")
    assert waiting.held_seq == held_seqs(store, game_id, "bruno")[-1]
    clock.set_now(START + timedelta(days=1))
    report = queue_due_digests(store, clock.now())
    assert len(report.added) == 1 and report.games == 1
    assert queue_due_digests(store, clock.now()).added == []
    assert waiting_seats(store) == []
    play_until_held(store, game_id, "bruno")  # more held news the same day waits a day
    assert [w.digest_day for w in waiting_seats(store)] == ["2026-11-24"]
    assert queue_due_digests(store, clock.now() + timedelta(hours=3)).added == []
    clock.set_now(START + timedelta(days=2))
    assert len(deadlines.sweep(store).reminders) >= 1
    kinds = [row.kind for row in store.outbox_for_game(game_id) if row.kind.startswith("digest")]
    assert kinds == ["digest-2026-11-24", "digest-2026-11-25"]


def test_a_turn_email_clears_the_wait(store: Store) -> None:
    game_id = new_game(store, 0)
    play(store, game_id, 3)
    assert waiting_seats(store)
    answer(store, game_id, "bruno", "notify every", "test:every")
    for _ in range(40):
        play(store, game_id, 1)
        if not waiting_seats(store):
            break
    kinds = [row.kind for row in store.outbox_for_game(game_id) if row.recipient == "bruno"]
    assert waiting_seats(store) == [] and kinds[-1] == "turn"


def test_the_sweep_loads_only_games_with_waiting_news(store: Store) -> None:
    quiet = [new_game(store, number, digest_seat=None) for number in range(1, 5)]
    busy = new_game(store, 0)
    for game_id in [*quiet, busy]:
        play(store, game_id, 2)
    clock.set_now(START + timedelta(days=1))
    report = queue_due_digests(store, clock.now())
    assert report.games == 1 and len(report.added) == 1
    assert {w.game_id for w in waiting_seats(store)} <= {busy}


def test_the_digest_waits_for_seven_in_the_players_zone(store: Store) -> None:
    game_id = new_game(store, 0)
    answer(store, game_id, "bruno", "timezone America/Los_Angeles", "test:zone")
    play(store, game_id, 3)
    clock.set_now(datetime(2026, 11, 24, 14, 0, tzinfo=UTC))  # 06:00 in Los Angeles
    assert queue_due_digests(store, clock.now()).added == []
    clock.set_now(datetime(2026, 11, 24, 15, 0, tzinfo=UTC))
    assert len(queue_due_digests(store, clock.now()).added) == 1


@pytest.mark.parametrize("kind", KINDS)
def test_an_upgrade_fills_the_projection_from_the_outbox(tmp_path: Path, kind: str) -> None:
    if kind == "sqlite":
        store = Store(f"sqlite:///{tmp_path / 'old' / 'pbem.db'}")
    else:
        require_postgres()
        store = Store(PG_URL, schema=f"pbem_test_{uuid.uuid4().hex[:12]}")
    try:
        store.create_schema()
        game_id = new_game(store, 0)
        play(store, game_id, 3)
        with store._writer.begin() as conn:  # back to before the projection: the rows stay
            command.downgrade(migrate.alembic_config(conn), "0008")
        assert store.revision() == "0008"
        store.upgrade()
        assert store.revision() == migrate.HEAD
        [waiting] = waiting_seats(store)
        assert waiting.held_seq == held_seqs(store, game_id, "bruno")[-1]
        clock.set_now(START + timedelta(days=1))
        assert len(queue_due_digests(store, clock.now()).added) == 1
        assert waiting_seats(store) == []
    finally:
        store.drop_schema()
        store.dispose()
