"""The email that brings a press message to one of its readers; its reply answers the sender."""
from __future__ import annotations

from email.message import EmailMessage
from email.utils import format_datetime, formataddr

from .. import clock
from ..config import Config
from ..loading import load_game
from ..meta import MASTER, SERVICE_EVENTS, PressSent, press_heading
from ..store import OutboxRow, Store
from ..templating import render_template
from ..tokens import reply_address
from .quotes import REPLY_MARKER


def press_at(store: Store, game_id: str, seq: int) -> PressSent | None:
    """Return the press message stored at `seq`, or None when another event is there."""
    rows = store.events(game_id, after_seq=seq - 1, upto=seq)
    if not rows or rows[0].type != "press.sent":
        return None
    item = SERVICE_EVENTS.load(rows[0].type, rows[0].payload, rows[0].schema_version)
    return item if isinstance(item, PressSent) else None


def answer_group(item: PressSent, reader: str) -> str:
    """Return who a reply to this message reaches, in words."""
    if item.sender == MASTER:
        return ""
    if item.to_all:
        return "everyone"
    if item.anonymous:
        others = [seat for seat in item.recipients if seat != reader]
        return ", ".join(others) if others else ""
    return ", ".join([item.sender, *[seat for seat in item.recipients if seat != reader]])


def compose_press(store: Store, config: Config, row: OutboxRow,
                  message_id: str, thread: str) -> EmailMessage | None:
    """Return the press email of an outbox row (None if the row names no press message)."""
    item = press_at(store, row.game_id, row.seq)
    if item is None or row.recipient not in item.recipients:
        return None
    meta = load_game(store, row.game_id).meta
    info = meta.seat(row.recipient)
    sender = press_heading(item).split(" to ")[0]
    message = EmailMessage()
    message["From"] = config.mail_from
    message["To"] = formataddr((info.player, info.email))
    message["Reply-To"] = reply_address(config.secret_key(), config.mail_domain, meta.id,
                                        row.recipient, meta.generation(row.recipient))
    message["Subject"] = f"[{meta.title} {meta.id}] press from {sender}"
    message["Date"] = format_datetime(clock.now())
    message["Message-ID"] = message_id
    message["In-Reply-To"] = thread
    message["References"] = thread
    message["Auto-Submitted"] = "auto-generated"
    message["X-Pbem-Game"] = meta.id
    context = {"heading": press_heading(item), "text": item.text, "marker": REPLY_MARKER,
               "reply_to": answer_group(item, row.recipient), "title": meta.title,
               "game_id": meta.id, "seat": row.recipient, "player": info.player,
               "from_master": item.sender == MASTER}
    message.set_content(render_template("email/press.txt", **context))
    message.add_alternative(render_template("email/press.html", **context), subtype="html")
    return message
