"""Taking an order from the web or the API: the same application function as email and CLI."""
from __future__ import annotations

import re

from flask import abort

from service.base.inputs import has_unstorable
from service.base.metrics import DECIDED, count_order, observe_since
from service.game.loading import LoadedGame
from service.orders.processing import submit_order
from service.orders.results import SubmissionResult
from service.store.busy import retry_busy
from service.store.store import Submission
from service.web.handoff import announce, queue
from service.web.links import store

KEY = re.compile(r"^[\x21-\x7e]{1,128}\Z")
"""An idempotency key: up to 128 printable ASCII characters."""


def take_order(loaded: LoadedGame, seat: str, body: str, *, source: str, key: str | None,
               prompt_key: str | None, sender: str | None) -> Submission:
    """Store an order (a duplicate key returns the first), then queue or decide it."""
    if has_unstorable(body) or has_unstorable(prompt_key or ""):
        abort(400, description="The order holds a NUL character or a lone surrogate, which "
                               "is not text; it was not taken.")
    game_id = loaded.meta.id
    scoped = f"{game_id}:{seat}:{key}" if key and KEY.match(key) else None
    queued: list[bool] = []

    def hand_over(submission_id: str) -> bool:
        queued.append(queue(submission_id))
        return queued[-1]

    def submitted() -> SubmissionResult:
        queued.clear()  # what the last attempt did
        return submit_order(store(), game_id, seat, body, source=source, sender=sender,
                            idempotency_key=scoped, prompt_key=prompt_key, hand_over=hand_over)

    # under its form's key the order is stored once however often it is tried: a write the
    # busy SQLite file refused (rolled back whole) is tried again instead of answering 500
    result = retry_busy(submitted) if scoped else submitted()
    sub = store().get_submission(result.submission_id)
    if queued == [False]:
        count_order(result.status)
        if sub is not None:
            observe_since(DECIDED, sub.received_at)
        announce(game_id)
    if sub is None:
        raise LookupError(f"submission {result.submission_id} vanished")
    return sub
