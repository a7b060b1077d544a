"""The service's own events, stored in the same log as the game's events.

Their type names contain a dot (`game.created`), game event names never do, so a log can be
split between the service and the engine by name alone.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import Audience, TypeTable, event

EVERYONE = Audience()


@dataclass(frozen=True)
class SeatInfo:
    """A seat at the table: its name (used in orders and addresses) and its player's email."""

    name: str
    email: str


@event("game.created")
@dataclass(frozen=True)
class GameCreated:
    """A game was created; the hash of its secret seed is published here."""

    game: str
    title: str
    engine_version: str
    seats: tuple[SeatInfo, ...]
    options: dict[str, Any]
    seed_hash: str


@event("order.accepted")
@dataclass(frozen=True)
class OrderAccepted:
    """A seat's order was accepted; the game's events for it follow in the same append."""

    seat: str
    order: dict[str, Any]
    text: str
    prompt_key: str


@event("game.finished")
@dataclass(frozen=True)
class GameFinished:
    """The game ended: winners, scores and the reason."""

    winners: tuple[str, ...]
    reason: str
    scores: dict[str, int]


@event("seed.revealed")
@dataclass(frozen=True)
class SeedRevealed:
    """The game's secret seed, published at the end so anyone can audit the randomness."""

    seed: str


SERVICE_EVENTS = TypeTable([GameCreated, OrderAccepted, GameFinished, SeedRevealed],
                           "event_type")


def is_service_event(type_name: str) -> bool:
    """Return whether a stored event type belongs to the service rather than the game."""
    return "." in type_name


def describe_service_event(item: Any) -> str:
    """Return the history line of a service event."""
    if isinstance(item, GameCreated):
        names = ", ".join(seat.name for seat in item.seats)
        return f"{item.title} started for {names}."
    if isinstance(item, OrderAccepted):
        return f"{item.seat} ordered: {item.text}"
    if isinstance(item, GameFinished):
        winners = ", ".join(item.winners) or "nobody"
        return f"The game is over. Won by {winners}: {item.reason}"
    if isinstance(item, SeedRevealed):
        return f"The game's secret seed is revealed: {item.seed}"
    raise TypeError(f"not a service event: {item!r}")


def service_audience(item: Any) -> Audience:
    """Return who may read a service event before the game ends."""
    if isinstance(item, OrderAccepted):
        return Audience(frozenset({item.seat}), None)
    return EVERYONE
