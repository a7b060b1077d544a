"""My games: every seat of one address, reached by a sign-in link mailed to that address;
and a lost seat link sent again to the seat's own address.

Both forms answer the same whatever address or seat is given, so they tell a stranger
nothing about who plays where.
"""
from __future__ import annotations

import secrets
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from typing import Any

from flask import Blueprint, Response, abort, redirect, request, session, url_for

from service.base import clock
from service.base.ids import GAME_ID
from service.base.inputs import MAILBOX as EMAIL
from service.base.templating import render_template
from service.game.loading import UnknownGameId, load_game
from service.game.meta import normal_address
from service.mail.transport import send
from service.orders.results import ServiceError
from service.seats import channels
from service.seats.calendar import (
    calendar_address,
    calendar_feed,
    new_calendar_link,
    revoke_calendar_links,
)
from service.seats.identity import is_old_sign_in, new_sign_in, read_sign_in, seats_of
from service.seats.vacation import book_vacation as booking
from service.seats.vacation import read_dates, vacation_left
from service.store.channels import NoticeChannels
from service.store.store import NewOutbox
from service.web.handoff import announce
from service.web.links import config, refuse, signature_of, store
from service.web.render import page
from service.web.security import limited

bp = Blueprint("me", __name__)
ME_KEY = "me"
VACATION_NOTE = "vacation-note"
CALENDAR_LINK = "calendar-link"
SENT = ("If this address plays any game here, a sign-in link is on its way to it. "
        "It works for 24 hours.")
OLD_LINK = ("This sign-in link is of an older kind, which is no longer accepted. Ask for a "
            "new one below: it is mailed to you at once.")
LINK_SENT = ("If that seat exists, its private link is on its way to the seat's own "
             "address.")


@bp.get("/me")
def my_games() -> Any:
    """List the signed-in address's seats, or ask for the address."""
    email = session.get(ME_KEY)
    if not email:
        return page("me.html", email="", seats=[], note=request.args.get("sent") and SENT)
    seats = seats_of(store(), email)
    links = {(s.game_id, s.seat): url_for("play.seat_page", game_id=s.game_id, seat=s.seat,
                                          sig=signature_of(s.game_id, s.seat, s.generation))
             for s in seats if s.status in ("active", "paused")}
    return page("me.html", email=email, seats=seats, links=links,
                note=session.pop(VACATION_NOTE, ""),
                vacation=vacation_left(store(), email, clock.now().date(),
                                       config().vacation_days),
                channels=NoticeChannels(store()).of(normal_address(email)),
                calendar_link=session.pop(CALENDAR_LINK, ""))


@bp.post("/me/calendar")
def make_calendar_link() -> Any:
    """Make the signed-in address a new private calendar link (the old one stops working);
    it is shown once."""
    email = session.get(ME_KEY)
    if email:
        token = new_calendar_link(store(), config().secret_key(), email)
        session[CALENDAR_LINK] = f"{config().base_url}/calendar/{token}"
    return redirect(url_for("me.my_games") + "#calendar", 303)


@bp.post("/me/calendar/revoke")
def revoke_calendar_link() -> Any:
    """Make the signed-in address's calendar link stop working."""
    email = session.get(ME_KEY)
    if email:
        revoked = revoke_calendar_links(store(), email)
        session[VACATION_NOTE] = ("Your calendar link no longer works." if revoked
                                  else "You had no calendar link.")
    return redirect(url_for("me.my_games") + "#calendar", 303)


@bp.get("/calendar/<token>")
def calendar(token: str) -> Any:
    """Answer a private calendar link with the iCalendar feed of its address's deadlines."""
    email = calendar_address(store(), config().secret_key(), token[:100])
    if email is None:
        refuse()
    feed = calendar_feed(store(), email, config().base_url, config().mail_domain)
    return Response(feed, mimetype="text/calendar",
                    headers={"Cache-Control": "private, max-age=300",
                             "Content-Disposition": 'inline; filename="pbem.ics"'})


@bp.post("/me/channels")
def add_channel() -> Any:
    """Try a notice channel (an apprise URL) with a test notice and keep it if it works."""
    email = session.get(ME_KEY)
    if not email:
        return redirect(url_for("me.my_games"), 303)
    if limited("SIGNIN", f"channel:{normal_address(email)}"):
        said = "Too many channels tried at once; wait a minute and try again."
    else:
        try:
            said = channels.add_channel(store(), email, request.form.get("url", "")[:4000],
                                        f"pbem: notices for {normal_address(email)}")
        except ServiceError as exc:
            said = exc.message
    session[VACATION_NOTE] = said
    return redirect(url_for("me.my_games") + "#channels", 303)


