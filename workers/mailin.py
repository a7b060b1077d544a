"""Mail coming in: store the raw message first, then queue its processing; and the task that
polls an IMAP mailbox for it."""
from __future__ import annotations

import logging
from collections.abc import Sequence

from service.mail.imap import ImapError
from service.mail.imap import poll_imap as poll
from service.mail.inbound import receive_email, recipient_refusal

from .app import app
from .tasks import config, process_submission, store

log = logging.getLogger("pbem.workers")


def store_and_queue(raw: bytes, envelope_from: str | None = None,
                    envelope_to: Sequence[str] = ()) -> list[str]:
    """Store a received message (once per game address it names) and queue each copy.

    Returns the submission ids; a copy stored before is queued again only if still undecided.
    """
    ids = []
    for sub, created in receive_email(store(), raw, envelope_from=envelope_from,
                                      envelope_to=envelope_to):
        if created or sub.status == "received":
            process_submission.delay(sub.id)
        ids.append(sub.id)
    return ids


def check_recipient(address: str) -> str:
    """Return the SMTP refusal of mail for `address`, or '' when it is a seat's signed one."""
    return recipient_refusal(store(), config(), address)


@app.task(name="pbem.poll_imap")
def poll_imap() -> int:
    """Fetch new mail from the configured IMAP mailbox (if any) and queue it."""
    url = config().imap_url
    if not url:
        return 0
    try:
        return poll(url, store_and_queue)
    except ImapError as exc:
        log.warning("IMAP polling failed: %s", exc)
        return 0
