"""What each seat may see: the view of a state (hidden events name their readers in `events`).

The board, the supplies, the discard pile, the scores and the size of every hand are public;
the cards in a hand, the contents of the face-down supply and a sealed scoring choice are not.
"""
from __future__ import annotations

from typing import Any

from . import cities as ct
from .board import board
from .events import choice_text
from .placing import empty_ends
from .rules import deciders, side_names
from .state import Phase, State

GAME_NAME = "masons"


def seat_view(state: State, seat: str | None) -> dict[str, Any]:
    """Return everything `seat` (None: a spectator) may see now."""
    data = public(state)
    index = state.index(seat)
    if index >= 0:
        choice = state.choices[index] if state.choices else None
        data["you"] = {"hand": list(state.hands[index])}
        if state.sealed:
            data["you"]["sealed"] = choice_text(choice) if choice is not None else None
    return data


def public(state: State) -> dict[str, Any]:
    """Return the part of the view every seat and spectator sees."""
    return {
        "game": GAME_NAME, "turn": state.turn, "phase": state.phase.value,
        "active": state.seats[state.active] if state.seats else None,
        "waiting_for": [state.seats[k] for k in deciders(state)],
        "players": [{"seat": s, "score": state.scores[k], "cards": len(state.hands[k])}
                    for k, s in enumerate(state.seats)],
        "board": board_view(state), "supply": supply_view(state),
        "discard": list(state.discard), "this_turn": turn_view(state),
        "free_lines": [board().lines[k].name for k in ct.free_lines(state)],
        "scoring": scoring_view(state), "result": result_view(state),
    }


def board_view(state: State) -> dict[str, Any]:
    """Return the pieces on the board."""
    brd = board()
    return {
        "walls": [brd.lines[k].name for k in sorted(state.walls)],
        "towers": {str(p): c for p, c in sorted(state.towers.items())},
        "houses": {str(s): list(h) for s, h in enumerate(state.houses) if h},
        "palaces": {str(s): list(p) for s, p in enumerate(state.palaces) if p},
        "cities": [{"number": c.number, "spaces": list(c.spaces)} for c in state.cities],
    }


def supply_view(state: State) -> dict[str, Any]:
    """Return what is left in the supplies (the guild cards only as a count)."""
    return {"walls": state.walls_left(), "towers": state.towers_left(),
            "houses": state.houses_left(), "palaces": state.palaces_left(),
            "cards": len(state.supply)}


def turn_view(state: State) -> dict[str, Any]:
    """Return this turn's wall, dice and open choice."""
    if state.wall < 0:
        return {"wall": None}
    data: dict[str, Any] = {
        "wall": board().lines[state.wall].name, "tower_die": state.tower_roll or None,
        "house_dice": list(state.house_roll), "empty_ends": empty_ends(state),
        "sides": {side or "edge": space for side, space in side_names(state).items()},
    }
    if state.phase is Phase.MERGE:
        data["merge"] = {str(n): [board().lines[k].name for k in lines]
                         for n, lines in ct.merge_options(state, state.city).items()}
        data["new_city"] = state.city
    return data


def scoring_view(state: State) -> dict[str, Any] | None:
    """Return the scoring under way: the city, who is still to decide, who has chosen."""
    if state.phase not in (Phase.SCORE, Phase.FINAL, Phase.SWAP):
        return None
    return {"city": state.city, "final": state.phase is Phase.FINAL,
            "swap": state.phase is Phase.SWAP, "sealed": state.sealed,
            "to_decide": [state.seats[k] for k in state.queue],
            "chosen": [state.seats[k] for k in state.queue
                       if state.choices and state.choices[k] is not None]}


def result_view(state: State) -> dict[str, Any] | None:
    """Return the result once the game is over."""
    if state.phase is not Phase.OVER:
        return None
    return {"winners": list(state.winners), "reason": state.reason}
