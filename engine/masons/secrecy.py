"""Secrecy tests: canaries in every hidden card, and variants with the hidden cards reshuffled."""
from __future__ import annotations

from engine.core.contract import Canaries, replace
from engine.core.rng import Rng

from .board import board
from .cards import HOUSE_COLOURS, TOWER_COLOURS, cards
from .state import Choice, Phase, State


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


def hidden_variant(state: State, seat: str | None, rng: Rng) -> State | None:
    """Return `state` with what `seat` may not know reshuffled: the other hands (sizes kept)
    and the face-down supply, and the others' sealed choices made of their new cards.

    The hidden cards are put in order before they are dealt, so the variant depends only on
    what the seat knows and on `rng` (the house player samples its worlds with it)."""
    if state.phase is Phase.OVER:
        return None
    me = state.index(seat)
    others = [k for k in range(state.players) if k != me]
    pool = rng.shuffled(sorted([c for k in others for c in state.hands[k]] + list(state.supply)))
    hands = list(state.hands)
    choices = list(state.choices)
    for k in others:
        hands[k], pool = tuple(sorted(pool[:len(hands[k])])), pool[len(hands[k]):]
        if choices[k] is not None and hands[k]:
            choices[k] = Choice(discard=hands[k][0])
    return replace(state, hands=tuple(hands), supply=tuple(sorted(pool)),
                   choices=tuple(choices))


def probe_words() -> tuple[str, ...]:
    """Return the names players write: guild cards, colours, sides, regions."""
    return (*sorted(cards()), *TOWER_COLOURS, *HOUSE_COLOURS, "north", "south", "west", "east",
            *board().regions, "city", "none")
