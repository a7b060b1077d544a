"""The game master's page in Chromium: at 390 px nothing scrolls sideways but the board, and
the board is there as a spectator sees it, with whom the table waits for."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from service.store.store import Store
from service.web.links import master_signature

from .browser import browser_app, chromium, free_port, live_server, screenshot
from .conftest import new_game

GAMES = ("secret-masters", "illuminati", "castle-of-the-devil")

OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('main *')]
    .filter(e => !e.closest('.board-scroll, .table-wrap, svg'))
    .filter(e => e.getBoundingClientRect().right > width + 1)
    .map(e => e.tagName + (e.className && typeof e.className === 'string' ? '.' + e.className : ''));
  return {page: document.documentElement.scrollWidth, width, wide: wide.slice(0, 5)};
}"""


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The site on a free port with one running game of each kind in GAMES."""
    port = free_port()
    app: Flask = browser_app(tmp_path, monkeypatch)
    store: Store = app.extensions["pbem.store"]
    paths = {}
    with app.app_context():
        for index, game in enumerate(GAMES):
            loaded = new_game(store, game, game_id=f"1a2b3c{index:02d}",
                              master_email="gm@example.org")
            paths[game] = f"/admin/games/{loaded.meta.id}/{master_signature(loaded.meta)}"
    with live_server(app, port) as base:
        yield base, paths


@pytest.mark.parametrize("width", [390, 1280])
def test_the_master_page_fits_the_screen_and_shows_the_board(site: Any, width: int) -> None:
    base, paths = site
    with chromium() as browser:
        page = browser.new_page(viewport={"width": width, "height": 900})
        for game, path in paths.items():
            page.goto(base + path)
            screenshot(page, f"master-{game}-{width}.png")
            found = page.evaluate(OVERFLOW)
            assert found["page"] <= width + 1 and not found["wide"], (game, width, found)
            board = page.locator("#board svg, #board pre")
            assert board.count() and board.first.is_visible(), (game, width)
            marks = page.locator("#seats .mark").all_inner_texts()
            assert marks and any(mark.strip() in ("waiting", "asked") for mark in marks), \
                (game, marks)
