"""The board picture: an SVG of the triangle strip drawn from a view, never from the state.

The strip is drawn in two halves, one above the other (west columns 0-6, east columns 7-13),
so the picture stays narrow enough for a phone and an A4 page. Every tower space carries its
number, so each wall line can be named by its two ends; completed cities carry their number.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from engine.core.markup import escape

from .board import Board, board

SIDE = 80.0
HALF = SIDE / 2
ROW = SIDE * math.sqrt(3) / 2
MARGIN = 22.0
WATER = 26.0
WIDTH = MARGIN * 2 + 8 * HALF
TOP = 30.0
HALF_HEIGHT = 4 * ROW + 2 * WATER
GAP = 10.0
CUT = 7
"""The first column of the east half."""
REGION_FILL = {"west": "#e4efd2", "middle": "#f4e8cc", "east": "#e3e0f1"}
HOUSE_FILL = {"yellow": "#f2c500", "green": "#2e9e44", "blue": "#2f6fd6", "pink": "#f08cb6",
              "red": "#d7322c"}
TOWER_FILL = {"white": "#ffffff", "grey": "#8c8c8c", "black": "#1f1f1f"}
CITY_FILL = "#d8c7a0"
WALL = "#6b3f1d"
SEAT_COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#b9770e")
LEGEND = ("Walls brown (this turn orange); towers: filled discs",
          "Houses: squares, palaces big; cities: stone colour")


def _point(x: int, y: int, half: int) -> tuple[float, float]:
    """Return the drawing position of board point (x, line) in the given half."""
    left = 0 if half == 0 else CUT
    return (MARGIN + (x - left) * HALF, TOP + half * (HALF_HEIGHT + GAP) + WATER + y * ROW)


def _halves_of_space(brd: Board, space: int) -> list[int]:
    """Return the halves a landscape space is drawn in."""
    return [0] if brd.spaces[space].col < CUT else [1]


def _halves_of_point(brd: Board, number: int) -> list[int]:
    """Return the halves a tower space appears in (the cut's points appear in both)."""
    cols = {brd.spaces[s].col for s in brd.spaces_at_point[number]}
    return sorted({0 if c < CUT else 1 for c in cols})


def _at(brd: Board, number: int, half: int) -> tuple[float, float]:
    """Return the drawing position of a tower space in one half."""
    x, y = brd.points[number]
    return _point(x, y, half)


def _text(x: float, y: float, words: str, size: float = 12, anchor: str = "middle",
          weight: str = "normal", fill: str = "#222") -> str:
    """Return an SVG text element."""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}">{escape(words)}</text>')


def _water(half: int) -> list[str]:
    """Return the two coast bands of one half."""
    top = TOP + half * (HALF_HEIGHT + GAP)
    return [f'<rect x="0" y="{y:.1f}" width="{WIDTH:.1f}" height="{WATER}" fill="#a9cfe8"/>'
            for y in (top, top + WATER + 4 * ROW)]


def _spaces(brd: Board, cities: dict[int, int]) -> list[str]:
    """Return the landscape spaces, filled by region or, in a city, by stone."""
    parts = []
    for space in brd.spaces:
        for half in _halves_of_space(brd, space.index):
            pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in
                           (_at(brd, p, half) for p in space.corners))
            fill = CITY_FILL if space.index in cities else REGION_FILL.get(space.region, "#eee")
            parts.append(f'<polygon points="{pts}" fill="{fill}" stroke="#b7b7b7" '
                         'stroke-width="1"/>')
    return parts


def _walls(brd: Board, view: Mapping[str, Any]) -> list[str]:
    """Return the walls standing, this turn's one marked."""
    built = set(view["board"]["walls"])
    newest = (view.get("this_turn") or {}).get("wall")
    parts = []
    for line in brd.lines:
        if line.name not in built:
            continue
        colour = "#d35400" if line.name == newest else WALL
        for half in sorted(set(_halves_of_point(brd, line.a)) & set(_halves_of_point(brd,
                                                                                     line.b))):
            (x1, y1), (x2, y2) = _at(brd, line.a, half), _at(brd, line.b, half)
            parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                         f'stroke="{colour}" stroke-width="7" stroke-linecap="round"/>')
    return parts


