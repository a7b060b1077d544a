"""Schema migrations: a store made by an older schema is upgraded in place, its data kept."""
from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import text

from service.audit.verify import verify
from service.cli.main import main
from service.game.loading import load_game
from service.ops.upgrade import prepared
from service.orders.creation import NewSeat, create_game
from service.orders.processing import submit_order
from service.store import migrate
from service.store.store import Store
from tests.stores import PG_URL, require_postgres

SEATS = [NewSeat("anna", "anna@example.org"), NewSeat("bruno", "bruno@example.org"),
         NewSeat("carla", "carla@example.org")]


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def old_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A store whose tables are those of the first revision (not yet upgraded)."""
    if request.param == "sqlite":
        store = Store(f"sqlite:///{tmp_path / 'old' / 'pbem.db'}")
    else:
        require_postgres()
        store = Store(PG_URL, schema=f"pbem_test_{uuid.uuid4().hex[:12]}")
    store.upgrade(migrate.FIRST)
    try:
        yield store
    finally:
        store.drop_schema()
        store.dispose()


def test_the_head_constant_is_alembics_head() -> None:
    assert migrate.HEAD == migrate.script_head()


def copy_into_first_revision(source: Store, target: Store, game_id: str) -> None:
    """Copy a game's registry row, log and outbox into a store of the first revision."""
    games = ["id", "game", "engine_version", "title", "seed", "created_at", "status"]
    events = ["game_id", "seq", "type", "schema_version", "payload", "actor", "causation",
              "recorded_at", "prev_hash", "hash"]
    outbox = ["game_id", "seq", "recipient", "kind", "payload", "status", "attempts",
              "created_at"]
    with source._engine.connect() as read, target._writer.begin() as write:
        for table, columns in (("games", games), ("events", events), ("outbox", outbox)):
            key = "id" if table == "games" else "game_id"
            rows = read.execute(text(f"SELECT {', '.join(columns)} FROM {table} "
                                     f"WHERE {key} = :g"), {"g": game_id}).mappings().all()
            write.execute(text(f"INSERT INTO {table} ({', '.join(columns)}) VALUES "
                               f"({', '.join(':' + c for c in columns)})"),
                          [dict(row) for row in rows])


def test_a_store_of_the_first_revision_is_upgraded_with_its_games_and_orders(
        old_store: Store, tmp_path: Path) -> None:
    assert old_store.revision() == migrate.FIRST
    source = Store(f"sqlite:///{tmp_path / 'source' / 'pbem.db'}")
    source.create_schema()
    loaded = create_game(source, "secret-masters", SEATS, seed_hex="ab" * 32,
                         deadline_hours=48)
    seat = loaded.game.prompts(loaded.state)[0].seat
    order = loaded.game.format_order(loaded.game.legal_orders(loaded.state, seat)[0])
    result = submit_order(source, loaded.meta.id, seat, order)
    copy_into_first_revision(source, old_store, loaded.meta.id)
    expected_deadlines = source.due_deadlines("9999")
    source.dispose()

    prepared(old_store)

    assert old_store.revision() == migrate.HEAD
    assert old_store.decided_lines(result.submission_id) == [(0, result.seq, order)]
    row = old_store.get_game(loaded.meta.id)
    assert (row.head_seq, row.head_hash) == old_store.log_end(loaded.meta.id)
    assert old_store.due_deadlines("9999") == expected_deadlines
    assert [row.id for row in old_store.games_of_address(SEATS[0].email.lower(), 10)] == [
        loaded.meta.id]  # the seat addresses projection is filled from the log
    assert verify(old_store, loaded.meta.id).ok
    fresh = create_game(old_store, "secret-masters", SEATS, seed_hex="cd" * 32)
    seat = fresh.game.prompts(fresh.state)[0].seat
    body = fresh.game.format_order(fresh.game.legal_orders(fresh.state, seat)[0])
    stale = submit_order(old_store, fresh.meta.id, seat, body, prompt_key="r0.t0.nope")
    assert stale.code == "stale-order"
    assert old_store.get_submission(stale.submission_id).prompt_key == "r0.t0.nope"
    assert submit_order(old_store, fresh.meta.id, seat, body).accepted


def test_an_upgrade_says_which_projections_it_made_and_leaves_filling_them_to_its_caller(
        old_store: Store, tmp_path: Path) -> None:
    fresh = Store(f"sqlite:///{tmp_path / 'fresh' / 'pbem.db'}")
    made = fresh.create_schema()
    assert (made.before, made.after) == (None, migrate.HEAD)
    assert not made.crossed(migrate.DEADLINES)  # an empty store has nothing to fill
    assert fresh.create_schema() == migrate.Upgrade(migrate.HEAD, migrate.HEAD)
    done = old_store.upgrade()
    assert (done.before, done.after) == (migrate.FIRST, migrate.HEAD)
    assert done.crossed(migrate.DEADLINES) and done.crossed(migrate.SEAT_ADDRESSES)


def test_a_store_made_before_migrations_is_recognised_and_upgraded(old_store: Store,
                                                                   tmp_path: Path) -> None:
    source = Store(f"sqlite:///{tmp_path / 'source' / 'pbem.db'}")
    source.create_schema()
    loaded = create_game(source, "secret-masters", SEATS, seed_hex="ef" * 32)
    copy_into_first_revision(source, old_store, loaded.meta.id)
    with old_store._writer.begin() as conn:
        conn.execute(text("DROP TABLE alembic_version"))
    assert old_store.revision() == migrate.FIRST
    old_store.create_schema()
    assert old_store.revision() == migrate.HEAD
    assert load_game(old_store, loaded.meta.id).seq == loaded.seq


def test_pbem_db_upgrade_migrates_and_says_so(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_HOME", str(tmp_path))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    first = CliRunner().invoke(main, ["db", "upgrade"], catch_exceptions=False)
    assert first.exit_code == 0
    assert first.output.strip() == f"schema at revision {migrate.HEAD} (was empty)"
    again = CliRunner().invoke(main, ["db", "upgrade"], catch_exceptions=False)
    assert again.output.strip() == f"schema at revision {migrate.HEAD}"
    shown = CliRunner().invoke(main, ["db", "revision"], catch_exceptions=False)
    assert shown.output.strip() == migrate.HEAD
