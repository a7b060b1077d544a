"""Sealed Bid played through the service in-process: the one place tests/kit reaches into
`service/`, beside the mail table of tests/service/tablemail.py."""
from __future__ import annotations

from pathlib import Path

from service.audit.rerun import audit
from service.audit.verify import verify
from service.game.loading import LoadedGame, load_game
from service.orders.processing import submit_order
from service.orders.results import SubmissionResult
from tests.service.tablemail import Table, open_table, text_of

__all__ = ["Table", "audits", "bid_table", "now", "submit", "text_of"]


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
