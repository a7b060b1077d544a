"""For the secrecy tests: canaries planted in every hidden item of a state, and variants of a
state that differ only in what one seat may not know."""
from __future__ import annotations

from engine.core.contract import Canaries, replace
from engine.core.rng import Rng

from .state import AUCTION, PASS, Bidder, State

NOBODY: frozenset[str] = frozenset()


def plant_canaries(state: State, canaries: Canaries) -> State:
    """Return `state` with every hand, sealed bid, standing answer to sit out and face-down
    lot replaced by a canary."""
    if state.over:
        return state
    bidders = tuple(replace(
        bidder, hand=tuple(canaries.number({bidder.seat}) for _ in bidder.hand),
        sealed=None if bidder.sealed is None else canaries.number({bidder.seat}),
        sit_out=canaries.text({bidder.seat}))
        for bidder in state.bidders)
    return replace(state, bidders=bidders, lots=tuple(canaries.number(NOBODY) for _ in state.lots))


def hidden_variant(state: State, seat: str | None, rng: Rng) -> State | None:
    """Return `state` with what `seat` (None: a spectator) may not know dealt anew: the other
    hands (sizes kept) from every card it has not seen, their sealed bids made of their new
    cards (or a pass), and the order of the face-down lots."""
    if state.over:
        return None
    seen = {card for bidder in state.bidders for card in bidder.spent}
    if seat in state.seats:
        seen.update(state.bidder(seat).hand)
    unseen = rng.shuffled([card for card in range(1, AUCTION.cards + 1) if card not in seen])
    bidders = []
    for bidder in state.bidders:
        if bidder.seat != seat:
            hand, unseen = tuple(sorted(unseen[:len(bidder.hand)])), unseen[len(bidder.hand):]
            bidder = _dealt(bidder, hand, rng)
        bidders.append(bidder)
    return replace(state, bidders=tuple(bidders), lots=tuple(rng.shuffled(state.lots)))


def _dealt(bidder: Bidder, hand: tuple[int, ...], rng: Rng) -> Bidder:
    """Return `bidder` holding `hand`, a sealed bid (if it sealed one) chosen among it anew."""
    sealed = None if bidder.sealed is None else rng.choice((*hand, PASS))
    return replace(bidder, hand=hand, sealed=sealed)


def probe_words() -> tuple[str, ...]:
    """Return what players write: the numbers of every card, and a few words about them."""
    return (*(str(card) for card in range(1, AUCTION.cards + 1)), "card", "lot", "round",
            "worth")