@bp.post("/me/channels/<int:channel_id>/remove")
def remove_channel(channel_id: int) -> Any:
    """Forget one of the signed-in address's channels."""
    email = session.get(ME_KEY)
    if email:
        removed = NoticeChannels(store()).remove(normal_address(email), channel_id)
        session[VACATION_NOTE] = "Channel removed." if removed else "No such channel."
    return redirect(url_for("me.my_games") + "#channels", 303)


@bp.post("/me/vacation")
def book_vacation() -> Any:
    """Book vacation days ahead in every game of the signed-in address."""
    email = session.get(ME_KEY)
    if not email:
        return redirect(url_for("me.my_games"), 303)
    today = clock.now().date()
    try:
        days = read_dates([request.form.get("first", "")[:10],
                           request.form.get("last", "")[:10]], today)
        said = booking(store(), email, days, f"web-vacation:{secrets.token_hex(8)}", today,
                       config().vacation_days)
    except ServiceError as exc:
        said = exc.message
    session[VACATION_NOTE] = said  # shown once, never read from the link
    return redirect(url_for("me.my_games"), 303)


@bp.post("/me")
def ask_for_link() -> Any:
    """Mail a sign-in link to the given address if it plays here; answer the same anyway."""
    email = request.form.get("email", "").strip()[:200]
    if (EMAIL.match(email) and not limited("SIGNIN", f"me:{email.lower()}")
            and seats_of(store(), email)):
        _mail_sign_in(email)
    return redirect(url_for("me.my_games", sent=1), 303)


def _mail_sign_in(email: str) -> None:
    """Send the sign-in link to the address."""
    token = new_sign_in(store(), config().secret_key(), email)
    message = EmailMessage()
    message["From"] = config().mail_from
    message["To"] = email
    message["Subject"] = "Your games: sign-in link"
    message["Date"] = format_datetime(clock.now())
    message["Message-ID"] = make_msgid(idstring="signin", domain=config().mail_domain)
    message["Auto-Submitted"] = "auto-generated"
    link = f"{config().base_url}/me/{token}"
    message.set_content(
        "Someone (we hope you) asked for a list of your games.\n\nOpen this link within 24 "
        f"hours to see every seat of {email}, whose turn it is, and your deadlines:\n\n"
        f"{link}\n\nIf you did not ask, ignore this email.\n")
    message.add_alternative(render_template("email/signin.html", subject=str(message["Subject"]),
                                            email=email, link=link), subtype="html")
    # a name of its own: two links asked for in the same second are two files
    send(config(), message, f"signin-{clock.now():%Y%m%d%H%M%S}-{secrets.token_hex(3)}")


@bp.get("/me/<token>")
def sign_in(token: str) -> Any:
    """Sign this browser in as the address a valid link stands for."""
    if is_old_sign_in(token):
        return page("me.html", email="", seats=[], note=OLD_LINK), 410
    email = read_sign_in(store(), config().secret_key(), token[:100])
    if email is None:
        refuse()
    session[ME_KEY] = email
    return redirect(url_for("me.my_games"), 303)


@bp.post("/me/logout")
def sign_out() -> Any:
    """Forget the signed-in address."""
    session.pop(ME_KEY, None)
    return redirect(url_for("me.my_games"), 303)


@bp.post("/games/<game_id>/lost-link")
def lost_link(game_id: str) -> Any:
    """Send a seat's private link again, to the seat's own address only."""
    seat = request.form.get("seat", "").strip().lower()[:24]
    if not GAME_ID.match(game_id):
        abort(404)
    if not limited("SIGNIN", f"lost:{game_id}:{seat}"):
        try:
            loaded = load_game(store(), game_id)
        except UnknownGameId:
            abort(404)
        if (seat in loaded.meta.seat_names and loaded.meta.started
                and not loaded.meta.finished):
            store().add_outbox(game_id, [NewOutbox(loaded.seq, seat, "welcome")])
            announce(game_id)
    return redirect(url_for("lobby.game_page", game_id=game_id, link_sent=1), 303)
