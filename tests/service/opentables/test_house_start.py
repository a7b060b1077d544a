"""An open table its game master starts with the house in its empty seats: the house joins
them in the start's append, the seating is drawn over every seat, and the game plays and
audits to its end with the house's orders chosen again."""
from __future__ import annotations

from pathlib import Path

import pytest

from service.audit.rerun import audit
from service.audit.verify import verify
from service.game.events import HOUSE_PLAYER
from service.game.loading import load_game
from service.opentables.lifecycle import open_game, start_table
from service.orders.creation import NewSeat
from service.orders.house import ITERATIONS_SETTING, play_due
from service.orders.processing import submit_order
from tests.stores import open_store


def test_an_open_table_starts_with_the_house_in_its_empty_seats(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ITERATIONS_SETTING, "2")
    store = open_store("sqlite", tmp_path)
    game_id = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org", "Anna")],
                        2, seed_hex="7a" * 32, game_id="0b5e7a11").meta.id
    # the id is pinned: the seating is drawn from it, and with anna always giving her first
    # legal order some seatings make a game of thousands of events
    started = start_table(store, game_id, "game-master", house=True)
    meta = started.meta
    assert meta.started and sorted(meta.seat_names) == ["anna", "house1", "house2"]
    assert meta.house == {"house1", "house2"}
    assert {s.player for s in meta.seats if s.name in meta.house} == {HOUSE_PLAYER}
    assert verify(store, game_id).ok
    for _ in range(300):
        play_due(store, game_id)
        loaded = load_game(store, game_id)
        if loaded.meta.finished:
            break
        order = loaded.game.legal_orders(loaded.state, "anna")[0]
        assert submit_order(store, game_id, "anna", loaded.game.format_order(order),
                            source="cli").accepted
    assert load_game(store, game_id).meta.finished
    assert audit(store, game_id, house=True).house > 0
