"""A game that began as an open table travels as an archive like any other: the offline audit
follows its table's events to the seats drawn from the seed, and an import restores it."""
from __future__ import annotations

from pathlib import Path

from service.audit.restore import audit_archive, import_archive
from service.cli.selfplay import play_to_end
from service.game.loading import load_game
from service.opentables.lifecycle import join_table, open_game
from service.orders.creation import NewSeat
from tests.archives import export
from tests.stores import open_store

SEED = "ab" * 32


def test_an_open_game_audits_from_its_archive_and_imports(tmp_path: Path) -> None:
    store = open_store("sqlite", tmp_path)
    game_id = open_game(store, "masons", [NewSeat("anna", "anna@example.org", "Anna")], 2,
                        seed_hex=SEED).meta.id
    join_table(store, game_id, "Bruno", "bruno@example.org", "l1")
    join_table(store, game_id, "Carla", "carla@example.org", "l2")
    play_to_end(store, load_game(store, game_id), bytes.fromhex(SEED))
    path = export(store, game_id, tmp_path / "game.jsonl")
    report = audit_archive(path)
    assert report.finished and report.orders > 0
    other = open_store("sqlite", tmp_path / "other")
    restored = import_archive(other, path)
    assert (restored.game_id, restored.status) == (game_id, "finished")
    assert load_game(other, game_id).meta.seat_names == load_game(store, game_id).meta.seat_names
    other.dispose()
    store.dispose()
