"""The automatic steps of Sealed Bid, which no seat decides: the set-up, opening a round,
showing the bids once the last is in, and the next round (or the end of the auction)."""
from __future__ import annotations

from engine.core.kit import Emitter
from engine.core.rng import Rng

from .events import BidsShown, HandDealt, LotsShuffled, RoundOpened
from .state import AUCTION, PASS, State


def set_up(em: Emitter[State], rng: Rng) -> None:
    """Deal each bidder a hidden hand, shuffle the lots face down and open the first round."""
    cards = rng.shuffled(range(1, AUCTION.cards + 1))
    for index, seat in enumerate(em.state.seats):
        dealt = cards[index * AUCTION.hand:(index + 1) * AUCTION.hand]
        em.emit(HandDealt(seat, tuple(sorted(dealt))))
    em.emit(LotsShuffled(tuple(rng.shuffled(AUCTION.lots))))
    open_round(em, 1)


def open_round(em: Emitter[State], number: int) -> None:
    """Turn up the round's lots; when every bidder sits out, show the bids (all passes) at once."""
    em.emit(RoundOpened(number, em.state.lots[:AUCTION.offer]))
    if not em.state.asked:
        show_bids(em)


def show_bids(em: Emitter[State]) -> None:
    """Show every bid (a bidder not asked passed); the highest card wins and chooses a lot,
    and when nobody bid the round is done."""
    state = em.state
    bids = tuple((bidder.seat, PASS if bidder.sealed is None else bidder.sealed)
                 for bidder in state.bidders)
    best = max(bids, key=lambda bid: bid[1])
    em.emit(BidsShown(state.round, bids, best[0] if best[1] != PASS else None))
    if em.state.winner is None:
        next_round(em)


def next_round(em: Emitter[State]) -> None:
    """Open the next round, unless the last one is done (then the auction is over)."""
    if em.state.round < AUCTION.rounds:
        open_round(em, em.state.round + 1)
