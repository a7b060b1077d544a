"""The board picture: an SVG of the triangle strip drawn from a view, never from the state.

The strip is drawn in one piece, west to east, wide enough to fill a desktop page and an A4
page across. Every place the texts name carries that name on the board: tower spaces their
numbers in discs (a wall line is named by its two ends, 3-7), landscape spaces "space 20",
completed cities "city 2", regions "west region". Free wall lines are dashed, walls solid.
The scoring track, the players and the supply follow below (`render_parts`).
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from engine.core.markup import escape

from .board import Board, board
from .render_parts import LEGEND_LINES, legend, supply, track

SIDE = 96.0
HALF = SIDE / 2
ROW = SIDE * math.sqrt(3) / 2
MARGIN = 22.0
WATER = 30.0
WIDTH = MARGIN * 2 + 15 * HALF
TOP = 34.0
"""Where the north water begins, under the title line."""
STRIP = TOP + WATER
"""Where the north coast (tower-space line 0) is drawn."""
REGION_FILL = {"west": "#e4efd2", "middle": "#f4e8cc", "east": "#e3e0f1"}
HOUSE_FILL = {"yellow": "#f2c500", "green": "#2e9e44", "blue": "#2f6fd6", "pink": "#f08cb6",
              "red": "#d7322c"}
TOWER_FILL = {"white": "#ffffff", "grey": "#8c8c8c", "black": "#1f1f1f"}
CITY_FILL = "#d8c7a0"
WALL, NEW_WALL, FREE_LINE = "#6b3f1d", "#d35400", "#7d7466"


def _text(x: float, y: float, words: str, size: float = 12, anchor: str = "middle",
          weight: str = "normal", fill: str = "#222", extra: str = "") -> str:
    """Return an SVG text element."""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}"{extra}>{escape(words)}</text>')


def _at(brd: Board, number: int) -> tuple[float, float]:
    """Return the drawing position of a tower space."""
    x, y = brd.points[number]
    return MARGIN + x * HALF, STRIP + y * ROW


def _centre(brd: Board, space: int) -> tuple[float, float]:
    """Return the drawing position of a landscape space's centre."""
    xs, ys = zip(*(_at(brd, p) for p in brd.spaces[space].corners), strict=True)
    return sum(xs) / 3, sum(ys) / 3


def _from_flat_side(brd: Board, space: int, share: float) -> tuple[float, float]:
    """Return the point on a space's middle line `share` of a row away from its flat side."""
    x, _ = _centre(brd, space)
    row = brd.spaces[space].row
    if brd.spaces[space].down:
        return x, STRIP + (row + share) * ROW
    return x, STRIP + (row + 1 - share) * ROW


def _water() -> list[str]:
    """Return the two coast bands, the north one named."""
    south = STRIP + 4 * ROW
    return [f'<rect x="0" y="{TOP}" width="{WIDTH:.1f}" height="{WATER}" fill="#a9cfe8"/>',
            (f'<rect x="0" y="{south:.1f}" width="{WIDTH:.1f}" height="{WATER}" '
             'fill="#a9cfe8"/>'),
            _text(WIDTH / 2, TOP + 14, "water: the north coast (shore)", 12, fill="#1b4f72")]


def _spaces(brd: Board, cities: Mapping[int, int]) -> list[str]:
    """Return the landscape spaces, filled by region or, in a city, by stone, each named."""
    parts = []
    for space in brd.spaces:
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in (_at(brd, p) for p in space.corners))
        fill = CITY_FILL if space.index in cities else REGION_FILL.get(space.region, "#eee")
        parts.append(f'<polygon points="{pts}" fill="{fill}"><title>space {space.index} '
                     f'({space.region} region)</title></polygon>')
    for space in brd.spaces:
        x, y = _from_flat_side(brd, space.index, 0.27)
        parts.append(_text(x, y + 4, f"space {space.index}", 12, fill="#5a5346",
                           extra=' font-style="italic" class="space-name"'))
    return parts


def _lines(brd: Board, view: Mapping[str, Any]) -> list[str]:
    """Return every wall line: walls solid (this turn's orange), free lines dashed, the lines
    inside completed cities faint."""
    built = set(view["board"]["walls"])
    free = set(view.get("free_lines") or [])
    newest = (view.get("this_turn") or {}).get("wall")
    parts = []
    for line in brd.lines:
        (x1, y1), (x2, y2) = _at(brd, line.a), _at(brd, line.b)
        if line.name in built:
            colour = NEW_WALL if line.name == newest else WALL
            style = f'class="wall" stroke="{colour}" stroke-width="7" stroke-linecap="round"'
            what = "wall"
        elif line.name in free:
            style = (f'class="free-line" stroke="{FREE_LINE}" stroke-width="2" '
                     'stroke-dasharray="7 5"')
            what = "free wall line"
        else:
            style = 'class="closed-line" stroke="#c9bb9c" stroke-width="1"'
            what = "wall line inside a city"
        parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                     f'{style} data-line="{line.name}"><title>{what} {line.name}</title></line>')
    return parts


