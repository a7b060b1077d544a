"""Board labels drawn by WeasyPrint as whole lines, not glyph by glyph.

WeasyPrint's SVG `<text>` drawer lays out and draws every character on its own, because SVG
allows each glyph its own position and rotation. A board label rarely uses that: most are a
plain line placed by one x and one y. For those this drawer lays the line out once and draws it
as one run (the same glyphs, now with the font's kerning), which costs a fraction of the
per-glyph work; every other `<text>` (per-glyph positions, rotations, tspans, textLength,
baseline shifts) is handed to WeasyPrint's own drawer unchanged. A picture's runs of one text
style are set one after the other in one Pango layout, each measured and drawn from it
(WeasyPrint builds two new layouts per run), and a label filled with a plain colour sets only
that colour, not the whole stroke state that labels never use. `text_width` measures a line
without drawing it, for pages whose text is laid out before it is drawn (service.pdf.layout).

`install()` puts the drawer in place of WeasyPrint's for `<text>` only, and a quicker reader of
plain-number lengths (`length`) in place of the one SVG pictures use, once per process, and only
on the WeasyPrint versions whose drawer it was written against (else it does nothing).
"""
from __future__ import annotations

import threading
from typing import Any

import weasyprint
import weasyprint.svg as svg_module
from weasyprint.css.properties import INITIAL_VALUES
from weasyprint.draw.text import draw_emojis, draw_first_line
from weasyprint.matrix import Matrix
from weasyprint.svg.bounding_box import extend_bounding_box
from weasyprint.svg.text import Style, TextBox
from weasyprint.svg.utils import alpha_value, color, size
from weasyprint.text.ffi import FROM_UNITS, pango
from weasyprint.text.line_break import Layout, line_size

KNOWN_VERSIONS = ("70.",)
"""WeasyPrint versions whose SVG text internals this drawer follows."""
_FANCY = ("dx", "dy", "rotate", "textLength", "lengthAdjust", "letter-spacing",
          "dominant-baseline", "alignment-baseline", "display-anchor", "direction")
_lock = threading.Lock()
_stock: Any = None
_colors: dict[str, Any] = {}
_COLORS_KEPT = 256
_advances: dict[tuple[str, int, str], float] = {}
"""Advance of a character in a font (family, weight), per unit of font size."""
_MEASURED_SIZE = 100.0


def install() -> bool:
    """Draw plain SVG text lines as single runs, and read plain lengths at once, from now on;
    return whether it is in place."""
    global _stock
    with _lock:
        if _stock is not None:
            return True
        if not weasyprint.__version__.startswith(KNOWN_VERSIONS):
            return False
        _stock = svg_module.text
        # The tree walker recognises text nodes by this very function, so both names change.
        svg_module.text = line_text
        # The shapes' coordinates are read by the picture's `point` and `length`, which use
        # the module's `size`.
        svg_module.size = length
        for tag in ("text", "tspan", "textPath", "a"):
            svg_module.TAGS[tag] = line_text
        return True


def glyph_places(node: Any) -> list[tuple[str | None, str | None]] | None:
    """Return where each glyph of a `<text>` goes, (x, y) as written (None: after the last),
    or None when the node needs WeasyPrint's own drawer.

    Either one x and one y for the whole line, or one of each per glyph (each glyph then set
    on its own); anything else - tspans, shifts, rotations, anchors of glyph runs - is not ours.
    """
    if node.tag != "text" or not node.text or next(iter(node), None) is not None:
        return None
    attrib = node.attrib
    if any(name in attrib for name in _FANCY):
        return None
    xs = (attrib.get("x") or "").replace(",", " ").split()
    ys = (attrib.get("y") or "").replace(",", " ").split()
    if len(xs) <= 1 and len(ys) <= 1:
        return [(xs[0] if xs else None, ys[0] if ys else None)]
    if len(xs) == len(ys) == len(node.text) and node.get("text-anchor", "start") == "start":
        return list(zip(xs, ys))
    return None


def line_text(svg: Any, node: Any, font_size: float, anchor_shift: float = 0.0,
              places: list[tuple[str | None, str | None]] | None = None) -> None:
    """Draw a plain text line as one run (or each placed glyph as its own run); hand anything
    else to WeasyPrint's drawer. A single run is moved left by `anchor_shift` times its width
    (0.5 for `text-anchor="middle"`, 1 for "end"), for callers that anchor it themselves and
    may pass the node's `glyph_places` they already know."""
    places = places or glyph_places(node)
    if places is None:
        _stock(svg, node, font_size)
        return
    style = _style(svg, node, font_size)
    layout = _layout(svg, style)
    runs = [node.text] if len(places) == 1 else list(node.text)
    stream = svg.stream
    stream.push_state()
    fill, stroke = _paint(svg, node, font_size)
    stream.begin_text()
    emoji_runs = []
    for run, (x_text, y_text) in zip(runs, places):
        width, height, baseline = _lay_out(layout, run, style)
        x, y = _place(svg, x_text, y_text, font_size, width)
        x -= width * anchor_shift
        node.text_bounding_box = extend_bounding_box(
            node.text_bounding_box, ((x, y - baseline), (x + width, y - baseline + height)))
        svg.fill_stroke(fill, stroke, text=True)
        text_box = TextBox(layout, style)
        text_box.baseline = baseline
        emoji_runs.append((x, y, draw_first_line(stream, text_box, "none", "none",
                                                 Matrix(a=1, d=-1, e=x, f=y))))
    stream.end_text()
    stream.pop_state()
    for x, y, emojis in emoji_runs:
        draw_emojis(stream, style, x, y, emojis)


