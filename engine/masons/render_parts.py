"""The parts of the board picture under the strip: the legend, the scoring track with the
players, and the supply."""
from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from engine.core.markup import escape

SEAT_COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#b9770e")
LEGEND_LINES = (
    ("Names: tower spaces are the numbers in discs (a tower went on 13), a wall line is named "
     "by its ends (wall 3-7);"),
    ("landscape spaces by their italic names (a house went in space 20); completed cities by "
     "their labels (city 2)."),
    ("Walls brown (this turn orange), free wall lines dashed; towers: filled discs; houses: "
     "small squares, palaces big."),
)


def _text(x: float, y: float, words: str, anchor: str = "start") -> str:
    """Return an SVG text element of size 12."""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="12" text-anchor="{anchor}" '
            f'fill="#222">{escape(words)}</text>')


def legend(left: float, top: float) -> list[str]:
    """Return the legend lines: how the board names its places and draws its pieces."""
    return [_text(left, top + 16 * k, line) for k, line in enumerate(LEGEND_LINES)]


def track(view: Mapping[str, Any], top: float, left: float, right: float) -> list[str]:
    """Return the scoring track with one marker per player, and the players' lines."""
    players = view["players"]
    best = max([p["score"] for p in players] + [0])
    end = max(40, 10 * math.ceil((best + 1) / 10))
    step = (right - left) / end
    parts = [(f'<line x1="{left}" y1="{top + 24}" x2="{right}" y2="{top + 24}" stroke="#555" '
              'stroke-width="2"/>')]
    for mark in range(0, end + 1, 10):
        x = left + mark * step
        parts.append(f'<line x1="{x:.1f}" y1="{top + 18}" x2="{x:.1f}" y2="{top + 30}" '
                     'stroke="#555" stroke-width="1.5"/>')
        parts.append(_text(x, top + 45, f"{mark} points" if mark == end else str(mark),
                           "end" if mark == end else "middle"))
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
                           f"{player['cards']} cards"))
    return parts


def supply(view: Mapping[str, Any], left: float, top: float) -> list[str]:
    """Return the supply lines: walls and cards, towers, houses, palaces."""
    stock = view["supply"]
    lines = [(f"Supply: {stock['walls']} walls; guild cards {stock['cards']} face down, "
             f"{len(view['discard'])} discarded; "
             f"{len(view.get('free_lines') or [])} free wall lines")]
    for kind in ("towers", "houses", "palaces"):
        lines.append(f"{kind}: " + "  ".join(f"{c} {n}" for c, n in stock[kind].items()))
    return [_text(left, top + 16 * k, text) for k, text in enumerate(lines)]
