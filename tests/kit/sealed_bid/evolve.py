"""One evolver per event: how the state changes. Total, deterministic, no checks and no draws."""
from __future__ import annotations

from engine.core.contract import replace

from . import events as ev
from .events import EVENTS
from .state import OFF, PASS, Bidder, Result, State


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
    """The top lots are on offer; every bidder not sitting out is asked to bid."""
    asked = tuple(bidder.seat for bidder in state.bidders if bidder.sit_out == OFF)
    return replace(state, round=event.round, offer=event.offer,
                   lots=state.lots[len(event.offer):], asked=asked, winner=None)


@EVENTS.evolver(ev.BidSealed)
def _bid_sealed(state: State, event: ev.BidSealed) -> State:
    """The bidder's sealed bid is this one (its card stays in hand until shown)."""
    return state.with_bidder(replace(state.bidder(event.seat), sealed=event.card))


@EVENTS.evolver(ev.BidsShown)
def _bids_shown(state: State, event: ev.BidsShown) -> State:
    """The bid cards are spent and the winner is to choose a lot; nobody bid: the lots on
    offer are set aside and the round is done."""
    for seat, card in event.bids:
        bidder = state.bidder(seat)
        if card != PASS:
            bidder = replace(bidder, hand=tuple(c for c in bidder.hand if c != card),
                             spent=(*bidder.spent, card))
        state = state.with_bidder(replace(bidder, sealed=None))
    result = Result(event.round, state.offer, event.bids, event.winner)
    offer = state.offer if event.winner else ()
    return replace(state, offer=offer, asked=(), winner=event.winner,
                   results=(*state.results, result))


@EVENTS.evolver(ev.LotTaken)
def _lot_taken(state: State, event: ev.LotTaken) -> State:
    """The winner holds the lot; the round is done."""
    bidder = state.bidder(event.seat)
    state = state.with_bidder(replace(bidder, won=(*bidder.won, event.lot)))
    results = (*state.results[:-1], replace(state.results[-1], taken=event.lot))
    return replace(state, offer=(), winner=None, results=results)


@EVENTS.evolver(ev.SitOutSet)
def _sit_out_set(state: State, event: ev.SitOutSet) -> State:
    """The bidder's standing answer to sit out (asked or not is fixed as each round opens)."""
    return state.with_bidder(replace(state.bidder(event.seat), sit_out=event.mode))
