"""One-line accounts of the events, for the history and the turn emails."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import events as ev
from .board import board


def _line(line: int) -> str:
    return board().lines[line].name


def _dice(e: ev.DiceRolled) -> str:
    houses = " and ".join(e.houses)
    tower = f"tower die {e.tower}, " if e.tower else "no tower die (towers at both ends), "
    return f"Dice: {tower}house dice {houses}."


def _played(e: ev.CardsPlayed) -> str:
    parts = ", ".join(f"{c} {p}" for c, p in zip(e.cards, e.points, strict=True))
    city = f" for city {e.city}" if e.city else ""
    return f"{e.seat} played {parts}{city}: {sum(e.points)} points."


def _swapped(e: ev.CardsSwapped) -> str:
    if not e.cards:
        return f"{e.seat} kept their cards."
    return f"{e.seat} discarded {', '.join(e.cards)} to draw as many."


def _drawn(e: ev.CardsDrawn) -> str:
    return f"{e.seat} drew {', '.join(e.cards)}."


def _scoring(e: ev.ScoringStarted) -> str:
    order = ", ".join(e.seats)
    if e.final:
        return f"Final scoring: each player may play cards for a completed city ({order})."
    return f"Scoring of city {e.city} ({order})."


TEXTS: dict[type, Callable[[Any], str]] = {
    ev.GameSetUp: lambda e: f"The masons sit down: {', '.join(e.seats)}; {e.first} begins.",
    ev.CardsDrawn: _drawn,
    ev.DiscardReshuffled: lambda e: f"The supply ran out: {e.count} discarded cards were "
                                    "shuffled into a new supply.",
    ev.TurnStarted: lambda e: f"Turn {e.turn}: {e.seat} builds a wall.",
    ev.WallBuilt: lambda e: f"{e.seat} built a wall on {_line(e.line)}.",
    ev.DiceRolled: _dice,
    ev.ChoiceOpened: lambda e: f"{e.seat} chooses the {e.what}.",
    ev.TowerPlaced: lambda e: f"A {e.colour} tower went on {e.point}.",
    ev.HousePlaced: lambda e: f"A {e.colour} house went in space {e.space}.",
    ev.CityCompleted: lambda e: f"City {e.number} is completed ({len(e.spaces)} spaces).",
    ev.WallRemoved: lambda e: f"The wall {_line(e.line)} inside the city went back.",
    ev.TowerRemoved: lambda e: f"The tower on {e.point} inside the city went back.",
    ev.PalaceBuilt: lambda e: f"Two {e.colour} houses became a {e.colour} palace.",
    ev.CitiesMerged: lambda e: f"City {e.number} joined city {e.into}; walls "
                               f"{', '.join(_line(k) for k in e.lines)} went back.",
    ev.MergeDeclined: lambda e: f"City {e.number} stays apart.",
    ev.ScoringStarted: _scoring,
    ev.ChoiceSealed: lambda e: f"{e.seat} chose, sealed.",
    ev.CardsPlayed: _played,
    ev.CardDiscarded: lambda e: f"{e.seat} discarded {e.card} to draw two.",
    ev.ScoringPassed: lambda e: f"{e.seat} played no card.",
    ev.SwapsStarted: lambda e: f"Last place ({', '.join(e.seats)}) may replace cards.",
    ev.CardsSwapped: _swapped,
    ev.GameEnded: lambda e: e.reason,
}


def describe(event: Any) -> str:
    """Return a one-line account of `event`."""
    return TEXTS[type(event)](event)
