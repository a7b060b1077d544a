"""Sealed Bid: the kit's reference game, for its own tests only (never offered to players).

Two to four bidders hold hidden hands of numbered cards; each round a lot is turned up and every
bidder seals a card, or passes; the highest card wins the lot. It has the files every game has.
"""
from .game import SealedBid

GAME = SealedBid()

__all__ = ["GAME", "SealedBid"]
