"""The state of Sealed Bid: each bidder's hidden hand and sealed bid, the face-down lots, what the
earlier rounds showed, and the auction's numbers (loaded once from data/auction.json)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

from engine.core.contract import replace

PASS = 0
"""A sealed bid of no card."""


@dataclass(frozen=True)
class Auction:
    """The numbers a publisher could correct: bid cards 1 to `cards`, `hand` of them dealt to
    each bidder, `rounds` lots auctioned from the face-down `lots`."""

    cards: int
    hand: int
    rounds: int
    lots: tuple[int, ...]


def _auction() -> Auction:
    """Return the auction read from the package's data/auction.json."""
    text = resources.files(__package__).joinpath("data/auction.json").read_text("utf-8")
    data = json.loads(text)
    return Auction(int(data["cards"]), int(data["hand"]), int(data["rounds"]),
                   tuple(int(lot) for lot in data["lots"]))


AUCTION = _auction()


@dataclass(frozen=True)
class Bidder:
    """One seat: its hidden hand, its sealed bid this round (a card, PASS, or None before it
    seals), the cards it bid and showed, and the lots it won."""

    seat: str
    hand: tuple[int, ...] = ()
    sealed: int | None = None
    spent: tuple[int, ...] = ()
    won: tuple[int, ...] = ()

    @property
    def score(self) -> int:
        """Return the worth of the lots won."""
        return sum(self.won)


@dataclass(frozen=True)
class Result:
    """What one round showed: every bid (PASS for none) and who won the lot, if anyone."""

    round: int
    lot: int
    bids: tuple[tuple[str, int], ...]
    winner: str | None


@dataclass(frozen=True)
class State:
    """The auction: bidders in seat order, face-down lots (top first), the round and its lot."""

    bidders: tuple[Bidder, ...]
    lots: tuple[int, ...] = ()
    round: int = 0
    lot: int = 0
    results: tuple[Result, ...] = ()

    @property
    def seats(self) -> tuple[str, ...]:
        """Return the seat names in order."""
        return tuple(bidder.seat for bidder in self.bidders)

    @property
    def over(self) -> bool:
        """Return whether the last round's bids were shown."""
        return self.round == AUCTION.rounds and self.lot == 0

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
