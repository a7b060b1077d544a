"""Board snapshots as PDF: one seat's view on A4 pages, rendered by WeasyPrint.

Only the view is drawn, so a snapshot shows a seat exactly what its view allows. The pages are
laid out by service.pdf.layout and drawn as SVG pictures (`templates/pdf/page.svg`), the board's
own picture nested in them; `templates/pdf/snapshot.html`, styled by `templates/pdf/snapshot.css`,
puts one picture on each page. Labels are drawn as whole lines (service.pdf.svgtext) and plain
shapes without WeasyPrint's generic per-element work (service.pdf.svgnodes). The page is styled by
`templates/pdf/agent.css` in place of WeasyPrint's user agent stylesheet for all of HTML. The
font configuration, the compiled stylesheets and the URL fetcher (which serves the pages being
rendered and fetches nothing else but data: URIs) are built once per thread and reused:
building them costs more than rendering a page.
"""
from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC
from pathlib import Path
from typing import Any

from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

from engine.core.contract import Game
from engine.core.registry import all_games
from engine.core.rng import Rng
from service.base import clock
from service.base.templating import get_template, templates_dir
from service.pdf import glyphsets, svgnodes, svgtext
from service.pdf.boardfit import pdf_pieces
from service.pdf.layout import MONO, SANS, Page, Snapshot, lay_out

TEMPLATE = "pdf/snapshot.html"
PAGE_TEMPLATE = "pdf/page.svg"
PAGE_URL = "snapshot:page-{}"
STYLESHEET = "pdf/snapshot.css"
USER_AGENT_STYLESHEET = "pdf/agent.css"
SPECTATOR = "Spectator"
WARM_UP_LINE = "A line of history: the first player's turn begins."

_local = threading.local()


class PageFetcher(URLFetcher):  # type: ignore[misc]  # WeasyPrint has no type hints
    """A URL fetcher that serves the SVG pages of the snapshot being rendered by their
    `snapshot:` URLs and fetches nothing else but data: URIs."""

    def __init__(self) -> None:
        super().__init__(allowed_protocols=("data",))
        self.pages: dict[str, bytes] = {}

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        """Return a page being rendered, or what the stock fetcher allows."""
        page = self.pages.get(url)
        if page is not None:
            return URLFetcherResponse(url, page, headers={"Content-Type": "image/svg+xml"})
        return super().fetch(url, headers)

    @contextmanager
    def serving(self, pages: Mapping[str, bytes]) -> Iterator[None]:
        """Serve `pages` for the time of one rendering."""
        self.pages = dict(pages)
        try:
            yield
        finally:
            self.pages = {}


@dataclass(frozen=True)
class Tools:
    """What WeasyPrint can reuse from one snapshot to the next (in one thread)."""

    fonts: FontConfiguration
    stylesheet: CSS
    user_agent: CSS | None
    fetcher: PageFetcher

    def measure(self, text: str, size: float, bold: bool, family: str) -> float:
        """Return the width of a line of text in these fonts, in points."""
        return svgtext.text_width(text, self.fonts, family, size, 700 if bold else 400)


def _tools() -> Tools:
    """Return this thread's fonts, stylesheets and URL fetcher for the templates folder."""
    cache: dict[Path, Tools] = _local.__dict__.setdefault("tools", {})
    folder = templates_dir()
    if folder not in cache:
        svgnodes.install()
        glyphsets.install()
        fonts = FontConfiguration()
        agent = folder / USER_AGENT_STYLESHEET
        # The page needs nothing from outside: only its own pages may be fetched.
        cache[folder] = Tools(fonts, CSS(filename=str(folder / STYLESHEET), font_config=fonts),
                              CSS(filename=str(agent)) if agent.is_file() else None,
                              PageFetcher())
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


def warm_up(games: Sequence[Game[Any]] | None = None) -> None:
    """Build this thread's fonts and stylesheet, measure the characters of plain text in the
    page's fonts, and render a snapshot of the opening of each game (every registered game
    when none are given), now (when a worker starts), not on first use: the first snapshot
    of a game in a process loads its fonts and draws its first pictures at two to three
    times the cost of the next."""
    tools = _tools()
    ascii_text = "".join(chr(code) for code in range(32, 127))
    for family in (SANS, MONO):
        for bold in (False, True):
            tools.measure(ascii_text, 10, bold, family)
    for game in all_games() if games is None else games:
        render_snapshot_pdf(game, opening_view(game), game_title=game.title, game_id="warm-up",
                            seat=None, turn_label="", history=[WARM_UP_LINE])


