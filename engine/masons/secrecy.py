"""Canaries for the secrecy tests: every hidden card becomes a unique marker."""
from __future__ import annotations

from engine.core.contract import Canaries, replace

from .state import Choice, State


def plant_canaries(state: State, canaries: Canaries) -> State:
    """Return `state` with hands, sealed choices and the face-down supply made of canaries."""
    hands = tuple(tuple(canaries.text({seat}) for _ in hand)
                  for seat, hand in zip(state.seats, state.hands, strict=True))
    choices = tuple(
        None if choice is None else Choice(
            play=tuple(canaries.text({seat}) for _ in choice.play),
            discard=canaries.text({seat}) if choice.discard else "", city=choice.city)
        for seat, choice in zip(state.seats, state.choices, strict=True))
    supply = tuple(canaries.text(()) for _ in state.supply)
    return replace(state, hands=hands, choices=choices, supply=supply)
