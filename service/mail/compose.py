"""Outgoing mail: each outbox row or answered submission becomes one email for one seat.

Every email is written from that seat's view only: what happened since its last email (the
history it may read), what it must do now with the help text and the deadline, and a PDF of
the board as it sees it. Message ids are derived from the outbox row, so a resend is the same
message and each game reads as one thread in a mail client.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from email.headerregistry import Address
from email.message import EmailMessage
from email.policy import default as email_policy
from email.utils import format_datetime
from functools import lru_cache
from typing import Any, Protocol

from engine.core import Prompt
from engine.core.contract import view_header
from service.audit.archive import archive_for_mail
from service.base import clock
from service.base.config import Config
from service.base.inputs import bad_character, mailbox
from service.base.signedhead import SignedHead
from service.base.signing import kept_signer
from service.base.templating import render_template
from service.base.tokens import reply_address, signature
from service.game.answered import answered_for
from service.game.current import LogWithConnections, game_at
from service.game.events import MASTER
from service.game.history import history, reader_head_at, reader_number
from service.game.loading import LoadedGame, UnknownGameId
from service.game.meta import GameMeta
from service.game.notify import DIGEST_PREFIX, HELD, NEWS_KINDS
from service.game.numbers import mail_number
from service.game.witness import Head, signed_head
from service.mail.hygiene import answerable, automatic_reason, mark_automatic
from service.mail.reading import REPLY_MARKER
from service.mail.shape import (
    SUMMARY_LINES,
    hours_for,
    prompt_help,
    welcome_lines,
)
from service.mail.strangers import EMBEDDED_NOTE, answers_anyone, may_mail_stranger
from service.pdf.seat_pdf import snapshot_pdf
from service.seats.civility import muted_senders
from service.store.orderlog import LogWithInbox
from service.store.roles import Caches, Connections, LogAudit, MailRecord, SignedHeads
from service.store.store import OutboxRow, Submission
from service.time.banks import bank_line
from service.time.localtime import deadline_text

MESSAGE_ID = re.compile(r"^<[\x21-\x3d\x3f-\x7e]{1,250}>\Z")
"""A Message-ID safe to repeat in In-Reply-To: printable ASCII in angle brackets."""
ARCHIVE_ATTACH_BYTES = int(os.environ.get("PBEM_ARCHIVE_ATTACH_BYTES", "2000000"))
"""A finished game's archive up to this size is attached to its emails, a larger one linked."""


@dataclass(frozen=True)
class Letter:
    """What one email to one seat says, before it is dressed as MIME."""

    kind: str
    subject: str
    heading: str
    news: list[str]
    prompt_summary: str
    help_text: str
    deadline: str
    default_summary: str
    board_text: str
    outcome: str
    game_title: str
    game_id: str
    seat: str
    player: str
    web_url: str
    seat_url: str = ""
    welcome: tuple[str, ...] = ()
    paused: bool = False
    news_title: str = "What happened since your last email"
    archive_note: str = ""
    head: Head | None = None
    signed_head: SignedHead | None = None
    """The head signed by the service's key (docs/signing.md)."""
    waiting: str = ""
    """Whom the table still waits for (turn mails and reminders)."""
    answered: str = ""
    """What was answered for the seat at its open decision, and until when it may change it
    (then nothing is shown as what it must do)."""


class MailComposing(LogWithInbox, LogAudit, MailRecord, Caches, Connections, SignedHeads,
                    Protocol):
    """The store as an email is composed: the game at the row's seq, what was mailed before,
    the input answered, the PDF and archive attached."""


def thread_id(config: Config, game_id: str, seat: str) -> str:
    """Return the Message-ID every email of a seat's game thread refers to."""
    return f"<{game_id}.0.{seat}.thread@{config.mail_domain}>"


def message_id(config: Config, row: OutboxRow, number: str | None = None) -> str:
    """Return the stable Message-ID of an outbox row's email: `number` names its event as
    the recipient numbers it (`mail_seq`); the row's seq without it."""
    named = number if number is not None else str(row.seq)
    return f"<{row.game_id}.{named}.{row.recipient}.{row.kind}@{config.mail_domain}>"


