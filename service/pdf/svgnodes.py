"""Plain board shapes and labels drawn by WeasyPrint without its generic per-element work.

For every SVG element WeasyPrint looks up filters, transforms, opacity, clip paths, masks and
markers, sets the whole stroke state, and draws an anchored label (`text-anchor` middle or end)
into a group of its own that it then shifts by the label's width. The board pictures are made of
plain elements - rectangles, circles, lines (solid or dashed), polygons, labels - that use
none of that. This drawer
takes an element whose attributes (after WeasyPrint's cascade) are all plain, sets its fill and
stroke and draws it with WeasyPrint's own shape code, and a plain label with the line drawer of
service.pdf.svgtext, shifted by its width; any other element goes to WeasyPrint's drawer unchanged.

`install()` puts it and the line drawer in place, once per process, on the WeasyPrint versions
the line drawer knows (else it does nothing), and gives a picture without a stylesheet - every
board and page picture - rule matchers that skip matching its elements against no rules.
"""
from __future__ import annotations

import threading
from contextlib import suppress
from typing import Any

import weasyprint.svg as svg_module
from weasyprint.svg.bounding_box import EMPTY_BOUNDING_BOX
from weasyprint.svg.utils import PointError, normalize

from service.pdf import svgtext

SHAPES = frozenset(("rect", "circle", "ellipse", "line", "polygon", "polyline"))
PLAIN = frozenset((
    "x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "x1", "y1", "x2", "y2", "points",
    "fill", "stroke", "stroke-width", "stroke-linecap", "font-family", "font-size",
    "font-weight", "font-style", "text-anchor", "xmlns", "role", "id", "class",
    "stroke-dasharray"))
"""Attributes that change nothing but what this drawer handles (`data-*` ones are plain too)."""
_LINE_CAPS = {"round": 1, "square": 2}
_ANCHOR_SHIFT = {"start": 0.0, "middle": 0.5, "end": 1.0}
_lock = threading.Lock()
_stock: Any = None
_stock_stylesheets: Any = None


class NoRules:
    """A rule matcher of a picture without a stylesheet: it matches nothing, at once."""

    order = 0

    @staticmethod
    def match(element: Any) -> list[Any]:
        """Return the rules that match an element: none."""
        return []


def install() -> bool:
    """Draw plain elements with this drawer, and labels with the line drawer, from now on;
    return whether they are in place."""
    global _stock, _stock_stylesheets
    with _lock:
        if not svgtext.install():
            return False
        if _stock is None:
            _stock = svg_module.SVG.draw_node
            svg_module.SVG.draw_node = draw_node
            _stock_stylesheets = svg_module.parse_stylesheets
            svg_module.parse_stylesheets = stylesheets
        return True


def stylesheets(*args: Any) -> tuple[Any, Any]:
    """Return a picture's (normal, important) rule matchers, as WeasyPrint's own function
    does, but matchers that match nothing at once for a picture without a stylesheet: an
    empty matcher still looks every element up in all its tables."""
    normal, important = _stock_stylesheets(*args)
    if normal.order == 0 and important.order == 0:
        return NoRules(), NoRules()
    return normal, important


def plain(node: Any) -> bool:
    """Return whether every attribute of an element is one this drawer handles."""
    return all(key in PLAIN or key.startswith("data-") for key in node.attrib)


def draw_node(svg: Any, node: Any, font_size: float, fill_stroke: bool = True,
              context: Any = None) -> None:
    """Draw a plain shape or label here, anything else with WeasyPrint's drawer."""
    if fill_stroke and context is None:
        tag = node.tag
        if tag in SHAPES and plain(node) and _plain_paint(node):
            _draw_shape(svg, node, tag, _font_size(node, font_size))
            return
        if tag == "text" and (places := _label_places(node)) is not None:
            _draw_label(svg, node, _font_size(node, font_size), places)
            return
    _stock(svg, node, font_size, fill_stroke, context)


def _font_size(node: Any, font_size: float) -> float:
    """Return an element's font size (em units of its lengths), as WeasyPrint computes it
    (without parsing the "1em" it assumes when there is none)."""
    given = node.get("font-size")
    return font_size if given is None else svgtext.length(given, font_size, font_size)


def _plain_paint(node: Any) -> bool:
    """Return whether an element is painted with plain colours (no gradient or pattern)."""
    return not any(node.get(key, "").strip().startswith(("url(", "context-"))
                   for key in ("fill", "stroke"))


def _draw_shape(svg: Any, node: Any, tag: str, font_size: float) -> None:
    """Draw a plain shape: its outline by WeasyPrint's shape code, filled and stroked."""
    stream = svg.stream
    stream.push_state()
    fill, stroke = _set_paint(svg, node, font_size)
    with suppress(PointError):
        svg_module.TAGS[tag](svg, node, font_size)
    svg.fill_stroke(fill, stroke)
    stream.pop_state()


def _set_paint(svg: Any, node: Any, font_size: float) -> tuple[str | None, str | None]:
    """Set a plain shape's fill, stroke and line style as WeasyPrint would; return them."""
    paint_color = svgtext.paint_color
    stream = svg.stream
    fill: str | None = node.get("fill", "black").strip()
    if not fill or fill == "none":
        fill = None
    else:
        stream.set_color(paint_color(fill))
    stroke: str | None = None
    given = node.get("stroke-width")
    if line_width := 1.0 if given is None else svg.length(given, font_size):
        stroke = node.get("stroke", "").strip()
        if not stroke or stroke == "none":
            stroke = None
        else:
            stream.set_color(paint_color(stroke), stroke=True)
            stream.set_line_width(line_width)
    stream.set_dash(_dashes(svg, node, font_size), 0)
    stream.set_line_cap(_LINE_CAPS.get(node.get("stroke-linecap", "butt"), 0))
    stream.set_line_join(0)
    stream.set_miter_limit(4.0)
    return fill, stroke


def _dashes(svg: Any, node: Any, font_size: float) -> tuple[float, ...]:
    """Return an element's dash lengths as WeasyPrint sets them (none for a solid line, or a
    pattern of zeros or with a negative length); a plain element has no dash offset."""
    given = node.get("stroke-dasharray")
    if given is None:
        return ()
    dashes = tuple(svg.length(value, font_size) for value in normalize(given).split()
                   if value != "none")
    if all(value == 0 for value in dashes) or any(value < 0 for value in dashes):
        return ()
    return dashes


def _label_places(node: Any) -> list[tuple[str | None, str | None]] | None:
    """Return where the glyphs of a plain label go (see `svgtext.glyph_places`), or None when
    the `<text>` is not one for the line drawer (which must be in use)."""
    anchor = node.get("text-anchor", "start")
    if (svg_module.TAGS.get("text") is not svgtext.line_text or anchor not in _ANCHOR_SHIFT
            or not plain(node)):
        return None
    places = svgtext.glyph_places(node)
    return places if places is not None and (len(places) == 1 or anchor == "start") else None


def _draw_label(svg: Any, node: Any, font_size: float,
                places: list[tuple[str | None, str | None]]) -> None:
    """Draw a plain label, moved left by the share of its width its anchor asks for."""
    node.text_bounding_box = EMPTY_BOUNDING_BOX
    svgtext.line_text(svg, node, font_size, _ANCHOR_SHIFT[node.get("text-anchor", "start")],
                      places)
    svg.cursor_position = [0, 0]
    svg.cursor_d_position = [0, 0]
    svg.text_path_width = 0