def _city_outlines(brd: Board, view: Mapping[str, Any]) -> list[str]:
    """Return each completed city's number, written in its first space."""
    parts = []
    for city in view["board"]["cities"]:
        space = min(city["spaces"])
        for half in _halves_of_space(brd, space):
            x, y = _centre(brd, space, half)
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="12" fill="#fff8e6" '
                         'stroke="#6b3f1d" stroke-width="1.5"/>')
            parts.append(_text(x, y + 4.5, str(city["number"]), 13, weight="bold"))
    return parts


def _centre(brd: Board, space: int, half: int) -> tuple[float, float]:
    """Return the drawing position of a space's centre."""
    xs, ys = zip(*(_at(brd, p, half) for p in brd.spaces[space].corners), strict=True)
    return sum(xs) / 3, sum(ys) / 3


def _pieces(brd: Board, view: Mapping[str, Any]) -> list[str]:
    """Return the houses (small squares) and palaces (large squares) in each space."""
    parts = []
    houses, palaces = view["board"]["houses"], view["board"]["palaces"]
    labelled = {min(c["spaces"]) for c in view["board"]["cities"]}
    for space in brd.spaces:
        items = [(c, 14.0) for c in palaces.get(str(space.index), [])]
        items += [(c, 9.0) for c in houses.get(str(space.index), [])]
        if not items:
            continue
        for half in _halves_of_space(brd, space.index):
            x, y = _centre(brd, space.index, half)
            if space.index in labelled:
                y += -15 if space.down else 15
            parts += _cluster(items, x, y)
    return parts


def _cluster(items: list[tuple[str, float]], x: float, y: float) -> list[str]:
    """Return squares for pieces laid out in rows of three around (x, y)."""
    parts = []
    rows = [items[i:i + 3] for i in range(0, len(items), 3)]
    top = y - len(rows) * 8 + 4
    for r, row in enumerate(rows):
        left = x - len(row) * 8 + 8
        for k, (colour, size) in enumerate(row):
            cx, cy = left + 16 * k, top + 16 * r
            stroke = "#000" if size > 10 else "#333"
            parts.append(f'<rect x="{cx - size / 2:.1f}" y="{cy - size / 2:.1f}" '
                         f'width="{size:g}" height="{size:g}" fill="{HOUSE_FILL.get(colour)}" '
                         f'stroke="{stroke}" stroke-width="{2 if size > 10 else 1}"/>')
    return parts


def _tower_spaces(brd: Board, view: Mapping[str, Any]) -> list[str]:
    """Return every tower space as a numbered disc, filled with its tower's colour."""
    towers = view["board"]["towers"]
    parts = []
    for number in brd.tower_spaces:
        colour = towers.get(str(number))
        fill = TOWER_FILL.get(colour or "", "#ffffff")
        ink = "#ffffff" if colour in ("black", "grey") else "#222"
        ring = ('r="12" stroke="#222" stroke-width="3"' if colour
                else 'r="10" stroke="#aaa" stroke-width="1"')
        for half in _halves_of_point(brd, number):
            x, y = _at(brd, number, half)
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" {ring} fill="{fill}"/>')
            parts.append(_text(x, y + 4.3, str(number), 12, weight="bold", fill=ink))
    return parts


def _regions(brd: Board) -> list[str]:
    """Return the region names, written in the south coast band under their columns."""
    parts = []
    for region in brd.regions:
        cols = sorted({s.col for s in brd.spaces if s.region == region})
        for half in (0, 1):
            shown = [c for c in cols if (c < CUT) == (half == 0)]
            if not shown:
                continue
            left = 0 if half == 0 else CUT
            x = MARGIN + ((shown[0] + shown[-1]) / 2 + 1 - left) * HALF
            y = TOP + half * (HALF_HEIGHT + GAP) + HALF_HEIGHT - 3
            parts.append(_text(x, y, f"{region} region", 12, fill="#1b4f72"))
    return parts


