"""The board picture of a view as SVG: one panel per power structure, cards on their grid with
their arrows, then the uncontrolled groups."""
from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

W, H, GAP = 120, 72, 14
ARROW = {"top": (0, -1), "right": (1, 0), "bottom": (0, 1), "left": (-1, 0)}


def _card(card: Mapping[str, Any], left: float, top: float) -> list[str]:
    """Return the SVG of one card with its arrows."""
    x = left + card["x"] * (W + GAP)
    y = top + card["y"] * (H + GAP)
    illuminati = card.get("depth", 1) == 0
    fill = "#f3e3b5" if illuminati else "#eef2f7"
    parts = [(f'<rect x="{x}" y="{y}" width="{W}" height="{H}" rx="6" fill="{fill}" '
             'stroke="#333"/>'),
             (f'<text x="{x + 6}" y="{y + 16}" font-size="11" font-weight="bold">'
             f'{escape(str(card["name"]).removeprefix("The ")[:20])}</text>'),
             f'<text x="{x + 6}" y="{y + 32}" font-size="10">Power {card["power"]}/'
             f'{card["transferable"]}' + (f' Res {card["resistance"]}' if "resistance" in card
                                          else "") + '</text>',
             (f'<text x="{x + 6}" y="{y + 46}" font-size="10">'
             f'{escape(", ".join(card.get("alignments", [])))[:26]}</text>'),
             f'<text x="{x + 6}" y="{y + 62}" font-size="10">{card["money"]} MB</text>']
    for side in card.get("arrows", []):
        dx, dy = ARROW[side]
        cx, cy = x + W / 2 + dx * W / 2, y + H / 2 + dy * H / 2
        tip = (cx + dx * 8, cy + dy * 8)
        parts.append(f'<line x1="{cx}" y1="{cy}" x2="{tip[0]}" y2="{tip[1]}" '
                     'stroke="#a00" stroke-width="3"/>')
    return parts


def _panel(player: Mapping[str, Any], top: float) -> tuple[list[str], float]:
    """Return one player's panel and its height."""
    cards = player["structure"]
    xs = [c["x"] for c in cards]
    ys = [c["y"] for c in cards]
    left = 20 - min(xs) * (W + GAP)
    head = (f'{player["seat"]}: {player["illuminati_name"]}'
            f'{" (out)" if player["out"] else ""} - {player["treasury"]} MB, '
            f'{player["hand_size"]} Specials, goal: {player["goal"]}')
    parts = [(f'<text x="20" y="{top + 16}" font-size="13" font-weight="bold">'
             f'{escape(head)}</text>')]
    grid_top = top + 28 - min(ys) * (H + GAP)
    for card in cards:
        parts += _card(card, left, grid_top)
    height = 28 + (max(ys) - min(ys) + 1) * (H + GAP) + 10
    return parts, height


def render_board_svg(view: Mapping[str, Any]) -> str:
    """Return the power structures and the uncontrolled groups of a view as an SVG document."""
    parts: list[str] = []
    top = 10.0
    width = 600.0
    for player in view["players"]:
        panel, height = _panel(player, top)
        parts += panel
        xs = [c["x"] for c in player["structure"]]
        width = max(width, 40 + (max(xs) - min(xs) + 1) * (W + GAP))
        top += height
    free = "; ".join(g["name"] for g in view["uncontrolled"]) or "none"
    parts.append(f'<text x="20" y="{top + 16}" font-size="12">Uncontrolled: '
                 f'{escape(free)}</text>')
    parts.append(f'<text x="20" y="{top + 34}" font-size="12">Deck {view["deck_size"]}, '
                 f'dead pile {len(view["dead"])}</text>')
    mine = [p for p in view["players"] if "hand" in p]
    if mine:
        hand = ", ".join(c["name"] for c in mine[0]["hand"]) or "empty"
        parts.append(f'<text x="20" y="{top + 52}" font-size="12">Your hand: '
                     f'{escape(hand)}</text>')
    height = top + 70
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif">'
            + "".join(parts) + "</svg>")
