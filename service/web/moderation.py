"""The operator's moderation page: players' reports (each checked against the service's
signature), and suspending an address from open tables with a reason mailed to it.

Only the operator reaches it: whoever signed in with the admin token, or, without one, a
browser on this machine.
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, redirect, request, session, url_for

from service.mail.notices import suspension_message
from service.mail.transport import send
from service.orders.results import ServiceError
from service.seats import civility
from service.store.moderation import REPORT, SUSPEND, Moderation
from service.web.links import config, store
from service.web.render import page
from service.web.security import local_client

bp = Blueprint("moderation", __name__, url_prefix="/admin/moderation")


def operator_or_refuse() -> None:
    """Send anyone but the operator to the sign-in page (or away)."""
    if current_app.config["ADMIN_TOKEN"]:
        if not session.get("admin"):
            abort(redirect(url_for("admin.login", next=request.path)))
    elif not local_client():
        abort(403, description="The moderation page is open to the operator only: sign in "
                               "with the admin token (PBEM_ADMIN_TOKEN).")


def moderation_page(message: str = "", error: str = "", status: int = 200) -> Any:
    """Render the reports and the suspensions."""
    moderation, key = Moderation(store()), config().secret_key()
    reports = [(row, civility.report_genuine(key, row)) for row in moderation.newest(REPORT)]
    return page("moderation.html", reports=reports,
                suspended=moderation.active(SUSPEND), message=message, error=error,
                form=request.form), status


@bp.get("")
def moderation_index() -> Any:
    """Show the players' reports, newest first, and the addresses suspended."""
    operator_or_refuse()
    return moderation_page()


@bp.post("/suspend")
def suspend() -> Any:
    """Suspend an address from open tables and mail it the reason."""
    operator_or_refuse()
    address = request.form.get("address", "").strip()[:254]
    reason = request.form.get("reason", "")[:2000]
    try:
        civility.suspend(store(), address, reason)
    except ServiceError as exc:
        return moderation_page(error=exc.message[0].upper() + exc.message[1:] + ".",
                               status=400)
    send(config(), suspension_message(config(), address, reason.strip()),
         f"suspended-{address.split('@')[0][:20]}")
    return moderation_page(message=f"{address} is suspended from open tables; the reason was "
                                   "mailed to it.")


@bp.post("/lift/<int:row_id>")
def lift(row_id: int) -> Any:
    """Lift a suspension."""
    operator_or_refuse()
    try:
        civility.lift_suspension(store(), row_id)
    except ServiceError as exc:
        return moderation_page(error=exc.message, status=404)
    return redirect(url_for("moderation.moderation_index"), 303)
