"""Storing and processing a submission, whatever way it came in; safe to run twice.

An order of the terminal, the web or the API is one order: stored first (or, in-process, with
its outcome) and decided by `process_order_submission`. A source whose inputs need more than
that (a whole email: authentication, order lines, press, mail commands) registers its own
processor in the entry-point group "pbem.processors" under the source's name, so this module
never imports what reads them.

Each attempt that breaks down is counted, with its error. A submission whose processing keeps
breaking down (a bug, an input nothing can store) is marked failed with its reason after
MAX_ATTEMPTS tries, answered as such, and listed for the game master; it is never retried
forever. (Counting only failures keeps a sound order at its own writes.)
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, cast

from engine.core import RuleViolation
from service.base.config import Config, load_config
from service.game.events import DEADLINE_ACTOR
from service.orders.deciding import decide_order, decided_line, help_now, is_help_request
from service.orders.results import ServiceError, SubmissionResult, record_result, rejection
from service.store.records import AlreadyDecided, DuplicateSubmission, ResultStored, Submission

if TYPE_CHECKING:
    from service.store.orderlog import OrderLog
    from service.store.roles import Inbox
    from service.store.store import Store

    Processor = Callable[[Store, Config, Submission], SubmissionResult]
    """How a source's submissions are processed: (store, config, submission) -> result."""

PROCESSORS = "pbem.processors"
"""The entry-point group where a submission source names its processor."""
MAX_ATTEMPTS = 5
"""Attempts at processing one submission before it is marked failed."""
MAX_ORDER_BYTES = 64 * 1024
"""The longest text one order may have, in bytes."""


def process_submission(store: OrderLog, submission_id: str, *, config: Config | None = None,
                       known: Submission | None = None) -> SubmissionResult:
    """Decide a stored submission (an email, a form, an API call, a deadline default).

    `known` is the submission's row as its caller just stored it, sparing a read.
    """
    sub = known if known is not None and known.id == submission_id else (
        store.get_submission(submission_id))
    if sub is None:
        raise ServiceError(f"no submission {submission_id!r}", "unknown-submission")
    if sub.status != "received":
        return SubmissionResult.from_submission(sub)
    if sub.attempts >= MAX_ATTEMPTS:
        return give_up(store, sub)
    try:
        processor = processor_of(sub.source)
        if processor is not None:
            return processor(store.full(), config or load_config(), sub)
        return process_order_submission(store, sub)
    except Exception as exc:
        store.note_submission_error(sub.id, printable(f"{type(exc).__name__}: {exc}"))
        raise


@cache
def processor_of(source: str) -> Processor | None:
    """Return the processor that `source` registered, or None for a source of single orders."""
    from importlib.metadata import entry_points  # 10 ms: never paid by a one-shot order

    for plugin in entry_points(group=PROCESSORS, name=source):
        return cast("Processor", plugin.load())
    return None


def give_up(store: Inbox, sub: Submission) -> SubmissionResult:
    """Mark a submission that broke down MAX_ATTEMPTS times failed, with the last reason."""
    reason = sub.last_error or "unknown error"
    done = tuple(text for _, _, text in store.decided_lines(sub.id))
    message = (f"This could not be processed after {MAX_ATTEMPTS} attempts ({reason}). "
               + ("The orders listed as accepted stand; the rest was not applied. " if done
                  else "Nothing of it was applied. ")
               + "The game master can see it; please send it again, in plain text.")
    return record_result(store, SubmissionResult(sub.id, "failed", "processing-failed",
                                                 printable(message), orders=done))


def printable(text: str, limit: int = 500) -> str:
    """Return `text` cut to `limit` characters, anything that cannot be stored escaped."""
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text.replace("\x00", "\\x00")[:limit]


