"""The events of Sealed Bid, each registered once with its account and, for a secret, who may
read it and what the others are told (`UNSEEN`: nothing at all)."""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.contract import UNSEEN, Audience
from engine.core.declare import EventTypes

from .state import ON, PASS, State, bid_text, lots_text

EVENTS: EventTypes[State] = EventTypes("sealed-bid")
NOBODY: frozenset[str] = frozenset()


def _own(seat: str) -> Audience:
    """Return the audience of what only `seat` learns, of which the others see nothing."""
    return Audience(frozenset({seat}), UNSEEN)


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


@EVENTS.register("round-opened", describe=lambda e: f"Round {e.round}: "
                 f"{lots_text(e.offer)} {'is' if len(e.offer) == 1 else 'are'} turned up")
@dataclass(frozen=True)
class RoundOpened:
    """The top lots are turned up and the bidding opens."""

    round: int
    offer: tuple[int, ...]


def _sealed(e: BidSealed) -> str:
    """Return e.g. 'anna sealed the bid 12' or 'anna changed its bid to a pass'."""
    bid = "a pass" if e.card == PASS else ("" if e.revised else "the bid ") + bid_text(e.card)
    return f"{e.seat} {'changed its bid to' if e.revised else 'sealed'} {bid}"


# Whether a bidder has sealed is private too (the step's `answering_public=False`): a bidder
# sitting out is never asked, and nobody may tell it from one who sealed a pass.
@EVENTS.register("bid-sealed", describe=_sealed, audience=lambda e: _own(e.seat))
@dataclass(frozen=True)
class BidSealed:
    """A bidder seals (or changes) its bid: a card of its hand, or PASS."""

    seat: str
    card: int
    revised: bool = False


def _shown(e: BidsShown) -> str:
    """Return e.g. 'Round 1: anna 12, bruno pass; anna wins'."""
    bids = ", ".join(f"{seat} {bid_text(card)}" for seat, card in e.bids)
    won = f"{e.winner} wins" if e.winner else "nobody bid, so nobody wins"
    return f"Round {e.round}: {bids}; {won}"


@EVENTS.register("bids-shown", describe=_shown)
@dataclass(frozen=True)
class BidsShown:
    """Every bid is shown (a bidder sitting out passed); the highest card wins and the bid
    cards are spent. When nobody bid, the lots on offer are set aside."""

    round: int
    bids: tuple[tuple[str, int], ...]
    winner: str | None


def _taken(e: LotTaken) -> str:
    """Return e.g. 'anna takes the lot worth 7; the lot worth 3 is set aside'."""
    rest = f"; {lots_text(e.left)} {'is' if len(e.left) == 1 else 'are'} set aside" if (
        e.left) else ""
    return f"{e.seat} takes the lot worth {e.lot}{rest}"


@EVENTS.register("lot-taken", describe=_taken)
@dataclass(frozen=True)
class LotTaken:
    """The winner takes one lot on offer; the others are set aside."""

    seat: str
    lot: int
    left: tuple[int, ...]


@EVENTS.register("sit-out-set", describe=lambda e: f"{e.seat} will "
                 f"{'sit out from the next round on' if e.mode == ON else 'be asked to bid again'}",
                 audience=lambda e: _own(e.seat))
@dataclass(frozen=True)
class SitOutSet:
    """A bidder sets its standing answer to sit out (by the service's `standing` command),
    seen by nobody else: it holds from the next round on."""

    seat: str
    mode: str
