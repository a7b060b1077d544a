"""The email that brings a press message to one of its readers; its reply answers the sender."""
from __future__ import annotations

from email.message import EmailMessage
from email.utils import format_datetime
from typing import Protocol

from service.base import clock
from service.base.config import Config
from service.base.inputs import mailbox
from service.base.templating import render_template
from service.base.tokens import press_reply_address, reply_address
from service.game.events import MASTER, PressSent, press_heading
from service.game.loading import load_game
from service.game.meta import GameMeta
from service.mail.pressreply import answer_words
from service.mail.quotes import PRESS_MARKER
from service.seats.civility import muted_senders
from service.seats.press import press_at
from service.store.roles import Connections, EventLog
from service.store.store import OutboxRow


class PressComposing(EventLog, Connections, Protocol):
    """The store as a press email is composed: the log, and the reader's mutes."""


def compose_press(store: PressComposing, config: Config, row: OutboxRow,
                  message_id: str, thread: str, named: str) -> EmailMessage | None:
    """Return the press email of an outbox row (None if the row names no press message, or
    its reader muted its sender, here or everywhere); `named` is how its addresses name the
    message (`service.game.numbers.mail_number`)."""
    item = press_at(store, row.game_id, row.seq)
    if item is None or row.recipient not in item.recipients:
        return None
    meta = load_game(store, row.game_id).meta
    if item.sender in muted_senders(store, meta, row.recipient):
        return None
    info = meta.seat(row.recipient)
    sender = press_heading(item).split(" to ")[0]
    message = EmailMessage()
    message["From"] = config.mail_from
    message["To"] = mailbox(info.player, info.email)
    message["Reply-To"] = _reply_to(config, meta, row, item, named)
    message["Subject"] = f"[{meta.title} {meta.id}] press from {sender}"
    message["Date"] = format_datetime(clock.now())
    message["Message-ID"] = message_id
    message["In-Reply-To"] = thread
    message["References"] = thread
    message["Auto-Submitted"] = "auto-generated"
    message["X-Pbem-Game"] = meta.id
    context = {"heading": press_heading(item), "text": item.text, "marker": PRESS_MARKER,
               "reply_to": answer_words(meta, item), "title": meta.title,
               "game_id": meta.id, "seat": row.recipient, "player": info.player,
               "from_master": item.sender == MASTER, "press_level": meta.press}
    message.set_content(render_template("email/press.txt", **context))
    message.add_alternative(render_template("email/press.html", **context), subtype="html")
    return message


def _reply_to(config: Config, meta: GameMeta, row: OutboxRow, item: PressSent,
              named: str) -> str:
    """Return the Reply-To of a press mail: its own press address (naming the message as
    `named` does), the seat's for the master's."""
    key, generation = config.secret_key(), meta.generation(row.recipient)
    if item.sender == MASTER:
        return reply_address(key, config.mail_domain, meta.id, row.recipient, generation)
    return press_reply_address(key, config.mail_domain, meta.id, row.recipient, named,
                               generation)