def mail_seq(store: MailComposing, row: OutboxRow, meta: GameMeta | None = None,
             number: int | None = None) -> str:
    """Return how the mail of an outbox row names its event: by the recipient's own number
    while the game runs ("n42", see `service.game.numbers`), so that no Message-ID counts an
    event the recipient may not know of; by the log's seq for the game master and once the
    game is over. `meta` (the game now) and `number` (the recipient's number of the row's
    seq), when the caller has them, spare reading them again."""
    if row.recipient == MASTER:
        return str(row.seq)
    if meta is None:
        meta = game_at(store, row.game_id).meta  # the game the append kept, if it is the head
    if number is None:
        number = reader_number(store, meta, row.recipient, row.seq)
    return mail_number(meta, row.recipient, row.seq, number)


def turn_label(view: dict[str, Any]) -> str:
    """Return where the game stands, e.g. 'Round 2, turn 1': the label every view carries."""
    return view_header(view)["label"]


def compose_outbox(store: MailComposing, config: Config, row: OutboxRow, *,
                   pdf: bool = True) -> EmailMessage | None:
    """Return the email an outbox row stands for, or None when it no longer applies.

    The turn email of a seat whose own email caused it goes out inside the answer to that
    email (one mail per message), so on its own it no longer applies. Without `pdf` a turn
    email has no PDF snapshot attached (its text and HTML only: for reading what it says).
    """
    if row.kind == HELD:
        return None
    if row.recipient == MASTER:
        from service.mail.notices import compose_master

        return compose_master(store, config, row, message_id(config, row))
    now = game_at(store, row.game_id)  # read once for the whole mail
    if row.kind != "replaced" and not _mailed_seat(now.meta, row):
        return None  # the house's seats get no mail
    if not _named_elsewhere(row.kind):
        if store.answered_by_email(row):
            return None
        return _turn_message(store, config, row, now, pdf)
    named = mail_seq(store, row, now.meta)
    if row.kind == "press":
        from service.mail.pressmail import compose_press

        return compose_press(store, config, row, message_id(config, row, named),
                             thread_id(config, row.game_id, row.recipient), named)
    if row.kind.startswith("table-"):
        from service.opentables.mails import compose_table_notice

        return compose_table_notice(store, config, row, message_id(config, row, named))
    if row.kind.startswith("confirm."):
        from service.mail.senders import compose_confirm

        return compose_confirm(store, config, row, message_id(config, row, named))
    from service.mail.notices import compose_replaced  # the one kind left: "replaced"

    return compose_replaced(store, config, row, message_id(config, row, named))


def _named_elsewhere(kind: str) -> bool:
    """Return whether a row of `kind` is composed by a module of its own (press, a table's
    notice, a confirmation, a replacement), not as a turn email."""
    return kind in ("press", "replaced") or kind.startswith(("table-", "confirm."))


def _mailed_seat(meta: GameMeta, row: OutboxRow) -> bool:
    """Return whether the row's seat is played by a person with an address (the house's
    seats, and a seat taken back from the house before anyone took it over, are not)."""
    if row.recipient in meta.house:
        return False
    return all(seat.email for seat in meta.seats if seat.name == row.recipient)


