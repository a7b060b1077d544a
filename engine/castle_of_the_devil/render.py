"""The board picture: the table seen by one seat, drawn from a view as a standalone SVG.

The reading seat sits at the bottom; the others follow clockwise around the table. Each
character shows its name, hand size, duel tokens and face-up profession; during a duel the
attacker carries a sword, the defender a shield, and once revealed each supporter shows its
side. The centre holds the pile, the token pile and the duel's totals; below the table the
reading seat sees its own society, profession and objects.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from engine.core.markup import escape

from .cards import object_name, profession_name, society_name

WIDTH, HEIGHT = 820, 750
CENTRE_X, CENTRE_Y, TABLE_R, SEAT_R = 410, 300, 150, 215
CARD_W, CARD_H = 150, 74
SIDE_COLOURS = {"attacker": "#b23a3a", "defender": "#2f5f9e"}


def _text(x: float, y: float, content: str, size: int = 13, weight: str = "normal",
          anchor: str = "middle", fill: str = "#222") -> str:
    """Return an SVG text element."""
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" font-weight="{weight}" '
            f'text-anchor="{anchor}" fill="{fill}">{escape(content)}</text>')


def render_board_svg(data: Mapping[str, Any]) -> str:
    """Return the table seen in the view `data` as an SVG document."""
    parts = [(f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
              f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="Georgia, serif">'),
             f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#f4efe3"/>',
             _text(WIDTH / 2, 26, f"Castle of the Devil - turn {data['turn']}", 18, "bold"),
             (f'<circle cx="{CENTRE_X}" cy="{CENTRE_Y}" r="{TABLE_R}" fill="#5b3a24" '
              'stroke="#3b2415" stroke-width="6"/>')]
    parts += _centre(data)
    players = list(data["players"])
    you = data.get("you")
    first = next((k for k, p in enumerate(players) if you and p["seat"] == you["seat"]), 0)
    for place in range(len(players)):
        player = players[(first + place) % len(players)]
        angle = math.pi / 2 + 2 * math.pi * place / len(players)
        parts += _seat(data, player, angle, bool(you) and place == 0)
    if you:
        parts += _own_panel(you)
    if data.get("over"):
        parts.append(_text(WIDTH / 2, HEIGHT - 14, "Winners: " + ", ".join(
            data["over"]["winners"]), 15, "bold", fill="#7a1f1f"))
    parts.append("</svg>")
    return "\n".join(parts)


def _centre(data: Mapping[str, Any]) -> list[str]:
    """Return the middle of the table: pile, tokens, and the duel's totals."""
    parts = [_text(CENTRE_X, CENTRE_Y - 52, f"Pile: {data['pile']} objects", 14, fill="#f4efe3"),
             _text(CENTRE_X, CENTRE_Y - 32, f"Duel tokens: {data['token_pile']}", 14,
                   fill="#f4efe3")]
    duel = data.get("duel")
    if duel:
        parts.append(_text(CENTRE_X, CENTRE_Y, f"Duel: {duel['attacker']} vs {duel['defender']}",
                           15, "bold", fill="#ffe9a8"))
        if duel.get("totals"):
            attack, defence = duel["totals"]
            parts.append(_text(CENTRE_X, CENTRE_Y + 22, f"sword {attack} : {defence} shield",
                               15, "bold", fill="#ffe9a8"))
        else:
            parts.append(_text(CENTRE_X, CENTRE_Y + 22, "sides sealed", 13, fill="#ffe9a8"))
    elif data.get("trade"):
        trade = data["trade"]
        parts.append(_text(CENTRE_X, CENTRE_Y + 10, f"Trade: {trade['offerer']} to "
                           f"{trade['target']}", 14, fill="#ffe9a8"))
    waiting = ", ".join(data.get("waiting_for", [])) or "-"
    parts.append(_text(CENTRE_X, CENTRE_Y + 60, f"waiting for: {waiting}", 13, fill="#f4efe3"))
    return parts


def _count(number: int, word: str) -> str:
    """Return e.g. '1 object' or '3 objects'."""
    return f"{number} {word}" if number == 1 else f"{number} {word}s"


def _duel_mark(data: Mapping[str, Any], seat: str) -> tuple[str, str] | None:
    """Return (label, side) marking the seat's part in a duel, if any."""
    duel = data.get("duel")
    if not duel:
        return None
    if seat == duel["attacker"]:
        return "attacker (sword)", "attacker"
    if seat == duel["defender"]:
        return "defender (shield)", "defender"
    side = duel.get("sides", {}).get(seat)
    if side:
        out = seat in duel.get("excluded", [])
        return (f"supports {side}" + (" - out" if out else "")), side
    if seat in duel.get("answered", []):
        return "side sealed", ""
    return None


def _seat(data: Mapping[str, Any], player: Mapping[str, Any], angle: float,
          reader: bool) -> list[str]:
    """Return one character around the table."""
    x = CENTRE_X + SEAT_R * math.cos(angle) - CARD_W / 2
    y = CENTRE_Y + SEAT_R * math.sin(angle) - CARD_H / 2
    seat = player["seat"]
    mark = _duel_mark(data, seat)
    stroke = SIDE_COLOURS.get(mark[1], "#6b5a3e") if mark else "#6b5a3e"
    fill = "#fff8dc" if seat == data.get("active") else "#fffdf6"
    width = 4 if reader or mark else 2
    prof = profession_name(player["profession"]) if player["profession"] else "profession hidden"
    parts = [(f'<rect x="{x:.0f}" y="{y:.0f}" width="{CARD_W}" height="{CARD_H}" rx="10" '
              f'fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>'),
             _text(x + CARD_W / 2, y + 18, seat + (" (you)" if reader else ""), 14, "bold"),
             _text(x + CARD_W / 2, y + 35, f"{_count(player['objects'], 'object')}, "
                   f"{_count(player['tokens'], 'token')}", 13),
             _text(x + CARD_W / 2, y + 51, prof, 13, fill="#5a3d7a")]
    if mark:
        parts.append(_text(x + CARD_W / 2, y + 67, mark[0], 13, "bold",
                           fill=SIDE_COLOURS.get(mark[1], "#444")))
    elif "society" in player:
        parts.append(_text(x + CARD_W / 2, y + 67, society_name(player["society"]), 13))
    return parts


def _own_panel(you: Mapping[str, Any]) -> list[str]:
    """Return the reading seat's own cards below the table."""
    top = HEIGHT - 148
    side = "face up" if you["face_up"] else "face down"
    objects = ", ".join(object_name(obj) for obj in you["objects"]) or "none"
    parts = [(f'<rect x="30" y="{top}" width="{WIDTH - 60}" height="112" rx="12" '
              'fill="#fffdf6" stroke="#6b5a3e" stroke-width="2"/>'),
             _text(50, top + 26, f"You, {you['seat']}: {society_name(you['society'])}", 15,
                   "bold", "start"),
             _text(50, top + 48, f"Profession: {profession_name(you['profession'])} ({side})",
                   13, anchor="start"),
             _text(50, top + 70, f"Objects: {objects}", 13, anchor="start"),
             _text(50, top + 92, f"Duel tokens: {you['tokens']}", 13, anchor="start")]
    if you.get("side"):
        parts.append(_text(WIDTH - 50, top + 26, f"your sealed side: {you['side']}", 13,
                           anchor="end"))
    if you.get("offered"):
        parts.append(_text(WIDTH - 50, top + 48, f"in the trade: {object_name(you['offered'])}",
                           13, anchor="end"))
    return parts
