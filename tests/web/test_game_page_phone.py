"""The game page and a seat's page on a 390 px phone: the table of seats is shown whole (each
seat's row stacked, its columns labelled), with nothing scrolled or cut off at the side."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from service.orders.creation import NewSeat, create_game
from service.store.store import Store

from .browser import browser_app, chromium, free_port, live_server, screenshot
from .conftest import SEED, seat_path
from .test_join_layout import LAYOUT, LONG_NAME, NAMED

PLAYERS = (NAMED, LONG_NAME, "Carla", "Dora Wu-Featherstone")


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The site with an Illuminati game of four long-named players, with time banks and
    spectators, whose seat table has all its columns."""
    port = free_port()
    app: Flask = browser_app(tmp_path, monkeypatch, links_port=port)
    store: Store = app.extensions["pbem.store"]
    seats = [NewSeat(f"s{n}", f"s{n}@example.org", player) for n, player in enumerate(PLAYERS)]
    loaded = create_game(store, "illuminati", seats, seed_hex=SEED, game_id="0b0c0d01",
                         time_bank_hours=72)
    with live_server(app, port) as base:
        yield {"base": base, "seat": seat_path(app, loaded, "s1"), "id": loaded.meta.id}


@pytest.mark.parametrize("width", [390, 1280])
def test_the_seat_table_is_shown_whole(site: Any, width: int) -> None:
    with chromium() as browser:
        page = browser.new_page(viewport={"width": width, "height": 900})
        for name, path in (("game-page", f"/games/{site['id']}"), ("seat-page", site["seat"])):
            page.goto(site["base"] + path)
            table = page.locator("table.seats").first
            assert table.is_visible(), name
            box = table.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1
            for player in PLAYERS:
                cell = table.locator("td", has_text=player).first
                cell_box = cell.bounding_box()
                assert cell_box is not None and cell_box["x"] + cell_box["width"] <= width + 1
            if width == 390:
                assert "Deadline:" in table.inner_text().replace("\n", " ") or \
                    page.evaluate("getComputedStyle(document.querySelector("
                                  "'table.seats td[data-label=Deadline]'), '::before')"
                                  ".content") == '"Deadline: "'
            screenshot(page, f"seats-{name}-{width}.png")
            if name == "game-page":  # a seat's page may scroll its board sideways on purpose
                found = page.evaluate(LAYOUT)
                assert found["page"] <= width + 1 and not found["wide"], found
                assert not found["clipped"], found