def _turn_message(store: MailComposing, config: Config, row: OutboxRow,
                  now_loaded: LoadedGame | None = None,
                  pdf: bool = True) -> EmailMessage | None:
    """Return the email of an outbox row, or None for a reminder no longer needed;
    `now_loaded` is the game at its head when the caller has read it; without `pdf`, no
    snapshot is attached."""
    # The game as the worker that appended the row left it, when this process did (else
    # read and kept): most mail goes out while its row is still the game's last event.
    if now_loaded is None:
        now_loaded = game_at(store, row.game_id)
    then = now_loaded if now_loaded.seq == row.seq else game_at(store, row.game_id, row.seq)
    seat = row.recipient
    if row.kind.startswith("reminder-") and not _still_waiting(now_loaded, then, seat):
        return None
    muted = muted_senders(store, now_loaded.meta, seat)  # whose press the reader muted
    letter = _letter(store, config, row, then, now_loaded.meta, muted)
    from service.sweeps.deadlines import reminder_waiting

    if row.kind.startswith("reminder-"):
        said = (reminder_waiting(now_loaded, seat), bank_line(now_loaded.meta, seat))
        letter = replace(letter, waiting=" ".join(line for line in said if line))
    elif not then.meta.finished:
        letter = replace(letter, waiting=reminder_waiting(then, seat))
    if letter.head is not None:
        letter = replace(letter, signed_head=signed_head(store, kept_signer(config), row.game_id,
                                                         letter.head))
    archive = (archive_for_mail(store, row.game_id, config.base_url, ARCHIVE_ATTACH_BYTES,
                                kept_signer(config)) if then.meta.finished else None)
    if archive is not None:
        letter = replace(letter, archive_note=archive.note)
    # the seat's number of the row's seq names the mail and (as a rule) its PDF: read once
    number = reader_number(store, now_loaded.meta, seat, row.seq)
    message = _dress(config, letter, now_loaded.meta, seat,
                     message_id(config, row, mail_seq(store, row, now_loaded.meta, number)))
    if letter.signed_head is not None:
        message["PBEM-Signed-Head"] = f"{row.game_id} {letter.signed_head.text}"
    # One PDF per (game, seq, seat), shared with the download; a reminder shows the seat now.
    shown = now_loaded if row.kind.startswith("reminder-") else then
    seen = (number if shown.seq == row.seq and shown.meta is now_loaded.meta
            else reader_number(store, shown.meta, seat, shown.seq))
    if pdf:
        message.add_attachment(snapshot_pdf(store, shown, seat, muted), maintype="application",
                               subtype="pdf", filename=f"{row.game_id}-{seen}-{seat}.pdf")
    if archive is not None and archive.data is not None:
        message.add_attachment(archive.data, maintype="application", subtype="x-ndjson",
                               filename=archive.name)
    return message


def _still_waiting(now: LoadedGame, then: LoadedGame, seat: str) -> bool:
    """Return whether the seat still owes the decision a reminder is about."""
    before, current = then.game.prompt_for(then.state, seat), now.game.prompt_for(now.state,
                                                                                 seat)
    return (before is not None and current is not None and before.key == current.key
            and not current.submitted and not now.meta.paused and not now.meta.finished)


def _letter(store: MailComposing, config: Config, row: OutboxRow, then: LoadedGame,
            meta: GameMeta, muted: frozenset[str]) -> Letter:
    game, seat = then.game, row.recipient
    view = game.view(then.state, seat)
    closed = meta.paused or then.meta.paused or then.meta.finished
    prompt = None if closed else game.prompt_for(then.state, seat)
    earlier, last_news = store.seat_mail_before(row, NEWS_KINDS, DIGEST_PREFIX)
    first, joined = not earlier, row.kind == "welcome" and earlier
    news = [line.text for line in history(store, row.game_id, seat,
                                          after=0 if joined else last_news, upto=row.seq,
                                          loaded=then, muted=muted)]
    deadline = then.meta.deadlines.get(seat)
    due = (deadline_text(deadline.due, meta.prefs(seat).timezone)
           if deadline and prompt and deadline.prompt_key == prompt.key else "")
    label = turn_label(view)
    kind = "welcome" if first and row.kind == "turn" else row.kind
    answered = _answered(store, then, row, prompt, due)
    if answered:
        prompt = None  # answered for the seat: nothing is asked of it as a must
    return Letter(
        kind=kind, subject=_subject(kind, then, label, prompt is not None),
        answered=answered,
        heading=f"{then.meta.title} · game {row.game_id} · {label}".rstrip(" ·"),
        news=news[-SUMMARY_LINES:] if joined else news,
        prompt_summary=prompt.summary if prompt else "",
        help_text=prompt_help(game.help(prompt), prompt) if prompt else "", deadline=due,
        default_summary=_default_text(meta, prompt),
        board_text=game.render_text(view), outcome=_outcome(then), game_title=game.title,
        game_id=row.game_id, seat=seat, player=meta.seat(seat).player,
        web_url=f"{config.base_url}/games/{row.game_id}",
        seat_url=_seat_url(config, meta, seat), head=reader_head_at(store, then, seat, row.seq),
        welcome=tuple(welcome_lines(meta, seat, view, prompt)) if kind == "welcome" else (),
        paused=meta.paused, news_title="The game so far" if joined or first else
        "What happened since your last email")


