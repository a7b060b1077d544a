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


def inline_svg(svg: str, text: str, label: str = "The board") -> Markup:
    """Return a game's board SVG ready for a page, with its text equivalent: no XML prolog,
    never shrunk so far that its smallest text gets unreadable (the engine's own drawing; the
    CSP forbids scripts), one picture to a screen reader (`label`, described by `text`, the
    game's own board in words, which follows it under "The board in words")."""
    text_svg = svg.lstrip()
    if text_svg.startswith("<?xml"):
        text_svg = text_svg[text_svg.index("?>") + 2:].lstrip()
    width = screen_min_width(text_svg)
    # Below this width the picture's smallest text would be unreadable: a phone scrolls it,
    # and a keyboard can too (the scrolled region takes the focus).
    return Markup('<div class="board-scroll" tabindex="0" role="region" '
                  'aria-label="{label}, scrolled sideways on a narrow screen">'
                  '<div class="board-fit" role="img" aria-label="{label}: in words below" '
                  'aria-describedby="board-words" style="min-width: {width}px">{svg}</div>'
                  '</div><details class="board-words"><summary>The board in words</summary>'
                  '<pre id="board-words">{text}</pre></details>').format(
        label=label, width=width, svg=Markup(text_svg), text=text)
