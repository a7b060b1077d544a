"""Processing a stored submission, whatever way it came in; safe to run twice.

Each attempt that breaks down is counted, with its error. A submission whose processing keeps
breaking down (a bug, an input nothing can store) is marked failed with its reason after
MAX_ATTEMPTS tries, answered as such, and listed for the game master; it is never retried
forever. (Counting only failures keeps a sound order at its own writes.)
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from service.base.config import Config, load_config
from service.log.records import Submission
from service.orders.games import (
    ServiceError,
    SubmissionResult,
    process_order_submission,
    record_result,
)

if TYPE_CHECKING:
    from service.log.store import Store

EMAIL_SOURCE = "email"
"""The source of the submissions that came in by mail."""
MAX_ATTEMPTS = 5
"""Attempts at processing one submission before it is marked failed."""


def process_submission(store: Store, submission_id: str, *, config: Config | None = None,
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
        if sub.source == EMAIL_SOURCE:
            from service.mail.inbound import process_email  # the mail parser: only for an email

            return process_email(store, config or load_config(), sub)
        return process_order_submission(store, sub)
    except Exception as exc:
        store.note_submission_error(sub.id, printable(f"{type(exc).__name__}: {exc}"))
        raise


def give_up(store: Store, sub: Submission) -> SubmissionResult:
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
