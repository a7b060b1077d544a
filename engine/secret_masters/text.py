"""The plain-text picture of a view, for terminals and text emails."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .state import ANTARCTICA, COLOURS, name_of


def render_text(data: Mapping[str, Any]) -> str:
    """Return a plain-text picture of a view, for terminals and text emails."""
    lines = _heading(data) + [""] + _table(data) + [""] + _status(data)
    if data.get("you"):
        lines += [""] + _own_lines(data["you"])
    if data.get("revealed"):
        lines += [""] + _revealed_lines(data["revealed"])
    return "\n".join(lines) + "\n"


def _heading(data: Mapping[str, Any]) -> list[str]:
    """Return the title lines: round, turn, phase and who leads."""
    return [f"Secret Masters - round {data['round']}, turn {data['turn']} ({data['phase']})",
            (f"Grand Master: {data['grand_master']}   Active seat: {data['active']}   "
             f"Goal: {data['goal']} points")]


def _row(label: str, value: str, counts: Mapping[str, int], control: str = "") -> str:
    """Return one line of the board table."""
    cells = "".join(f"{counts[c.value] or '.':>7}" for c in COLOURS)
    return f"{label:<20}{value:>5}{cells}   {control}".rstrip()


def _table(data: Mapping[str, Any]) -> list[str]:
    """Return the board as a table of agents per region and colour."""
    lines = [f"{'Region':<20}{'Value':>5}" + "".join(f"{c.value:>7}" for c in COLOURS)
             + "   Controlled by"]
    for region in data["board"]:
        control = ", ".join(region["controlled_by"]) or "-"
        lines.append(_row(region["name"], str(region["value"]), region["agents"], control))
    lines.append(_row(name_of(ANTARCTICA), "-", data["antarctica"]))
    lines.append(_row("Pool", "", data["pool"]))
    return lines


def _card_line(side: str, card: Mapping[str, Any] | None) -> str:
    """Return the line describing one revealed card."""
    if card is None or card["region"] is None:
        return f"{side.capitalize()} card: -"
    value = card["value"] if card["value"] is not None else "no value"
    agent = f"{card['agent']} agent" if card["agent"] else "no agent yet"
    return f"{side.capitalize()} card: {card['name']} ({value}) - {agent}"


def _status(data: Mapping[str, Any]) -> list[str]:
    """Return the lines on cards, points, the last vote and who is awaited."""
    cards = data["cards"] or {}
    lines = [_card_line("red", cards.get("red")), _card_line("white", cards.get("white")),
             f"Cards before Redeploy: {data['cards_before_redeploy']}",
             "Points: " + ", ".join(f"{c} {n}" for c, n in data["points"].items())]
    vote = data["last_vote"]
    if vote:
        lines.append(f"Last vote: {vote['red']} red, {vote['white']} white, "
                     f"{vote['orange']} orange")
    if data["voted"]:
        lines.append("Votes in: " + ", ".join(data["voted"]))
    if data["winner"]:
        lines.append(f"Winner: {data['winner']}")
    elif data["waiting_for"]:
        lines.append("Waiting for: " + ", ".join(data["waiting_for"]))
    return lines


def _marker_words(markers: Mapping[str, int] | None) -> str:
    """Return markers as counts, e.g. '2 red, 1 orange'."""
    if not markers:
        return "none"
    counts = [f"{markers[name]} {name}" for name in ("red", "white", "orange") if markers[name]]
    return ", ".join(counts) or "none"


def _own_lines(you: Mapping[str, Any]) -> list[str]:
    """Return what only the reading seat knows."""
    faction = (you["faction"] or "none").capitalize()
    lines = [(f"You are {you['seat']}, faction {faction}. "
              f"Your markers: {_marker_words(you['markers'])}.")]
    if you["vote"]:
        lines.append(f"Your sealed vote: {_marker_words(you['vote'])}.")
    return lines


def _revealed_lines(revealed: Mapping[str, Any]) -> list[str]:
    """Return the secrets shown at the end of the game."""
    factions = ", ".join(f"{seat} {(f or '?').capitalize()}"
                         for seat, f in revealed["factions"].items())
    aside = (revealed["set_aside"] or "?").capitalize()
    return [f"Factions: {factions}; set aside: {aside}.",
            "Markers: " + "; ".join(f"{seat} {_marker_words(m)}"
                                    for seat, m in revealed["markers"].items())]