def _layout(svg: Any, style: Any) -> Any:
    """Return the Pango layout of a picture's labels in `style`, made once per picture: each
    run is set in it, measured and drawn before the next (a new layout costs three times as
    much as setting a run in one)."""
    layouts: dict[int, Any] = svg.__dict__.setdefault("line_layouts", {})
    found = layouts.get(id(style))
    if found is None:
        found = layouts[id(style)] = Layout(style, 0, None)
        pango.pango_layout_set_single_paragraph_mode(found.layout, True)
    return found


def _lay_out(layout: Any, run: str, style: Any) -> tuple[float, float, float]:
    """Set a run in `layout` on one line; return its (width, height, baseline).

    What WeasyPrint's `split_first_line` does for a line of unbounded width, in a layout that
    is kept for drawing instead of built a second time.
    """
    layout.set_text(run)
    first_line, _ = layout.get_first_line()
    width, height = line_size(first_line, style)
    return width, height, pango.pango_layout_get_baseline(layout.layout) * FROM_UNITS


def _place(svg: Any, x_text: str | None, y_text: str | None, font_size: float,
           width: float) -> tuple[float, float]:
    """Return where a run starts, moving the text cursor past it as WeasyPrint does."""
    x = length(x_text, font_size, svg.inner_width) if x_text is not None else None
    y = length(y_text, font_size, svg.inner_height) if y_text is not None else None
    if x:
        svg.cursor_d_position[0] = 0
    if y:
        svg.cursor_d_position[1] = 0
    x = svg.cursor_position[0] if x is None else x
    y = svg.cursor_position[1] if y is None else y
    svg.cursor_position = x + width, y
    return x + svg.cursor_d_position[0], y + svg.cursor_d_position[1]


def _paint(svg: Any, node: Any, font_size: float) -> tuple[Any, Any]:
    """Set the node's paint on the stream and return its (fill, stroke).

    A label filled with a plain opaque colour and not stroked - nearly every board label -
    only needs its fill colour; anything else gets WeasyPrint's whole graphical state.
    """
    fill = node.get("fill", "black").strip()
    stroked = node.get("stroke", "").strip() not in ("", "none")
    if (stroked or fill.startswith(("url(", "context-"))
            or alpha_value(node.get("fill-opacity", 1)) != 1):
        fill, stroke = svg.set_graphical_state(node, font_size)
        return fill, stroke
    if not fill or fill == "none":
        return None, None
    svg.stream.set_color(paint_color(fill))
    return fill, None


def length(text: Any, font_size: float | None = None,
           percentage_reference: float | None = None) -> float:
    """Return an SVG length in user units as WeasyPrint's `size` does, a plain number at once
    (`size` imports its unit table and enters a context manager on every call, and a picture
    asks for hundreds of lengths)."""
    try:
        return float(text)
    except (TypeError, ValueError):
        return float(size(text, font_size, percentage_reference))


def paint_color(text: str) -> Any:
    """Return a parsed colour, parsed once per process (the drawer never changes it)."""
    found = _colors.get(text)
    if found is None:
        found = color(text)
        if len(_colors) < _COLORS_KEPT:
            _colors[text] = found
    return found


def _style(svg: Any, node: Any, font_size: float) -> Any:
    """Return the text style WeasyPrint's own drawer builds for a node, built once per
    picture for the labels that share it (nothing changes a style once built)."""
    key = (node.get("font-family", "sans-serif"), node.get("font-style", "normal"),
           node.get("font-weight", 400), font_size)
    styles: dict[tuple[Any, ...], Any] = svg.__dict__.setdefault("line_styles", {})
    if key not in styles:
        styles[key] = _new_style(svg, node, font_size)
    return styles[key]


def _new_style(svg: Any, node: Any, font_size: float) -> Any:
    """Return the text style WeasyPrint's own drawer builds for a node."""
    return text_style(svg.font_config, node.get("font-family", "sans-serif"),
                      node.get("font-weight", 400), font_size, node.get("font-style", "normal"))


def text_style(font_config: Any, family: str, weight: Any, font_size: float,
               font_style: str = "normal") -> Any:
    """Return the text style of a font (a family list as in SVG, a weight as in SVG)."""
    style = Style()
    style.update(INITIAL_VALUES)
    style.font_config = font_config
    style["font_family"] = [font.strip("\"'") for font in family.split(",")]
    style["font_style"] = font_style
    if weight == "normal":
        weight = 400
    elif weight == "bold":
        weight = 700
    else:
        try:
            weight = int(weight)
        except ValueError:
            weight = 400
    style["font_weight"] = weight
    style["font_size"] = font_size
    return style


def text_width(text: str, font_config: Any, family: str, font_size: float,
               weight: int = 400) -> float:
    """Return the width of `text` set on one line: the sum of its characters' advances, each
    measured once per process. Kerning, which Pango adds when it draws the line, is left out:
    it moves the end of a line by a fraction of a point, nearly always inwards."""
    total = 0.0
    for char in text:
        key = (family, weight, char)
        advance = _advances.get(key)
        if advance is None:
            style = text_style(font_config, family, weight, _MEASURED_SIZE)
            layout = Layout(style, 0, None)
            advance = _advances[key] = _lay_out(layout, char, style)[0] / _MEASURED_SIZE
        total += advance
    return total * font_size
