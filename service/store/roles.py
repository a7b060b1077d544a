"""The store's roles: each part of storage its callers use, as a small protocol.

`Store` (`service.store.store`) implements every role; `SQLiteOrders` implements the two the
order path takes (`OrderLog`, in `service.store.orderlog`). A function names the role it uses,
not the store, so the type checker shows which part of storage each caller touches and holds
every implementation to the same calls:

| role | what it keeps |
|---|---|
| `EventLog` | each game's row, its hash-chained events and the snapshots folded from them |
| `LogAudit` | the log as the audit reads it: streamed whole, its end, its chain, restored |
| `GameIndex` | the lists of games: all, the newest, those an address plays in |
| `Inbox` | submissions, stored before anything else and processed once |
| `Replies` | the answers to submissions, each sent once |
| `Outbox` | deliveries written with the events that cause them, queued, claimed, sent once |
| `MailRecord` | what the outbox says was mailed, read when an email is composed |
| `Deadlines` | the open deadlines, as the sweep reads them |
| `Caches` | disposable caches: PDF snapshots, the lobby's lines |
| `Connections` | plain connections, for projections, pages and mailed links with queries of their own |
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from service.store.records import (
    Append,
    DeadlineRow,
    EventRow,
    GameRow,
    GameTail,
    NewOutbox,
    OutboxRow,
    StoredEvent,
    Submission,
)

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from service.base.signedhead import SignedHead
    from service.store.caches import LineKey
    from service.store.heads import ShownHeads
    from service.store.pdffiles import PdfKey


class EventLog(Protocol):
    """Each game's row, its events appended with the seq they expect, and its snapshots."""

    def create_game(self, game_id: str, game: str, engine_version: str, title: str,
                    seed_hex: str) -> GameRow:
        """Register a new game and return its row; a taken id raises StoreError."""

    def get_game(self, game_id: str) -> GameRow | None:
        """Return the game's row, or None."""

    def set_game_status(self, game_id: str, status: str) -> None:
        """Set the game's status (a projection of its log)."""

    def append(self, append: Append) -> list[StoredEvent]:
        """Write an append in one transaction; return the stored events."""

    def game_tail(self, game_id: str, version_of: Callable[[str], str]) -> GameTail | None:
        """Return the game's row, newest snapshot and the events after it, read at once."""

    def event_rows(self, game_id: str, after_seq: int = 0, upto: int | None = None,
                   ) -> list[EventRow]:
        """Return the game's events after `after_seq` (up to `upto`) as plain rows."""

    def events(self, game_id: str, after_seq: int = 0,
               upto: int | None = None) -> list[StoredEvent]:
        """Return the game's events with after_seq < seq <= upto, in seq order."""

    def last_seq(self, game_id: str) -> int:
        """Return the seq of the game's last event, 0 when the log is empty."""

    def reader_seq(self, game_id: str, reader: str, number: int) -> int:
        """Return the seq of the event `reader` (a seat, or "" for spectators) numbers
        `number` among those it may know of (`service.game.numbers`)."""

    def latest_snapshot(self, game_id: str, engine_version: str,
                        upto: int | None = None) -> tuple[int, dict[str, Any]] | None:
        """Return the newest snapshot (seq, state) of an engine version, up to `upto`."""

    def save_snapshot(self, game_id: str, seq: int, engine_version: str,
                      state: dict[str, Any]) -> None:
        """Cache the folded state at `seq`."""

    def delete_snapshots(self, game_id: str | None = None) -> None:
        """Drop the cached snapshots of a game (of every game with None)."""


class LogAudit(Protocol):
    """The log as the audit reads it: streamed whole, checked link by link, restored as is."""

    def iter_events(self, game_id: str, after_seq: int = 0, upto: int | None = None,
                    batch: int = 1000) -> Iterator[StoredEvent]:
        """Yield the game's events after `after_seq` up to `upto`, `batch` at a time."""

    def log_end(self, game_id: str) -> tuple[int, str]:
        """Return the seq and hash of the last event in the log itself."""

    def verify_chain(self, game_id: str) -> int | None:
        """Return the first seq where the log is missing, altered or mislinked, else None."""

    def outbox_end(self, game_id: str) -> int:
        """Return the highest seq any delivery of the game names (0: none)."""

    def mailed_heads_unlike_log(self, game_id: str) -> list[tuple[int, str]]:
        """Return (seq, hash) of the deliveries whose recorded head the log no longer holds."""

    def restore_game(self, row: GameRow, events: Iterable[StoredEvent],
                     batch: int = 500) -> int:
        """Insert a game's row and its chained events as they are; return how many."""


