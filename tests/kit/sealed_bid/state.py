"""The state of Sealed Bid: each bidder's hidden hand, sealed bid and standing answer to sit out,
the face-down lots and those on offer, what the earlier rounds showed, and the auction's numbers
(loaded once from data/auction.json)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

from engine.core.contract import replace

PASS = 0
"""A sealed bid of no card."""
ON, OFF = "on", "off"
"""A bidder's standing answer to sit out: on (passes every round unasked) or off."""


@dataclass(frozen=True)
class Auction:
    """The numbers a publisher could correct: bid cards 1 to `cards`, `hand` of them dealt to
    each bidder, `rounds` rounds each turning up `offer` of the face-down `lots` (the last
    round may find fewer)."""

    cards: int
    hand: int
    rounds: int
    offer: int
    lots: tuple[int, ...]


def _auction() -> Auction:
    """Return the auction read from the package's data/auction.json."""
    text = resources.files(__package__).joinpath("data/auction.json").read_text("utf-8")
    data = json.loads(text)
    return Auction(int(data["cards"]), int(data["hand"]), int(data["rounds"]),
                   int(data["offer"]), tuple(int(lot) for lot in data["lots"]))


AUCTION = _auction()


@dataclass(frozen=True)
class Bidder:
    """One seat: its hidden hand, its sealed bid this round (a card, PASS, or None before it
    seals), the cards it bid and showed, the lots it took, and its standing answer to sit
    out (`ON`: it passes every round unasked; private, like the standing orders of a table)."""

    seat: str
    hand: tuple[int, ...] = ()
    sealed: int | None = None
    spent: tuple[int, ...] = ()
    won: tuple[int, ...] = ()
    sit_out: str = OFF

    @property
    def score(self) -> int:
        """Return the worth of the lots won."""
        return sum(self.won)


@dataclass(frozen=True)
class Result:
    """What one round showed: the lots on offer, every bid (PASS for none), who won and the
    lot taken (0 when nobody bid)."""

    round: int
    offer: tuple[int, ...]
    bids: tuple[tuple[str, int], ...]
    winner: str | None
    taken: int = 0


@dataclass(frozen=True)
class State:
    """The auction: bidders in seat order, face-down lots (top first), the round, the lots on
    offer, the bidders asked to bid this round (those not sitting out when it opened), and
    the winner choosing a lot once the bids are shown."""

    bidders: tuple[Bidder, ...]
    lots: tuple[int, ...] = ()
    round: int = 0
    offer: tuple[int, ...] = ()
    asked: tuple[str, ...] = ()
    winner: str | None = None
    results: tuple[Result, ...] = ()

    @property
    def seats(self) -> tuple[str, ...]:
        """Return the seat names in order."""
        return tuple(bidder.seat for bidder in self.bidders)

    @property
    def over(self) -> bool:
        """Return whether the last round is done (its lot taken, or nobody bid)."""
        return self.round == AUCTION.rounds and not self.offer

    def bidder(self, seat: str) -> Bidder:
        """Return the bidder playing `seat`."""
        return self.bidders[self.seats.index(seat)]

    def with_bidder(self, bidder: Bidder) -> State:
        """Return the state with `bidder` in its seat's place."""
        index = self.seats.index(bidder.seat)
        return replace(self, bidders=(*self.bidders[:index], bidder, *self.bidders[index + 1:]))


def bid_text(card: int) -> str:
    """Return how a sealed bid reads: the card, or 'pass'."""
    return "pass" if card == PASS else str(card)


def lots_text(lots: tuple[int, ...], joined: str = "and") -> str:
    """Return e.g. 'the lot worth 5' or 'the lots worth 5 and 3'."""
    if len(lots) == 1:
        return f"the lot worth {lots[0]}"
    return f"the lots worth {', '.join(map(str, lots[:-1]))} {joined} {lots[-1]}"
