"""Mail by webhook: an MTA (or a mail provider's webhook) posts a raw message here.

The message is stored before anything else, exactly as `pbem ingest` stores it, then handed to
the queue (or processed here without one). The endpoint exists only when PBEM_INBOUND_TOKEN is
set, and takes that token as a bearer token.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, request

from service.mail.inbound import receive_email
from service.web.handoff import hand_over
from service.web.links import store
from service.web.security import client_address, count_bad_token, same

bp = Blueprint("inbound", __name__, url_prefix="/inbound")


def bearer() -> str:
    """Return the bearer token of the request, or ''."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


@bp.post("/mail")
def mail() -> Any:
    """Store one raw RFC 5322 message (the body) and queue it; 202 with its submission id."""
    token = current_app.config["INBOUND_TOKEN"]
    if not token:
        abort(404)
    if not same(bearer(), token):
        count_bad_token()
        abort(401)
    raw = request.get_data(cache=False)
    if not raw:
        abort(400, description="The body must be the raw message.")
    sender = request.args.get("sender") or None
    recipients = request.args.getlist("recipient")
    received = receive_email(store(), raw, envelope_from=sender, envelope_to=recipients)
    for sub, created in received:
        if created or sub.status == "received":
            hand_over(sub.id, sub.game_id or "")
        current_app.logger.info("inbound mail %s from %s", sub.id, client_address())
    first, created = received[0]
    return {"submission": first.id, "submissions": [sub.id for sub, _ in received],
            "duplicate": not created}, 202
