"""Sealed Bid: the kit's reference game, for its own tests only (never offered to players).

Two to four bidders hold hidden hands of numbered cards; each round two lots are turned up (one
in the last round) and every bidder asked seals a card, or passes; the highest card wins and
takes one of the lots. It has the files every game has, and uses every feature of the kit a
game can use (engine/README.md).
"""
from .game import SealedBid

GAME = SealedBid()

__all__ = ["GAME", "SealedBid"]
