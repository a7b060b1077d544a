"""Escaping text for the SVG and HTML the games draw, without the XML package's imports.

`xml.sax.saxutils` pulls in `urllib.request`, and with it the HTTP and email packages: more
than a one-shot command that never draws a picture should pay. These give the same output.
"""
from __future__ import annotations


def escape(text: str) -> str:
    """Return `text` with &, < and > escaped, as `xml.sax.saxutils.escape` does."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoteattr(text: str) -> str:
    """Return `text` as a quoted attribute value, as `xml.sax.saxutils.quoteattr` does."""
    text = escape(text).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"{}"'.format(text.replace('"', "&quot;"))
