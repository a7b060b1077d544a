"""The plain-text picture of a view: each power structure as a grid, the rest as lists."""
from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from engine.core.wording import counted

ARROWS = {"top": "^", "right": ">", "bottom": "v", "left": "<"}
CELL = 18
LEGEND = ("Each card: [name], P power/transferable power, R resistance, $ money, and out: "
          "its out-arrows (^ top, > right, v bottom, < left; - none).")


def _cell(card: Mapping[str, Any]) -> list[str]:
    """Return the three text lines of one card in the grid."""
    name = textwrap.wrap(f"[{str(card['name']).removeprefix('The ')}]", CELL - 2)
    arrows = "".join(ARROWS[a] for a in card.get("arrows", []))
    stats = f"P{card['power']}/{card['transferable']}"
    if "resistance" in card:
        stats += f" R{card['resistance']}"
    return [*name, f"{stats} ${card['money']}", f"out {arrows or '-'}"]


def structure_lines(player: Mapping[str, Any]) -> list[str]:
    """Return the grid of one power structure as text lines."""
    cards = player["structure"]
    if not cards:
        return ["(no Illuminati dealt yet)"]
    xs = [c["x"] for c in cards]
    ys = [c["y"] for c in cards]
    at = {(c["x"], c["y"]): c for c in cards}
    lines = []
    for y in range(min(ys), max(ys) + 1):
        rows: list[str] = []
        for x in range(min(xs), max(xs) + 1):
            cell = _cell(at[(x, y)]) if (x, y) in at else []
            rows += [""] * (len(cell) - len(rows))
            cell += [""] * (len(rows) - len(cell))
            rows = [row + text.ljust(CELL) for row, text in zip(rows, cell, strict=True)]
        lines += [row.rstrip() for row in rows if row.strip()] or [""]
    return lines


def render_text(view: Mapping[str, Any]) -> str:
    """Return a plain-text picture of a view."""
    out = [f"Illuminati - {view.get('label', '')}",
           (f"Basic goal: {view['basic_goal']} cards. Deck {view['deck_size']}, "
           f"dead pile {len(view['dead'])}, discards {view['discard_size']}."),
           LEGEND]
    for player in view["players"]:
        state = " (out)" if player["out"] else ""
        out += ["", (f"== {player['seat']}: {player['illuminati_name']}{state} - "
                f"{counted(player['controlled'], 'card')}, {player['treasury']}MB, "
                f"{counted(player['hand_size'], 'Special')} in hand"),
                f"   goal: {player['goal']}"]
        out += ["   " + line for line in structure_lines(player)]
        if "hand" in player:
            out.append("   your hand: " + (", ".join(c["name"] for c in player["hand"])
                                          or "empty"))
            out += [f"   you saw: {note}" for note in player.get("notes", [])]
    out += ["", "Uncontrolled: " + ("; ".join(
        f"{g['name']} (P{g['power']}/{g['transferable']} R{g['resistance']} {'/'.join(g['alignments']) or '-'})"
        for g in view["uncontrolled"]) or "none")]
    attack = view.get("attack")
    if attack:
        out.append(f"Attack: {attack['attacker']} to {attack['kind']} {attack['target']} with "
                   f"{attack['group']}: needs {attack['needed']} or less"
                   + (f", rolled {attack['roll']}" if attack["roll"] else "")
                   + (" (not committed yet: the attacker may call it off)"
                      if attack.get("call_off", False) else ""))
    window = view.get("secrets_window")
    if window:
        out.append("Secrets window: " + "; ".join(
            f"{p['seat']} plays {p['card']}" + (f" on {p['target']}" if p["target"] else "")
            for p in window["plays"]))
    if view.get("winners"):
        out.append("Winners: " + ", ".join(view["winners"]) + f" ({view['reason']})")
    return "\n".join(out)
