"""Board snapshots as PDF: one seat's view on an A4 page, rendered by WeasyPrint.

The page is `templates/pdf/snapshot.html` styled by `templates/pdf/snapshot.css`; the board is
the game's own SVG picture of the view, inline. Only the view is drawn, so a snapshot shows a seat
exactly what its view allows. Plain board labels are drawn as whole lines (service.svgtext),
not glyph by glyph, and plain shapes and labels without WeasyPrint's generic per-element work
(service.svgnodes). The page is styled by `templates/pdf/agent.css` in place of WeasyPrint's
user agent stylesheet for all of HTML. The font configuration, the compiled stylesheets and the
URL fetcher (which fetches nothing but data: URIs) are built once per thread and reused:
building them costs more than rendering a page.
"""
from __future__ import annotations

import base64
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher

from engine.core.contract import Game

from . import svgnodes
from .boardfit import pdf_pieces
from .templating import get_template, templates_dir

TEMPLATE = "pdf/snapshot.html"
STYLESHEET = "pdf/snapshot.css"
USER_AGENT_STYLESHEET = "pdf/agent.css"
SPECTATOR = "Spectator"

_local = threading.local()


@dataclass(frozen=True)
class Tools:
    """What WeasyPrint can reuse from one snapshot to the next (in one thread)."""

    fonts: FontConfiguration
    stylesheet: CSS
    user_agent: CSS | None
    fetcher: URLFetcher


def _tools() -> Tools:
    """Return this thread's fonts, stylesheets and URL fetcher for the templates folder."""
    cache: dict[Path, Tools] = _local.__dict__.setdefault("tools", {})
    folder = templates_dir()
    if folder not in cache:
        svgnodes.install()
        fonts = FontConfiguration()
        agent = folder / USER_AGENT_STYLESHEET
        # The page needs nothing from outside: only the board's data: URI may be fetched.
        cache[folder] = Tools(fonts, CSS(filename=str(folder / STYLESHEET), font_config=fonts),
                              CSS(filename=str(agent)) if agent.is_file() else None,
                              URLFetcher(allowed_protocols=("data",)))
    return cache[folder]


class SnapshotPage(HTML):  # type: ignore[misc]  # WeasyPrint has no type hints
    """The snapshot page, styled by its own short user agent stylesheet instead of WeasyPrint's
    (which styles all of HTML and costs more to match than the page itself), when the templates
    folder has one."""

    def __init__(self, *, user_agent: CSS | None, **options: Any) -> None:
        super().__init__(**options)
        self.user_agent = user_agent

    def _ua_stylesheets(self, forms: bool = False) -> list[CSS]:
        """Return the user agent stylesheets (WeasyPrint 70 asks this method for them)."""
        if self.user_agent is None:
            return list(super()._ua_stylesheets(forms))
        return [self.user_agent]


def warm_up() -> None:
    """Build this thread's fonts and stylesheet now (when a worker starts), not on first use."""
    _tools()


def describe_value(value: Any) -> str:
    """Return any JSON-ready value as one line of text, e.g. 'red 2 · white 2 · orange 1'."""
    if value is None:
        return "\u2014"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return " \u00b7 ".join(f"{key} {describe_value(item)}" for key, item in value.items()) \
            or "\u2014"
    if isinstance(value, (list, tuple)):
        return ", ".join(describe_value(item) for item in value) or "\u2014"
    return str(value)


def private_items(view: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Return the seat's own part of a view (`you`) as (label, text) pairs; none for others."""
    you = view.get("you")
    if not isinstance(you, Mapping):
        return []
    return [(str(key).replace("_", " ").capitalize(), describe_value(value))
            for key, value in you.items()]


def board_image(game: Game[Any], view: Mapping[str, Any]) -> str | None:
    """Return the game's board picture of `view` as a data URI, or None if the game has none."""
    try:
        svg = game.render_board_svg(view)
    except NotImplementedError:
        return None
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def utc_now() -> str:
    """Return the current time as shown on a snapshot, e.g. '2024-05-01 12:00 UTC'."""
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")


def render_snapshot_html(game: Game[Any], view: Mapping[str, Any], *, game_title: str,
                         game_id: str, seat: str | None, turn_label: str,
                         history: Sequence[str] = (), generated_at: str | None = None) -> str:
    """Return the HTML of a seat's snapshot page (the PDF's source)."""
    images, layout = readable_board(game, view)
    return get_template(TEMPLATE).render(
        game_title=game_title, game_id=game_id, seat_label=seat or SPECTATOR,
        turn_label=turn_label, generated_at=generated_at or utc_now(),
        board_images=images, board_text="" if images else game.render_text(view),
        private=private_items(view), history=list(history), layout=layout)


def readable_board(game: Game[Any], view: Mapping[str, Any]) -> tuple[list[str], str]:
    """Return the board picture as data URIs (a tall board cut into pieces) and its page
    layout, or ([], 'text') when its text would come out under 8 pt on A4."""
    try:
        svg = game.render_board_svg(view)
    except NotImplementedError:
        return [], "text"
    pieces, layout = pdf_pieces(svg)
    return [_data_uri(piece) for piece in pieces], layout


def _data_uri(svg: str) -> str:
    """Return an SVG as a data: URI."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def render_snapshot_pdf(game: Game[Any], view: Mapping[str, Any], *, game_title: str,
                        game_id: str, seat: str | None, turn_label: str,
                        history: Sequence[str] = (), generated_at: str | None = None) -> bytes:
    """Return the PDF bytes of a seat's board snapshot: A4, the board, its secrets, history."""
    html = render_snapshot_html(game, view, game_title=game_title, game_id=game_id, seat=seat,
                                turn_label=turn_label, history=history,
                                generated_at=generated_at)
    tools = _tools()
    document = SnapshotPage(string=html, url_fetcher=tools.fetcher, user_agent=tools.user_agent)
    pdf = document.write_pdf(stylesheets=[tools.stylesheet], font_config=tools.fonts)
    assert pdf is not None  # write_pdf returns the bytes when no target is given
    return bytes(pdf)
