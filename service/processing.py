"""Processing a stored submission, whatever way it came in; safe to run twice."""
from __future__ import annotations

from .config import Config, load_config
from .games import ServiceError, SubmissionResult, process_order_submission
from .mail.inbound import EMAIL_SOURCE, process_email
from .store import Store


def process_submission(store: Store, submission_id: str, *,
                       config: Config | None = None) -> SubmissionResult:
    """Decide a stored submission (an email, a form, an API call, a deadline default)."""
    sub = store.get_submission(submission_id)
    if sub is None:
        raise ServiceError(f"no submission {submission_id!r}", "unknown-submission")
    if sub.source == EMAIL_SOURCE:
        return process_email(store, config or load_config(), sub)
    return process_order_submission(store, sub)
