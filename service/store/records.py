"""The store's records, errors and clock, apart from the database library.

What the order path hands to and gets from the store, importable without SQLAlchemy: a
one-shot command (`pbem order`) that never needs more of the store does not pay for
importing it (see `service.store.sqlite_orders`).
"""
from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, timedelta
from typing import Any

from service.base import clock

TIME_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"


class StoreError(Exception):
    """A store request that cannot be honoured (unknown game, duplicate id, bad outbox row)."""


class SeqConflict(StoreError):
    """Another writer already took the seq this append expected to write."""

    def __init__(self, game_id: str, seq: int) -> None:
        super().__init__(f"game {game_id!r}: seq {seq} is already taken or out of order; "
                         "reload the game and decide again")
        self.game_id = game_id
        self.seq = seq


class AlreadyDecided(StoreError):
    """That line of that submission is in the log already: it was decided by another run."""

    def __init__(self, submission_id: str, line: int) -> None:
        super().__init__(f"line {line} of submission {submission_id!r} is decided already")
        self.submission_id = submission_id
        self.line = line


class ResultStored(StoreError):
    """The submission got its result from another run meanwhile; nothing was appended."""

    def __init__(self, submission_id: str) -> None:
        super().__init__(f"submission {submission_id!r} has a result already")
        self.submission_id = submission_id


class DuplicateSubmission(StoreError):
    """A submission with the same source and idempotency key is stored already."""

    def __init__(self, source: str, idempotency_key: str | None) -> None:
        super().__init__(f"a {source} submission with key {idempotency_key!r} is stored already")
        self.source = source
        self.idempotency_key = idempotency_key


def utc_now() -> str:
    """Return the service clock's time as ISO 8601 with microseconds and a trailing Z."""
    return clock.now().astimezone(UTC).strftime(TIME_FORMAT)


def later(seconds: int) -> str:
    """Return the time `seconds` from now in the store's timestamp format."""
    moment = clock.now().astimezone(UTC) + timedelta(seconds=seconds)
    return moment.strftime(TIME_FORMAT)


EventRow = tuple[int, str, int, str, str, str | None, str]
"""(seq, type, schema_version, payload JSON text, actor, causation, hash) of one event."""

SETTLED = ("sent", "closed", "bounced")
"""The statuses of a row that needs nothing more."""


@dataclass(frozen=True)
class NewEvent:
    """An event about to be appended; the store assigns seq, time and hashes."""

    type: str
    payload: dict[str, Any]
    schema_version: int = 1
    actor: str = "system"
    causation: str | None = None


@dataclass(frozen=True)
class StoredEvent:
    """An event as it stands in the log."""

    game_id: str
    seq: int
    type: str
    schema_version: int
    payload: dict[str, Any]
    actor: str
    causation: str | None
    recorded_at: str
    prev_hash: str
    hash: str


@dataclass(frozen=True)
class NewOutbox:
    """A delivery caused by the event with `seq` in the same append."""

    seq: int
    recipient: str
    kind: str
    payload: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class DeadlineRow:
    """An open deadline as the sweep reads it."""

    game_id: str
    seat: str
    prompt_key: str
    due: str
    seq: int
    next_at: str


@dataclass(frozen=True)
class GameRow:
    """A game's registry row (holds the secret seed as hex)."""

    id: str
    game: str
    engine_version: str
    title: str
    seed: str
    created_at: str
    status: str
    head_seq: int = 0
    head_hash: str = "0" * 64


@dataclass(frozen=True)
class Submission:
    """A raw input exactly as received, with the outcome of processing it."""

    id: str
    received_at: str
    source: str
    game_id: str | None
    seat: str | None
    sender: str | None
    idempotency_key: str | None
    body: str
    status: str
    result: dict[str, Any] | None
    processed_at: str | None
    recipient: str | None = None
    replied_at: str | None = None
    reply_claimed_until: str | None = None
    prompt_key: str | None = None
    attempts: int = 0
    last_error: str | None = None


@dataclass(frozen=True)
class OutboxRow:
    """A delivery row and its progress.

    `status` is 'pending' until settled, then 'sent' (its email went
    out), 'closed' (settled without an email of its own: folded into the answer to the
    seat's email, a reminder no longer needed, a held digest row), 'failed' (refused for
    good) or 'bounced' (sent, and a bounce came back for good). `sent_at` is when it was settled.
    """

    id: int
    game_id: str
    seq: int
    recipient: str
    kind: str
    payload: dict[str, Any]
    status: str
    attempts: int
    created_at: str
    sent_at: str | None
    last_error: str | None
    claimed_until: str | None = None
    queued_until: str | None = None
    head_hash: str | None = None
    address: str | None = None
    """The address its email went to (None: not sent, or sent before addresses were kept)."""
    """The hash of the event at `seq` when the row was written (None: no new event caused it)."""


def encode_body(body: str) -> bytes:
    """Return `body` as bytes that decode back to exactly the same string."""
    return body.encode("utf-8", "surrogatepass")


@dataclass(frozen=True)
class Append:
    """One append: new events after `expected_seq`, and all that is written in the same
    transaction.

    - `outbox`: deliveries the new events cause;
    - `decision` (submission id, line): the first new event decides that line; a line decided
      before makes the store write nothing and raise AlreadyDecided;
    - `deadlines`, when given: the game's open deadlines from now on;
    - `result` (submission id, status, data): that submission's outcome, stored only while it
      has none (else ResultStored);
    - `prev_hash`: the hash of the event at `expected_seq` as the caller read it, which spares
      reading the head first;
    - `submission`: an input not stored yet, stored with `result` as its outcome (a taken key
      raises DuplicateSubmission and nothing is written);
    - `snapshot` (engine version, folded state after the last new event): cached with them;
    - `seats` (seat, address), when given: who plays the game's seats from now on;
    - `hidden` (seq, reader): the new events each reader may not know of, counted for its
      numbers (`service.game.numbers`).
    """

    game_id: str
    expected_seq: int
    events: Sequence[NewEvent]
    outbox: Sequence[NewOutbox] = ()
    decision: tuple[str, int] | None = None
    deadlines: Sequence[DeadlineRow] | None = None
    result: tuple[str, str, dict[str, Any]] | None = None
    prev_hash: str | None = None
    submission: Submission | None = None
    snapshot: tuple[str, dict[str, Any]] | None = None
    seats: Sequence[tuple[str, str]] | None = None
    hidden: Sequence[tuple[int, str]] = ()


@dataclass(frozen=True)
class GameTail:
    """What loading a game now needs, read at once: its row, newest snapshot and the rest."""

    row: GameRow
    snapshot: tuple[int, dict[str, Any]] | None
    rows: list[EventRow]


def new_submission(source: str, body: str, *, game_id: str | None = None,
                   seat: str | None = None, sender: str | None = None,
                   idempotency_key: str | None = None, recipient: str | None = None,
                   prompt_key: str | None = None) -> Submission:
    """Return a raw input with its id and time, not stored yet."""
    if not isinstance(body, str):
        raise TypeError("a submission body must be a str")
    return Submission(id=uuid.uuid4().hex, received_at=utc_now(), source=source,
                      game_id=game_id, seat=seat, sender=sender,
                      idempotency_key=idempotency_key, body=body, status="received",
                      result=None, processed_at=None, recipient=recipient,
                      prompt_key=prompt_key)
