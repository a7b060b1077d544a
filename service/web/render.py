"""Rendering web pages with the project's one Jinja environment (service.base.templating)."""
from __future__ import annotations

from typing import Any

from flask import request, url_for
from markupsafe import Markup

from service.base.templating import render_template
from service.pdf.boardfit import screen_min_width
from service.web.security import csrf_token, dev_inbox_open


def page(name: str, /, **context: Any) -> str:
    """Return the page template `web/<name>` rendered with `context` and the site's helpers."""
    return render_template(f"web/{name}", url_for=url_for, csrf_token=csrf_token,
                           request=request, dev_inbox=dev_inbox_open(),
                           **context)


def seq_arg(name: str) -> int | None:
    """Return a seq given in the query string, or None (also for anything not a seq)."""
    text = request.args.get(name, "")
    return int(text) if text.isdigit() and len(text) <= 10 else None


def inline_svg(svg: str) -> Markup:
    """Return a game's board SVG ready for a page: no XML prolog, and never shrunk so far
    that its smallest text gets unreadable (the engine's own drawing; the CSP forbids scripts).
    """
    text = svg.lstrip()
    if text.startswith("<?xml"):
        text = text[text.index("?>") + 2:].lstrip()
    width = screen_min_width(text)
    # Below this width the picture's smallest text would be unreadable: a phone scrolls it.
    return Markup(f'<div class="board-scroll"><div class="board-fit" '
                  f'style="min-width: {width}px">{text}</div></div>')