def _answered(store: MailComposing, then: LoadedGame, row: OutboxRow, prompt: Prompt | None,
              due: str) -> str:
    """Return what was answered for the seat at its open decision and until when it may
    change it ('' when the decision is not answered)."""
    if prompt is None or not prompt.submitted:
        return ""
    deadline = then.meta.deadlines.get(row.recipient)
    opened = deadline.seq if deadline and deadline.prompt_key == prompt.key else 0
    found = answered_for(store, then.game, then.state, row.game_id, row.recipient, prompt,
                         row.seq, opened)
    return found.line(due) if found else ""


def _default_text(meta: GameMeta, prompt: Prompt | None) -> str:
    """Return what happens when the deadline passes, with this game's hours."""
    if prompt is None or not prompt.default_summary:
        return ""
    hours = hours_for(meta, prompt)
    return f"{prompt.default_summary} ({hours} hours per decision in this game)" if hours else \
        prompt.default_summary


def _seat_url(config: Config, meta: GameMeta, seat: str) -> str:
    """Return the seat's private web page (signed for the purpose "web")."""
    sig = signature(config.secret_key(), meta.id, seat, meta.generation(seat), "web")
    return f"{config.base_url}/play/{meta.id}/{seat}/{sig}"


def _subject(kind: str, then: LoadedGame, label: str, must_act: bool) -> str:
    what = {"final": "the game is over", "welcome": "welcome to the game",
            "paused": "the game is paused", "resumed": "the game goes on"}.get(kind)
    if kind.startswith(DIGEST_PREFIX):
        what = "your daily digest" + (" (your move)" if must_act else "")
    if kind.startswith("reminder-"):
        hours = int(kind.split("-")[1].rstrip("h"))
        what = f"reminder: your decision is due in {hours} hour{'s' if hours != 1 else ''}"
    if what is None:
        what = "your move" if must_act else "news"
    return f"[{then.meta.title} {then.meta.id}] {label}: {what}".replace(" : ", ": ")


def _outcome(then: LoadedGame) -> str:
    if not then.meta.finished:
        return ""
    winners = ", ".join(then.meta.winners or ()) or "nobody"
    return f"Won by {winners}. {then.meta.finish_reason}"


def _dress(config: Config, letter: Letter, meta: GameMeta, seat: str,
           msg_id: str) -> EmailMessage:
    """Return the MIME message for a letter: text and HTML parts, threading headers."""
    message = EmailMessage()
    info = meta.seat(seat)
    thread = thread_id(config, meta.id, seat)
    # the seat's own headers are the same in every mail of its game: parsed once a process
    message["From"] = seat_header("From", config.mail_from)
    message["To"] = seat_header("To", str(mailbox(info.player, info.email)))
    message["Reply-To"] = seat_header("Reply-To", reply_address(
        config.secret_key(), config.mail_domain, meta.id, seat, meta.generation(seat)))
    message["Subject"] = letter.subject
    message["Date"] = format_datetime(clock.now())
    message["Message-ID"] = msg_id
    message["In-Reply-To"] = seat_header("In-Reply-To", thread)
    message["References"] = seat_header("References", thread)
    mark_automatic(message)
    message["X-Pbem-Game"] = seat_header("X-Pbem-Game", meta.id)
    context = {"letter": letter, "marker": REPLY_MARKER}
    message.set_content(render_template("email/turn.txt", **context))
    message.add_alternative(render_template("email/turn.html", **context), subtype="html")
    return message


@lru_cache(maxsize=4096)
def seat_header(name: str, value: str) -> Any:
    """Return the header `name: value` as the email package parses it, parsed once per
    process: an EmailMessage takes a parsed header as it is, and parsing an address header
    costs more than the rest of setting it."""
    return email_policy.header_factory(name, value)


