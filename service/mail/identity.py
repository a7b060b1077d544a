"""Which mail is the same mail: the keys a received message is stored under, and the
readings of its headers and content they are made of (see docs/architecture.md, "Which mail
is the same mail")."""
from __future__ import annotations

import hashlib
from email.message import EmailMessage


def safe_header(message: EmailMessage, name: str) -> str:
    """Return a header's text, or '' when it is missing or too broken to read."""
    try:
        return str(message.get(name, "") or "").strip()
    except Exception:  # noqa: BLE001 - a hostile header must not lose the message
        return ""


def relayed_key(recipient: str | None, sender: str | None, identity: bytes) -> str:
    """Return the key that makes a message to one address from one sender stored once,
    however relays re-encoded or footered it on the way.

    `identity` is the Message-ID with the Date when the message has both (a relay may
    re-encode the body, 8bit to quoted-printable or base64, or append a footer, but keeps
    those), else its Message-ID (if any) with its decoded content (`decoded_content`), which
    re-encoding leaves alone.
    """
    digest = hashlib.sha256()
    for part in ((recipient or "").lower(), (sender or "").lower()):
        digest.update(part.encode("utf-8", "backslashreplace") + b"\0")
    digest.update(identity)
    return "mail2:" + digest.hexdigest()


def decoded_content(message: EmailMessage) -> bytes:
    """Return what a message says, whatever transfer encoding carried it: the author's
    headers as read, and each part's type and decoded bytes, line ends and trailing blanks
    made uniform."""
    kept = [f"{name}: {' '.join(safe_header(message, name).split())}".encode(
        "utf-8", "backslashreplace") for name in ("From", "To", "Cc", "Subject", "Date",
                                                   "In-Reply-To", "References")]
    try:
        parts = [part for part in message.walk() if not part.is_multipart()]
    except Exception:  # noqa: BLE001 - a hostile structure must not lose the message
        parts = []
    for part in parts:
        try:
            payload = part.get_payload(decode=True)
        except Exception:  # noqa: BLE001 - an undecodable part is kept as it came
            payload = None
        body = payload if isinstance(payload, bytes) else str(part.get_payload()).encode(
            "utf-8", "backslashreplace")
        lines = [line.rstrip() for line in body.replace(b"\r\n", b"\n").split(b"\n")]
        kept += [part.get_content_type().encode(), b"\n".join(lines).rstrip(b"\n")]
    return b"\0".join(kept)


AUTHOR_HEADERS = frozenset({"from", "sender", "reply-to", "to", "cc", "subject", "date",
                            "message-id", "in-reply-to", "references", "mime-version",
                            "content-type", "content-transfer-encoding"})
"""The headers its author's program wrote; relays add others (Received, Delivered-To, spam
scores, signatures) and may add them again on each delivery of the same message."""


def message_content(raw: bytes) -> bytes:
    """Return what stays the same on every delivery of a message: author headers and body.

    Line ends are made uniform (a pipe passes LF, SMTP CRLF) and trailing blank lines dropped.
    """
    text = raw.replace(b"\r\n", b"\n")
    head, _, body = text.partition(b"\n\n")
    kept: list[bytes] = []
    keeping = False
    for line in head.split(b"\n"):
        if line[:1] in (b" ", b"\t"):
            if keeping:
                kept.append(line)
            continue
        name = line.split(b":", 1)[0].strip().lower()
        keeping = name.decode("ascii", "replace") in AUTHOR_HEADERS
        if keeping:
            kept.append(line)
    return b"\n".join(kept) + b"\n\n" + body.rstrip(b"\n")


def message_key(recipient: str | None, sender: str | None, message_id: str,
                content: bytes) -> str:
    """Return the key messages were stored under before `relayed_key`: a copy of one of them
    delivered again is still known by it.

    The same Message-ID from another sender, to another seat or game, or with other content
    was another message; a message without one was known again by its content alone.
    """
    digest = hashlib.sha256()
    for part in ((recipient or "").lower(), (sender or "").lower(), message_id):
        digest.update(part.encode("utf-8", "backslashreplace") + b"\0")
    digest.update(content)
    return "mail:" + digest.hexdigest()
