"""The decision points of Sealed Bid, the sealed bid of each round and the winner's choice of
a lot, and `step(state)`: which one is open."""
from __future__ import annotations

from engine.core.kit import Step

from . import rules
from .orders import Bid, Pass, Take
from .state import AUCTION, State, bid_text, lots_text

DEADLINE_HOURS = 48


def _bid_summary(state: State, seat: str) -> str:
    """Return what every bidder asked decides this round (and its sealed bid, once in)."""
    sealed = state.bidder(seat).sealed
    status = (f" Your sealed bid is {bid_text(sealed)}; you may change it until the last bid "
              "is in." if sealed is not None else "")
    return (f"Seal a card of your hand as your bid for {lots_text(state.offer)}, or pass "
            f"(round {state.round} of {AUCTION.rounds}).{status}")


def _take_summary(state: State, seat: str) -> str:
    """Return what the winner decides: which lot to take."""
    return f"You won round {state.round}: take {lots_text(state.offer, 'or')}."


# Who has sealed is private (`answering_public=False`): a bidder sitting out is not asked, and
# pages, reminders and the game master say only that the bidding is open and until when.
BID = Step(
    key="bid", summary=_bid_summary, deciders=lambda state: state.asked, kinds=(Bid, Pass),
    check={Bid: rules.check_bid, Pass: rules.check_pass}, handle=rules.seal,
    candidates=rules.candidates, default=Pass(),
    default_summary="you pass: no card is bid and your hand is kept", sealed=True,
    submitted=lambda state, seat: state.bidder(seat).sealed is not None,
    answering_public=False, hours=DEADLINE_HOURS)

# The lots on offer are public, so when only one is left (the last round) everyone can tell
# the winner's one answer: the kit takes it at once (`public=True`) and nobody is asked.
TAKE = Step(
    key="take", summary=_take_summary, deciders=lambda state: (state.winner,), kinds=(Take,),
    check=rules.check_take, handle=rules.take, candidates=rules.lots,
    default=lambda state, seat: Take(max(state.offer)),
    default_summary="you take the most valuable lot on offer", public=True,
    hours=DEADLINE_HOURS)

STEPS = (BID, TAKE)


def step(state: State) -> Step | None:
    """Return the decision point open now: the winner's choice once the bids are shown, the
    bid while lots are on offer, else none."""
    if not state.offer:
        return None
    return TAKE if state.winner is not None else BID
