"""Joining games: the join page of an open table (or of a seat offered for a replacement),
the confirmation link mailed to the joining address, and leaving before the start.

Everything these pages show is public: the game, its options and deadlines, the players'
names, how many seats are taken. Addresses are never shown, and asking to join answers the
same whether or not the address plays the game already (that is told only to the address,
when it follows its link).
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, request, url_for

from service.game.loading import LoadedGame, load_game
from service.game.meta import normal_address
from service.mail.joinlink import mail_join_link
from service.opentables.joining import (
    JOIN_LINK_HOURS,
    UnknownLink,
    ask_to_join,
    check_offered,
    confirm_join,
    pending_join,
    read_invitation,
)
from service.opentables.lifecycle import check_join, check_open, expired, leave_table, taken
from service.opentables.mails import leave_signature
from service.orders.results import ServiceError
from service.web.handoff import announce
from service.web.links import config, page_game_or_404, refuse, store
from service.web.render import page
from service.web.security import limited, same
from service.web.summary import options_text

bp = Blueprint("opentables", __name__)


def join_problem(loaded: LoadedGame, seat: str, invitation: str) -> str:
    """Return why nobody new may take a seat now ('' when one may)."""
    try:
        if seat:
            check_offered(loaded.meta, seat)
        else:
            check_join(loaded.meta, "", invitation)
    except ServiceError as exc:
        return exc.message[0].upper() + exc.message[1:] + "."
    return ""


def _invitation(game_id: str) -> str:
    """Return the invitation of the request's invitation link ('' for none or a forged one)."""
    given = request.values.get("invite", "")
    return (read_invitation(config().secret_key(), game_id, given) or "") if given else ""


def join_page(loaded: LoadedGame, *, error: str = "", status: int = 200) -> Any:
    """Render a game's join page: the game in public terms and the form that asks for a seat."""
    seat = request.values.get("seat", "").strip().lower()[:24]
    invitation = _invitation(loaded.meta.id)
    table = loaded.meta.table
    return page("join.html", meta=loaded.meta, game=loaded.game, table=table, seat=seat,
                taken=taken(loaded.meta), expired=bool(table and expired(table)),
                invite=request.values.get("invite", "") if invitation else "",
                problem=join_problem(loaded, seat, invitation), error=error,
                asked=request.args.get("asked"), hours=JOIN_LINK_HOURS,
                options=options_text(loaded.game, loaded.meta.options),
                form=request.form), status


@bp.get("/games/<game_id>/join")
def join_form(game_id: str) -> Any:
    """Show how to join a game (or take over its offered seat)."""
    return join_page(page_game_or_404(game_id).loaded)


@bp.post("/games/<game_id>/join")
def ask(game_id: str) -> Any:
    """Mail a confirmation link to the given address; the seat waits for it to be followed."""
    loaded = page_game_or_404(game_id).loaded
    email = request.form.get("email", "").strip()[:200]
    # Limited by what is asked for, never by the network asked from (a club shares one):
    # the confirmation mails one address receives, and the requests one game receives.
    if limited("JOIN_GAME", game_id) or limited("JOIN", f"address:{normal_address(email)}"):
        return join_page(loaded, error="Too many requests to join this game or for this "
                         "address: wait an hour and try again.", status=429)
    seat = request.form.get("seat", "").strip().lower()[:24]
    try:
        asked = ask_to_join(store(), config().secret_key(), game_id,
                            request.form.get("player", "")[:200], email,
                            invitation=_invitation(game_id), seat=seat)
    except ServiceError as exc:
        return join_page(loaded, error=exc.message[0].upper() + exc.message[1:] + ".",
                         status=400 if exc.code in ("bad-name", "bad-email", "name-taken")
                         else 409)
    mail_join_link(store(), config(), asked)
    return redirect(url_for("opentables.join_form", game_id=game_id, asked=1,
                            seat=seat or None, invite=request.form.get("invite") or None), 303)


@bp.get("/join/<token>")
def confirm_form(token: str) -> Any:
    """Show what a confirmation link confirms, with the button that takes the seat (a link
    opened by a mail scanner takes nothing)."""
    try:
        data = pending_join(store(), config().secret_key(), token[:64])
    except UnknownLink:
        refuse()
    except ServiceError as exc:
        return page("joined.html", error=exc.message, data={}, joined=None), 410
    loaded = page_game_or_404(data["game"]).loaded
    return page("joined.html", error="", data=data, joined=None, token=token, meta=loaded.meta,
                game=loaded.game)


@bp.post("/join/<token>")
def confirm(token: str) -> Any:
    """Take the seat a confirmation link asks for, once."""
    try:
        joined = confirm_join(store(), config().secret_key(), token[:64])
    except UnknownLink:
        refuse()
    except ServiceError as exc:
        status = 410 if exc.code in ("link-expired", "expired", "cancelled") else 409
        return page("joined.html", error=exc.message[0].upper() + exc.message[1:] + ".",
                    data={}, joined=None), status
    announce(joined.game_id)
    loaded = page_game_or_404(joined.game_id).loaded
    return page("joined.html", error="", data={}, joined=joined, meta=loaded.meta,
                taken=taken(loaded.meta))


def leave_problem(loaded: LoadedGame) -> str:
    """Return why a seat can no longer be given back with its leave link ('' if it can)."""
    meta = loaded.meta
    if meta.started:
        return ("The game has started, so its seats are no longer given back here. To stop "
                "playing, resign from your seat's page or by mail, or write to the game master.")
    try:
        check_open(meta)
    except ServiceError as exc:
        return exc.message[0].upper() + exc.message[1:] + "; your seat is free already."
    return ""


@bp.route("/games/<game_id>/leave/<seat>/<sig>", methods=["GET", "POST"])
def leave(game_id: str, seat: str, sig: str) -> Any:
    """Give a seat of an open table back (the link of the seat's confirmation notice)."""
    loaded = page_game_or_404(game_id).loaded
    if (seat not in loaded.meta.seat_names
            or not same(sig, leave_signature(config().secret_key(), loaded.meta, seat))):
        refuse()
    if request.method == "GET":
        return page("leave.html", meta=loaded.meta, seat=seat, done=False, error="",
                    closed=leave_problem(loaded))
    try:
        leave_table(store(), game_id, seat)
    except ServiceError as exc:
        return page("leave.html", meta=loaded.meta, seat=seat, done=False, closed="",
                    error=leave_problem(load_game(store(), game_id))
                    or exc.message[0].upper() + exc.message[1:] + "."), 409
    return page("leave.html", meta=loaded.meta, seat=seat, done=True, error="", closed="")