class SignedHeads(Protocol):
    """The heads the service signed and showed: noted as they are shown, read to check the
    log against them and to archive them."""

    def record_signed_heads(self, game_id: str, heads: Sequence[SignedHead]) -> None:
        """Note heads signed for a game; a head already noted (same seq and key) stays."""

    def iter_signed_heads(self, game_id: str, upto: int | None = None,
                          batch: int = 1000) -> Iterator[SignedHead]:
        """Yield the game's signed heads up to seq `upto` in seq (then key) order."""


class GameIndex(Protocol):
    """The lists of games: every game, the newest, and those an address plays in."""

    def list_games(self) -> list[GameRow]:
        """Return every game, oldest first."""

    def newest_games(self, limit: int, before: GameRow | None = None,
                     status: str | None = None) -> list[GameRow]:
        """Return the `limit` newest games (before `before`, of `status`), newest first."""

    def games_of_address(self, address: str, limit: int) -> list[GameRow]:
        """Return the `limit` newest games in which `address` plays a seat, newest first."""

    def replace_seats(self, game_id: str, seats: Sequence[tuple[str, str]]) -> None:
        """Make `seats` (seat, address) who plays the game."""


class Inbox(Protocol):
    """Submissions: raw input stored before anything else, then processed once."""

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

    def set_submission_route(self, submission_id: str, game_id: str, seat: str) -> None:
        """Record which game and seat an authenticated input belongs to."""

    def set_submission_result(self, submission_id: str, status: str, result: dict[str, Any],
                              *, unless_decided: int | None = None) -> bool:
        """Record an input's outcome once; False when it had one already (or the line named
        by `unless_decided` was decided meanwhile)."""

    def note_submission_error(self, submission_id: str, error: str) -> None:
        """Count one failed attempt at processing an input, with why."""

    def decided_lines(self, submission_id: str) -> list[tuple[int, int, str]]:
        """Return (line, seq, canonical text) of each line of an input decided so far."""

    def first_decided_seq(self, submission_id: str) -> int:
        """Return the seq of the first order an input's lines put in the log (0: none)."""

    def failed_submissions(self, game_id: str, limit: int = 50) -> list[Submission]:
        """Return the game's inputs that could not be processed, newest first."""

    def received_submissions(self, older_than_seconds: int, limit: int = 100) -> list[str]:
        """Return ids of inputs still unprocessed after `older_than_seconds`."""


class Replies(Protocol):
    """The answers to submissions: claimed by one sender at a time, marked sent once."""

    def claim_reply(self, submission_id: str, seconds: int) -> bool:
        """Claim the sending of an input's answer for `seconds`; False if it is not free."""

    def release_reply(self, submission_id: str) -> None:
        """Give up the claim on an input's answer after a failed attempt."""

    def mark_submission_replied(self, submission_id: str, heads: ShownHeads = ()) -> bool:
        """Mark the answer to an input sent, noting the signed `heads` it showed; False if it
        had been sent already."""

    def unreplied_submissions(self, source: str, limit: int = 100) -> list[Submission]:
        """Return processed inputs of `source` whose answer has not been sent yet."""

    def stalled_replies(self, source: str, older_than_seconds: int,
                        limit: int = 100) -> list[str]:
        """Return ids of processed inputs whose answer nobody sends now."""