NEVER_ANSWERED = frozenset({"automatic-mail", "forged-address", "unproven-sender"})
"""Refusals never mailed: to a robot, or to whoever sent mail to an address the service never
signed (the sender may be forged, and answering would send mail to a stranger: backscatter).
Mail to an unsigned address is answered only at the service's public address, where people
write on purpose; elsewhere it is kept and left unanswered for the same reason."""


def compose_reply(store: MailComposing, config: Config, sub: Submission) -> EmailMessage | None:
    """Return the answer to a processed email: orders as understood, or what was wrong."""
    from service.mail.reading import parse_message, text_to_raw

    original = parse_message(text_to_raw(sub.body))
    code = (sub.result or {}).get("code")
    if (automatic_reason(original, sub.sender) or sub.status == "bounce"
            or code in NEVER_ANSWERED or (code == "unsigned-address" and (
                sub.recipient or "").lower() != config.public_address)):
        return None
    if sub.status == "held":
        return _held_answer(store, config, sub, original)
    loaded = _game_of(store, sub)
    recipient = _reply_recipient(sub, loaded)
    if recipient is None:
        return None
    stranger = not (loaded and sub.seat)  # answered at the sender's address, not the seat's
    address = recipient if isinstance(recipient, str) else recipient.addr_spec
    if stranger and not may_mail_stranger(store, config, "answer", address, original):
        return None
    result = dict(sub.result or {})
    if sub.status != "accepted" and not result.get("legal") and loaded and sub.seat:
        result["legal"] = _help_now(loaded, sub.seat)
    over = bool(loaded and loaded.meta.finished)
    public = not sub.seat and (sub.recipient or "").lower() == config.public_address
    context = {"result": result, "status": sub.status,
               "marker": "" if public else REPLY_MARKER,  # no orders are read at games@
               "game_id": sub.game_id or "", "seat": sub.seat or "", "over": over,
               "caused": _caused(store, sub) if loaded is not None and sub.seat else []}
    message = _answer_to(config, sub, original, recipient,
                         f"Your mail to {config.public_address}" if stranger else "")
    if loaded and sub.seat:
        meta = loaded.meta
        message["X-Pbem-Game"] = meta.id
        message["Reply-To"] = reply_address(config.secret_key(), config.mail_domain, meta.id,
                                            sub.seat, meta.generation(sub.seat))
    text = render_template("email/reply.txt", **context)
    html = render_template("email/reply.html", **context)
    if stranger and answers_anyone(config):
        text = text.rstrip() + "\n\n" + EMBEDDED_NOTE + "\n"
    turn_row = (store.answering_row(sub.id, sub.seat) if sub.seat and sub.status in
                ("accepted", "partial") else None)
    turn = _turn_message(store, config, turn_row) if turn_row else None
    if turn is None:
        message.set_content(text)
        message.add_alternative(html, subtype="html")
        return message
    return _with_turn(message, text, html, turn)


RECEIPT_LINES = 40
"""At most this many lines of what a message's orders caused are listed in its answer."""


def _caused(store: MailComposing, sub: Submission) -> list[str]:
    """Return what the message's accepted orders and the answers they gave ahead caused, as
    the seat may read it (its own history from the first order's seq to the last one's):
    dice, placements, cities, money, so the seat knows its turn's outcome at once."""
    if not sub.game_id or not sub.seat or sub.status not in ("accepted", "partial"):
        return []
    decided = store.decided_lines(sub.id)
    if not decided:
        return []
    first = store.first_decided_seq(sub.id)
    last = max(seq for _, seq, _ in decided)
    lines = [line.text for line in history(store, sub.game_id, sub.seat, after=first - 1,
                                           upto=last)]
    if len(lines) <= RECEIPT_LINES:
        return lines
    more = len(lines) - RECEIPT_LINES
    return [*lines[:RECEIPT_LINES], f"... and {more} more (write `history` for all)"]


