"""Is a board picture readable at a given size? Its smallest text, scaled to the space it gets.

A board SVG is drawn in its own units (its viewBox); shown W points wide, a text of size s
comes out at s * W / width. The PDF uses the picture only when its smallest text stays at 8 pt
or more on the page (else the text picture, set at a readable size); the web gives the picture
a minimum width at which its smallest text stays readable, scrolling sideways on a phone.
"""
from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass

MIN_PDF_PT = 8.0
MIN_SCREEN_PX = 10.0
A4_PORTRAIT_PT = (515.9, 700.0)
"""Width and height the board may take on a portrait A4 page (margins and heading removed)."""
A4_LANDSCAPE_PT = (762.5, 450.0)

_VIEWBOX = re.compile(r"""viewBox\s*=\s*["']\s*([-\d.]+)[\s,]+([-\d.]+)[\s,]+([\d.]+)"""
                      r"""[\s,]+([\d.]+)""")
_FONT = re.compile(r"""font-size\s*[=:]\s*["']?\s*([\d.]+)""")


@dataclass(frozen=True)
class BoardSize:
    """A picture's width and height in its own units and its smallest text size."""

    width: float
    height: float
    smallest_text: float

    @property
    def wide(self) -> bool:
        """Return whether the picture is wider than tall."""
        return self.width > self.height


def measure(svg: str) -> BoardSize | None:
    """Return the size and smallest text of an SVG, or None when it names no viewBox."""
    box = _VIEWBOX.search(svg)
    if box is None:
        return None
    sizes = [float(size) for size in _FONT.findall(svg)]
    return BoardSize(float(box.group(3)), float(box.group(4)), min(sizes, default=12.0))


def smallest_pt(size: BoardSize, space: tuple[float, float]) -> float:
    """Return the smallest text in points when the picture is fitted into `space` (w, h)."""
    scale = min(space[0] / size.width, space[1] / size.height)
    return size.smallest_text * scale


def pdf_layout(svg: str) -> str:
    """Return how a board goes on the PDF: 'portrait', 'landscape', or 'text' (too small)."""
    size = measure(svg)
    if size is None:
        return "text"
    for name, space in (("landscape", A4_LANDSCAPE_PT) if size.wide else ("portrait",
                                                                           A4_PORTRAIT_PT),
                        ("portrait", A4_PORTRAIT_PT)):
        if smallest_pt(size, space) >= MIN_PDF_PT:
            return name
    return "text"


def screen_min_width(svg: str) -> int:
    """Return the width in CSS pixels below which the picture's smallest text gets unreadable.

    Rounded up to a step of 50 so the page can use one of a few stylesheet classes.
    """
    size = measure(svg)
    if size is None:
        return 0
    needed = size.width * MIN_SCREEN_PX / size.smallest_text
    return int(math.ceil(needed / 50.0) * 50)


_TEXT_AT = re.compile(r"""<text\b[^>]*?\by=["']([-\d.]+)[^>]*?font-size=["']([\d.]+)"""
                      r"""|<text\b[^>]*?font-size=["']([\d.]+)[^>]*?\by=["']([-\d.]+)""")


_TEXT_ELEMENT = re.compile(r"<text\b[^>]*>.*?</text>", re.DOTALL)


def pdf_pieces(svg: str) -> tuple[list[str], str]:
    """Return the board cut into pieces that each fit an A4 page at 8 pt, and the layout.

    A board too tall for one page is cut across, between lines of text, into pieces as tall
    as a page allows at 8 pt; ([], 'text') when even that is not possible.
    """
    layout = pdf_layout(svg)
    size = measure(svg)
    if layout != "text" or size is None:
        return ([svg], layout) if layout != "text" else ([], layout)
    scale = A4_PORTRAIT_PT[0] / size.width
    if size.smallest_text * scale < MIN_PDF_PT:
        return [], "text"
    tallest = A4_PORTRAIT_PT[1] / scale
    cuts = _cuts(svg, size.height, tallest)
    if cuts is None:
        return [], "text"
    bounds = [0.0, *cuts, size.height]
    pieces = [_cropped(svg, size, top, bottom) for top, bottom in itertools.pairwise(bounds)]
    return pieces, "portrait"


def _text_bands(svg: str) -> list[tuple[float, float]]:
    """Return the vertical extent (top, bottom) of every line of text of an SVG."""
    bands = []
    for match in _TEXT_AT.finditer(svg):
        y = float(match.group(1) or match.group(4))
        font = float(match.group(2) or match.group(3))
        bands.append((y - font, y + font * 0.35))
    return bands


def _cuts(svg: str, height: float, tallest: float) -> list[float] | None:
    """Return where to cut the board (no line of text crosses a cut), or None."""
    bands = _text_bands(svg)
    cuts: list[float] = []
    top = 0.0
    while height - top > tallest:
        cut = top + tallest
        while cut > top + tallest / 2 and any(a <= cut <= b for a, b in bands):
            cut -= 2
        if cut <= top + tallest / 2:
            return None
        cuts.append(cut)
        top = cut
    return cuts


def _cropped(svg: str, size: BoardSize, top: float, bottom: float) -> str:
    """Return the SVG showing only the band from `top` to `bottom` of the board."""
    def box(match: re.Match[str]) -> str:
        head = match.group(0)[:match.start(1) - match.start(0)]
        return f"{head}0 {top:.1f} {size.width:g} {bottom - top:.1f}"

    def outside(match: re.Match[str]) -> str:
        tag = match.group(0)
        y = re.search(r"""\by=["']([-\d.]+)["']""", tag)
        font = _FONT.search(tag)
        if y is None or font is None:
            return tag
        line = float(y.group(1))
        seen = line + float(font.group(1)) * 0.35 > top and line - float(font.group(1)) < bottom
        return tag if seen else ""

    # Lines of text outside the band are left out, so each line is in the PDF once.
    kept = _TEXT_ELEMENT.sub(outside, svg)
    return _VIEWBOX.sub(box, kept, count=1)