class Outbox(Protocol):
    """Deliveries: written with their cause, queued, claimed, and settled once."""

    def add_outbox(self, game_id: str, rows: Sequence[NewOutbox]) -> list[int]:
        """Add deliveries no new event causes; return the ids of the rows that are new."""

    def get_outbox(self, outbox_id: int) -> OutboxRow | None:
        """Return the outbox row, or None."""

    def pending_outbox(self, limit: int = 100) -> list[OutboxRow]:
        """Return up to `limit` undelivered rows, oldest first."""

    def pending_outbox_of_game(self, game_id: str, limit: int = 100) -> list[int]:
        """Return the ids of the game's undelivered rows that no queue holds now."""

    def submission_outbox(self, submission_id: str, *, unqueued: bool = False) -> list[int]:
        """Return the ids of the pending rows the appends of an input wrote."""

    def queue_submission_outbox(self, submission_id: str, seconds: int) -> list[int]:
        """Note the pending rows of an input that no queue holds as queued for `seconds`
        (one conditional update); return their ids."""

    def stalled_outbox(self, older_than_seconds: int, max_attempts: int,
                       limit: int = 100, lost_before: str | None = None) -> list[int]:
        """Return up to `limit` undelivered rows nobody works on."""

    def mark_queued(self, outbox_ids: Sequence[int], seconds: int) -> None:
        """Note that these rows were handed to the queue; recovery leaves them for `seconds`."""

    def claim_outbox(self, outbox_id: int, seconds: int) -> bool:
        """Claim a pending row for `seconds`; False when sent already or claimed."""

    def claim_outbox_row(self, outbox_id: int, seconds: int) -> OutboxRow | None:
        """Claim a pending row and return it as claimed (one statement); None when it is
        settled, failed, claimed by another or missing."""

    def release_outbox(self, outbox_id: int) -> None:
        """Give up a claim, so a retry may claim the row at once."""

    def mark_outbox_sent(self, outbox_id: int, *, mailed: bool = True,
                         address: str | None = None, heads: ShownHeads = ()) -> bool:
        """Settle a pending row ('sent' to `address`, or 'closed'); False if it was settled
        already."""

    def mark_outbox_bounced(self, outbox_id: int, reason: str, *, permanent: bool) -> bool:
        """Record a bounce of a sent row; False when nothing changed."""

    def mark_outbox_failed(self, outbox_id: int, error: str) -> None:
        """Count a failed delivery attempt and keep the error."""

    def fail_outbox(self, outbox_id: int, reason: str) -> bool:
        """Mark a pending row failed for good; False when it was not pending."""

    def failed_outbox(self, game_id: str, limit: int = 50) -> list[OutboxRow]:
        """Return the game's deliveries refused for good, newest first."""


class MailRecord(Protocol):
    """What the outbox says was mailed, as composing an email reads it."""

    def outbox_for_game(self, game_id: str) -> list[OutboxRow]:
        """Return every outbox row of the game in the order they were written."""

    def answering_row(self, submission_id: str, seat: str) -> OutboxRow | None:
        """Return the seat's turn email written by an input's last append, if any."""

    def answered_by_email(self, row: OutboxRow) -> bool:
        """Return whether the row's email goes out inside the answer to its seat's own email."""

    def seat_mail_before(self, row: OutboxRow, news_kinds: Sequence[str],
                         news_prefix: str) -> tuple[bool, int]:
        """Return whether the row's seat had mail before the row, and its latest news seq."""

    def delivery_payload(self, game_id: str, seq: int,
                         recipient: str) -> dict[str, Any] | None:
        """Return the payload of the delivery to `recipient` caused at `seq`, or None."""


class Deadlines(Protocol):
    """The open deadlines, a projection of the logs the sweep reads."""

    def replace_deadlines(self, game_id: str, rows: Sequence[DeadlineRow]) -> None:
        """Make `rows` the game's open deadlines."""

    def due_deadlines(self, now: str, limit: int = 1000) -> list[DeadlineRow]:
        """Return up to `limit` open deadlines the sweep must look at by `now`."""

    def set_deadline_next(self, row: DeadlineRow, next_at: str) -> None:
        """Put off the sweep's next look at one deadline."""

    def claim_deadline_look(self, row: DeadlineRow, next_at: str) -> bool:
        """Put off the next look at one deadline from the look `row` was read at; return
        whether this call did it (only one of two sweeps does)."""


class Caches(Protocol):
    """Disposable caches: a broken or stale entry reads as missing."""

    def lobby_lines(self, rows: Sequence[GameRow]) -> dict[str, str]:
        """Return the stored lines of the games whose line was made at their row's head."""

    def keep_lobby_lines(self, lines: Sequence[tuple[LineKey, str]]) -> None:
        """Store each game's line made at (game, head seq, head hash)."""

    def cached_pdf(self, key: PdfKey) -> bytes | None:
        """Return the stored PDF of (game, seat, seq) if there is a whole one."""

    def keep_pdf(self, key: PdfKey, pdf: bytes, kept_per_seat: int) -> None:
        """Store a rendered PDF and drop the seat's older ones."""


@runtime_checkable
class Connections(Protocol):
    """Plain connections, for the projections, pages and mailed links (`links.MailLinks`)
    that read or write the store's tables with statements of their own."""

    dialect: str
    """The database's dialect ("sqlite" or "postgresql"), which such statements are written in."""

    def connect(self) -> Connection:
        """Return a plain read connection."""

    def begin_write(self) -> AbstractContextManager[Connection]:
        """Return a write transaction, begun as the store begins its own writes."""
