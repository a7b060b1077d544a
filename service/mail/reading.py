"""Reading a player's emailed reply: the order lines written above the quoted turn email.

`parse_message` turns raw bytes into an `EmailMessage` without ever raising; `extract_orders`
picks the text the player wrote (text/plain preferred, HTML converted), cuts the quoted history
and the signature, and returns the remaining lines with notes a player can read.
"""
from __future__ import annotations

import codecs
import contextlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from email import errors
from email.message import EmailMessage
from email.parser import BytesParser
from email.policy import default as default_policy
from typing import TypeVar, cast

from service.mail.htmltext import html_to_text
from service.mail.quotes import (
    ALL_QUOTED,
    BELOW_QUOTE,
    EMPTY,
    MAX_LINE_CHARS,
    READ_BELOW,
    REPLY_MARKER,
    reply_lines,
)

__all__ = ["ALL_QUOTED", "BELOW_QUOTE", "BROKEN_MIME", "EMPTY", "MAX_LINE_CHARS", "NO_TEXT",
           "READ_BELOW", "REPLY_MARKER", "TOO_LARGE", "UNREADABLE", "Extracted",
           "extract_orders", "parse_message"]

T = TypeVar("T")

MAX_PARSE_BYTES = 2 * 1024 * 1024  # the stdlib parser needs about 0.5 s per MB of junk headers
MAX_BOUNDARY_LINES = 500  # ... and about 0.1 ms per MIME part
MAX_TEXT_BYTES = 256 * 1024  # of a decoded text part (Outlook's HTML has up to ~100 kB of CSS)
MAX_DEPTH = 20  # MIME nesting followed
MAX_NAMES = 5  # attachment names listed in a note

NO_TEXT = "the message has no text part"
BROKEN_MIME = "the message's MIME structure is broken; it was read as well as possible"
UNREADABLE = "the message could not be read as an email; only its headers were kept"
TOO_LARGE = (f"the message is larger than {MAX_PARSE_BYTES // 2**20} MB or has more than "
             f"{MAX_BOUNDARY_LINES} parts; only its start was read")


class TruncatedMessageDefect(errors.MessageDefect):
    """The raw message was cut before parsing to keep parsing fast."""


class UnparsableMessageDefect(errors.MessageDefect):
    """The parser failed on the body; only the headers (or nothing) were kept."""


@dataclass(frozen=True)
class Extracted:
    """The candidate order lines of a reply, the part they came from and notes for the player."""

    lines: tuple[str, ...]
    source: str  # "text/plain", "text/html", or "" when the message has no text part
    problems: tuple[str, ...] = ()
    blocks: tuple[str, ...] = field(default=(), compare=False)
    """The same lines with blank lines kept as '' (paragraphs matter for press)."""


def raw_to_text(raw: bytes) -> str:
    """Return raw message bytes as a str that gives back the very same bytes."""
    return raw.decode("utf-8", "surrogateescape")


def text_to_raw(text: str) -> bytes:
    """Return the original bytes of a message stored with raw_to_text."""
    return text.encode("utf-8", "surrogateescape")


def parse_message(raw: bytes) -> EmailMessage:
    """Return the parsed message; malformed input still gives one, with its defects recorded."""
    data, cut = _bounded(bytes(raw))
    try:
        message = BytesParser(policy=default_policy).parsebytes(data)
    except Exception as exc:  # noqa: BLE001 - RecursionError on deep nesting, parser bugs
        message = _headers_only(data, exc)
    if cut:
        message.defects.append(TruncatedMessageDefect(f"message cut to {len(data)} bytes"))
    return message


def _bounded(raw: bytes) -> tuple[bytes, bool]:
    """Return the start of `raw` that parses quickly, and whether anything was cut."""
    data = raw[:MAX_PARSE_BYTES]
    position = 0
    for _ in range(MAX_BOUNDARY_LINES):
        position = data.find(b"\n--", position + 1)
        if position < 0:
            return data, len(data) < len(raw)
    return data[:position + 1], True


def _headers_only(data: bytes, exc: Exception) -> EmailMessage:
    """Return the message's headers alone, with a defect saying why the body is missing."""
    try:
        message = BytesParser(policy=default_policy).parsebytes(data, headersonly=True)
        message.set_payload("")
    except Exception:  # noqa: BLE001 - nothing at all could be read
        message = EmailMessage()
    message.defects.append(UnparsableMessageDefect(f"{exc.__class__.__name__}: {exc}"))
    return message


