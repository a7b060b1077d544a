"""The snapshot's pages as laid out in points: every line inside its page, nothing left out.

The pages are checked as laid out (service.pdf.layout), with the widths the PDF's fonts give
(service.pdf.svgtext.text_width), for states of every game; the PDF itself is checked in test_pdf.
"""
from __future__ import annotations

import re
from functools import cache
from html import unescape
from typing import Any
from xml.etree import ElementTree

import pytest

from engine.core import all_games, get_game
from engine.core.contract import view_header
from engine.core.harness import PlayedGame, play_random_game, seat_names, table_size
from service.pdf.layout import (
    BOTTOM,
    LANDSCAPE,
    PORTRAIT,
    SIDE,
    TOP,
    Label,
    Page,
    Snapshot,
    lay_out,
    wrap,
)
from service.pdf.render import _tools as pdf_tools
from service.pdf.render import private_items, readable_board, render_snapshot_html
from service.pdf.svgtext import text_width

TABLES = {game.name: table_size(game, 6) for game in all_games()}
"""Every game, at its largest table up to six seats (more seats, more lines to lay out)."""
LONG = ("The attack to destroy Junk Mail fails (12 against 20), and the Society of Assassins "
        "pays 6 MB to the bank; the reaction window closes after anna, bruno and carla pass.")


@cache
def played(game: str) -> PlayedGame:
    """Return a seeded random game of `game` (played once per test session)."""
    return play_random_game(get_game(game), seat_names(TABLES[game]), f"pages-{game}".encode(),
                            sample_every=5)


def measure(text: str, size: float, bold: bool, family: str) -> float:
    """Return a line's width in the PDF's fonts."""
    return pdf_tools().measure(text, size, bold, family)


def snapshot_of(game: str, state: Any, seat: str | None, history: list[str]) -> Snapshot:
    """Return what the PDF of `seat` shows of `state`."""
    rules = get_game(game)
    view = rules.view(state, seat)
    boards, layout = readable_board(rules, view)
    return Snapshot(title=rules.title, game_id="g-0042", seat_label=seat or "Spectator",
                    turn_label=view_header(view)["label"], generated_at="2025-03-01 09:30 UTC",
                    boards=boards, layout=layout,
                    board_text="" if boards else rules.render_text(view),
                    private=private_items(view), history=history)


def label_box(label: Label) -> tuple[float, float]:
    """Return the left and right end of a label on its page."""
    width = measure(label.text, label.size, label.bold, label.family)
    shift = {"start": 0.0, "middle": 0.5, "end": 1.0}[label.anchor]
    return label.x - width * shift, label.x - width * shift + width


def assert_inside(page: Page) -> None:
    """Fail unless every label and picture of the page lies within its margins."""
    for label in page.labels:
        left, right = label_box(label)
        assert left >= SIDE - 0.01 and right <= page.width - SIDE + 0.01, label
        assert TOP < label.y <= page.height - BOTTOM / 2 + 8, label
    for picture in page.pictures:
        assert picture.x >= SIDE - 0.01 and picture.x + picture.width <= page.width - SIDE + 0.01
        assert picture.y >= TOP - 0.01
        assert picture.y + picture.height <= page.height - BOTTOM + 0.01


def shown_words(pages: list[Page]) -> list[str]:
    """Return every word the pages show, in order."""
    return [word for page in pages for label in page.labels for word in label.text.split()]


