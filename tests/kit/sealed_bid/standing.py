"""The decisions of Sealed Bid a seat may answer in advance.

    bid: lowest card | highest card   the service bids for the seat as each round opens
    take: highest                     the service takes the most valuable lot for the winner
    sit-out: on | off                 kept by the game itself: a bidder sitting out passes
                                      every round unasked, from the next round on

A bid may answer the round's choice of a lot ahead: `bid 12, then take 7` (or `then take
highest`); it lapses when the round ends. `sit-out` is the game's own state, set by private
events nobody else sees (`SitOutSet`), and the bid's answering is private, so nobody can tell
a bidder sitting out from one who sealed a pass.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.standing import Answer, Standing, Topic

from .events import SitOutSet
from .orders import Bid, Take
from .state import OFF, ON, State

SIT_OUT = "sit-out"


def lowest_card(state: State, seat: str, legal: Sequence[Any]) -> Any:
    """Return the legal bid of the lowest card (None when no card can be bid)."""
    bids = [order for order in legal if isinstance(order, Bid)]
    return min(bids, key=lambda order: order.card, default=None)


def highest_card(state: State, seat: str, legal: Sequence[Any]) -> Any:
    """Return the legal bid of the highest card (None when no card can be bid)."""
    bids = [order for order in legal if isinstance(order, Bid)]
    return max(bids, key=lambda order: order.card, default=None)


def most_valuable(state: State, seat: str, legal: Sequence[Any]) -> Any:
    """Return the legal choice of the most valuable lot."""
    lots = [order for order in legal if isinstance(order, Take)]
    return max(lots, key=lambda order: order.lot, default=None)


TOPICS: tuple[Topic, ...] = (
    Topic("bid", ("bid",), (
        Answer("lowest-card", "bid the lowest card of your hand", pick=lowest_card,
               aliases=("lowest",)),
        Answer("highest-card", "bid the highest card of your hand", pick=highest_card,
               aliases=("highest",))),
        kinds=("bid", "pass"), aliases=("bids",)),
    Topic("take", ("take",), (
        Answer("highest", "take the most valuable lot on offer", pick=most_valuable,
               aliases=("best", "most-valuable")),),
        kinds=("take",), aliases=("lot", "lots")),
    Topic(SIT_OUT, (), (
        Answer(ON, "pass every round unasked, from the next round on"),
        Answer(OFF, "asked to bid every round")),
        aliases=("sitout", "away"), kept=True),
)


def kept(state: State, seat: str) -> tuple[Standing, ...]:
    """Return the seat's standing answer to sit out as an entry (none when it is off)."""
    if seat not in state.seats or state.bidder(seat).sit_out != ON:
        return ()
    return (Standing(SIT_OUT, ON),)


def keep(state: State, seat: str, entries: Sequence[Standing]) -> list[SitOutSet]:
    """Return the private event setting the seat's standing answer to sit out to the one in
    `entries` (off when there is none), or nothing when it holds already."""
    if seat not in state.seats or state.over:
        return []
    mode = next((e.answer for e in entries if e.topic == SIT_OUT and e.answer), OFF)
    if mode not in (ON, OFF) or mode == state.bidder(seat).sit_out:
        return []
    return [SitOutSet(seat, mode)]
