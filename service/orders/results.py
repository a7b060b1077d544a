"""What became of a submission: its result, stored once, and the errors a player is told."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core import (
    RuleViolation,
)
from service.store.records import (
    Submission,
)

if TYPE_CHECKING:
    from service.store.roles import Inbox


class ServiceError(Exception):
    """A request the service cannot carry out; the message says why, for the user."""

    code = "service-error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code:
            self.code = code


@dataclass(frozen=True)
class SubmissionResult:
    """What became of a submission: accepted (with the order as understood) or rejected."""

    submission_id: str
    status: str
    code: str = ""
    message: str = ""
    legal: str = ""
    orders: tuple[str, ...] = ()
    seq: int = 0
    line: str = ""
    notes: tuple[str, ...] = ()
    ignored: tuple[str, ...] = ()

    @property
    def accepted(self) -> bool:
        """Return whether the order was accepted."""
        return self.status == "accepted"

    def as_dict(self) -> dict[str, Any]:
        """Return the result as JSON-ready data, as stored with the submission."""
        return {"status": self.status, "code": self.code, "message": self.message,
                "legal": self.legal, "orders": list(self.orders), "seq": self.seq,
                "line": self.line, "notes": list(self.notes), "ignored": list(self.ignored)}

    @classmethod
    def from_submission(cls, sub: Submission) -> SubmissionResult:
        """Return the stored result of an already processed submission."""
        data = sub.result or {}
        return cls(sub.id, sub.status, data.get("code", ""), data.get("message", ""),
                   data.get("legal", ""), tuple(data.get("orders", ())), data.get("seq", 0),
                   data.get("line", ""), tuple(data.get("notes", ())),
                   tuple(data.get("ignored", ())))


def record_result(store: Inbox, result: SubmissionResult, refused_line: int | None = None,
                  rerun: Callable[[], SubmissionResult] | None = None) -> SubmissionResult:
    """Store a submission's result once and return the one stored (which may be earlier).

    A refusal of line `refused_line` is not stored if another run has decided that line
    meanwhile; `rerun` then builds the result again from what the log holds.
    """
    stored = store.set_submission_result(result.submission_id, result.status,
                                         result.as_dict(), unless_decided=refused_line)
    if stored:
        return result
    sub = store.get_submission(result.submission_id)
    if sub is None:
        raise ServiceError(f"no submission {result.submission_id!r}", "unknown-submission")
    if sub.status == "received" and rerun is not None:
        return rerun()
    return SubmissionResult.from_submission(sub)


def rejection(submission_id: str, exc: RuleViolation | ServiceError,
              orders: tuple[str, ...] = (), line: str = "") -> SubmissionResult:
    """Return the rejected result carrying the violation's code, message and legal orders."""
    legal = exc.legal if isinstance(exc, RuleViolation) else ""
    status = "partial" if orders else "rejected"
    return SubmissionResult(submission_id, status, exc.code, exc.message, legal, orders,
                            line=line)
