"""Plain board shapes and labels drawn without WeasyPrint's generic per-element work look the
same as when WeasyPrint's own element drawer draws them."""
from __future__ import annotations

import base64
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import weasyprint.svg as svg_module
from PIL import Image, ImageChops
from weasyprint import HTML

from service.pdf import svgnodes

BOARD = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 240"
 font-family="DejaVu Sans"><rect width="400" height="240" fill="#f4efe1"/>
<g data-part="regions"><rect x="10" y="10" width="120" height="70" rx="12" fill="#fff4c2"
 stroke="#1d2430" stroke-width="3"/>
<circle cx="200" cy="45" r="30" fill="#0072B2" stroke="#1d2430" stroke-width="1.5"/>
<polygon points="260,80 300,10 340,80" fill="#e1ead6" stroke="#777" stroke-width="1"/>
<line x1="10" y1="100" x2="390" y2="100" stroke="#a00" stroke-width="6"
 stroke-linecap="round"/>
<rect x="350" y="10" width="40" height="40" fill="none" stroke="#333" stroke-width="2"/>
<line x1="10" y1="112" x2="390" y2="112" stroke="#06c" stroke-width="3"
 stroke-dasharray="14 6"/>
<line x1="10" y1="120" x2="390" y2="120" stroke="#06c" stroke-width="2"
 stroke-dasharray="4,8,12"/>
<polyline points="140,60 180,90 240,60" fill="none" stroke="#333" stroke-width="2"
 stroke-dasharray="none"/></g>
<text x="20" y="140" font-size="20" font-weight="bold">North America</text>
<text x="380" y="140" font-size="16" text-anchor="end" fill="#5a6472">held by Red</text>
<text x="200" y="170" font-size="16" text-anchor="middle">Round 3</text>
<g transform="translate(10,0)"><text x="20" y="200" font-size="14" fill="#a00">Pool 4</text>
<rect x="100" y="185" width="30" height="20" fill="#0a0" opacity="0.5"/></g>
<text x="200" y="230" font-size="14" text-anchor="middle" stroke="#00a">Stroked</text>
<text x="300 320 340" y="200 200 200" font-size="14">XYZ</text>
</svg>"""


@pytest.fixture
def nodes() -> Iterator[None]:
    """Make sure the plain element drawer is installed, and put it back after the test."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("poppler's pdftoppm is not installed")
    assert svgnodes.install()
    ours = svg_module.SVG.draw_node
    yield
    svg_module.SVG.draw_node = ours


def _picture(tmp_path: Path, name: str) -> Image.Image:
    """Return the board drawn on a page, as pixels."""
    uri = "data:image/svg+xml;base64," + base64.b64encode(BOARD.encode()).decode()
    path = tmp_path / f"{name}.pdf"
    HTML(string=f'<img src="{uri}" style="width: 400pt">').write_pdf(path)
    subprocess.run(["pdftoppm", "-png", "-r", "100", "-singlefile", str(path),
                    str(tmp_path / name)], check=True)
    return Image.open(tmp_path / f"{name}.png").convert("RGB")


def test_plain_elements_look_as_weasyprint_draws_them(tmp_path: Path, nodes: None) -> None:
    ours = _picture(tmp_path, "ours")
    svg_module.SVG.draw_node = svgnodes._stock
    theirs = _picture(tmp_path, "theirs")
    difference = ImageChops.difference(ours, theirs)
    bands: Any = difference.getextrema()  # (low, high) per colour band
    worst = max(high for _, high in bands)
    assert worst <= 16, difference.getbbox()  # at most an antialiased edge a shade apart


class Node:
    """The little of WeasyPrint's SVG node that the drawer reads."""

    tag = "rect"

    def __init__(self, **attrib: str) -> None:
        self.attrib: dict[str, Any] = {key.replace("_", "-"): value
                                       for key, value in attrib.items()}

    def get(self, key: str, default: str | None = None) -> str | None:
        return self.attrib.get(key, default)


def test_only_plain_elements_are_drawn_by_it() -> None:
    assert svgnodes.plain(Node(x="1", y="2", width="3", height="4", fill="#fff",
                               data_part="board"))
    for fancy in ("transform", "opacity", "fill_opacity", "stroke_dashoffset", "marker_end",
                  "clip_path", "filter", "mask", "style", "display", "visibility"):
        assert not svgnodes.plain(Node(x="1", **{fancy: "x"})), fancy
    assert svgnodes._plain_paint(Node(fill="#fff", stroke="none"))
    assert not svgnodes._plain_paint(Node(fill="url(#gradient)"))
    assert not svgnodes._plain_paint(Node(stroke="context-stroke"))