def extract_orders(message: EmailMessage, *, max_lines: int = 40) -> Extracted:
    """Return the order lines the player wrote above the quoted history of `message`.

    Only the text above the first cut is read: a quoted line ("> ..."), an attribution line
    ("On ... wrote:"), an Outlook header block, a forwarded message, the REPLY_MARKER, the
    signature delimiter "-- " or a mobile footer. Whatever a player writes below a quote
    (bottom-posting, interleaved answers) is ignored; a note says so when nothing was above.
    """
    found = _Parts()
    _collect(message, found, 0, False)
    problems = _message_problems(message) or found.structure_problems()
    if not found.bodies():
        return Extracted((), "", tuple(problems + [NO_TEXT] + found.attachment_problems()))
    results = [_read_body(part, source, max_lines) for part, source in found.bodies()]
    chosen = next((result for result in results if result.lines), results[0])
    problems += found.attachment_problems() + list(chosen.problems)
    return Extracted(chosen.lines, chosen.source, tuple(problems), chosen.blocks)


def _message_problems(message: EmailMessage) -> list[str]:
    """Return the notes on a message that could not be read whole."""
    kinds = {type(defect) for defect in message.defects}
    return ([UNREADABLE] if UnparsableMessageDefect in kinds else []) + (
        [TOO_LARGE] if TruncatedMessageDefect in kinds else [])


# --- choosing the text part ---------------------------------------------------------------

SIGNATURE_TYPES = {"application/pgp-signature", "application/pkcs7-signature",
                   "application/x-pkcs7-signature"}
BOUNDARY_DEFECTS = (errors.NoBoundaryInMultipartDefect, errors.StartBoundaryNotFoundDefect,
                    errors.CloseBoundaryNotFoundDefect, errors.MultipartInvariantViolationDefect)


@dataclass
class _Parts:
    """The text bodies found in a MIME tree and the names of the attachments passed over."""

    plain: EmailMessage | None = None
    html: EmailMessage | None = None
    ignored: list[str] = field(default_factory=list)
    broken: bool = False

    def bodies(self) -> list[tuple[EmailMessage, str]]:
        """Return the text bodies in the order they are tried: plain text first."""
        pairs = [(self.plain, "text/plain"), (self.html, "text/html")]
        return [(part, source) for part, source in pairs if part is not None]

    def structure_problems(self) -> list[str]:
        """Return the note on a broken MIME structure, if any."""
        return [BROKEN_MIME] if self.broken else []

    def attachment_problems(self) -> list[str]:
        """Return the note naming the attachments that were not read, if any."""
        names = ", ".join(name for name in self.ignored[:MAX_NAMES] if name)
        suffix = f": {names}" if names else ""
        if len(self.ignored) == 1:
            return ["an attachment was ignored" + suffix]
        return [f"{len(self.ignored)} attachments were ignored{suffix}"] if self.ignored else []


def _collect(part: EmailMessage, found: _Parts, depth: int, in_related: bool) -> None:
    """Sort the leaves under `part` into text bodies and ignored attachments."""
    ctype = _header_safe(part.get_content_type, "text/plain")
    found.broken |= any(isinstance(defect, BOUNDARY_DEFECTS) for defect in part.defects)
    if ctype.startswith("multipart/") and depth < MAX_DEPTH:
        for child in _children(part, found):
            _collect(child, found, depth + 1, ctype == "multipart/related")
    elif _is_attachment(part, ctype):
        found.ignored.append(_filename(part))
    elif ctype == "text/plain" and found.plain is None:
        found.plain = part
    elif ctype == "text/html" and found.html is None:
        found.html = part
    elif not (in_related or ctype in SIGNATURE_TYPES or ctype.startswith(("text/", "multipart/"))):
        found.ignored.append(_filename(part))


def _children(part: EmailMessage, found: _Parts) -> list[EmailMessage]:
    """Return the sub-parts of a multipart, recovering them when its boundary is broken."""
    if part.is_multipart():
        return [cast(EmailMessage, child) for child in part.iter_parts()]
    found.broken = True
    body = _payload_bytes(part)
    guess = re.search(rb"^--([^\s]{1,70}?)(?:--)?[ \t]*\r?$", body, re.MULTILINE)
    if guess is None:
        return [_as_text(body)]
    header = b'Content-Type: multipart/mixed; boundary="' + guess.group(1) + b'"\r\n\r\n'
    repaired = parse_message(header + body)
    if not repaired.is_multipart():
        return [_as_text(body)]
    return [cast(EmailMessage, child) for child in repaired.iter_parts()]