@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_line_of_every_page_stays_inside_the_margins(game: str) -> None:
    states = played(game).sampled_states
    for state in (states[0], states[len(states) // 2], states[-1]):
        for seat in ("anna", None):
            snapshot = snapshot_of(game, state, seat, [LONG, "short", LONG * 2])
            pages = lay_out(snapshot, measure)
            for page in pages:
                assert_inside(page)
            words = shown_words(pages)
            for text in (LONG, LONG * 2, snapshot.title, snapshot.turn_label,
                         *(f"{label} {value}" for label, value in snapshot.private)):
                assert " ".join(text.split()) in " ".join(words), text
            footers = [label.text for page in pages for label in page.labels
                       if label.text.startswith("page ")]
            assert footers == [f"page {n} of {len(pages)}" for n in range(1, len(pages) + 1)]
        source = render_snapshot_html(get_game(game), get_game(game).view(state, "anna"),
                                      game_title="<Title & co>", game_id="g", seat="anna",
                                      turn_label="", history=["<b>1 < 2 & 3</b>"])
        for page in source.pages.values():  # a page that is not XML would be drawn blank
            ElementTree.fromstring(page)


def test_a_long_text_board_goes_on_over_pages_in_its_frame() -> None:
    board = "\n".join(f"  [Lodge {n}]    P{n}/{n} R4 $0   out ^>v<  " + "x" * 150
                      for n in range(150))
    snapshot = Snapshot(title="Illuminati", game_id="g", seat_label="anna", turn_label="turn 1",
                        generated_at="now", boards=(), layout="text", board_text=board,
                        private=[("Hand", "no Specials")], history=["one line"])
    pages = lay_out(snapshot, measure)
    assert len(pages) >= 3
    for page in pages:
        assert_inside(page)
        for panel in page.panels:
            assert panel.y >= TOP - 0.01 and panel.y + panel.height <= page.height - BOTTOM
    runs = [label for page in pages for label in page.labels if label.family != "DejaVu Sans"]
    indented = [label for label in runs if label.text.startswith("[Lodge")]
    assert len(indented) == 150
    assert {round(label.x - SIDE, 1) for label in indented} == {
        round(3 * 72 / 25.4 + 0.6 + measure("  ", 8.5, False, "DejaVu Sans Mono"), 1)}


def test_a_landscape_board_has_its_own_page_and_the_rest_goes_on_portrait_pages() -> None:
    wide = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900" '
            'font-family="DejaVu Sans"><text x="10" y="40" font-size="30">Board</text></svg>')
    snapshot = Snapshot(title="Masons", game_id="g", seat_label="anna", turn_label="turn 1",
                        generated_at="now", boards=(wide,), layout="landscape", board_text="",
                        private=[("Hand", "no Specials")], history=["one line"])
    first, second = lay_out(snapshot, measure)
    assert (first.width, first.height) == LANDSCAPE and (second.width, second.height) == PORTRAIT
    assert [picture.view_box for picture in first.pictures] == ["0 0 1600 900"]
    assert 'font-family="DejaVu Sans"' in first.pictures[0].attributes
    assert any(label.text == "Only for anna" for label in second.labels)


def test_lines_break_at_spaces_within_their_width_and_a_long_word_anywhere() -> None:
    def width(text: str) -> float:
        return float(len(text))

    assert wrap("one two three four", 9, width) == ["one two", "three", "four"]
    assert wrap("one two three", 9, width, first_width=4) == ["one", "two three"]
    assert wrap("abcdefghijkl", 5, width) == ["abcde", "fghij", "kl"]
    assert wrap("  indented  columns", 40, width) == ["  indented  columns"]
    assert wrap("", 5, width) == [""]


def test_the_illuminati_board_keeps_its_footer_lines_and_group_cards_inside_the_picture(
        ) -> None:
    rules = get_game("illuminati")
    state = played("illuminati").sampled_states[0]
    view = rules.view(state, "anna")
    longest = "Semiconscious Liberation Army of the Far North"
    view["uncontrolled"] = view["uncontrolled"] * 4 + [
        {"id": "x", "name": longest, "power": 10, "transferable": 10, "resistance": 10,
         "alignments": ["conservative", "government", "communist", "criminal"]}]
    view["you"]["hand"] = ["Murphy's Law", "Deep Agent", "Secrets Man Was Not Meant to Know",
                           "Swiss Bank Account", "Whispering Campaign",
                           "Senate Investigating Committee", "Market Manipulation"]
    svg = rules.render_board_svg(view)
    box = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    assert box is not None
    picture_width, picture_height = float(box.group(1)), float(box.group(2))
    fonts = pdf_tools().fonts
    footer = re.findall(r'<text x="20" y="([\d.]+)" font-size="12"[^>]*>([^<]*)</text>', svg)
    assert len(footer) > 4
    for y, line in footer:
        assert 20 + text_width(unescape(line), fonts, "sans-serif", 12) <= picture_width, line
        assert float(y) <= picture_height
    shown = unescape(" ".join(line for _, line in footer))
    assert "Market Manipulation" in shown and "Uncontrolled groups, face up" in shown
    cards = re.findall(r'<text x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)"[^>]*'
                       r'class="uncontrolled">([^<]*)</text>', svg)
    for x, y, size, line in cards:
        assert float(x) - 6 + text_width(unescape(line), fonts, "sans-serif",
                                         float(size)) <= float(x) - 6 + 150 - 6, line
        assert float(x) + 144 <= picture_width and float(y) <= picture_height
    drawn = " ".join(unescape(line) for *_, line in cards)
    assert "Semiconscious Liberation" in drawn and "Power 10/10" in drawn
    assert "Resistance 10" in drawn and "communist, criminal" in drawn


def test_a_long_title_wraps_clear_of_the_facts_and_of_the_page_number() -> None:
    title = "A very long game title that a host may well choose " * 3
    snapshot = Snapshot(title=title[:120], game_id="0123456789abcdef",
                        seat_label="a" * 24, turn_label="Round 12, turn 3 of the sealed vote",
                        generated_at="2025-03-01 09:30 UTC", boards=(), layout="text",
                        board_text="board", private=[], history=["one line"])
    (page,) = lay_out(snapshot, measure)
    assert_inside(page)
    heading = [label for label in page.labels if label.size == 17]
    facts = [label for label in page.labels if label.size == 8.5 and label.anchor == "end"]
    assert len(heading) > 1 and len(facts) == 6
    assert max(label_box(label)[1] for label in heading) < min(label_box(label)[0]
                                                               for label in facts)
    footer = [label for label in page.labels if label.size == 8]
    numbering = next(label for label in footer if label.text == "page 1 of 1")
    left = [label for label in footer if label is not numbering]
    assert len(left) > 1
    assert max(label_box(label)[1] for label in left) < label_box(numbering)[0]
    assert " ".join(label.text for label in left) == " ".join(
        f"{title[:120]} \u00b7 game 0123456789abcdef \u00b7 {'a' * 24}".split())
