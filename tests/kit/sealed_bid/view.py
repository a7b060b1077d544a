"""What a seat may see: every bidder's public side, the results so far, and its own hand and bid."""
from __future__ import annotations

from typing import Any

from .state import AUCTION, Bidder, State, bid_text


def _public(bidder: Bidder) -> dict[str, Any]:
    """Return what everyone sees of a bidder: hand size, whether it sealed, spent cards, lots."""
    return {"seat": bidder.seat, "cards": len(bidder.hand), "sealed": bidder.sealed is not None,
            "spent": list(bidder.spent), "won": list(bidder.won), "score": bidder.score}


def seat_view(state: State, seat: str | None) -> dict[str, Any]:
    """Return what `seat` (None: a spectator) may see."""
    you = None
    if seat in state.seats:
        own = state.bidder(seat)
        you = {"hand": list(own.hand),
               "bid": None if own.sealed is None else bid_text(own.sealed)}
    return {"round": state.round, "rounds": AUCTION.rounds, "lot": state.lot or None,
            "face_down": len(state.lots),
            "bidders": [_public(bidder) for bidder in state.bidders],
            "results": [{"round": r.round, "lot": r.lot, "winner": r.winner,
                         "bids": [[name, bid_text(card)] for name, card in r.bids]}
                        for r in state.results],
            "you": you}


def label(state: State) -> str:
    """Return where the auction stands, e.g. 'Round 2 of 4'."""
    if state.over:
        return "Auction over"
    return f"Round {state.round} of {AUCTION.rounds}"
