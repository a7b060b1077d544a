"""Canaries for the secrecy test: every hidden item of a state replaced by a marked value."""
from __future__ import annotations

from engine.core.contract import Canaries, replace

from .state import Markers, Phase, State


def plant_canaries(state: State, canaries: Canaries) -> State:
    """Return `state` with every item still hidden replaced by a canary readable by its owners."""
    if state.phase is Phase.OVER:
        return state
    nobody: frozenset[str] = frozenset()
    factions = tuple(canaries.text({seat}) if faction is not None else None
                     for seat, faction in zip(state.seats, state.factions))
    hands = tuple(_marker_canaries(canaries, seat) for seat in state.seats)
    votes = tuple(_marker_canaries(canaries, seat) if vote is not None else None
                  for seat, vote in zip(state.seats, state.votes))
    deck = tuple(canaries.text(nobody) for _ in state.deck)
    set_aside = canaries.text(nobody) if state.set_aside is not None else None
    return replace(state, factions=factions, hands=hands, votes=votes, deck=deck,
                   set_aside=set_aside)


def _marker_canaries(canaries: Canaries, seat: str) -> Markers:
    """Return markers whose three counts are canary numbers readable by `seat` only."""
    return Markers(canaries.number({seat}), canaries.number({seat}), canaries.number({seat}))
