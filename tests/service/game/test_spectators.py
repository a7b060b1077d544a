"""The spectators switch is a service event, folded into the game's meta; old snapshots load."""
from __future__ import annotations

from pathlib import Path

import pytest

from service.audit.verify import verify
from service.game.history import history
from service.game.loading import LoadedGame, load_game, snapshot_of
from service.orders.creation import NewSeat, create_game
from service.seats import master
from service.store.store import Store
from tests.stores import open_store


@pytest.fixture
def store(tmp_path: Path) -> Store:
    """A fresh SQLite store."""
    return open_store("sqlite", tmp_path)


def new_game(store: Store) -> LoadedGame:
    """Create a Secret Masters game."""
    seats = [NewSeat(name, f"{name}@example.org") for name in ("anna", "bruno", "carla")]
    return create_game(store, "secret-masters", seats, seed_hex="5eed" * 16)


def test_spectators_are_off_until_switched_on(store: Store) -> None:
    loaded = new_game(store)
    assert load_game(store, loaded.meta.id).meta.spectators is False
    master.set_spectators(store, loaded.meta.id, True)
    assert load_game(store, loaded.meta.id).meta.spectators is True
    lines = [line.text for line in history(store, loaded.meta.id, None)]
    assert "Spectators may now watch the game." in lines
    master.set_spectators(store, loaded.meta.id, False)
    assert load_game(store, loaded.meta.id).meta.spectators is False
    assert verify(store, loaded.meta.id).ok


def test_switching_to_the_same_value_writes_nothing(store: Store) -> None:
    loaded = new_game(store)
    before = store.last_seq(loaded.meta.id)
    master.set_spectators(store, loaded.meta.id, False)
    assert store.last_seq(loaded.meta.id) == before


def test_a_snapshot_written_before_the_switch_existed_still_loads(store: Store) -> None:
    loaded = new_game(store)
    data = snapshot_of(load_game(store, loaded.meta.id))
    del data["meta"]["spectators"]
    store.save_snapshot(loaded.meta.id, loaded.seq, loaded.game.version, data)
    again = load_game(store, loaded.meta.id)
    assert again.snapshot_seq == loaded.seq and again.meta.spectators is False
