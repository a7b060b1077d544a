"""The dev inbox: the emails written to the mail folder, readable in the browser.

Only in the embedded default (mail written to files) and only for clients on this machine
(checked on every request, whatever the settings or a proxy say), so that a newcomer can play a
whole game from the browser alone.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort, redirect, request, url_for

from service.mail.inbound import receive_email
from service.web.handoff import hand_over
from service.web.links import config, store
from service.web.render import page
from service.web.security import dev_inbox_open

bp = Blueprint("devmail", __name__, url_prefix="/dev/mail")


@bp.before_request
def local_only() -> None:
    """Answer 404 to anyone not on this machine, whatever a proxy says about them."""
    if not dev_inbox_open():
        abort(404)

FILE_NAME = re.compile(r"^[A-Za-z0-9._-]+\.eml$")
LINK = re.compile(r"https?://[^\s<>\"']+")
SHOWN = 200


@dataclass(frozen=True)
class MailItem:
    """One email in the folder, as listed."""

    name: str
    to: str
    subject: str
    date: str


def mail_files() -> list[Path]:
    """Return the .eml files of the mail folder, newest first."""
    folder = config().mail_dir
    if not folder.is_dir():
        return []
    files = [p for p in folder.iterdir() if FILE_NAME.match(p.name)]
    return sorted(files, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)


def read_mail(path: Path) -> EmailMessage:
    """Return the parsed message of a mail file."""
    message = message_from_bytes(path.read_bytes(), policy=policy.default)
    assert isinstance(message, EmailMessage)
    return message


def mail_path(name: str) -> Path:
    """Return the path of a listed mail file, or answer 404."""
    if not FILE_NAME.match(name):
        abort(404)
    path = config().mail_dir / name
    if not path.is_file():
        abort(404)
    return path


@bp.get("")
def inbox() -> str:
    """List the emails the service has written, newest first."""
    items = []
    for path in mail_files()[:SHOWN]:
        message = read_mail(path)
        items.append(MailItem(path.name, str(message.get("To", "")),
                              str(message.get("Subject", "")), str(message.get("Date", ""))))
    return page("inbox.html", items=items, folder=str(config().mail_dir))


def text_of(message: EmailMessage) -> str:
    """Return the plain text part of a message."""
    part = message.get_body(preferencelist=("plain",))
    return part.get_content() if part is not None else ""


def attachments(message: EmailMessage) -> list[tuple[int, str]]:
    """Return (index, file name) of each attachment."""
    return [(index, part.get_filename() or f"attachment-{index}")
            for index, part in enumerate(message.iter_attachments())]


@bp.get("/<name>")
def show(name: str) -> str:
    """Show one email: headers, text, its links and its attachments."""
    message = read_mail(mail_path(name))
    text = text_of(message)
    headers = [(h, str(message.get(h, ""))) for h in ("From", "To", "Reply-To", "Subject", "Date")]
    return page("mail.html", name=name, headers=headers, text=text,
                links=sorted(set(LINK.findall(text))), files=attachments(message))


@bp.get("/<name>/<int:index>")
def attachment(name: str, index: int) -> Response:
    """Return one attachment of an email (the board PDF)."""
    message = read_mail(mail_path(name))
    parts = list(message.iter_attachments())
    if not 0 <= index < len(parts):
        abort(404)
    part: Any = parts[index]
    return Response(part.get_content(), mimetype=part.get_content_type(),
                    headers={"Content-Disposition":
                             f'inline; filename="{part.get_filename() or "attachment"}"'})


def reply_to(message: EmailMessage, body: str) -> bytes:
    """Return the reply a player would send to `message`, with `body` above the quote."""
    answer = EmailMessage()
    answer["From"] = str(message.get("To", ""))
    answer["To"] = str(message.get("Reply-To") or message.get("From", ""))
    subject = str(message.get("Subject", ""))
    answer["Subject"] = subject if subject.lower().startswith("re:") else f"Re: {subject}"
    answer["In-Reply-To"] = str(message.get("Message-ID", ""))
    answer["Message-ID"] = make_msgid(domain="dev-inbox.localhost")
    quoted = "\n".join("> " + line for line in text_of(message).splitlines())
    answer.set_content(f"{body.strip()}\n\n{quoted}\n")
    return bytes(answer)


@bp.post("/<name>/reply")
def reply(name: str) -> Any:
    """Answer an email from the browser, as the player's mail program would."""
    message = read_mail(mail_path(name))
    body = request.form.get("text", "")
    if not body.strip():
        abort(400, description="Write the orders to send.")
    for sub, created in receive_email(store(), reply_to(message, body)):
        if created:
            hand_over(sub.id, "")
    return redirect(url_for("devmail.inbox"), 303)
