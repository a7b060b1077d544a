"""The order path's seam: what deciding an order asks of the event store.

Two stores implement it: `Store` (every process, SQLite or PostgreSQL, through SQLAlchemy) and
`SQLiteOrders` (`pbem order` on the embedded SQLite file, on the sqlite3 driver alone). The use
cases of `service/orders/` and the fold of `service/game/loading.py` take an `OrderLog`, so the
type checker holds both stores to the same calls. A call outside the order path asks for the
`full()` store.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from service.store.records import (
    Append,
    EventRow,
    GameRow,
    GameTail,
    NewOutbox,
    StoredEvent,
    Submission,
)

if TYPE_CHECKING:
    from service.store.store import Store


class OrderLog(Protocol):
    """The calls an order makes: its input kept, its game read, its events appended."""

    def full(self) -> Store:
        """Return the store with every call (itself, or the full store over the same data)."""

    # -- the input ---------------------------------------------------------------------------
    def new_submission(self, source: str, body: str, *, game_id: str | None = None,
                       seat: str | None = None, sender: str | None = None,
                       idempotency_key: str | None = None, recipient: str | None = None,
                       prompt_key: str | None = None) -> Submission:
        """Return a raw input with its id and time, not stored yet."""

    def add_submission(self, source: str, body: str, *, game_id: str | None = None,
                       seat: str | None = None, sender: str | None = None,
                       idempotency_key: str | None = None, recipient: str | None = None,
                       prompt_key: str | None = None) -> tuple[Submission, bool]:
        """Store a raw input; return it and whether it is new (a taken key: the first)."""

    def store_submission(self, sub: Submission,
                         outcome: tuple[str, dict[str, Any]] | None = None,
                         ) -> tuple[Submission, bool]:
        """Store `sub` (with its outcome when known); return the stored one and whether new."""

    def get_submission(self, submission_id: str) -> Submission | None:
        """Return a stored input, or None."""

    def submission_by_key(self, source: str, idempotency_key: str) -> Submission | None:
        """Return the input stored under a source's idempotency key, or None."""

    def set_submission_result(self, submission_id: str, status: str, result: dict[str, Any],
                              *, unless_decided: int | None = None) -> bool:
        """Record an input's outcome once; False when it had one already (or the line named
        by `unless_decided` was decided meanwhile)."""

    def note_submission_error(self, submission_id: str, error: str) -> None:
        """Count one failed attempt at processing an input, with why."""

    def decided_lines(self, submission_id: str) -> list[tuple[int, int, str]]:
        """Return (line, seq, canonical text) of each line of an input decided so far."""

    # -- the game and its log ----------------------------------------------------------------
    def get_game(self, game_id: str) -> GameRow | None:
        """Return the game's row, or None."""

    def set_game_status(self, game_id: str, status: str) -> None:
        """Set the game's status (a projection of its log)."""

    def game_tail(self, game_id: str, version_of: Callable[[str], str]) -> GameTail | None:
        """Return the game's row, newest snapshot and the events after it, read at once."""

    def event_rows(self, game_id: str, after_seq: int = 0, upto: int | None = None,
                   ) -> list[EventRow]:
        """Return the game's events after `after_seq` (up to `upto`) as plain rows."""

    def latest_snapshot(self, game_id: str, engine_version: str,
                        upto: int | None = None) -> tuple[int, dict[str, Any]] | None:
        """Return the newest snapshot (seq, state) of an engine version, up to `upto`."""

    def save_snapshot(self, game_id: str, seq: int, engine_version: str,
                      state: dict[str, Any]) -> None:
        """Cache the folded state at `seq`."""

    def delete_snapshots(self, game_id: str | None = None) -> None:
        """Drop the cached snapshots of a game (of every game with None)."""

    def append(self, append: Append) -> list[StoredEvent]:
        """Write an append in one transaction; return the stored events."""

    def add_outbox(self, game_id: str, rows: Sequence[NewOutbox]) -> list[int]:
        """Add deliveries no new event causes; return the ids of the rows that are new."""
