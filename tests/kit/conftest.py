"""The kit's reference game, registered for the length of a test."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.core.registry import registered
from tests.kit.sealed_bid.game import SealedBid

MODULE = "tests.kit.sealed_bid"


@pytest.fixture
def sealed_bid() -> Iterator[SealedBid]:
    """Sealed Bid, known to the registry (and so to the service) until the test ends."""
    with registered("sealed-bid", MODULE) as game:
        assert isinstance(game, SealedBid)
        yield game
