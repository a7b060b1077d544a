"""The Masons board on the seat page: large on a desktop, readable on a phone, every place the
history names drawn with that name, the free wall lines dashed."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from service.game.loading import load_game
from service.orders.creation import NewSeat, create_game
from service.orders.processing import submit_order
from service.store.orderlog import OrderLog
from service.web.links import seat_signature

from .browser import browser_app, chromium, free_port, live_server, screenshot

SEATS = ("anna", "bruno", "carla")
BOARD = """() => {
  const box = document.querySelector('section.board');
  const svg = box.querySelector('svg');
  const style = getComputedStyle(box);
  const lines = cls => [...svg.querySelectorAll('line.' + cls)].map(
    l => ({name: l.dataset.line, dash: getComputedStyle(l).strokeDasharray}));
  const texts = [...svg.querySelectorAll('text')];
  return {
    page: document.documentElement.scrollWidth,
    inner: box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    svg: svg.getScreenCTM().a * svg.viewBox.baseVal.width,  // as drawn, not its box
    texts: texts.map(t => t.textContent),
    smallest: Math.min(...texts.map(t => t.getBoundingClientRect().height)),
    free: lines('free-line'), walls: lines('wall'),
  };
}"""


def play_until_a_house_stands(store: OrderLog, game_id: str) -> dict[str, Any]:
    """Give each prompted seat its first legal order until a house is on the board; return
    the spectators' view then."""
    for _ in range(12):
        loaded = load_game(store, game_id)
        view = loaded.game.view(loaded.state, None)
        if view["board"]["houses"]:
            return view
        prompt = loaded.game.prompts(loaded.state)[0]
        order = loaded.game.legal_orders(loaded.state, prompt.seat)[0]
        assert submit_order(store, game_id, prompt.seat,
                            loaded.game.format_order(order)).accepted
    raise AssertionError("no house was placed")


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, str, Any]]:
    """A Masons game with a wall and houses, served on a free port: (base URL, anna's page,
    the spectators' view)."""
    app: Flask = browser_app(tmp_path, monkeypatch)
    store = app.extensions["pbem.store"]
    loaded = create_game(store, "masons", [NewSeat(n, f"{n}@example.org") for n in SEATS],
                         seed_hex="4d" * 32)
    view = play_until_a_house_stands(store, loaded.meta.id)
    with app.app_context():
        path = f"/play/{loaded.meta.id}/anna/{seat_signature(loaded.meta, 'anna')}"
    with live_server(app, free_port()) as base:
        yield base, path, view


def test_the_board_fills_its_column_on_a_desktop_with_every_place_named(
        table: tuple[str, str, Any]) -> None:
    base, path, view = table
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(base + path)
        board = page.evaluate(BOARD)
        screenshot(page, "masons-board-1280.png")
        page.goto(base + path + "/history")
        history = page.inner_text("body")
    assert board["page"] <= 1281
    assert board["svg"] >= board["inner"] - 2 and board["svg"] >= 640, board["svg"]
    assert board["smallest"] >= 10
    texts = set(board["texts"])
    assert {f"space {k}" for k in range(56)} <= texts
    assert {str(k) for k in range(1, 41)} <= texts
    for space in view["board"]["houses"]:
        assert f"went in space {space}" in history and f"space {space}" in texts
    assert sorted(line["name"] for line in board["free"]) == sorted(view["free_lines"])
    assert all(line["dash"] not in ("none", "") for line in board["free"])
    assert [line["name"] for line in board["walls"]] == view["board"]["walls"]
    assert all(line["dash"] in ("none", "") for line in board["walls"])


def test_on_a_phone_only_the_board_scrolls_and_its_labels_stay_legible(
        table: tuple[str, str, Any]) -> None:
    base, path, view = table
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(base + path)
        board = page.evaluate(BOARD)
        screenshot(page, "masons-board-390.png")
    assert board["page"] <= 391
    assert board["smallest"] >= 10
    assert {f"space {k}" for k in range(56)} <= set(board["texts"])
    assert len(board["free"]) == len(view["free_lines"]) > 0
