"""Reading an email's two parts: the text, and the HTML as its reader sees it (visible text and
the addresses of its links), to check that both say the same."""
from __future__ import annotations

import re
from email.message import EmailMessage
from html.parser import HTMLParser

from markupsafe import escape

URL = re.compile(r"https?://\S+")


class _Reader(HTMLParser):
    """Collects the visible text of an HTML body and the targets of its links."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.links: list[str] = []
        self.tags: list[str] = []
        self._head = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self._head = self._head or tag == "head"
        if tag == "a":
            self.links += [value or "" for name, value in attrs if name == "href"]
        if tag in ("p", "br", "div", "li"):
            self.text.append(" ")

    def handle_endtag(self, tag: str) -> None:
        self._head = self._head and tag != "head"

    def handle_data(self, data: str) -> None:
        if not self._head:
            self.text.append(data)


def words(text: str) -> str:
    """Return `text` with every run of white space made one space."""
    return " ".join(text.split())


def both_parts(message: EmailMessage) -> tuple[str, str]:
    """Return an email's text part and HTML part; fail unless it is text with an HTML
    alternative."""
    assert message.get_content_type() == "multipart/alternative", message.get_content_type()
    text_part = message.get_body(preferencelist=("plain",))
    html_part = message.get_body(preferencelist=("html",))
    assert text_part is not None and html_part is not None
    return str(text_part.get_content()), str(html_part.get_content())


def check_same_content(message: EmailMessage, *typed: str) -> tuple[str, str]:
    """Fail unless the email's HTML part says what its text part says, word for word, with
    each address of the text a link, and each of `typed` (text people typed) escaped in the
    HTML; return both parts."""
    text, html = both_parts(message)
    reader = _Reader()
    reader.feed(html)
    assert words("".join(reader.text)) == words(text), (text, html)
    urls = URL.findall(text)
    assert urls and sorted(set(urls)) == sorted(set(reader.links)), (urls, reader.links)
    assert set(reader.tags) <= {"html", "head", "meta", "title", "body", "p", "br", "a",
                                "strong"}, reader.tags
    for value in typed:
        assert value in text and str(escape(value)) in html, value
    return text, html
