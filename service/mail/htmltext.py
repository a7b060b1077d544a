"""HTML mail as plain text: the visible text up to the first quote or signature container."""
from __future__ import annotations

import re
from html.parser import HTMLParser

BLOCK_TAGS = frozenset({
    "address", "article", "aside", "br", "center", "dd", "div", "dl", "dt", "fieldset",
    "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
    "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table", "tr", "ul"})
CELL_TAGS = frozenset({"td", "th"})
HIDDEN_TAGS = frozenset({"script", "style", "title", "template"})
# Containers that mail clients put around the quoted message or the signature. Everything from
# the first of them on is history; Outlook on the web prefixes ids with "x_" when it re-quotes.
QUOTE_CLASSES = frozenset({
    "gmail_quote", "gmail_extra", "gmail_signature", "moz-cite-prefix", "moz-signature",
    "yahoo_quoted", "protonmail_quote", "protonmail_signature_block"})
QUOTE_IDS = frozenset({
    "divrplyfwdmsg", "appendonsend", "signature", "ms-outlook-mobile-signature",
    "mail-editor-reference-message-container", "olk_src_body_section"})

# html.parser re-scans an unfinished tag on every feed: feeding in chunks and giving up on a
# tag longer than MAX_PENDING_CHARS keeps hostile markup from taking quadratic time.
CHUNK_CHARS = 8192
MAX_PENDING_CHARS = 65536

_SPACES = re.compile(r"[ \t\r\n\f]+")
_REQUOTED = re.compile(r"^(?:x_)+")
_LONE_LT = re.compile(r"<(?![A-Za-z/!?])")


class _Stop(Exception):
    """Ends the parsing at the first quote or signature container."""


class _TextCollector(HTMLParser):
    """Collects visible text, with line breaks where block elements begin and end."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.chunks: list[str] = []
        self.hidden = 0
        self.pre = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Stop at a quote container, otherwise note hidden, preformatted and block starts."""
        if is_quote_container(tag, attrs):
            raise _Stop
        self.hidden += tag in HIDDEN_TAGS
        self.pre += tag == "pre"
        self._break(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Treat a self-closed tag (such as <br/>) as a start without content."""
        if is_quote_container(tag, attrs):
            raise _Stop
        self._break(tag)

    def handle_endtag(self, tag: str) -> None:
        """Note the end of hidden, preformatted and block elements."""
        if tag in HIDDEN_TAGS:
            self.hidden = max(0, self.hidden - 1)
        if tag == "pre":
            self.pre = max(0, self.pre - 1)
        self._break(tag)

    def handle_data(self, data: str) -> None:
        """Keep visible text, with HTML's whitespace collapsed outside <pre>."""
        if not self.hidden:
            self.chunks.append(data if self.pre else _SPACES.sub(" ", data))

    def _break(self, tag: str) -> None:
        """Add the line break or space that the element stands for."""
        if tag in BLOCK_TAGS:
            self.chunks.append("\n")
        elif tag in CELL_TAGS:
            self.chunks.append(" ")


def is_quote_container(tag: str, attrs: list[tuple[str, str | None]]) -> bool:
    """Return whether the element holds quoted history or a signature."""
    if tag == "blockquote":
        return True
    values = {name: (value or "").lower() for name, value in attrs}
    classes = {_REQUOTED.sub("", name) for name in values.get("class", "").split()}
    return (_REQUOTED.sub("", values.get("id", "")) in QUOTE_IDS
            or bool(classes & QUOTE_CLASSES)
            or any(name.endswith("yahoo_quoted") for name in classes))


def html_to_text(html: str) -> tuple[str, bool]:
    """Return the text of `html` before its first quote container, and whether it parsed."""
    collector = _TextCollector()
    html = _LONE_LT.sub("&lt;", html)  # html.parser handles a stray "<" one character at a time
    try:
        for start in range(0, len(html), CHUNK_CHARS):
            collector.feed(html[start:start + CHUNK_CHARS])
            if len(collector.rawdata) > MAX_PENDING_CHARS:  # a tag that never ends: junk
                return "".join(collector.chunks), False
        collector.close()
    except _Stop:
        pass
    except Exception:  # noqa: BLE001 - html.parser can fail on hostile markup
        return "".join(collector.chunks), False
    return "".join(collector.chunks), True
