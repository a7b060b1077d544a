"""The events of a duel in Castle of the Devil, from the challenge to its end."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.contract import Audience
from engine.core.declare import EventTypes

from .cards import object_name as obj_name
from .cards import profession_name as prof_name

EVENTS: EventTypes[Any] = EventTypes("castle-of-the-devil")
"""Every event of the game, each registered once with its account and its readers."""

# -- duels ------------------------------------------------------------------------------------


@EVENTS.register(
    "duel-declared", describe=lambda e: f"{e.attacker} challenges {e.defender} to a duel."
)
@dataclass(frozen=True)
class DuelDeclared:
    """`attacker` challenged `defender`; `priest_window` when a Priest may still stop it."""

    attacker: str
    defender: str
    priest_window: bool


@EVENTS.register(
    "side-chosen",
    describe=lambda e: f"{e.seat} supports the {e.side}.",
    audience=lambda e: Audience(
        _only(e.seat), f"{e.seat} changed their side" if e.revised else f"{e.seat} chose a side"
    ),
)
@dataclass(frozen=True)
class SideChosen:
    """`seat` chose, sealed, which duellist it supports."""

    seat: str
    side: str
    revised: bool


@EVENTS.register(
    "priest-passed",
    describe=lambda e: f"{e.seat} lets the duel go ahead.",
    audience=lambda e: Audience(_only(e.seat), f"{e.seat} answered"),
)
@dataclass(frozen=True)
class PriestPassed:
    """The defender lets the duel go ahead (sealed, like every answer before the reveal)."""

    seat: str
    revised: bool


@EVENTS.register("duel-stopped", describe=lambda e: f"{e.seat} stops the duel with the Priest.")
@dataclass(frozen=True)
class DuelStopped:
    """The Priest stopped the duel before the sides were shown."""

    seat: str


@EVENTS.register(
    "sides-revealed",
    describe=lambda e: (
        "Sides: " + ", ".join(f"{seat} {side}" for seat, side in e.sides.items()) + "."
    ),
)
@dataclass(frozen=True)
class SidesRevealed:
    """Every character is turned up: the side each player supports."""

    sides: dict[str, str]


@EVENTS.register("duel-played", describe=lambda e: _played(e))
@dataclass(frozen=True)
class DuelPlayed:
    """`seat` played an object, a profession or `amount` tokens (`target`: a seat or side)."""

    seat: str
    what: str
    kind: str
    amount: int
    target: str


@EVENTS.register("duel-passed", describe=lambda e: f"{e.seat} passes.")
@dataclass(frozen=True)
class DuelPassed:
    """`seat` played nothing this time round."""

    seat: str


@EVENTS.register("duel-resolved", describe=lambda e: _resolved(e))
@dataclass(frozen=True)
class DuelResolved:
    """The totals were counted; `winner` is a seat or None for a tie."""

    attacker_total: int
    defender_total: int
    winner: str | None
    reason: str
    doctor_window: bool


@EVENTS.register("doctor-passed", describe=lambda e: f"{e.seat} lets the result stand.")
@dataclass(frozen=True)
class DoctorPassed:
    """`seat` lets the result of the duel stand."""

    seat: str


@EVENTS.register(
    "duel-cancelled", describe=lambda e: f"{e.seat} cancels the duel's result with the Doctor."
)
@dataclass(frozen=True)
class DuelCancelled:
    """The Doctor cancelled everything the duel would bring."""

    seat: str


@EVENTS.register(
    "spoils-offered", describe=lambda e: f"{e.winner} chooses what to win from {e.loser}."
)
@dataclass(frozen=True)
class SpoilsOffered:
    """The winner chooses: look at the loser's society card, or see and take an object."""

    winner: str
    loser: str


@EVENTS.register(
    "object-taken",
    describe=lambda e: f"{e.winner} took the {obj_name(e.obj)} from {e.loser}.",
    audience=lambda e: Audience(
        _only(e.winner, e.loser), f"{e.winner} took an object from {e.loser}"
    ),
)
@dataclass(frozen=True)
class ObjectTaken:
    """The winner took `obj` from the loser."""

    winner: str
    loser: str
    obj: str


@EVENTS.register(
    "give-back-owed",
    describe=lambda e: f"{e.winner} took the only object of {e.loser} and gives one back.",
)
@dataclass(frozen=True)
class GiveBackOwed:
    """The winner took the loser's only object and must give one back."""

    winner: str
    loser: str


@EVENTS.register(
    "object-returned",
    describe=lambda e: f"{e.winner} gave {e.loser} the {obj_name(e.obj)} in return.",
    audience=lambda e: Audience(
        _only(e.winner, e.loser), f"{e.winner} gave {e.loser} an object in return"
    ),
)
@dataclass(frozen=True)
class ObjectReturned:
    """The winner gave `obj` to the loser in return."""

    winner: str
    loser: str
    obj: str


@EVENTS.register(
    "duel-ended",
    describe=lambda e: (
        f"The duel of {e.attacker} and {e.defender} is over; {e.tokens} "
        "token(s) go back to the pile."
    ),
)
@dataclass(frozen=True)
class DuelEnded:
    """The duel is over; `tokens` played tokens went back to the pile."""

    attacker: str
    defender: str
    tokens: int


DUEL_EVENT_TYPES: tuple[type, ...] = (
    DuelDeclared,
    SideChosen,
    PriestPassed,
    DuelStopped,
    SidesRevealed,
    DuelPlayed,
    DuelPassed,
    DuelResolved,
    DoctorPassed,
    DuelCancelled,
    SpoilsOffered,
    ObjectTaken,
    GiveBackOwed,
    ObjectReturned,
    DuelEnded,
)


def _played(e: DuelPlayed) -> str:
    """Describe a play in a duel."""
    if e.kind == "tokens":
        return f"{e.seat} put {e.amount} duel token(s) on the {e.target} side."
    if e.kind == "object":
        return f"{e.seat} played the {obj_name(e.what)}."
    target = f" naming {e.target}" if e.target else ""
    return f"{e.seat} used the {prof_name(e.what)}{target}."


def _resolved(e: DuelResolved) -> str:
    """Describe the count of a duel."""
    result = f"{e.winner} wins" if e.winner else "a tie"
    return (
        f"The duel is counted: attacker {e.attacker_total}, defender {e.defender_total}; "
        f"{result} ({e.reason})."
    )


def _only(*seats: str) -> frozenset[str]:
    """Return the audience of the given seats."""
    return frozenset(seats)
