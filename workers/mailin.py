"""Mail coming in: store the raw message first, then queue its processing."""
from __future__ import annotations

from collections.abc import Sequence

from service.mail.inbound import receive_email, recipient_refusal

from .tasks import config, process_submission, store


def store_and_queue(raw: bytes, envelope_from: str | None = None,
                    envelope_to: Sequence[str] = ()) -> str:
    """Store one received message and queue it; a duplicate is not queued again."""
    sub, created = receive_email(store(), raw, envelope_from=envelope_from,
                                 envelope_to=envelope_to)
    if created or sub.status == "received":
        process_submission.delay(sub.id)
    return sub.id


def check_recipient(address: str) -> str:
    """Return the SMTP refusal of mail for `address`, or '' when it is a seat's signed one."""
    return recipient_refusal(store(), config(), address)
