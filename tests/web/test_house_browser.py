"""The "Play against the house" choice of the new-game form in headless Chromium: one human
and two house players, the house's decisions taken at once, and the human playing orders in
the browser until the game is over."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from service.orders.house import ITERATIONS_SETTING

from .browser import browser_app, chromium, follow, free_port, live_server, screenshot
from .test_browser import take_turn

MAX_ORDERS = 300


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The site on a free port, deciding orders (and the house's) in the request."""
    monkeypatch.setenv(ITERATIONS_SETTING, "2")
    port = free_port()
    app = browser_app(tmp_path, monkeypatch, {"RATE_SUBMIT": "10000/60"}, links_port=port)
    with live_server(app, port) as base:
        yield base


def test_play_against_the_house_in_the_browser(site: str) -> None:
    rng = random.Random(34)
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{site}/new?game=secret-masters")
        page.fill("input[name=title]", "Against the house")
        page.check("input[name=against_house]")
        page.fill("input[name=house_seats]", "2")
        page.fill("input[name=seat-0-name]", "anna")
        page.fill("input[name=seat-0-player]", "Anna")
        page.fill("input[name=seat-0-email]", "anna@example.org")
        follow(page, "text=Create the game")
        assert page.locator("text=The game is created").is_visible(), page.content()[:800]
        link = page.locator("a:text-is('anna')").get_attribute("href")
        assert link and "/play/" in link
        assert page.locator(".pill.house").count() == 2, "the house seats are not marked"
        assert "Take house1 back from the house" in page.content()
        screenshot(page, "house-created.png")
        page.goto(link)
        assert page.locator(".pill.house").count() == 2
        assert page.locator("#decide").count(), "the house left anna nothing to decide"
        for _ in range(MAX_ORDERS):
            page.goto(link)
            if page.locator("text=The game is over").count():
                break
            if not take_turn(page, link, rng):  # clicks through the order form
                pytest.fail("anna has nothing to decide in a running game: the house owes "
                            "a decision")
        else:
            pytest.fail("the game did not end")
        screenshot(page, "house-final.png")
        game_id = link.split("/play/")[1].split("/")[0]
        page.goto(f"{site}/games/{game_id}")
        assert page.locator(".pill.house").count() == 2