def submit_order(store: OrderLog, game_id: str, seat: str, body: str, *, source: str = "cli",
                 sender: str | None = None, idempotency_key: str | None = None,
                 prompt_key: str | None = None,
                 hand_over: Callable[[str], bool] | None = None) -> SubmissionResult:
    """Store an order first, then hand it over or process it; a duplicate returns the first.

    The one way in for orders of the terminal, the web and the API. `hand_over(id)` may queue
    the stored submission (True); otherwise it is processed here, as the queue would. Without
    `hand_over` nothing waits for a queue: the input is stored with its outcome, at once.
    """
    if hand_over is None:
        return decide_at_once(store, store.new_submission(
            source, body, game_id=game_id, seat=seat, sender=sender,
            idempotency_key=idempotency_key, prompt_key=prompt_key))
    sub, created = store.add_submission(source, body, game_id=game_id, seat=seat,
                                        sender=sender, idempotency_key=idempotency_key,
                                        prompt_key=prompt_key)
    if sub.status != "received":
        return SubmissionResult.from_submission(sub)
    if created and hand_over is not None and hand_over(sub.id):
        return SubmissionResult(sub.id, "received")
    return process_submission(store, sub.id, known=sub)


def decide_at_once(store: OrderLog, sub: Submission) -> SubmissionResult:
    """Decide a one-order input not stored yet, and store it with its outcome in one go.

    One read of the game and one transaction: the input, its events, mail, deadlines and
    result. An input that breaks processing is stored all the same, with why, for recovery.
    """
    try:
        return process_order_submission(store, sub, stored=False)
    except DuplicateSubmission:
        earlier = store.submission_by_key(sub.source, sub.idempotency_key or "")
        if earlier is None:
            raise
        return _earlier(store, earlier)
    except Exception as exc:
        if store.get_submission(sub.id) is None:  # kept for recovery, with why it broke
            kept, created = store.store_submission(sub)
            if created:
                store.note_submission_error(kept.id, printable(f"{type(exc).__name__}: {exc}"))
        raise


def _earlier(store: OrderLog, earlier: Submission) -> SubmissionResult:
    """Return the outcome of the input stored first under the same key, deciding it if due."""
    if earlier.status != "received":
        return SubmissionResult.from_submission(earlier)
    return process_submission(store, earlier.id, known=earlier)


def _store_new(store: OrderLog, sub: Submission, result: SubmissionResult) -> SubmissionResult:
    """Store a new input with its result in one transaction; a taken key gives the first's."""
    kept, created = store.store_submission(sub, (result.status, result.as_dict()))
    return result if created else _earlier(store, kept)


def process_order_submission(store: OrderLog, sub: Submission, *,
                             stored: bool = True) -> SubmissionResult:
    """Decide a one-order submission (not an email) and record its result, once.

    The text `help` is no order: it is answered with what the seat can write now. A
    submission not `stored` yet is stored with its outcome.
    """
    if sub.status != "received":
        return SubmissionResult.from_submission(sub)
    new = None if stored else sub
    try:
        if is_help_request(sub.body) and sub.game_id and store.get_game(sub.game_id):
            result = SubmissionResult(sub.id, "help",
                                      legal=help_now(store, sub.game_id, sub.seat or ""))
            if new is not None:
                return _store_new(store, new, result)
            return record_result(store, result)
        if len(sub.body.encode("utf-8", "replace")) > MAX_ORDER_BYTES:
            raise ServiceError(f"the order is longer than {MAX_ORDER_BYTES // 1024} KiB",
                               "order-too-long")
        actor = DEADLINE_ACTOR if sub.source == DEADLINE_ACTOR else (sub.seat or "")
        text, seq = decide_order(store, sub.game_id or "", sub.seat or "", sub.body,
                                 causation=sub.id, actor=actor, prompt_key=sub.prompt_key,
                                 answer=True, new_submission=new)
    except ResultStored:  # another run answered meanwhile, and nothing was appended
        return SubmissionResult.from_submission(store.get_submission(sub.id) or sub)
    except AlreadyDecided:  # another run decided it: its answer is in the log
        return _accepted_from_log(store, sub.id)
    except (RuleViolation, ServiceError) as exc:
        if new is not None:
            return _store_new(store, new, rejection(sub.id, exc))
        return record_result(store, rejection(sub.id, exc), refused_line=0,
                             rerun=lambda: _accepted_from_log(store, sub.id))
    # the answer was stored in the transaction that appended the order
    return SubmissionResult(sub.id, "accepted", orders=(text,), seq=seq)


def _accepted_from_log(store: Inbox, submission_id: str) -> SubmissionResult:
    """Record and return the result of a one-order submission whose order is in the log."""
    text, seq = decided_line(store, submission_id, 0)
    return record_result(store, SubmissionResult(submission_id, "accepted", orders=(text,),
                                                 seq=seq))