def _with_turn(message: EmailMessage, text: str, html: str,
               turn: EmailMessage) -> EmailMessage:
    """Return the answer carrying the seat's turn email too: its text, its page and its PDF."""
    message.replace_header("Message-ID", str(turn["Message-ID"]))  # replies to it are checked
    turn_text = turn.get_body(("plain",))
    turn_html = turn.get_body(("html",))
    assert turn_text is not None and turn_html is not None
    body = turn_text.get_content().split("\n", 1)[1]  # without its marker line
    message.set_content(text.rstrip() + "\n\n" + "-" * 60 + "\n" + body)
    inner = turn_html.get_content().split("<body", 1)[1].split(">", 1)[1]
    inner = inner.rsplit("</body>", 1)[0]
    message.add_alternative(html.replace("</body>", "<hr>" + inner + "</body>", 1),
                            subtype="html")
    for part in turn.iter_attachments():
        message.add_attachment(part.get_content(), maintype=part.get_content_maintype(),
                               subtype=part.get_content_subtype(),
                               filename=part.get_filename())
    return message


def _help_now(loaded: LoadedGame, seat: str) -> str:
    """Return what the seat can write now, or '' when it has nothing to decide."""
    prompt = loaded.game.prompt_for(loaded.state, seat)
    return loaded.game.help(prompt) if prompt else ""


def _held_answer(store: MailComposing, config: Config, sub: Submission,
                 original: EmailMessage) -> EmailMessage | None:
    """Return the answer to the sender of a held message: it waits for the seat, nothing more
    (no board, no orders that could be written: the sender is not known to play the seat),
    within the budget of mail to strangers (`service.mail.strangers`)."""
    recipient = answerable(sub.sender)
    if recipient is None or not may_mail_stranger(store, config, "answer", recipient,
                                                  original):
        return None
    message = _answer_to(config, sub, original, recipient, "Your message waits for its seat")
    note = "\n\n" + EMBEDDED_NOTE if answers_anyone(config) else ""
    message.set_content(str((sub.result or {}).get("message", "")) + note + "\n")
    return message


def _answer_to(config: Config, sub: Submission, original: EmailMessage, recipient: str | Address,
               fixed_subject: str) -> EmailMessage:
    """Return the headers of the answer to a received message: to `recipient`, "Re:" its
    subject (or `fixed_subject`: a stranger's Subject is never repeated), in its thread,
    marked as an automatic reply (the body is the caller's)."""
    from service.mail.identity import safe_header

    message = EmailMessage()
    message["From"] = config.mail_from
    message["To"] = recipient
    subject = fixed_subject or one_line(safe_header(original, "Subject"))[:200] or "your orders"
    message["Subject"] = (subject if fixed_subject or subject.lower().startswith("re:")
                          else f"Re: {subject}")
    message["Date"] = format_datetime(clock.now())
    # Derived from the input, as a turn mail's from its row: a retry after a relay dropped the
    # link past DATA sends the same Message-ID, and mail clients show the copies once.
    message["Message-ID"] = f"<reply.{sub.id}@{config.mail_domain}>"
    original_id = safe_header(original, "Message-ID")
    if MESSAGE_ID.match(original_id):
        message["In-Reply-To"] = original_id
        message["References"] = original_id
    mark_automatic(message, "auto-replied")
    return message


def _game_of(store: LogWithConnections, sub: Submission) -> LoadedGame | None:
    """Return the game a submission names, now (None: it names none, or none by that id)."""
    if not sub.game_id:
        return None
    try:
        return game_at(store, sub.game_id)
    except UnknownGameId:
        return None


def _reply_recipient(sub: Submission, loaded: LoadedGame | None) -> str | Address | None:
    """Return where the answer goes: the seat's own address when authenticated, else the sender.

    An unauthenticated message is answered at its sender's address with a refusal that names
    no game or seat, so nothing about a game reaches a stranger.
    """
    if loaded is not None and sub.seat:
        info = loaded.meta.seat(sub.seat)
        return mailbox(info.player, info.email)
    return answerable(sub.sender)


def one_line(text: str) -> str:
    """Return `text` with control characters (CR, LF, NUL...) turned into spaces."""
    return " ".join("".join(" " if bad_character(char) else char for char in text).split())
