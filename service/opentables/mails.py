"""Mail of open tables: the link that confirms a join, the notice of a seat taken, and the
notice that a table was given up before it started; each with a text and an HTML part."""
from __future__ import annotations

import re
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

from service.base import clock
from service.base.config import Config
from service.base.inputs import mailbox
from service.base.templating import render_template
from service.base.tokens import signature
from service.game.loading import load_game
from service.game.meta import GameMeta
from service.opentables.joining import JOIN_LINK_HOURS, JoinRequest
from service.store.roles import EventLog
from service.store.store import OutboxRow

LEAVE = "leave"
"""The purpose of the signature of a seat's leave link (over the seq the seat was taken at)."""


def leave_signature(key: bytes, meta: GameMeta, seat: str) -> str:
    """Return the signature of the link that gives a table's seat back, good only for the
    player who took it (a seat name taken again later has another)."""
    seated = meta.table.seated.get(seat, 0) if meta.table else 0
    return signature(key, meta.id, seat, seated, LEAVE)


JOIN_MESSAGE_ID = re.compile(r"<join\.(?P<reply>[a-z2-7]{42})@")
"""The Message-ID of a confirmation mail, naming the reference a reply `confirm` takes."""


def join_message_id(config: Config, reply: str) -> str:
    """Return the Message-ID of the confirmation mail whose reply reference is `reply`."""
    return f"<join.{reply}@{config.mail_domain}>"


def replied_join(in_reply_to: str) -> str:
    """Return the reply reference of the confirmation mail a reply answers ('' for none)."""
    match = JOIN_MESSAGE_ID.search(in_reply_to)
    return match["reply"] if match else ""


def join_link_message(config: Config, request: JoinRequest) -> EmailMessage:
    """Return the mail that carries a join request's confirmation link to its address."""
    subject = f"[{request.title} {request.game_id}] confirm your seat"
    message_id = (join_message_id(config, request.reply) if request.reply
                  else make_msgid(idstring="join", domain=config.mail_domain))
    message = _message(config, request.email, request.player, subject, message_id)
    message["X-Pbem-Game"] = request.game_id
    if request.reply:
        message["Reply-To"] = config.public_address
    _write(message, "email/join", subject=subject, player=request.player, seat=request.seat,
           title=request.title, game_id=request.game_id, hours=JOIN_LINK_HOURS,
           link=f"{config.base_url}/join/{request.token}", by_reply=bool(request.reply))
    return message


def compose_table_notice(store: EventLog, config: Config, row: OutboxRow,
                         message_id: str) -> EmailMessage | None:
    """Return the notice of an outbox row of a table: a seat taken, or the table given up."""
    meta = load_game(store, row.game_id, upto=row.seq).meta
    if meta.table is None or row.recipient not in meta.seat_names:
        return None
    seat = meta.seat(row.recipient)
    taken, needed = len(meta.seats), meta.table.seats_needed
    game_url = f"{config.base_url}/games/{meta.id}"
    context = {"player": seat.player, "seat": seat.name, "title": meta.title,
               "game_id": meta.id, "taken": taken, "needed": needed, "game_url": game_url,
               "expires": meta.table.expires[:16].replace("T", " ") + " UTC",
               "lobby_url": f"{config.base_url}/#open-games"}
    if row.kind == "table-joined":
        sig = leave_signature(config.secret_key(), meta, seat.name)
        subject = f"[{meta.title} {meta.id}] you have seat {seat.name}"
        template = "email/table-joined"
        context["leave_url"] = f"{game_url}/leave/{seat.name}/{sig}"
    else:
        reason = meta.table.status
        subject = (f"[{meta.title} {meta.id}] "
                   + ("given up: not enough players" if reason == "expired" else "cancelled"))
        template, context["reason"] = "email/table-closed", reason
    message = _message(config, seat.email, seat.player, subject, message_id)
    message["X-Pbem-Game"] = meta.id
    _write(message, template, subject=subject, **context)
    return message


def _write(message: EmailMessage, template: str, **context: object) -> None:
    """Give `message` its text part and its HTML alternative, from `template`.txt and .html."""
    message.set_content(render_template(f"{template}.txt", **context))
    message.add_alternative(render_template(f"{template}.html", **context), subtype="html")


def _message(config: Config, email: str, player: str, subject: str,
             message_id: str) -> EmailMessage:
    """Return an automatic email's headers to one address."""
    message = EmailMessage()
    message["From"] = config.mail_from
    message["To"] = mailbox(player, email)
    message["Subject"] = subject
    message["Date"] = format_datetime(clock.now())
    message["Message-ID"] = message_id
    message["Auto-Submitted"] = "auto-generated"
    return message
