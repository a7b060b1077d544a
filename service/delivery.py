"""Delivery: turn an outbox row, or the answer to an email, into one sent message, once."""
from __future__ import annotations

import os

from .config import Config
from .outmail import compose_outbox, compose_reply
from .store import Store
from .transport import TransientDeliveryError, send

CLAIM_SECONDS = int(os.environ.get("PBEM_CLAIM_SECONDS", "300"))
"""How long a worker holds a delivery; if it dies, another may take it after that."""


class DeliveryBusy(TransientDeliveryError):
    """Another worker holds this delivery right now; try again after its claim."""


def deliver(store: Store, config: Config, outbox_id: int) -> str:
    """Send the email of one outbox row unless it was sent already; return what happened."""
    row = store.get_outbox(outbox_id)
    if row is None:
        return "missing"
    if row.status == "sent":
        return "already-sent"
    if not store.claim_outbox(outbox_id, CLAIM_SECONDS):
        raise DeliveryBusy(f"outbox row {outbox_id} is claimed by another worker")
    try:
        message = compose_outbox(store, config, row)
        if message is not None:
            send(config, message, f"{row.game_id}-{row.seq:06d}-{row.recipient}-{row.kind}")
    except Exception as exc:
        store.mark_outbox_failed(outbox_id, f"{type(exc).__name__}: {exc}")
        store.release_outbox(outbox_id)
        raise
    store.mark_outbox_sent(outbox_id)
    return "sent" if message is not None else "no-longer-needed"


def deliver_reply(store: Store, config: Config, submission_id: str) -> str:
    """Send the answer to a processed email unless it was sent already; return what happened."""
    sub = store.get_submission(submission_id)
    if sub is None:
        return "missing"
    if sub.replied_at is not None:
        return "already-sent"
    if sub.status == "received":
        return "not-processed-yet"
    if not store.claim_reply(submission_id, CLAIM_SECONDS):
        raise DeliveryBusy(f"the answer to {submission_id} is claimed by another worker")
    try:
        message = compose_reply(store, config, sub)
        if message is not None:
            send(config, message, f"reply-{sub.id}")
    except Exception:
        store.release_reply(submission_id)
        raise
    store.mark_submission_replied(submission_id)
    return "sent" if message is not None else "no-reply-needed"
