"""The parts the flat-cost benchmark stands on: stores it builds pass `verify`, and the read
counter counts what the database hands back."""
from __future__ import annotations

from pathlib import Path

from sqlalchemy import text

from bench.hot.reads import ReadCounter
from bench.hot.synth import long_game, many_games
from bench.scratch import drop_pg_store, new_pg_store
from service.audit.verify import verify
from service.game.loading import load_game
from service.store.store import Store
from tests.stores import PG_URL, require_postgres


def _store(tmp_path: Path) -> Store:
    store = Store(f"sqlite:///{tmp_path / 'pbem.db'}")
    store.create_schema()
    return store


def test_a_padded_long_game_is_a_sound_log(tmp_path: Path) -> None:
    store = _store(tmp_path)
    game_id = long_game(store, 2_500)
    assert store.last_seq(game_id) == 2_500
    report = verify(store, game_id)
    assert report.ok, report
    loaded = load_game(store, game_id)
    assert loaded.seq == 2_500 and loaded.game.prompts(loaded.state)
    assert len(store.outbox_for_game(game_id)) >= 2_400
    store.dispose()


def test_cloned_games_are_sound_logs_of_their_own(tmp_path: Path) -> None:
    store = _store(tmp_path)
    made, ids = many_games(store, 30, real=3)
    assert len(ids) == len(set(ids)) == 30 and ids[:3] == made
    assert len(store.list_games()) == 30
    for game_id in (made[0], ids[3], ids[-1]):
        assert verify(store, game_id).ok, game_id
    store.dispose()


def test_the_counter_counts_statements_and_rows(tmp_path: Path) -> None:
    store = _store(tmp_path)
    many_games(store, 12, real=2)
    counter = ReadCounter(store._engine)
    listed = counter.measure(store.list_games)
    assert listed.rows == 12 and listed.statements >= 1

    def two_queries() -> None:
        with store._engine.connect() as conn:
            conn.execute(text("SELECT id FROM games LIMIT 5")).all()
            conn.execute(text("SELECT id FROM games LIMIT 1")).all()

    counted = counter.measure(two_queries)
    assert counted.rows == 6 and counted.statements >= 2
    store.dispose()


def test_the_counter_counts_rows_on_postgresql() -> None:
    require_postgres()
    store = new_pg_store(PG_URL)
    try:
        _, ids = many_games(store, 7, real=2)
        counter = ReadCounter(store._engine)
        listed = counter.measure(store.list_games)
        assert listed.rows == 7 and listed.statements >= 1
        row = store.get_game(ids[-1])  # rows still read as the store expects
        assert row is not None and row.id == ids[-1] and counter.rows == 8
    finally:
        drop_pg_store(store)
