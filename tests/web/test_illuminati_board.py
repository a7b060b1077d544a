"""The Illuminati board on the seat page and the public and spectator pages: no heading line cut off,
at 390 px the first column's headings shown whole without scrolling, and every uncontrolled
group face up with its Power, transferable Power, Resistance and alignments."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from service.orders.creation import NewSeat, create_game
from service.seats.master import set_spectators
from service.web.links import seat_signature

from .browser import browser_app, chromium, free_port, live_server, screenshot

SEATS = ("anna", "bruno", "carla", "dora")
"""Four seats: the structures are drawn in two columns."""
BOARD = """() => {
  const box = document.querySelector('section.board, .board');
  const svg = box.querySelector('svg');
  const ctm = svg.getScreenCTM();
  const drawn = {left: ctm.e, top: ctm.f, right: ctm.e + ctm.a * svg.viewBox.baseVal.width,
                 bottom: ctm.f + ctm.d * svg.viewBox.baseVal.height};
  const scroller = box.querySelector('.board-scroll') || box;
  const seen = scroller.getBoundingClientRect();
  const rect = t => { const r = t.getBoundingClientRect();
                      return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                              text: t.textContent}; };
  return {
    page: document.documentElement.scrollWidth, drawn,
    seen: {left: seen.left, right: seen.right},
    texts: [...svg.querySelectorAll('text')].map(rect),
    heads: [...svg.querySelectorAll('text.panel-head')].map(rect),
    groups: Object.fromEntries([...svg.querySelectorAll('g.uncontrolled-group')].map(
      g => [g.dataset.group, [...g.querySelectorAll('text')].map(t => t.textContent)])),
  };
}"""


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, dict[str, str],
                                                                             Any]]:
    """An Illuminati game of four served on a free port: (base URL, {page: path}, the
    spectators' view)."""
    app: Flask = browser_app(tmp_path, monkeypatch)
    store = app.extensions["pbem.store"]
    loaded = create_game(store, "illuminati",
                         [NewSeat(n, f"{n}@example.org") for n in SEATS], seed_hex="1e" * 32)
    loaded = set_spectators(store, loaded.meta.id, True)
    view = loaded.game.view(loaded.state, None)
    with app.app_context():
        paths = {"seat": f"/play/{loaded.meta.id}/anna/{seat_signature(loaded.meta, 'anna')}",
                 "public": f"/games/{loaded.meta.id}",
                 "watch": f"/games/{loaded.meta.id}/watch"}
    with live_server(app, free_port()) as base:
        yield base, paths, view


def expected_lines(group: dict[str, Any]) -> list[str]:
    """Return what a face-up group's card must say besides its name."""
    aligned = ", ".join(group["alignments"]) or "no alignment"
    return [f"Power {group['power']}/{group['transferable']}",
            f"Resistance {group['resistance']}", aligned]


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("where", ["seat", "public", "watch"])
def test_no_heading_is_cut_off_and_every_uncontrolled_group_shows_its_numbers(
        table: tuple[str, dict[str, str], Any], width: int, where: str) -> None:
    base, paths, view = table
    with chromium() as browser:
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.goto(base + paths[where])
        board = page.evaluate(BOARD)
        screenshot(page, f"illuminati-board-{where}-{width}.png")
    assert board["page"] <= width + 1  # only the board scrolls
    drawn = board["drawn"]
    for text in board["texts"]:  # nothing runs past the picture's edge
        assert drawn["left"] - 1 <= text["left"] and text["right"] <= drawn["right"] + 1, text
        assert drawn["top"] - 1 <= text["top"] and text["bottom"] <= drawn["bottom"] + 1, text
    heads = board["heads"]
    assert {seat for seat in SEATS} == {t["text"].split(":")[0] for t in heads
                                        if ":" in t["text"] and "goal" not in t["text"]}
    left_edge = [t for t in board["texts"] if t["left"] < drawn["left"] + 40]
    assert {t["text"] for t in heads} & {t["text"] for t in left_edge}
    for text in left_edge:  # the first column is shown whole before any scrolling
        assert text["right"] <= board["seen"]["right"], (text, board["seen"])
    assert len(board["groups"]) == len(view["uncontrolled"]) >= 4
    for group in view["uncontrolled"]:
        card = " ".join(board["groups"][group["id"]])
        assert str(group["name"]).removeprefix("The ").split(" ")[0] in card
        for line in expected_lines(group):
            assert line in card, (group["id"], line, card)