def _header(view: Mapping[str, Any]) -> list[str]:
    """Return the title line: whose turn, what is decided."""
    waiting = ", ".join(view.get("waiting_for") or []) or "nobody"
    line = f"{view.get('label') or 'Turn ' + str(view.get('turn'))}: {waiting} to decide"
    result = view.get("result")
    if result:
        line = "Game over: " + " and ".join(result["winners"]) + " won"
    return [_text(MARGIN - 10, 22, line, 14, anchor="start", weight="bold")]


def _track(view: Mapping[str, Any], top: float) -> list[str]:
    """Return the scoring track with one marker per player, and the players' lines."""
    players = view["players"]
    best = max([p["score"] for p in players] + [0])
    end = max(40, 10 * math.ceil((best + 1) / 10))
    left, right = MARGIN, WIDTH - MARGIN
    step = (right - left) / end
    parts = [(f'<line x1="{left}" y1="{top + 24}" x2="{right}" y2="{top + 24}" stroke="#555" '
              'stroke-width="2"/>')]
    for mark in range(0, end + 1, 10):
        x = left + mark * step
        parts.append(f'<line x1="{x:.1f}" y1="{top + 18}" x2="{x:.1f}" y2="{top + 30}" '
                     'stroke="#555" stroke-width="1.5"/>')
        parts.append(_text(x, top + 45, f"{mark} points" if mark == end else str(mark), 12,
                           anchor="end" if mark == end else "middle"))
    for k, player in enumerate(players):
        x = left + player["score"] * step
        colour = SEAT_COLOURS[k % len(SEAT_COLOURS)]
        parts.append(f'<circle cx="{x:.1f}" cy="{top + 24 - 7 * k:.1f}" r="6" fill="{colour}" '
                     'stroke="#fff" stroke-width="1.5"/>')
    for k, player in enumerate(players):
        colour = SEAT_COLOURS[k % len(SEAT_COLOURS)]
        y = top + 62 + 16 * k
        you = " (you)" if player["seat"] == view.get("seat") else ""
        parts.append(f'<circle cx="{left - 4}" cy="{y - 4}" r="5" fill="{colour}"/>')
        parts.append(_text(left + 6, y, f"{player['seat']}{you}: {player['score']} points, "
                           f"{player['cards']} cards", 12, anchor="start"))
    return parts


def _supply(view: Mapping[str, Any], top: float) -> list[str]:
    """Return the supply lines: walls and cards, towers, houses, palaces."""
    supply = view["supply"]
    lines = [(f"Supply: {supply['walls']} walls; guild cards {supply['cards']} face down, "
             f"{len(view['discard'])} discarded")]
    for kind in ("towers", "houses", "palaces"):
        lines.append(f"{kind}: " + "  ".join(f"{c} {n}" for c, n in supply[kind].items()))
    lines += LEGEND
    return [_text(MARGIN - 10, top + 16 * k, text, 12, anchor="start")
            for k, text in enumerate(lines)]


def render_board_svg(view: Mapping[str, Any]) -> str:
    """Return the board of a view as an SVG document."""
    brd = board()
    cities = {s: c["number"] for c in view["board"]["cities"] for s in c["spaces"]}
    track_top = TOP + 2 * HALF_HEIGHT + GAP + 8
    supply_top = track_top + 62 + 16 * len(view["players"]) + 4
    height = supply_top + 5 * 16 + 8
    body = [*_header(view), *_water(0), *_water(1), *_spaces(brd, cities), *_walls(brd, view),
            *_city_outlines(brd, view), *_pieces(brd, view), *_tower_spaces(brd, view),
            *_regions(brd), *_track(view, track_top), *_supply(view, supply_top)]
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {height:.0f}" '
            f'width="{WIDTH:.0f}" height="{height:.0f}" font-family="DejaVu Sans, sans-serif">'
            f'<rect width="100%" height="100%" fill="#fbfaf6"/>{"".join(body)}</svg>')

