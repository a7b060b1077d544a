"""A plain-text picture of a view, for the terminal and text emails."""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.core.wording import counted

from .board import board


def render_text(view: Mapping[str, Any]) -> str:
    """Return the view as lines of text."""
    lines = [_headline(view), _scores(view)]
    lines += _this_turn(view)
    lines += _cities(view)
    lines += [_walls(view), _towers(view), *_outside_houses(view), _free(view), _supply(view)]
    you = view.get("you")
    if you:
        lines.append("Your cards: " + (", ".join(you["hand"]) or "none"))
        if you.get("sealed"):
            lines.append(f"Your sealed choice: {you['sealed']}")
    return "\n".join(lines)


def _headline(view: Mapping[str, Any]) -> str:
    """Return the first line: where the game stands or how it ended."""
    result = view.get("result")
    if result:
        return f"Masons - game over. {result['reason']}"
    waiting = ", ".join(view.get("waiting_for") or []) or "nobody"
    return f"Masons - {view.get('label') or 'turn ' + str(view.get('turn'))} (waiting for {waiting})"


def _scores(view: Mapping[str, Any]) -> str:
    """Return the scores line."""
    return "Scores: " + "; ".join(f"{p['seat']} {p['score']} ({p['cards']} cards)"
                                  for p in view["players"])


def _this_turn(view: Mapping[str, Any]) -> list[str]:
    """Return the lines on this turn's wall, dice and scoring."""
    turn = view.get("this_turn") or {}
    if not turn.get("wall"):
        return []
    dice = " and ".join(turn.get("house_dice") or [])
    tower = f"tower die {turn['tower_die']}" if turn.get("tower_die") else "no tower die"
    lines = [f"This turn: wall {turn['wall']}; {tower}; house dice {dice}."]
    scoring = view.get("scoring")
    if scoring and not scoring["final"]:
        lines.append(f"Scoring city {scoring['city']}; still to decide: "
                     f"{', '.join(scoring['to_decide']) or 'nobody'}.")
    return lines


def _cities(view: Mapping[str, Any]) -> list[str]:
    """Return one line per completed city."""
    brd = board()
    houses, palaces = view["board"]["houses"], view["board"]["palaces"]
    lines = []
    for city in view["board"]["cities"]:
        spaces = city["spaces"]
        hs = Counter(c for s in spaces for c in houses.get(str(s), []))
        ps = Counter(c for s in spaces for c in palaces.get(str(s), []))
        regions = sorted({brd.spaces[s].region for s in spaces})
        lines.append(f"City {city['number']}: {_spaces(len(spaces))} ({', '.join(regions)}); "
                     f"houses {_count(hs)}; palaces {_count(ps)}.")
    return lines


def _count(counts: Counter[str]) -> str:
    """Return counts by colour as text."""
    return ", ".join(f"{c} {n}" for c, n in sorted(counts.items())) or "none"


def _walls(view: Mapping[str, Any]) -> str:
    """Return the walls line."""
    walls = view["board"]["walls"]
    return f"Walls ({len(walls)}): " + (", ".join(walls) or "none")


def _towers(view: Mapping[str, Any]) -> str:
    """Return the towers line."""
    by_colour: dict[str, list[str]] = {}
    for point, colour in view["board"]["towers"].items():
        by_colour.setdefault(colour, []).append(point)
    shore = board().shore
    parts = [f"{colour} on {', '.join(p + ('~' if int(p) in shore else '') for p in points)}"
             for colour, points in sorted(by_colour.items())]
    return "Towers (~ on the shore): " + ("; ".join(parts) or "none")


def _outside_houses(view: Mapping[str, Any]) -> list[str]:
    """Return the houses outside cities, one line per region."""
    brd = board()
    in_city = {s for c in view["board"]["cities"] for s in c["spaces"]}
    lines = []
    for region in brd.regions:
        counts: Counter[str] = Counter()
        for space, colours in view["board"]["houses"].items():
            if int(space) not in in_city and brd.spaces[int(space)].region == region:
                counts.update(colours)
        lines.append(f"Houses outside cities, {region}: {_count(counts)}")
    return lines


def _free(view: Mapping[str, Any]) -> str:
    """Return the free wall lines, compactly."""
    from .summaries import compact_lines

    return f"Free wall lines ({len(view['free_lines'])}): {compact_lines(view['free_lines'])}"


def _supply(view: Mapping[str, Any]) -> str:
    """Return the supply line."""
    supply = view["supply"]
    parts = [counted(supply["walls"], "wall")]
    for kind in ("towers", "houses", "palaces"):
        parts.append(f"{kind} " + " ".join(f"{c} {n}" for c, n in supply[kind].items()))
    return ("Supply: " + "; ".join(parts) + f"; guild cards {supply['cards']} face down, "
            f"{len(view['discard'])} discarded.")


def _spaces(count: int) -> str:
    """Return "1 space" or "n spaces"."""
    return f"{count} space" if count == 1 else f"{count} spaces"
