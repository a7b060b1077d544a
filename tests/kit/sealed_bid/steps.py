"""The one decision point of Sealed Bid, the sealed bid of each round, and `step(state)`."""
from __future__ import annotations

from engine.core.kit import Step

from . import rules
from .orders import Bid, Pass
from .state import AUCTION, State, bid_text

DEADLINE_HOURS = 48


def _summary(state: State, seat: str) -> str:
    """Return what every bidder decides this round (and its sealed bid, once in)."""
    sealed = state.bidder(seat).sealed
    status = (f" Your sealed bid is {bid_text(sealed)}; you may change it until the last bid "
              "is in." if sealed is not None else "")
    return (f"Seal a card of your hand as your bid for the lot worth {state.lot}, or pass "
            f"(round {state.round} of {AUCTION.rounds}).{status}")


BID = Step(
    key="bid", summary=_summary, deciders=lambda state: state.seats, kinds=(Bid, Pass),
    check={Bid: rules.check_bid, Pass: rules.check_pass}, handle=rules.seal,
    candidates=rules.candidates, default=Pass(),
    default_summary="you pass: no card is bid and your hand is kept", sealed=True,
    submitted=lambda state, seat: state.bidder(seat).sealed is not None, hours=DEADLINE_HOURS)

STEPS = (BID,)


def step(state: State) -> Step | None:
    """Return the decision point open now: the bid while a lot is on offer, else none."""
    return BID if state.lot else None