def _pieces(brd: Board, view: Mapping[str, Any]) -> list[str]:
    """Return the houses (small squares) and palaces (large squares) in each space."""
    parts = []
    houses, palaces = view["board"]["houses"], view["board"]["palaces"]
    named = {min(c["spaces"]) for c in view["board"]["cities"]}
    for space in brd.spaces:
        items = [(c, 14.0) for c in palaces.get(str(space.index), [])]
        items += [(c, 10.0) for c in houses.get(str(space.index), [])]
        if items:
            # A city's name takes the middle of its first space: the pieces move to the point.
            share, per_row = (0.73, 2) if space.index in named else (0.5, 3)
            x, y = _from_flat_side(brd, space.index, share)
            parts += _cluster(items, x, y, per_row)
    return parts


def _cluster(items: list[tuple[str, float]], x: float, y: float, per_row: int) -> list[str]:
    """Return squares for pieces laid out in rows of `per_row` around (x, y)."""
    parts = []
    rows = [items[i:i + per_row] for i in range(0, len(items), per_row)]
    top = y - (len(rows) - 1) * 8
    for r, row in enumerate(rows):
        left = x - (len(row) - 1) * 8
        for k, (colour, size) in enumerate(row):
            cx, cy = left + 16 * k, top + 16 * r
            big = size > 10
            parts.append(f'<rect x="{cx - size / 2:.1f}" y="{cy - size / 2:.1f}" '
                         f'width="{size:g}" height="{size:g}" fill="{HOUSE_FILL.get(colour)}" '
                         f'stroke="{"#000" if big else "#333"}" stroke-width="{2 if big else 1}">'
                         f'<title>{colour} {"palace" if big else "house"}</title></rect>')
    return parts


def _city_names(brd: Board, view: Mapping[str, Any]) -> list[str]:
    """Return each completed city's name, on a label in its first space."""
    parts = []
    for city in view["board"]["cities"]:
        x, y = _from_flat_side(brd, min(city["spaces"]), 0.5)
        parts.append(f'<rect x="{x - 25:.1f}" y="{y - 10:.1f}" width="50" height="19" rx="6" '
                     f'fill="#fff8e6" stroke="{WALL}" stroke-width="1.5"/>')
        parts.append(_text(x, y + 4.5, f"city {city['number']}", 12, weight="bold",
                           extra=' class="city-name"'))
    return parts


def _tower_spaces(brd: Board, view: Mapping[str, Any]) -> list[str]:
    """Return every tower space as a numbered disc, filled with its tower's colour."""
    towers = view["board"]["towers"]
    parts = []
    for number in brd.tower_spaces:
        colour = towers.get(str(number))
        fill = TOWER_FILL.get(colour or "", "#ffffff")
        ink = "#ffffff" if colour in ("black", "grey") else "#222"
        ring = ('r="13" stroke="#222" stroke-width="3"' if colour
                else 'r="12" stroke="#8a8a8a" stroke-width="1"')
        what = f"{colour} tower on {number}" if colour else f"tower space {number}"
        x, y = _at(brd, number)
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" {ring} fill="{fill}">'
                     f'<title>{what}</title></circle>')
        parts.append(_text(x, y + 4.3, str(number), 12, weight="bold", fill=ink,
                           extra=' class="tower-space"'))
    return parts


def _regions(brd: Board) -> list[str]:
    """Return the region names, written in the south coast band under their columns."""
    parts = []
    for region in brd.regions:
        cols = sorted({s.col for s in brd.spaces if s.region == region})
        x = MARGIN + ((cols[0] + cols[-1]) / 2 + 1) * HALF
        parts.append(_text(x, STRIP + 4 * ROW + 19, f"{region} region", 12, fill="#1b4f72"))
    return parts


def _header(view: Mapping[str, Any]) -> list[str]:
    """Return the title line: whose turn, what is decided."""
    waiting = ", ".join(view.get("waiting_for") or []) or "nobody"
    line = f"{view.get('label') or 'Turn ' + str(view.get('turn'))}: {waiting} to decide"
    result = view.get("result")
    if result:
        line = "Game over: " + " and ".join(result["winners"]) + " won"
    return [_text(MARGIN - 10, 22, line, 14, anchor="start", weight="bold")]


def render_board_svg(view: Mapping[str, Any]) -> str:
    """Return the board of a view as an SVG document."""
    brd = board()
    cities = {s: c["number"] for c in view["board"]["cities"] for s in c["spaces"]}
    legend_top = STRIP + 4 * ROW + WATER + 22
    track_top = legend_top + 16 * (len(LEGEND_LINES) - 1) + 6
    supply_top = track_top + 62 + 16 * len(view["players"]) + 4
    height = supply_top + 4 * 16 + 8
    body = [*_header(view), *_water(), *_spaces(brd, cities), *_lines(brd, view),
            *_pieces(brd, view), *_city_names(brd, view), *_tower_spaces(brd, view),
            *_regions(brd), *legend(MARGIN - 10, legend_top),
            *track(view, track_top, MARGIN, WIDTH - MARGIN),
            *supply(view, MARGIN - 10, supply_top)]
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {height:.0f}" '
            f'width="{WIDTH:.0f}" height="{height:.0f}" font-family="DejaVu Sans, sans-serif">'
            f'<rect width="100%" height="100%" fill="#fbfaf6"/>{"".join(body)}</svg>')
