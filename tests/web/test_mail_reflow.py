"""The HTML turn mail of every game reflows on a 390 px phone: nothing runs off the side."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.core import Rng, all_games, get_game
from engine.core.harness import table_size
from service.game.loading import load_game
from service.orders.creation import NewSeat
from tests.service.tablemail import Table, html_of, open_table

from .browser import chromium, require_browser, screenshot

NAMES = ("anna", "bruno", "carla", "dora", "emil", "fritz")
GAMES = tuple(game.name for game in all_games())
WIDTHS = (390, 1280)
LONG_WORD = "https://example.org/" + "a1b2c3d4" * 16
MEASURE = """() => {
  const board = document.querySelector('.board-text');
  return {page: document.documentElement.scrollWidth,
          board: board ? board.scrollWidth - board.clientWidth : null,
          lines: board ? board.children.length : 0};
}"""


def table_of(tmp_path: Path, game: str) -> Table:
    """Return a table of the game at its largest size up to six seats (more seats, more lines
    in the board text)."""
    count = table_size(get_game(game), len(NAMES))
    seats = [NewSeat(name, f"{name}@example.org", name.title()) for name in NAMES[:count]]
    return open_table(tmp_path / game, game, seats)


def answer_with_turn(table: Table) -> str:
    """Return the HTML of the answer to a legal order: it carries the seat's new turn mail."""
    loaded = load_game(table.store, table.game_id)
    prompt = loaded.game.prompts(loaded.state)[0]
    order = loaded.game.random_legal_order(loaded.state, prompt.seat, Rng(b"reflow"))
    result = table.write(prompt.seat, loaded.game.format_order(order) + "\n")
    assert result.accepted, result
    return html_of(table.answers[-1])


@pytest.fixture(scope="module")
def mails(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The first turn mail and one answer carrying a turn mail of every game, and a press mail."""
    require_browser()
    found = {}
    for game in GAMES:
        table = table_of(tmp_path_factory.mktemp("reflow"), game)
        found[f"{game}-turn"] = html_of(table.sent["anna"][-1])
        found[f"{game}-answer"] = answer_with_turn(table)
    table = table_of(tmp_path_factory.mktemp("press"), "secret-masters")
    table.write("bruno", f"press to anna: see {LONG_WORD} and tell me\n")
    found["secret-masters-press"] = html_of(table.mails("anna", "press")[-1])
    return found


@pytest.mark.parametrize("width", WIDTHS)
def test_turn_mails_have_no_horizontal_overflow(mails: dict[str, str], width: int) -> None:
    with chromium() as browser:
        page: Any = browser.new_page(viewport={"width": width, "height": 900})
        for name, html in mails.items():
            page.set_content(html)
            seen = page.evaluate(MEASURE)
            screenshot(page, f"mail-{name}-{width}.png")
            assert seen["page"] <= width, (name, width, seen)
            if name.endswith("-press"):
                assert LONG_WORD in html
                continue
            assert seen["board"] == 0 and seen["lines"] > 3, (name, width, seen)


def test_the_board_text_keeps_its_lines_and_inline_styles(mails: dict[str, str]) -> None:
    html = mails["masons-turn"]
    assert "<link" not in html and "<style" not in html
    board = html.split('class="board-text"', 1)[1].split("</div>\n</div>", 1)[0]
    assert board.count("<div ") >= 4 and "white-space: pre-wrap" in board
