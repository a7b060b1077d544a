"""What each seat may see: the board, its own secrets, and everything once the game is over."""
from __future__ import annotations

from typing import Any

from .rules import open_card
from .state import (
    ANTARCTICA,
    COLOURS,
    SCORING,
    VALUE,
    Agents,
    Colour,
    Markers,
    Phase,
    Side,
    State,
    controllers,
    name_of,
    points,
)
from .steps import step

CARDS_UNDER_REDEPLOY = 3


def _agents(counts: Agents) -> dict[str, int]:
    """Return agent counts keyed by colour name."""
    return {colour.value: count for colour, count in zip(COLOURS, counts)}


def _markers(markers: Markers | None) -> dict[str, int] | None:
    """Return markers as a JSON-ready dict."""
    if markers is None:
        return None
    return {"red": markers.red, "white": markers.white, "orange": markers.orange}


def seat_view(state: State, seat: str | None) -> dict[str, Any]:
    """Return everything `seat` (None: a spectator) may see now."""
    data = _public(state)
    index = state.seat_index(seat) if seat is not None else -1
    if index >= 0:
        data["you"] = _own(state, index)
    if state.phase is Phase.OVER:
        data["revealed"] = _revealed(state)
    return data


def _public(state: State) -> dict[str, Any]:
    """Return the part of the view every seat and spectator sees."""
    return {
        "game": "secret-masters", "round": state.round, "turn": state.turn,
        "phase": state.phase.value, "seats": list(state.seats),
        "grand_master": state.seats[state.grand_master], "active": state.seats[state.active],
        "goal": state.goal,
        "board": [_region(state, region) for region in SCORING],
        "antarctica": _agents(state.board[ANTARCTICA]),
        "pool": _agents(state.pool),
        "points": {colour.value: value for colour, value in points(state.board).items()},
        "cards": _cards(state),
        "open_card": open_card(state),
        "cards_before_redeploy": max(0, len(state.deck) - CARDS_UNDER_REDEPLOY),
        "last_vote": _markers(state.last_vote),
        "voted": [state.seats[i] for i, vote in enumerate(state.votes) if vote is not None],
        "waiting_for": [state.seats[i] for i in _deciders(state)],
        "winner": state.seats[state.winner] if state.winner is not None else None,
    }


def _deciders(state: State) -> tuple[int, ...]:
    """Return the indexes of the seats deciding now."""
    now = step(state)
    return tuple(now.deciders(state)) if now is not None else ()


def _region(state: State, region: str) -> dict[str, Any]:
    """Return one region of the board as seen by everyone."""
    counts = state.board[region]
    return {"region": region, "name": name_of(region), "value": VALUE[region],
            "agents": _agents(counts),
            "controlled_by": [colour.value for colour in controllers(counts)]}


def _cards(state: State) -> dict[str, Any] | None:
    """Return the two revealed region cards and the agents on them."""
    if state.red_card is None and state.white_card is None:
        return None
    cards: dict[str, Any] = {}
    for side in (Side.RED, Side.WHITE):
        region = state.card(side)
        agent = state.agent(side)
        cards[side.value] = {"region": region, "name": name_of(region),
                             "value": VALUE.get(region) if region is not None else None,
                             "agent": agent.value if agent is not None else None}
    return cards


def _faction(faction: Colour | str | None) -> str | None:
    """Return a faction's name (a planted canary string passes through unchanged)."""
    if faction is None:
        return None
    return faction.value if isinstance(faction, Colour) else str(faction)


def _own(state: State, index: int) -> dict[str, Any]:
    """Return what only seat `index` knows: its faction, markers and sealed vote."""
    return {"seat": state.seats[index], "faction": _faction(state.factions[index]),
            "markers": _markers(state.hands[index]), "vote": _markers(state.votes[index])}


def _revealed(state: State) -> dict[str, Any]:
    """Return everything that was secret, shown once the game is over."""
    return {
        "factions": {seat: _faction(faction)
                     for seat, faction in zip(state.seats, state.factions)},
        "set_aside": _faction(state.set_aside),
        "markers": {seat: _markers(hand) for seat, hand in zip(state.seats, state.hands)},
        "deck": list(state.deck),
    }