def opening_view(game: Game[Any]) -> dict[str, Any]:
    """Return the spectator's view of a game at its start, at the smallest table, dealt from
    a fixed seed."""
    seats = tuple(f"seat{number}" for number in range(1, game.min_players + 1))
    state = game.initial_state(seats, game.default_options())
    state = game.fold(state, game.start(state, Rng.for_position(b"warm-up", "warm-up", 0)))
    return dict(game.view(state, None))


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


def utc_now() -> str:
    """Return the current time as shown on a snapshot, e.g. '2024-05-01 12:00 UTC'."""
    return clock.now().astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


@dataclass(frozen=True)
class SnapshotSource:
    """A snapshot before WeasyPrint: the HTML document and the SVG pages it shows by URL."""

    html: str
    pages: dict[str, bytes]


def render_snapshot_html(game: Game[Any], view: Mapping[str, Any], *, game_title: str,
                         game_id: str, seat: str | None, turn_label: str,
                         history: Sequence[str] = (), generated_at: str | None = None
                         ) -> SnapshotSource:
    """Return the HTML of a seat's snapshot and its SVG pages (the PDF's source)."""
    images, layout = readable_board(game, view)
    snapshot = Snapshot(title=game_title, game_id=game_id, seat_label=seat or SPECTATOR,
                        turn_label=turn_label, generated_at=generated_at or utc_now(),
                        boards=images, layout=layout,
                        board_text="" if images else game.render_text(view),
                        private=private_items(view), history=list(history))
    pages = lay_out(snapshot, _tools().measure)
    page_template = get_template(PAGE_TEMPLATE)
    sources = {PAGE_URL.format(number): page_template.render(page=page).encode("utf-8")
               for number, page in enumerate(pages, start=1)}
    html = get_template(TEMPLATE).render(
        title=f"{game_title} \u2013 {game_id} \u2013 {snapshot.seat_label}",
        pages=[(PAGE_URL.format(number), page_class(page))
               for number, page in enumerate(pages, start=1)])
    return SnapshotSource(html, sources)


def page_class(page: Page) -> str:
    """Return the class of a page's picture in the HTML: its orientation."""
    return "landscape" if page.landscape else "portrait"


def readable_board(game: Game[Any], view: Mapping[str, Any]) -> tuple[list[str], str]:
    """Return the board picture as SVG documents (a tall board cut into pieces) and its page
    layout, or ([], 'text') when its text would come out under 8 pt on A4."""
    try:
        svg = game.render_board_svg(view)
    except NotImplementedError:
        return [], "text"
    return pdf_pieces(svg)


def render_snapshot_pdf(game: Game[Any], view: Mapping[str, Any], *, game_title: str,
                        game_id: str, seat: str | None, turn_label: str,
                        history: Sequence[str] = (), generated_at: str | None = None) -> bytes:
    """Return the PDF bytes of a seat's board snapshot: A4, the board, its secrets, history."""
    source = render_snapshot_html(game, view, game_title=game_title, game_id=game_id,
                                  seat=seat, turn_label=turn_label, history=history,
                                  generated_at=generated_at)
    return write_pdf(source)


def write_pdf(source: SnapshotSource, stock_user_agent: bool = False) -> bytes:
    """Return the PDF of a snapshot's source, styled by the page's own user agent stylesheet
    (or by WeasyPrint's, `stock_user_agent`)."""
    tools = _tools()
    agent = None if stock_user_agent else tools.user_agent
    with tools.fetcher.serving(source.pages):
        document = SnapshotPage(string=source.html, url_fetcher=tools.fetcher, user_agent=agent)
        pdf = document.write_pdf(stylesheets=[tools.stylesheet], font_config=tools.fonts)
    assert pdf is not None  # write_pdf returns the bytes when no target is given
    return bytes(pdf)
