"""The board picture of a view as SVG: one panel per power structure, cards on their grid with
their arrows, then the uncontrolled groups face up with their Power, Resistance and alignments."""
from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from engine.core.wording import counted

W, H, GAP = 150, 100, 14
CARD_STEP = 12.5
"""The line step of a card's text (10 and 10.5 units)."""
NAME_CHAR, TEXT_CHAR = 10.5 * 0.64, 10 * 0.6
"""Generous widths of a character of a card's bold name and of its other lines."""
FOOTER_SIZE, FOOTER_LINE = 12, 18
FOOTER_CHAR = FOOTER_SIZE * 0.62
"""A generous width of a character of the footer's font (DejaVu Sans averages under 0.6 em)."""
HEAD_WIDTH = 300
"""The width the lines at the picture's left edge wrap within (a panel's heading, the footer):
a 390 px phone shows them whole, without scrolling."""
HEAD_SIZE, INFO_SIZE = 13, 11
HEAD_CHAR, INFO_CHAR = HEAD_SIZE * 0.74, INFO_SIZE * 0.64
"""Generous widths of a character of the bold heading and of the facts and goal lines."""
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


def _card_lines(words: list[str], char: float, rows: int, width: float = W - 12) -> list[str]:
    """Return `words` as at most `rows` lines that fit `width` (a card's) at `char` units a
    character, the last cut with an ellipsis should they not (no name or alignment list
    needs it)."""
    most = int(width / char)
    lines = [""]
    for word in words:
        if lines[-1] and len(lines[-1]) + 1 + len(word) > most:
            lines.append("")
        lines[-1] = f"{lines[-1]} {word}".strip()
    if len(lines) > rows or len(lines[-1]) > most:
        lines[rows - 1] = " ".join(lines[rows - 1:])[:most - 1].rstrip() + "\u2026"
    return lines[:rows]


def _panel(player: Mapping[str, Any]) -> tuple[list[str], float, float]:
    """Return one player's panel drawn from (0, 0), its width and its height.

    Its heading lines wrap within HEAD_WIDTH, so a phone shows them whole, unscrolled."""
    cards = player["structure"]
    xs = [c["x"] for c in cards]
    ys = [c["y"] for c in cards]
    name = f'{player["seat"]}: {player["illuminati_name"]}{" (out)" if player["out"] else ""}'
    facts = (f'{player["treasury"]} MB, {counted(player["hand_size"], "Special")}, '
             f'{counted(player["controlled"], "card")} controlled')
    lines = [(line, HEAD_SIZE, ' font-weight="bold"') for line in
             _card_lines(name.split(" "), HEAD_CHAR, 3, HEAD_WIDTH)]
    lines += [(line, INFO_SIZE, "") for line in
              _card_lines(f"{facts}; goal: {player['goal']}".split(" "), INFO_CHAR, 4,
                          HEAD_WIDTH)]
    parts, y = [], 0.0
    for text, size, style in lines:
        y += size + 3
        parts.append(f'<text x="0" y="{y:g}" font-size="{size}"{style} class="panel-head">'
                     f'{escape(text)}</text>')
    top = y + 10
    if not cards:  # before the Illuminati are dealt: the heading alone
        return parts, HEAD_WIDTH, top + 16
    for card in cards:
        parts += _card(card, -min(xs) * (W + GAP), top - min(ys) * (H + GAP))
    width = max((max(xs) - min(xs) + 1) * (W + GAP), HEAD_WIDTH)
    height = top + (max(ys) - min(ys) + 1) * (H + GAP) + 16
    return parts, width, height


def _group_lines(group: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Return the lines of an uncontrolled group's card with their styles: name, Power and
    transferable Power, Resistance, alignments (what an attack on it reckons with)."""
    rows = [(line, ' font-size="10.5" font-weight="bold"') for line in
            _card_lines(str(group["name"]).removeprefix("The ").split(" "), NAME_CHAR, 2)]
    rows += [(f'Power {group["power"]}/{group["transferable"]}', ' font-size="10"'),
             (f'Resistance {group["resistance"]}', ' font-size="10"')]
    aligned = list(group["alignments"]) or ["no alignment"]
    return rows + [(line, ' font-size="10"') for line in
                   _card_lines([f"{a}," for a in aligned[:-1]] + aligned[-1:], TEXT_CHAR, 3)]


def _group_card(group: Mapping[str, Any], x: float, y: float, height: float) -> list[str]:
    """Return one uncontrolled group's card, face up, `height` high."""
    rows = _group_lines(group)
    parts = [f'<g class="uncontrolled-group" data-group="{escape(str(group["id"]))}">',
             (f'<rect x="{x}" y="{y}" width="{W}" height="{height}" rx="6" fill="#ffffff" '
              'stroke="#555" stroke-dasharray="5 3"/>')]
    parts += [f'<text x="{x + 6}" y="{y + 15 + n * CARD_STEP}"{style} class="uncontrolled">'
              f'{escape(text)}</text>' for n, (text, style) in enumerate(rows)]
    return [*parts, "</g>"]


def _uncontrolled(groups: list[Mapping[str, Any]], top: float,
                  width: float) -> tuple[list[str], float]:
    """Return the uncontrolled groups as face-up cards in rows across `width`, and the
    height they take."""
    heading = [("Uncontrolled groups, face up:", ' font-weight="bold"')]
    heading += [(line, "") for line in _wrapped(
        "", ["Power/transferable Power, ", "Resistance, ", "alignments" if groups else "none"],
        HEAD_WIDTH)]
    parts = [f'<text x="20" y="{top + FOOTER_LINE * (i + 1)}" font-size="{FOOTER_SIZE}"'
             f'{style}>{escape(line)}</text>' for i, (line, style) in enumerate(heading)]
    y = top + FOOTER_LINE * len(heading) + 10
    per_row = max(1, int((width - 40 + GAP) // (W + GAP)))
    for start in range(0, len(groups), per_row):
        row = groups[start:start + per_row]
        height = 12 + max(len(_group_lines(group)) for group in row) * CARD_STEP
        for column, group in enumerate(row):
            parts += _group_card(group, 20 + column * (W + GAP), y, height)
        y += height + GAP
    return parts, y - top


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
    """Return the lines under the uncontrolled groups: piles, the seat's hand; each wraps
    within `width` (a phone's, so that it shows them whole)."""
    lines = [f"Deck {view['deck_size']}, dead pile {len(view['dead'])}"]
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
    groups, taken = _uncontrolled(list(view["uncontrolled"]), bottom, width)
    parts += groups
    bottom += taken
    footer = _footer(view, HEAD_WIDTH)
    parts += [f'<text x="20" y="{bottom + FOOTER_LINE * (i + 1)}" font-size="{FOOTER_SIZE}">'
              f'{escape(line)}</text>' for i, line in enumerate(footer)]
    height = bottom + FOOTER_LINE * (len(footer) + 1)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif">'
            + "".join(parts) + "</svg>")
