"""Confirming a held message: the page behind the link mailed to a seat's own address when a
message for the seat came from another address (`service.mail.senders`).

Opening the link shows what waits and who sent it, with a button; only pressing it acts (a
link opened by a mail scanner confirms nothing). The signed link names the seat, its current
generation and the held submission, so it works for that message only and stops working when
the seat changes hands.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, request

from service.mail.reading import extract_orders, parse_message, text_to_raw
from service.mail.senders import HELD, confirm_signature, confirmed_copy, release
from service.orders.results import ServiceError
from service.web.handoff import hand_over
from service.web.links import SEAT, SIGNATURE, config, page_game_or_404, refuse, store
from service.web.render import page
from service.web.security import same

bp = Blueprint("confirming", __name__)


@bp.route("/confirm/<game_id>/<seat>/<submission_id>/<sig>", methods=["GET", "POST"])
def confirm(game_id: str, seat: str, submission_id: str, sig: str) -> Any:
    """Show a held message with its Confirm button (GET), or act on it as the seat's (POST)."""
    loaded = page_game_or_404(game_id).loaded
    if not (SEAT.match(seat) and SIGNATURE.match(sig) and seat in loaded.meta.seat_names):
        refuse()
    held = store().get_submission(submission_id[:40])
    if held is None or (held.game_id, held.seat) != (game_id, seat) or not same(
            sig, confirm_signature(config(), loaded.meta, seat, held.id)):
        return refuse()
    lines = extract_orders(parse_message(text_to_raw(held.body))).lines[:30]
    shown = {"meta": loaded.meta, "seat": seat, "sender": held.sender or "an unknown sender",
             "lines": lines, "done": False, "error": ""}
    if request.method == "GET":
        return page("confirm.html", **shown,
                    waiting=held.status == HELD and confirmed_copy(store(), held) is None)
    try:
        released, created = release(store(), held)
    except ServiceError as exc:
        return page("confirm.html", **{**shown, "error": exc.message}, waiting=False), 409
    if created or released.status == "received":
        hand_over(released.id, game_id)
    return page("confirm.html", **{**shown, "done": True}, waiting=False)
