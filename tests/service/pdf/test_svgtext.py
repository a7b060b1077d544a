"""Board labels drawn as whole lines land where WeasyPrint's own glyph-by-glyph drawer puts them."""
from __future__ import annotations

import base64
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
import weasyprint.svg as svg_module
from weasyprint import HTML

from service.pdf import svgnodes, svgtext

BOARD = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 200"
 font-family="DejaVu Sans"><rect width="400" height="200" fill="#eee"/>
<text x="20" y="40" font-size="20" font-weight="bold">North America</text>
<text x="380" y="80" font-size="16" text-anchor="end">held by Red</text>
<text x="200" y="120" font-size="16" text-anchor="middle">Round 3</text>
<g transform="translate(10,0)"><text x="20" y="160" font-size="14" fill="#a00">Pool 4</text></g>
<text x="40 90 140" y="190 190 190" font-size="14">XYZ</text>
<text x="300" y="190" font-size="14">A<tspan font-weight="bold">B</tspan></text>
</svg>"""


@pytest.fixture
def drawers() -> Iterator[None]:
    """Make sure the line drawer (and the plain element drawer that anchors labels itself) is
    installed, and put it back after a test swaps it out."""
    if shutil.which("pdftotext") is None:
        pytest.skip("poppler's pdftotext is not installed")
    assert svgnodes.install()
    yield
    _use(svgtext.line_text)


def _use(drawer: object) -> None:
    """Make `drawer` WeasyPrint's drawer of text elements."""
    svg_module.text = drawer
    for tag in ("text", "tspan", "textPath", "a"):
        svg_module.TAGS[tag] = drawer


def _words(tmp_path: Path) -> dict[str, tuple[float, float]]:
    """Return each word of the board PDF with the top left corner of its box, in points."""
    uri = "data:image/svg+xml;base64," + base64.b64encode(BOARD.encode()).decode()
    path = tmp_path / "board.pdf"
    HTML(string=f'<img src="{uri}" style="width: 400pt">').write_pdf(path)
    out = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True,
                         text=True, check=True).stdout
    found = re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]+)</word>', out)
    return {word: (float(x), float(y)) for x, y, word in found}


def test_lines_are_where_the_stock_drawer_puts_them(tmp_path: Path, drawers: None) -> None:
    ours = _words(tmp_path)
    _use(svgtext._stock)
    theirs = _words(tmp_path)
    assert {"North", "America", "held", "Red", "Round", "3", "Pool", "4"} <= set(ours)
    for word in ("North", "held", "Round", "Pool"):
        assert ours[word] == pytest.approx(theirs[word], abs=1.0), word
    assert set(ours) == set(theirs)  # per-glyph text and tspans still come out


def test_only_plain_lines_and_placed_glyphs_are_drawn_by_runs() -> None:
    class Node:
        tag = "text"

        def __init__(self, text: str, children: int = 0, **attrib: str) -> None:
            self.text, self.attrib, self._children = text, attrib, [object()] * children

        def __iter__(self) -> Iterator[object]:
            return iter(self._children)

        def get(self, key: str, default: str | None = None) -> str | None:
            return self.attrib.get(key, default)

    assert svgtext.glyph_places(Node("Europe", x="10", y="20")) == [("10", "20")]
    assert svgtext.glyph_places(Node("AB", x="1 2", y="3 4")) == [("1", "3"), ("2", "4")]
    assert svgtext.glyph_places(Node("AB", x="1 2", y="3")) is None
    assert svgtext.glyph_places(Node("A", children=1, x="1", y="2")) is None
    assert svgtext.glyph_places(Node("A", x="1", y="2", rotate="30")) is None
    assert svgtext.glyph_places(Node("", x="1", y="2")) is None
