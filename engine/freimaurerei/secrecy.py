"""Canaries for the shared secrecy test: every hidden item of a state, made unmistakable."""
from __future__ import annotations

from engine.core.contract import Canaries, replace
from engine.core.rng import Rng

from .state import Bag, Phase, Piece, Realm, State


class PlantedAlignment(str):
    """A canary standing in for a hidden alignment; reads like one (`.value`, `.colour`)."""

    @property
    def value(self) -> str:
        """Return the canary text, as an alignment's value would be."""
        return str(self)

    @property
    def colour(self) -> str:
        """Return the canary text, as an alignment's colour would be."""
        return str(self)


def _planted_piece(piece: Piece, seat: str, canaries: Canaries) -> Piece:
    """Return `piece` with its inner alignment replaced by a canary for whoever knows it."""
    if piece.inner is None:
        return piece
    owner = seat if piece.is_master else (piece.inner_by or "")
    return replace(piece, inner=PlantedAlignment(canaries.text({owner})))


def _planted_realm(realm: Realm, canaries: Canaries) -> Realm:
    pieces = {k: _planted_piece(p, realm.seat, canaries) for k, p in realm.pieces.items()}
    return replace(realm, pieces=pieces)


def plant_canaries(state: State, canaries: Canaries) -> State:
    """Return `state` with SM and planted inner alignments, sealed choices, deck orders and the
    bag's colours replaced by canaries (nothing is hidden once the game is over)."""
    if state.phase is Phase.OVER:
        return state
    realms = tuple(_planted_realm(realm, canaries) for realm in state.realms)
    choices = tuple(PlantedAlignment(canaries.text({realm.seat})) if choice is not None
                    else None for realm, choice in zip(state.realms, state.choices))
    nobody: tuple[str, ...] = ()
    bag = Bag(*(canaries.number(nobody) for _ in range(4)))
    return replace(state, realms=realms, choices=choices, bag=bag,
                   lodge_deck=tuple(canaries.text(nobody) for _ in state.lodge_deck),
                   ruler_deck=tuple(canaries.text(nobody) for _ in state.ruler_deck))


def hidden_variant(state: State, seat: str | None, rng: Rng) -> State | None:
    """Return `state` with everything `seat` may not know changed: the other SM's inner
    alignment, inner alignments planted by others, the other seat's sealed choice, the deck
    orders and the colours in the bag (None once the game is over: nothing is hidden)."""
    if state.phase is Phase.OVER:
        return None
    realms = tuple(replace(realm, pieces={k: _flipped(p, realm.seat, seat)
                                          for k, p in realm.pieces.items()})
                   for realm in state.realms)
    choices = tuple(choice.opposite if choice is not None and realm.seat != seat else choice
                    for realm, choice in zip(state.realms, state.choices))
    bag = state.bag
    return replace(state, realms=realms, choices=choices,
                   bag=Bag(bag.black_small, bag.black_medium, bag.white_small, bag.white_medium),
                   lodge_deck=tuple(rng.shuffled(state.lodge_deck)),
                   ruler_deck=tuple(rng.shuffled(state.ruler_deck)))


def _flipped(piece: Piece, owner: str, seat: str | None) -> Piece:
    """Return `piece` with its inner alignment turned over unless `seat` knows it."""
    knower = owner if piece.is_master else piece.inner_by
    if piece.inner is None or knower == seat:
        return piece
    return replace(piece, inner=piece.inner.opposite)


def probe_words() -> tuple[str, ...]:
    """Return names players write: principalities, colours, rites, results, pieces."""
    return ("leichtberg", "schwerheim", "mine", "theirs", "white", "black", "french",
                "st andrews", "perfection", "swap", "aim", "dig", "tip", "hop", "SM", "M1",
                "M5", "M9", "lodge 1", "lodge 2", "unaffiliated", "inner", "outer")
