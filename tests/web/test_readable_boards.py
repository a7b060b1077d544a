"""Board pictures stay readable: at 390 px and on a desktop, and on the A4 PDF (no text < 8 pt)."""
from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from engine.core import all_games
from engine.core.harness import table_size
from service.game.loading import load_game
from service.orders.creation import NewSeat, create_game
from service.pdf.boardfit import (
    A4_LANDSCAPE_PT,
    A4_PORTRAIT_PT,
    MIN_PDF_PT,
    measure,
    pdf_layout,
    smallest_pt,
)
from service.pdf.render import readable_board, render_snapshot_pdf
from service.store.store import Store
from service.web.links import seat_signature

from .browser import (
    ARTIFACTS,
    browser_app,
    chromium,
    free_port,
    live_server,
    screenshot,
)

NAMES = ("anna", "bruno", "carla", "dora", "emil", "fritz")
TABLES = {game.name: table_size(game, len(NAMES)) for game in all_games()}
"""Every game, at its largest table up to six seats (more seats, more to draw)."""


def new_games(store: Store) -> dict[str, str]:
    """Create one game of each title; return their ids."""
    return {game: create_game(store, game, [NewSeat(n, f"{n}@example.org") for n in
                                            NAMES[:count]], seed_hex=f"{index:02x}" * 32).meta.id
            for index, (game, count) in enumerate(TABLES.items())}


@pytest.mark.parametrize("game", sorted(TABLES))
def test_the_pdf_board_has_no_text_under_8_pt(tmp_path: Path, game: str) -> None:
    from tests.stores import open_store

    store = open_store("sqlite", tmp_path)
    loaded = load_game(store, new_games(store)[game])
    view = loaded.game.view(loaded.state, "anna")
    images, layout = readable_board(loaded.game, view)
    svg = loaded.game.render_board_svg(view)
    if images:
        size = measure(svg)
        assert size is not None
        space = A4_LANDSCAPE_PT if layout == "landscape" else A4_PORTRAIT_PT
        assert size.smallest_text * min(space[0] / size.width, 1e9) >= MIN_PDF_PT or (
            smallest_pt(size, space) >= MIN_PDF_PT)
    else:
        assert pdf_layout(svg) == "text"
    pdf = render_snapshot_pdf(loaded.game, view, game_title=game, game_id=loaded.meta.id,
                              seat="anna", turn_label="")
    path = tmp_path / f"{game}.pdf"
    path.write_bytes(pdf)
    ARTIFACTS.mkdir(exist_ok=True)
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(path),
                    str(ARTIFACTS / f"pdf-{game}")], check=True)
    words = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True,
                           text=True, check=True).stdout
    heights = [float(line.split('yMax="')[1].split('"')[0]) -
               float(line.split('yMin="')[1].split('"')[0])
               for line in words.splitlines() if "<word " in line]
    assert heights and min(heights) >= MIN_PDF_PT * 0.95, (game, min(heights))


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The site on a free port, with one game of each title."""
    port = free_port()
    app: Flask = browser_app(tmp_path, monkeypatch)
    games = new_games(app.extensions["pbem.store"])
    with app.app_context():
        paths = {game: f"/play/{game_id}/anna/"
                       f"{seat_signature(load_game(app.extensions['pbem.store'], game_id).meta, 'anna')}"
                 for game, game_id in games.items()}
    with live_server(app, port) as base:
        yield base, paths


SMALLEST_TEXT = """() => {
  const sizes = [...document.querySelectorAll('.board svg text')]
    .filter(t => t.getBoundingClientRect().width > 0)
    .map(t => t.getBoundingClientRect().height);
  return sizes.length ? Math.min(...sizes) : null;
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_seat_pages_keep_board_text_readable(site: Any, width: int) -> None:
    base, paths = site
    with chromium() as browser:
        page = browser.new_page(viewport={"width": width, "height": 900})
        for game, path in paths.items():
            page.goto(base + path)
            smallest = page.evaluate(SMALLEST_TEXT)
            screenshot(page, f"board-{game}-{width}.png")
            assert smallest is not None and smallest >= 9, (game, width, smallest)
            page_width = page.evaluate("document.documentElement.scrollWidth")
            assert page_width <= width + 1, (game, width, page_width)  # only the board scrolls


def test_a_tall_board_is_cut_between_lines_and_keeps_8_pt(tmp_path: Path) -> None:
    from engine.core import get_game
    from engine.core.harness import play_random_game
    from service.pdf.boardfit import pdf_pieces

    game = get_game("secret-masters")
    played = play_random_game(game, ("anna", "bruno", "carla"), b"tall", sample_every=3)
    tallest = max((game.render_board_svg(game.view(state, "anna")) for state in
                   played.sampled_states), key=lambda svg: measure(svg).height)  # type: ignore
    pieces, layout = pdf_pieces(tallest)
    assert layout == "portrait" and pieces
    for piece in pieces:
        size = measure(piece)
        assert size is not None and smallest_pt(size, A4_PORTRAIT_PT) >= MIN_PDF_PT
    pdf = render_snapshot_pdf(game, game.view(played.sampled_states[-1], "anna"),
                              game_title="Secret Masters", game_id="g", seat="anna",
                              turn_label="")
    path = tmp_path / "tall.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert "Only you see this: anna" in text


def test_each_line_of_a_cut_board_is_in_one_piece_only() -> None:
    from engine.core import get_game
    from engine.core.harness import play_random_game
    from service.pdf.boardfit import pdf_pieces

    game = get_game("secret-masters")
    played = play_random_game(game, ("anna", "bruno", "carla"), b"tall", sample_every=3)
    for state in played.sampled_states:
        pieces, _ = pdf_pieces(game.render_board_svg(game.view(state, "anna")))
        if len(pieces) > 1:
            assert sum("Only you see this: anna" in piece for piece in pieces) == 1
            return
    pytest.fail("no sampled board was tall enough to be cut")
