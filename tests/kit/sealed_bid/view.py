"""What each seat may see: the public auction, and its own hand, bid and standing answer."""
from __future__ import annotations

from typing import Any

from .state import AUCTION, Bidder, State, bid_text


def _public(bidder: Bidder) -> dict[str, Any]:
    """Return what everyone sees of a bidder: hand size, spent cards, lots won (never whether
    it has sealed, nor whether it sits out)."""
    return {"seat": bidder.seat, "cards": len(bidder.hand), "spent": list(bidder.spent),
            "won": list(bidder.won), "score": bidder.score}


def seat_view(state: State, seat: str | None) -> dict[str, Any]:
    """Return what `seat` (None: a spectator) may see."""
    you = None
    if seat in state.seats:
        own = state.bidder(seat)
        you = {"hand": list(own.hand), "sit_out": own.sit_out,
               "bid": None if own.sealed is None else bid_text(own.sealed)}
    return {"round": state.round, "rounds": AUCTION.rounds, "offer": list(state.offer),
            "face_down": len(state.lots), "choosing": state.winner,
            "bidders": [_public(bidder) for bidder in state.bidders],
            "results": [{"round": r.round, "offer": list(r.offer), "winner": r.winner,
                         "taken": r.taken,
                         "bids": [[name, bid_text(card)] for name, card in r.bids]}
                        for r in state.results],
            "you": you}


def label(state: State) -> str:
    """Return where the auction stands, e.g. 'Round 2 of 4'."""
    if state.over:
        return "Auction over"
    return f"Round {state.round} of {AUCTION.rounds}"
