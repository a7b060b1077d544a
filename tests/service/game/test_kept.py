"""The game a decision left, kept in the process, is the game its mail is composed from."""
from __future__ import annotations

from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from service.game import current, loading
from service.game.current import game_at
from service.game.kept import forget_games
from service.game.loading import load_game
from service.mail.compose import compose_outbox
from service.orders.processing import submit_order
from tests.service.tablemail import Table, first_order, open_table


@pytest.fixture(autouse=True)
def _no_games_kept_from_other_tests() -> None:
    forget_games()


def decide(table: Table, seat: str, order: str) -> None:
    """Decide one order of the seat as a worker would, leaving its mail unsent."""
    result = submit_order(table.store, table.game_id, seat, order, source="web")
    assert result.status == "accepted", result


def pending_mail(table: Table) -> list[EmailMessage]:
    """Compose every pending outbox row of the game (sending none)."""
    found = []
    for row in table.store.outbox_for_game(table.game_id):
        if row.status == "pending":
            message = compose_outbox(table.store, table.config, row)
            if message is not None:
                found.append(message)
    return found


def parts(message: EmailMessage) -> list[tuple[str, bytes | str]]:
    """Return what a reader gets of an email: its subject and every part's content."""
    return [("subject", str(message["Subject"]))] + [
        (part.get_content_type(), part.get_content()) for part in message.walk()
        if not part.is_multipart()]


class Folds:
    """Counts the folds of the log (every load of a game from its rows goes through one)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        real: Callable[..., Any] = loading.fold_rows

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.count += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(loading, "fold_rows", counted)
        monkeypatch.setattr(current, "fold_rows", counted)


def test_the_mail_of_a_decision_is_composed_without_folding_the_log(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = open_table(tmp_path)
    decide(table, *first_order(table))
    folds = Folds(monkeypatch)
    kept = pending_mail(table)
    assert kept and folds.count == 0
    forget_games()
    again = pending_mail(table)
    assert folds.count > 0  # read from the log this time
    assert [parts(m) for m in kept] == [parts(m) for m in again]


def test_every_kept_head_is_the_game_the_log_folds_to(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    heads = []
    for _ in range(6):
        decide(table, *first_order(table))
        heads.append(load_game(table.store, table.game_id).seq)
    for seq in range(1, heads[-1] + 1):
        kept = game_at(table.store, table.game_id, seq)
        forget_games()
        folded = load_game(table.store, table.game_id, upto=seq, use_snapshots=False)
        assert (kept.seq, kept.head_hash, kept.meta) == (folded.seq, folded.head_hash,
                                                         folded.meta)
        assert kept.state == folded.state
