"""Sealed Bid played through the service in-process: the one place tests/kit reaches into
`service/`, beside the mail table of tests/service/tablemail.py.

`python -m tests.kit.playing` records the reference game's log in tests/kit/recorded/ (the
real games' logs are in tests/fixtures/recorded/, made by tests/recorded.py; this one is kept
apart because the game is known to the registry only while a test registers it).
"""
from __future__ import annotations

import tempfile
from pathlib import Path

from engine.core.harness import seat_names
from engine.core.registry import registered
from service.audit.rerun import AuditFailure, audit
from service.audit.verify import verify
from service.cli.selfplay import game_seed, play_to_end
from service.game.history import history
from service.game.loading import LoadedGame, load_game
from service.orders.creation import NewSeat, create_game
from service.orders.processing import submit_order
from service.orders.results import SubmissionResult
from service.seats.standing import standing_command
from service.store.store import Store
from tests.recorded import record, restore
from tests.service.tablemail import Table, open_table, text_of

__all__ = ["RECORDED", "AuditFailure", "Table", "audits", "audits_recorded", "bid_table",
           "history_of", "now", "record_game", "submit", "text_of"]

RECORDED = Path(__file__).parent / "recorded"
"""The reference game's recorded logs."""
MODULE = "tests.kit.sealed_bid"


def bid_table(tmp_path: Path) -> Table:
    """Return a table of three (anna, bruno, carla) playing Sealed Bid by mail on SQLite."""
    return open_table(tmp_path, "sealed-bid")


def now(table: Table) -> LoadedGame:
    """Return the game as the store has it now (rules, state, seats and deadlines)."""
    return load_game(table.store, table.game_id)


def submit(table: Table, seat: str, text: str, prompt_key: str) -> SubmissionResult:
    """Return what the service's order path makes of `text` answering the decision
    `prompt_key` (as the web and the API send it)."""
    return submit_order(table.store, table.game_id, seat, text, prompt_key=prompt_key)


def audits(table: Table) -> bool:
    """Return whether the game's log verifies and re-deciding its orders gives its events."""
    return verify(table.store, table.game_id).ok and audit(table.store, table.game_id).orders > 0


def history_of(table: Table, seat: str) -> list[str]:
    """Return the game's history lines as the seat reads them."""
    return [line.text for line in history(table.store, table.game_id, seat)]


def audits_recorded(tmp_path: Path, name: str) -> set[str]:
    """Restore the recorded log `name` into a scratch store, check that it verifies and that
    re-deciding its orders gives its events; return the actors of its events."""
    store = Store(f"sqlite:///{tmp_path / 'pbem.db'}")
    store.create_schema()
    game_id = restore(store, RECORDED / name)
    assert verify(store, game_id).ok
    result = audit(store, game_id)
    assert result.orders > 0 and result.events == store.last_seq(game_id)
    return {row.actor for row in store.events(game_id, after_seq=0)}


def record_game(players: int = 3, index: int = 0) -> Path:
    """Play a seeded random game of Sealed Bid through the service, anna bidding by a standing
    answer, and record its log; return the file written. (No seat sits out: the audit does not
    yet re-derive the events a game's `keep_standing` appends; see test_by_mail.py.)"""
    RECORDED.mkdir(exist_ok=True)
    with registered("sealed-bid", MODULE), tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{tmp}/record.db")
        store.create_schema()
        seats = [NewSeat(seat, f"{seat}@example.org") for seat in seat_names(players)]
        seed = game_seed("recorded", index)
        loaded = create_game(store, "sealed-bid", seats, {}, seed_hex=seed.hex())
        standing_command(store, loaded.meta.id, "anna", "bid: lowest card", "record:anna")
        play_to_end(store, load_game(store, loaded.meta.id), seed)
        path = RECORDED / f"sealed-bid-{players}p-{index}.jsonl"
        record(store, loaded.meta.id, path)
    return path


if __name__ == "__main__":
    print(record_game())
