"""The rules of Sealed Bid: legality (the steps' checks) and effects (their handlers).

Each round one lot is turned up and every bidder seals a card of its hand, or passes; a sealed
bid may be changed until the last one is in. Then all bids are shown: the highest card wins the
lot (the cards are all different, so there are no ties), every bid card is spent, and nobody
wins when everybody passed. After the last round the most valuable lots win the game.
"""
from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.kit import Emitter
from engine.core.rng import Rng

from .events import BidSealed, BidsShown, HandDealt, LotsShuffled, RoundOpened
from .orders import Bid, Pass
from .state import AUCTION, PASS, State


def set_up(em: Emitter[State], rng: Rng) -> None:
    """Deal each bidder a hidden hand, shuffle the lots face down and open the first round."""
    cards = rng.shuffled(range(1, AUCTION.cards + 1))
    for index, seat in enumerate(em.state.seats):
        dealt = cards[index * AUCTION.hand:(index + 1) * AUCTION.hand]
        em.emit(HandDealt(seat, tuple(sorted(dealt))))
    em.emit(LotsShuffled(tuple(rng.shuffled(AUCTION.lots))))
    em.emit(RoundOpened(1, em.state.lots[0]))


def candidates(state: State, seat: str) -> list[Bid | Pass]:
    """Return every bid worth trying: each card of the hand, and passing."""
    return [*(Bid(card) for card in state.bidder(seat).hand), Pass()]


def check_bid(state: State, seat: str, order: Bid) -> None:
    """A bid is a card of the bidder's own hand."""
    hand = state.bidder(seat).hand
    if order.card not in hand:
        raise RuleViolation(f"You do not hold the card {order.card}; your hand is "
                            f"{', '.join(map(str, hand))}.", code="sealed-bid.not-in-hand")


def check_pass(state: State, seat: str, order: Pass) -> None:
    """Passing is always allowed."""


def seal(em: Emitter[State], seat: str, order: Bid | Pass, rng: Rng) -> None:
    """Seal (or change) the bid; the last bid in shows them all."""
    card = order.card if isinstance(order, Bid) else PASS
    revised = em.state.bidder(seat).sealed is not None
    em.emit(BidSealed(seat, card, revised))
    if all(bidder.sealed is not None for bidder in em.state.bidders):
        show_bids(em)


def show_bids(em: Emitter[State]) -> None:
    """Show every bid, give the lot to the highest card, and open the next round if any."""
    state = em.state
    bids = tuple((bidder.seat, PASS if bidder.sealed is None else bidder.sealed)
                 for bidder in state.bidders)
    best = max(bids, key=lambda bid: bid[1])
    winner = best[0] if best[1] != PASS else None
    em.emit(BidsShown(state.round, state.lot, bids, winner))
    if em.state.round < AUCTION.rounds:
        em.emit(RoundOpened(em.state.round + 1, em.state.lots[0]))
