"""Snapshots are a cache: a broken one is dropped, logged and rebuilt; nothing else notices."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import text, update

from engine.core import encode
from service.audit.verify import verify
from service.cli.main import main
from service.game.loading import LoadedGame, load_game, snapshot_of
from service.orders.creation import NewSeat, create_game
from service.orders.processing import submit_order
from service.store.schema import snapshots
from service.store.store import Store

SEATS = [NewSeat("anna", "anna@example.org"), NewSeat("bruno", "bruno@example.org")]


def snapshotted(store: Store) -> LoadedGame:
    """A game with a few orders and a snapshot of its current state."""
    loaded = create_game(store, "freimaurerei", SEATS, seed_hex="44" * 32)
    for _ in range(3):
        now = load_game(store, loaded.meta.id)
        seat = now.game.prompts(now.state)[0].seat
        order = now.game.legal_orders(now.state, seat)[0]
        assert submit_order(store, loaded.meta.id, seat, now.game.format_order(order)).accepted
    now = load_game(store, loaded.meta.id)
    last = store.events(loaded.meta.id, after_seq=now.seq - 1)[0].hash
    store.save_snapshot(now.meta.id, now.seq, now.game.version, snapshot_of(now, last))
    assert load_game(store, now.meta.id).snapshot_seq == now.seq
    return now


def spoil(store: Store, game_id: str, state: str) -> None:
    """Overwrite the stored snapshot's text."""
    with store._writer.begin() as conn:
        conn.execute(update(snapshots).where(snapshots.c.game_id == game_id)
                     .values(state=state))


def stored_state(store: Store, game_id: str) -> dict[str, object]:
    """The stored snapshot's JSON."""
    with store._engine.connect() as conn:
        return dict(json.loads(conn.execute(text("SELECT state FROM snapshots WHERE game_id = "
                                                 ":g"), {"g": game_id}).scalar_one()))


@pytest.mark.parametrize("damage", ["unreadable", "wrong-hash", "other-game", "wrong-shape"])
def test_a_broken_snapshot_is_dropped_and_the_game_plays_on(
        store: Store, damage: str, caplog: pytest.LogCaptureFixture) -> None:
    loaded = snapshotted(store)
    game_id = loaded.meta.id
    data = stored_state(store, game_id)
    if damage == "unreadable":
        spoil(store, game_id, "{not json")
    elif damage == "wrong-hash":
        spoil(store, game_id, json.dumps({**data, "hash": "0" * 64}))
    elif damage == "other-game":
        meta = dict(data["meta"])  # type: ignore[call-overload]
        spoil(store, game_id, json.dumps({**data, "meta": {**meta, "id": "deadbeef"}}))
    else:
        spoil(store, game_id, json.dumps({"meta": 3}))
    again = load_game(store, game_id)
    assert again.healed and "snapshot" in caplog.text
    assert again.seq == loaded.seq and encode(again.state) == encode(loaded.state)
    assert store.latest_snapshot(game_id, loaded.game.version) is None
    seat = again.game.prompts(again.state)[0].seat
    order = again.game.format_order(again.game.legal_orders(again.state, seat)[0])
    assert submit_order(store, game_id, seat, order).accepted
    assert verify(store, game_id).ok


def test_verify_fails_on_a_dropped_snapshot_without_a_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_HOME", str(tmp_path))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    store = Store(f"sqlite:///{tmp_path / 'pbem.db'}")
    store.create_schema()
    loaded = snapshotted(store)
    spoil(store, loaded.meta.id, "{not json")
    result = CliRunner().invoke(main, ["verify", loaded.meta.id])
    assert result.exit_code == 1 and "verification failed" in result.output
    assert "the snapshot is unreadable" in result.output and "rebuilt" in result.output
    assert "Traceback" not in result.output
    again = CliRunner().invoke(main, ["verify", loaded.meta.id])  # rebuilt from the log
    assert again.exit_code == 0 and "hash chain intact" in again.output
