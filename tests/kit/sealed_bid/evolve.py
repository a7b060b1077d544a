"""One evolver per event: how the state changes. Total, deterministic, no checks and no draws."""
from __future__ import annotations

from engine.core.contract import replace

from . import events as ev
from .events import EVENTS
from .state import PASS, Bidder, Result, State


def initial_state(seats: tuple[str, ...]) -> State:
    """Return the auction before the deal: empty hands, no lots."""
    return State(tuple(Bidder(seat) for seat in seats))


@EVENTS.evolver(ev.HandDealt)
def _hand_dealt(state: State, event: ev.HandDealt) -> State:
    """The bidder holds its cards."""
    return state.with_bidder(replace(state.bidder(event.seat), hand=event.cards))


@EVENTS.evolver(ev.LotsShuffled)
def _lots_shuffled(state: State, event: ev.LotsShuffled) -> State:
    """The lots lie face down in this order."""
    return replace(state, lots=event.lots)


@EVENTS.evolver(ev.RoundOpened)
def _round_opened(state: State, event: ev.RoundOpened) -> State:
    """The top lot is on offer."""
    return replace(state, round=event.round, lot=event.lot, lots=state.lots[1:])


@EVENTS.evolver(ev.BidSealed)
def _bid_sealed(state: State, event: ev.BidSealed) -> State:
    """The bidder's sealed bid is this one (its card stays in hand until shown)."""
    return state.with_bidder(replace(state.bidder(event.seat), sealed=event.card))


@EVENTS.evolver(ev.BidsShown)
def _bids_shown(state: State, event: ev.BidsShown) -> State:
    """The bid cards are spent, the winner takes the lot, and the round is done."""
    for seat, card in event.bids:
        bidder = state.bidder(seat)
        if card != PASS:
            bidder = replace(bidder, hand=tuple(c for c in bidder.hand if c != card),
                             spent=(*bidder.spent, card))
        if seat == event.winner:
            bidder = replace(bidder, won=(*bidder.won, event.lot))
        state = state.with_bidder(replace(bidder, sealed=None))
    result = Result(event.round, event.lot, event.bids, event.winner)
    return replace(state, lot=0, results=(*state.results, result))
