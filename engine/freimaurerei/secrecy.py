"""Canaries for the shared secrecy test: every hidden item of a state, made unmistakable."""
from __future__ import annotations

from engine.core.contract import Canaries, replace
from engine.core.rng import Rng

from .state import Alignment, Bag, Phase, Piece, Realm, State


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
    """Return `state` with everything `seat` may not know drawn anew: the other SM's inner
    alignment and inner alignments planted by others (dealt with the bag's small pyramids
    from the small pyramids whose colour the seat does not know), the other seat's sealed
    choice (either society at random) and the deck orders (None once the game is over:
    nothing is hidden).

    The hidden pyramids are taken in the order of the realms and the pieces' ids and put in
    order before they are dealt, and so are the decks before they are shuffled, so the
    variant depends only on what the seat knows and on `rng` (the house player samples its
    worlds with it)."""
    if state.phase is Phase.OVER:
        return None
    hidden = [(r, key) for r, realm in enumerate(state.realms) for key in sorted(realm.pieces)
              if _hidden_from(realm.pieces[key], realm.seat, seat)]
    bag = state.bag
    pool = sorted([_inner(state.realms[r].pieces[key]) for r, key in hidden]
                  + [Alignment.ROSICRUCIAN] * bag.white_small
                  + [Alignment.ILLUMINATI] * bag.black_small)
    dealt = rng.shuffled(pool)
    drawn = dict(zip(hidden, dealt))
    realms = tuple(replace(realm, pieces={
        key: replace(piece, inner=drawn[(r, key)]) if (r, key) in drawn else piece
        for key, piece in realm.pieces.items()}) for r, realm in enumerate(state.realms))
    left = dealt[len(hidden):]
    choices = tuple(_drawn(rng) if choice is not None and realm.seat != seat else choice
                    for realm, choice in zip(state.realms, state.choices))
    return replace(state, realms=realms, choices=choices,
                   bag=replace(bag, white_small=left.count(Alignment.ROSICRUCIAN),
                               black_small=left.count(Alignment.ILLUMINATI)),
                   lodge_deck=tuple(rng.shuffled(sorted(state.lodge_deck))),
                   ruler_deck=tuple(rng.shuffled(sorted(state.ruler_deck))))


def _inner(piece: Piece) -> Alignment:
    """Return the inner alignment of a piece that holds one."""
    assert piece.inner is not None
    return piece.inner


def _drawn(rng: Rng) -> Alignment:
    """Return either society, at random."""
    return (Alignment.ROSICRUCIAN, Alignment.ILLUMINATI)[rng.randbelow(2)]


def _hidden_from(piece: Piece, owner: str, seat: str | None) -> bool:
    """Return whether `piece` holds an inner alignment that `seat` does not know."""
    knower = owner if piece.is_master else piece.inner_by
    return piece.inner is not None and knower != seat


def probe_words() -> tuple[str, ...]:
    """Return names players write: principalities, colours, rites, results, pieces."""
    return ("leichtberg", "schwerheim", "mine", "theirs", "white", "black", "french",
                "st andrews", "perfection", "swap", "aim", "dig", "tip", "hop", "SM", "M1",
                "M5", "M9", "lodge 1", "lodge 2", "unaffiliated", "inner", "outer")
