"""Mail hygiene: which messages are never answered, and what every outgoing message carries.

A bounce (a delivery status notification), mail from a null sender or from a mailer daemon, and
anything that declares itself automatic is kept but never answered: answering it could start a
loop between two robots or mail a stranger. Every message the service sends says that it is
automatic, in each of the ways mail programs look for.
"""
from __future__ import annotations

from email.message import EmailMessage
from email.utils import getaddresses, parseaddr

from service.base.inputs import InputRefused, check_email

NULL_SENDER = "<>"
"""How a message from the null sender (MAIL FROM:<>, a bounce) is recorded."""
ROBOT_MAILBOXES = frozenset({"mailer-daemon", "postmaster", "noreply", "no-reply",
                             "do-not-reply", "donotreply"})
AUTOMATIC_PRECEDENCE = frozenset({"bulk", "junk", "list", "auto_reply"})
REPORT_TYPES = frozenset({"multipart/report", "message/delivery-status",
                          "message/disposition-notification"})
OUTGOING_HEADERS = {"Precedence": "bulk", "X-Auto-Response-Suppress": "All"}
"""Besides Auto-Submitted: what Exchange, Outlook and older vacation programs look for."""


def envelope_sender(given: str | None) -> str | None:
    """Return the envelope sender as recorded: NULL_SENDER for '<>' or '', None when unknown."""
    if given is None:
        return None
    value = given.strip()
    return NULL_SENDER if value in ("", NULL_SENDER) else value


def _header(message: EmailMessage, name: str) -> str:
    try:
        return str(message.get(name, "") or "").strip()
    except Exception:  # noqa: BLE001 - a header too broken to read says nothing
        return ""


def automatic_reason(message: EmailMessage, sender: str | None) -> str:
    """Return why a message must never be answered (a bounce, a robot), or '' if it may be."""
    if (_header(message, "Auto-Submitted") or "no").lower() != "no":
        return "it declares itself automatic (Auto-Submitted)"
    if sender == NULL_SENDER or _header(message, "Return-Path") == NULL_SENDER:
        return "it comes from the null sender (a bounce)"
    content_type = _header(message, "Content-Type").split(";")[0].strip().lower()
    if content_type in REPORT_TYPES:
        return "it is a delivery or read report"
    if _header(message, "Precedence").lower() in AUTOMATIC_PRECEDENCE:
        return "it is bulk or list mail"
    if any(_header(message, name) for name in ("X-Autoreply", "X-Autorespond",
                                               "X-Auto-Response-Suppress")):
        return "it is an automatic answer"
    for address in (sender or "", parseaddr(_header(message, "From"))[1]):
        if _is_robot(address):
            return "it comes from a mail server's robot"
    return ""


def _is_robot(address: str) -> bool:
    """Return whether an address is a mailer daemon's or postmaster's."""
    return address.rpartition("@")[0].strip("<").lower() in ROBOT_MAILBOXES or (
        address.strip("<>").lower() in ROBOT_MAILBOXES)


def answerable(address: str | None) -> str | None:
    """Return the one plain mailbox an answer may go to, or None (null sender, robot, junk)."""
    if not address or address.strip() in ("", NULL_SENDER):
        return None
    found = getaddresses([address])
    if len(found) != 1:
        return None
    try:
        mailbox = check_email(found[0][1])
    except InputRefused:
        return None
    return None if _is_robot(mailbox) else mailbox


def mark_automatic(message: EmailMessage, kind: str = "auto-generated") -> None:
    """Add Auto-Submitted and the headers that stop out-of-office answers to an outgoing mail."""
    message["Auto-Submitted"] = kind
    for name, value in OUTGOING_HEADERS.items():
        message[name] = value
