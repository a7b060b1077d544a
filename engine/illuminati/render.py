"""The board picture of a view as SVG: one panel per power structure, cards on their grid with
their arrows, then the uncontrolled groups."""
from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

W, H, GAP = 150, 100, 14
CARD_STEP = 12.5
"""The line step of a card's text (10 and 10.5 units)."""
NAME_CHAR, TEXT_CHAR = 10.5 * 0.64, 10 * 0.6
"""Generous widths of a character of a card's bold name and of its other lines."""
FOOTER_SIZE, FOOTER_LINE = 12, 18
FOOTER_CHAR = FOOTER_SIZE * 0.62
"""A generous width of a character of the footer's font (DejaVu Sans averages under 0.6 em)."""
ARROW = {"top": (0, -1), "right": (1, 0), "bottom": (0, 1), "left": (-1, 0)}


def _card(card: Mapping[str, Any], left: float, top: float) -> list[str]:
    """Return the SVG of one card with its arrows."""
    x = left + card["x"] * (W + GAP)
    y = top + card["y"] * (H + GAP)
    illuminati = card.get("depth", 1) == 0
    fill = "#f3e3b5" if illuminati else "#eef2f7"
    power = (f'Power {card["power"]}/{card["transferable"]}'
             + (f' Res {card["resistance"]}' if "resistance" in card else ""))
    rows = [(line, ' font-size="10.5" font-weight="bold"') for line in
            _card_lines(str(card["name"]).removeprefix("The ").split(" "), NAME_CHAR, 2)]
    rows += [(power, ' font-size="10"')]
    rows += [(line, ' font-size="10"') for line in
             _card_lines([f"{a}," for a in card.get("alignments", [])[:-1]]
                         + list(card.get("alignments", [])[-1:]), TEXT_CHAR, 3)]
    parts = [(f'<rect x="{x}" y="{y}" width="{W}" height="{H}" rx="6" fill="{fill}" '
              'stroke="#333"/>')]
    parts += [f'<text x="{x + 6}" y="{y + 15 + n * CARD_STEP}"{style}>{escape(text)}</text>'
              for n, (text, style) in enumerate(rows)]
    parts.append(f'<text x="{x + 6}" y="{y + H - 8}" font-size="10">{card["money"]} MB</text>')
    for side in card.get("arrows", []):
        dx, dy = ARROW[side]
        cx, cy = x + W / 2 + dx * W / 2, y + H / 2 + dy * H / 2
        tip = (cx + dx * 8, cy + dy * 8)
        parts.append(f'<line x1="{cx}" y1="{cy}" x2="{tip[0]}" y2="{tip[1]}" '
                     'stroke="#a00" stroke-width="3"/>')
    return parts


def _card_lines(words: list[str], char: float, rows: int) -> list[str]:
    """Return `words` as at most `rows` lines that fit a card at `char` units a character,
    the last cut with an ellipsis should they not (no name or alignment list needs it)."""
    most = int((W - 12) / char)
    lines = [""]
    for word in words:
        if lines[-1] and len(lines[-1]) + 1 + len(word) > most:
            lines.append("")
        lines[-1] = f"{lines[-1]} {word}".strip()
    if len(lines) > rows or len(lines[-1]) > most:
        lines[rows - 1] = " ".join(lines[rows - 1:])[:most - 1].rstrip() + "\u2026"
    return lines[:rows]


def _panel(player: Mapping[str, Any]) -> tuple[list[str], float, float]:
    """Return one player's panel drawn from (0, 0), its width and its height."""
    cards = player["structure"]
    xs = [c["x"] for c in cards]
    ys = [c["y"] for c in cards]
    head = (f'{player["seat"]}: {player["illuminati_name"]}'
            f'{" (out)" if player["out"] else ""} - {player["treasury"]} MB, '
            f'{player["hand_size"]} Specials, {player["controlled"]} cards')
    goal = f'goal: {player["goal"]}'
    parts = [f'<text x="0" y="14" font-size="13" font-weight="bold">{escape(head)}</text>',
             f'<text x="0" y="30" font-size="11">{escape(goal)}</text>']
    for card in cards:
        parts += _card(card, -min(xs) * (W + GAP), 40 - min(ys) * (H + GAP))
    width = max((max(xs) - min(xs) + 1) * (W + GAP), len(head) * 7.5, len(goal) * 6.0)
    height = 40 + (max(ys) - min(ys) + 1) * (H + GAP) + 16
    return parts, width, height


def _wrapped(head: str, items: list[str], width: float) -> list[str]:
    """Return `head` and the items ('; '-separated) as lines that fit `width` units at the
    footer's size, breaking only between items."""
    most = max(20, int(width / FOOTER_CHAR))
    lines = [head]
    for item in items:
        if len(lines[-1]) + len(item) > most and lines[-1].strip():
            lines.append("  ")
        lines[-1] += item
    return lines


def _footer(view: Mapping[str, Any], width: float) -> list[str]:
    """Return the lines under the structures: uncontrolled groups, piles, the seat's hand;
    each wraps within `width`."""
    groups = [f"{group['name']}; " for group in view["uncontrolled"]] or ["none"]
    lines = _wrapped("Uncontrolled: ", groups, width)
    lines.append(f"Deck {view['deck_size']}, dead pile {len(view['dead'])}")
    mine = view.get("you")
    if isinstance(mine, Mapping):
        hand = list(mine.get("hand", []))
        lines += _wrapped("Your hand: ", [f"{card}, " for card in hand[:-1]] + hand[-1:], width)
    return lines


def render_board_svg(view: Mapping[str, Any]) -> str:
    """Return the power structures (in two columns from four players on) and the uncontrolled
    groups of a view as an SVG document."""
    panels = [_panel(player) for player in view["players"]]
    columns = 2 if len(panels) >= 4 else 1
    widths = [max(w for i, (_, w, _) in enumerate(panels) if i % columns == c)
              for c in range(columns)]
    lefts = [20.0, 50.0 + widths[0]][:columns]
    tops = [10.0] * columns
    parts: list[str] = []
    for index, (panel, _, height) in enumerate(panels):
        column = index % columns
        parts.append(f'<g transform="translate({lefts[column]},{tops[column]})">'
                     + "".join(panel) + "</g>")
        tops[column] += height
    bottom = max(tops)
    width = max(600.0, 40 + lefts[-1] + widths[-1])
    footer = _footer(view, width - 40)
    parts += [f'<text x="20" y="{bottom + FOOTER_LINE * (i + 1)}" font-size="{FOOTER_SIZE}">'
              f'{escape(line)}</text>' for i, line in enumerate(footer)]
    height = bottom + FOOTER_LINE * (len(footer) + 1)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif">'
            + "".join(parts) + "</svg>")
