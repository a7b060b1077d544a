"""The orders of Sealed Bid, each registered once with its canonical text and form texts."""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.declare import OrderTypes

ORDERS = OrderTypes("sealed-bid")


@ORDERS.register("bid", text=lambda o: f"bid {o.card}", label="Seal a bid",
                 syntax="bid <card>", fields={"card": "Card from your hand"})
@dataclass(frozen=True)
class Bid:
    """Seal a card of the hand as this round's bid."""

    card: int


@ORDERS.register("pass", text=lambda o: "pass", label="Pass this round", syntax="pass")
@dataclass(frozen=True)
class Pass:
    """Seal no card: keep the hand, win nothing this round."""


@ORDERS.register("take", text=lambda o: f"take {o.lot}", label="Take a lot",
                 syntax="take <lot>", fields={"lot": "Lot to take"})
@dataclass(frozen=True)
class Take:
    """Take the lot worth `lot` of those on offer (the winner of the round)."""

    lot: int
