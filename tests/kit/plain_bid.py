"""Sealed Bid without its standing answers: a game with no decision to answer in advance, for
the tests of what the service shows such a game (no standing card on the seat page)."""
from __future__ import annotations

from typing import ClassVar

from engine.core.standing import Topic
from tests.kit.sealed_bid.game import SealedBid


class PlainBid(SealedBid):
    """Sealed Bid whose seats answer every decision when asked."""

    STANDING: ClassVar[tuple[Topic, ...]] = ()


GAME = PlainBid()
