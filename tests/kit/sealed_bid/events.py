"""The events of Sealed Bid, each registered once with its account and, for a secret, who may
read it and what the others are told."""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.contract import Audience
from engine.core.declare import EventTypes

from .state import State, bid_text

EVENTS: EventTypes[State] = EventTypes("sealed-bid")
NOBODY: frozenset[str] = frozenset()


@EVENTS.register("hand-dealt", describe=lambda e: f"{e.seat} was dealt "
                 + ", ".join(map(str, e.cards)),
                 audience=lambda e: Audience(frozenset({e.seat}),
                                             f"{e.seat} was dealt {len(e.cards)} cards"))
@dataclass(frozen=True)
class HandDealt:
    """A bidder's hidden hand of bid cards."""

    seat: str
    cards: tuple[int, ...]


@EVENTS.register("lots-shuffled",
                 describe=lambda e: "The lots lie face down: " + ", ".join(map(str, e.lots)),
                 audience=lambda e: Audience(NOBODY, "The lots were shuffled face down"))
@dataclass(frozen=True)
class LotsShuffled:
    """The order of the face-down lots, top first, known to nobody."""

    lots: tuple[int, ...]


@EVENTS.register("round-opened", describe=lambda e: f"Round {e.round}: a lot worth {e.lot} "
                 "is turned up")
@dataclass(frozen=True)
class RoundOpened:
    """The top lot is turned up and the bidding opens."""

    round: int
    lot: int


@EVENTS.register("bid-sealed",
                 describe=lambda e: f"{e.seat} sealed the bid {bid_text(e.card)}",
                 audience=lambda e: Audience(frozenset({e.seat}),
                                             f"{e.seat} {'changed' if e.revised else 'sealed'} "
                                             "a bid"))
@dataclass(frozen=True)
class BidSealed:
    """A bidder seals (or changes) its bid: a card of its hand, or PASS."""

    seat: str
    card: int
    revised: bool = False


def _shown(e: BidsShown) -> str:
    """Return e.g. 'Round 1: anna 12, bruno pass; anna wins the lot worth 5'."""
    bids = ", ".join(f"{seat} {bid_text(card)}" for seat, card in e.bids)
    won = f"{e.winner} wins" if e.winner else "nobody bid, so nobody wins"
    return f"Round {e.round}: {bids}; {won} the lot worth {e.lot}"


@EVENTS.register("bids-shown", describe=_shown)
@dataclass(frozen=True)
class BidsShown:
    """Every sealed bid is shown; the highest card wins the lot and the bid cards are spent."""

    round: int
    lot: int
    bids: tuple[tuple[str, int], ...]
    winner: str | None
