"""Delivery: turn an outbox row, or the answer to an email, into one sent message, once."""
from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from email.message import EmailMessage
from email.utils import getaddresses
from typing import Protocol

from sqlalchemy.exc import DBAPIError

from service.base.config import Config
from service.base.metrics import MAILED, observe_since
from service.base.tokens import bounce_address
from service.game.events import MASTER as MASTER_RECIPIENT
from service.game.witness import heads_noted, heads_noted_later
from service.mail.compose import MailComposing
from service.mail.transport import PermanentDeliveryError, send
from service.store.records import SETTLED
from service.store.roles import Outbox, Replies
from service.store.store import OutboxRow

log = logging.getLogger("pbem.delivery")
CLAIM_SECONDS = int(os.environ.get("PBEM_CLAIM_SECONDS", "300"))
"""How long a worker holds a delivery; if it dies, another may take it after that."""
CLAIMED_ELSEWHERE = "claimed-elsewhere"
"""Another worker holds the delivery: it sends it, or recovery queues it once its claim ends.
Waiting for it here would only multiply the work under a backlog."""


RECORD_TRIES = 8
"""Tries at recording a message as sent, 0.5 s apart and doubling (about two minutes): the
message is out, and a database that blinks now must not make a retry send it again."""


class Delivering(MailComposing, Outbox, Replies, Protocol):
    """The store as an email is delivered: composed, claimed and settled once."""


def _record_sent(record: Callable[[], object], name: str) -> None:
    """Record that a message went out, waiting out a database restart rather than failing."""
    for attempt in range(RECORD_TRIES):
        try:
            record()
            return
        except DBAPIError as exc:
            if attempt == RECORD_TRIES - 1:
                raise
            log.warning("%s was sent but could not be recorded yet: %s", name, exc)
            time.sleep(0.5 * 2 ** attempt)


def _send_composed(config: Config, compose: Callable[[], EmailMessage | None], name: str,
                   release: Callable[[str], None], envelope_from: str | None = None,
                   composed: list[EmailMessage] | None = None) -> bool:
    """Compose and send one claimed message; on failure give up the claim and re-raise.

    Returns False when there was nothing to send any more; the message composed is appended
    to `composed` (when given) before it is sent.
    """
    try:
        message = compose()
        if message is not None:
            if composed is not None:
                composed.append(message)
            send(config, message, name, envelope_from)
    except Exception as exc:
        release(f"{type(exc).__name__}: {exc}")
        raise
    return message is not None


def sent_to(message: EmailMessage | None) -> str | None:
    """Return the address an email is addressed to, as compared (None: no email)."""
    if message is None:
        return None
    found = getaddresses([str(value) for value in message.get_all("To", [])])
    return found[0][1].strip().lower() if found and found[0][1] else None


def mail_file_name(row: OutboxRow) -> str:
    """Return the name of a row's file in the mail folder: game, seq, recipient, kind (the game
    master's rows, addressed to "*", are named "master": no shell or client trips on it)."""
    recipient = "master" if row.recipient == MASTER_RECIPIENT else row.recipient
    return f"{row.game_id}-{row.seq:06d}-{recipient}-{row.kind}"


def deliver(store: Delivering, config: Config, outbox_id: int) -> str:
    """Send the email of one outbox row unless it was sent already; return what happened."""
    row = store.claim_outbox_row(outbox_id, CLAIM_SECONDS)  # read as claimed: one statement
    if row is None:
        return _not_claimed(store.get_outbox(outbox_id))

    def release(error: str) -> None:
        store.mark_outbox_failed(outbox_id, error)
        store.release_outbox(outbox_id)

    from service.mail.bounces import refused_for_good
    from service.mail.compose import compose_outbox  # PDFs: imported by the worker that sends

    envelope = bounce_address(config.secret_key(), config.mail_domain, outbox_id)
    composed: list[EmailMessage] = []
    try:
        with heads_noted_later() as heads:  # noted as the row is marked sent
            sent = _send_composed(config, lambda: compose_outbox(store, config, row),
                                  mail_file_name(row), release, envelope, composed)
    except PermanentDeliveryError as exc:  # refused for good: retrying cannot help
        log.warning("the %s email of game %s to %s was refused for good: %s", row.kind,
                    row.game_id, row.recipient, exc,
                    extra={"game": row.game_id, "outbox": outbox_id,
                           "smtp_code": exc.smtp_code})
        store.fail_outbox(outbox_id, f"refused for good: {exc}"[:500])
        if exc.recipient:  # the relay refused the address: as good as a bounce
            refused_for_good(store, config, row, str(exc), f"refused:{outbox_id}",
                             sent_to(composed[0] if composed else None) or "")
        return "refused"
    address = sent_to(composed[0] if composed else None)
    _record_sent(lambda: store.mark_outbox_sent(outbox_id, mailed=sent, address=address,
                                                heads=heads),
                 f"outbox row {outbox_id}")
    heads_noted(heads)
    if sent:
        observe_since(MAILED, row.created_at)
    return "sent" if sent else "no-longer-needed"


def _not_claimed(row: OutboxRow | None) -> str:
    """Return why an outbox row could not be claimed."""
    if row is None:
        return "missing"
    if row.status in SETTLED:
        return "already-sent"
    if row.status == "failed":
        return "failed-before"
    return CLAIMED_ELSEWHERE


def deliver_reply(store: Delivering, config: Config, submission_id: str) -> str:
    """Send the answer to a processed email unless it was sent already; return what happened."""
    sub = store.get_submission(submission_id)
    if sub is None:
        return "missing"
    if sub.replied_at is not None:
        return "already-sent"
    if sub.status == "received":
        return "not-processed-yet"
    if not store.claim_reply(submission_id, CLAIM_SECONDS):
        return CLAIMED_ELSEWHERE
    from service.mail.compose import compose_reply
    try:
        with heads_noted_later() as heads:  # noted as the answer is marked sent
            sent = _send_composed(config, lambda: compose_reply(store, config, sub),
                                  f"reply-{sub.id}", lambda _: store.release_reply(submission_id))
    except PermanentDeliveryError as exc:  # refused for good: retrying cannot help
        log.warning("the answer to %s was refused for good: %s", submission_id, exc,
                    extra={"submission": submission_id, "smtp_code": exc.smtp_code})
        store.mark_submission_replied(submission_id)
        return "refused"
    _record_sent(lambda: store.mark_submission_replied(submission_id, heads),
                 f"the answer to {submission_id}")
    heads_noted(heads)
    return "sent" if sent else "no-reply-needed"
