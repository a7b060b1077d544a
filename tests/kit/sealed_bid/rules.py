"""The rules of Sealed Bid: legality (the steps' checks) and effects (their handlers).

Each round the top lots are turned up and every bidder seals a card of its hand, or passes; a
sealed bid may be changed until the last one is in, and who has sealed is kept private (a
bidder may sit out, passing unasked). Then all bids are shown: the highest card wins (the cards
are all different, so there are no ties), every bid card is spent, and the winner takes one of
the lots on offer, the others set aside; nobody wins when everybody passed. After the last
round the most valuable lots win the game.
"""
from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.kit import Emitter
from engine.core.rng import Rng

from . import flow
from .events import BidSealed, LotTaken
from .orders import Bid, Pass, Take
from .state import PASS, State, lots_text


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
    if all(em.state.bidder(asked).sealed is not None for asked in em.state.asked):
        flow.show_bids(em)


def lots(state: State, seat: str) -> list[Take]:
    """Return every lot the winner may take: each one on offer (public, so a single lot is
    taken at once)."""
    return [Take(lot) for lot in state.offer]


def check_take(state: State, seat: str, order: Take) -> None:
    """The winner takes a lot on offer."""
    if order.lot not in state.offer:
        raise RuleViolation(f"No lot worth {order.lot} is on offer; you may take "
                            f"{lots_text(state.offer, 'or')}.", code="sealed-bid.not-on-offer")


def take(em: Emitter[State], seat: str, order: Take, rng: Rng) -> None:
    """Take the lot, set the others aside, and go on to the next round."""
    em.emit(LotTaken(seat, order.lot, tuple(lot for lot in em.state.offer if lot != order.lot)))
    flow.next_round(em)