def _as_text(body: bytes) -> EmailMessage:
    """Return a text/plain part holding `body`."""
    return parse_message(b"Content-Type: text/plain\r\n\r\n" + body)


def _is_attachment(part: EmailMessage, ctype: str) -> bool:
    """Return whether `part` is an attachment rather than a body."""
    disposition = _header_safe(part.get_content_disposition, None)
    return disposition == "attachment" or bool(_filename(part)) or ctype.startswith("message/")


def _filename(part: EmailMessage) -> str:
    """Return the part's file name, shortened and made printable ("" when it has none)."""
    name = _header_safe(part.get_filename, None) or ""
    return "".join(c for c in name if c.isprintable())[:60]


def _header_safe(read: Callable[[], T], fallback: T) -> T:
    """Return `read()`, or `fallback` when a malformed header makes the stdlib raise."""
    try:
        return read()
    except Exception:  # noqa: BLE001 - header parsing bugs on hostile input
        return fallback


# --- reading one text body --------------------------------------------------------------------

def _read_body(part: EmailMessage, source: str, max_lines: int) -> Extracted:
    """Return the order lines of one text body, with notes on what was not read."""
    data = _payload_bytes(part)
    notes = []
    if len(data) > MAX_TEXT_BYTES:
        notes.append(f"the text is very long; only its first {MAX_TEXT_BYTES // 1024} kB were read")
        data = data[:MAX_TEXT_BYTES]
    text = _decode(data, _header_safe(part.get_content_charset, None))
    if source == "text/html":
        text, complete = html_to_text(text)
        notes += [] if complete else ["the HTML text is malformed; only its start was read"]
    elif _header_safe(lambda: part.get_param("format"), None) == "flowed":
        text = _unflow(text, _header_safe(lambda: part.get_param("delsp"), None) == "yes")
    lines, blocks, more = reply_lines(_clean(text), max_lines)
    return Extracted(lines, source, tuple(notes + more), blocks)


def _payload_bytes(part: EmailMessage) -> bytes:
    """Return the part's body with its transfer encoding undone, as well as possible."""
    try:
        data = part.get_payload(decode=True)
    except Exception:  # noqa: BLE001 - a broken encoding must not stop the reading
        data = None
    if isinstance(data, bytes):
        return data
    payload = part.get_payload()
    return payload.encode("utf-8", "surrogateescape") if isinstance(payload, str) else b""


def _decode(data: bytes, charset: str | None) -> str:
    """Return `data` as text: the declared charset, else UTF-8 or Windows-1252; never raises."""
    codec = _codec(charset)
    if codec is not None:
        with contextlib.suppress(Exception):  # codecs that refuse "replace", or bytes at all
            return data.decode(codec, "replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:  # a character cut at the size limit is still UTF-8
        return data.decode("utf-8" if exc.start >= len(data) - 3 else "cp1252", "replace")


def _codec(charset: str | None) -> str | None:
    """Return the codec for a declared charset; None when missing, unknown or plain ASCII."""
    try:
        name = codecs.lookup(charset or "").name
    except LookupError:
        return None
    return None if name == "ascii" else name


def _unflow(text: str, delsp: bool) -> str:
    """Return format=flowed text (RFC 3676) with its soft line breaks joined."""
    lines: list[str] = []
    for line in text.splitlines():
        line = line.removeprefix(" ")
        previous = lines[-1] if lines else ""
        if previous.endswith(" ") and previous != "-- " and not line.startswith(">") \
                and not previous.startswith(">"):
            lines[-1] = (previous[:-1] if delsp else previous) + line
        else:
            lines.append(line)
    return "\n".join(lines)


_INVISIBLE = dict.fromkeys([*range(32), 127, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF])
_INVISIBLE.update({9: 32, 10: 10, 13: 13, 0xA0: 32, 0x202F: 32})


def _clean(text: str) -> str:
    """Return `text` without control or zero-width characters and with plain spaces."""
    return text.translate(_INVISIBLE)
