"""Checks on text that people type into names, titles and addresses, before anything keeps it.

A title, a player's name or an email address ends up in mail headers, page titles and indexed
columns; a line break there splits a header, a NUL breaks PostgreSQL and a lone surrogate cannot
be encoded at all. Such values are refused where they are typed, with a message that says which
character is the problem, so that nothing accepted can fail later.
"""
from __future__ import annotations

import re
import unicodedata
from email.headerregistry import Address

MAX_EMAIL = 254
BAD_CATEGORIES = {"Cc": "a control character", "Cs": "a lone surrogate",
                  "Zl": "a line separator", "Zp": "a paragraph separator"}
INVISIBLE_FORMATS = {"\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067",
                     "\u2068", "\u2069"}
"""Bidirectional overrides and isolates, which can make a name read as another."""
BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")
"""Every character that only steers the direction of text: the overrides and isolates, and the
left-to-right, right-to-left and Arabic letter marks."""
LOCAL_PART = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
DOMAIN = r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}"
MAILBOX = re.compile(rf"^{LOCAL_PART}@{DOMAIN}$")
"""One plain mailbox, local@domain.tld: no display name, no brackets, no second address."""


class InputRefused(ValueError):
    """A typed value that the service will not keep; the message says why, for the user."""


def without_bidi(text: str) -> str:
    """Return `text` without its text direction controls, which can make what a player reads
    differ from what was written ("moc.elpmaxe" shown as "example.com")."""
    return BIDI_CONTROLS.sub("", text)


def escaped_bidi(text: str) -> str:
    """Return `text` with each text direction control shown as its code (<U+202E>), for text
    kept before such controls were removed at input."""
    return BIDI_CONTROLS.sub(lambda found: f"<U+{ord(found.group()):04X}>", text)


def bad_character(text: str) -> str:
    """Return a description of the first character a one-line field may not hold, or ''."""
    for char in text:
        kind = BAD_CATEGORIES.get(unicodedata.category(char))
        if kind or char in INVISIBLE_FORMATS:
            return f"{kind or 'a text direction override'} (U+{ord(char):04X})"
    return ""


def check_line(text: str, what: str, max_length: int) -> str:
    """Return `text` stripped when it is one clean line of at most `max_length` characters;
    text direction controls are removed."""
    value = without_bidi(text).strip()
    found = bad_character(value)
    if found:
        raise InputRefused(f"{what} may not contain {found}: write it on one line, as plain "
                           "text")
    if len(value) > max_length:
        raise InputRefused(f"{what} is longer than {max_length} characters")
    return value


def check_email(text: str, what: str = "the email address") -> str:
    """Return the address when `text` is exactly one plain mailbox (local@domain)."""
    value = without_bidi(text).strip()
    found = bad_character(value)
    if found:
        raise InputRefused(f"{what} may not contain {found}")
    if len(value) > MAX_EMAIL or not MAILBOX.match(value):
        raise InputRefused(f"{what} {value!r} is not an email address: give one plain "
                           "address such as anna@example.org (no name, no brackets, no second "
                           "address)")
    return value


def clean_for_index(text: str | None, max_length: int = 998) -> str | None:
    """Return `text` safe for an indexed column: no NULs, no lone surrogates, bounded length."""
    if text is None:
        return None
    value = text.replace("\x00", "\\x00")
    value = value.encode("utf-8", "backslashreplace").decode("utf-8")
    return value[:max_length]


def has_unstorable(text: str) -> bool:
    """Return whether `text` holds a NUL or a lone surrogate, which no store keeps as text."""
    return "\x00" in text or any("\ud800" <= char <= "\udfff" for char in text)


def nesting_depth(data: str) -> int:
    """Return the deepest nesting of arrays and objects in a JSON text (strings skipped)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in data:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def mailbox(name: str, email: str) -> Address:
    """Return a header's mailbox: a display name and an address, quoted or encoded as the
    name needs, so a name mixing accents with `<`, `>` or `,` stays one name (a string made
    by `formataddr` would be parsed again as several addresses)."""
    return Address(display_name=name, addr_spec=email)
