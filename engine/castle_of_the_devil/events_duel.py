"""The events of a duel in Castle of the Devil, from the challenge to its end."""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.contract import event

# -- duels ------------------------------------------------------------------------------------


@event("duel-declared")
@dataclass(frozen=True)
class DuelDeclared:
    """`attacker` challenged `defender`; `priest_window` when a Priest may still stop it."""

    attacker: str
    defender: str
    priest_window: bool


@event("side-chosen")
@dataclass(frozen=True)
class SideChosen:
    """`seat` chose, sealed, which duellist it supports."""

    seat: str
    side: str
    revised: bool


@event("priest-passed")
@dataclass(frozen=True)
class PriestPassed:
    """The defender lets the duel go ahead (sealed, like every answer before the reveal)."""

    seat: str
    revised: bool


@event("duel-stopped")
@dataclass(frozen=True)
class DuelStopped:
    """The Priest stopped the duel before the sides were shown."""

    seat: str


@event("sides-revealed")
@dataclass(frozen=True)
class SidesRevealed:
    """Every character is turned up: the side each player supports."""

    sides: dict[str, str]


@event("duel-played")
@dataclass(frozen=True)
class DuelPlayed:
    """`seat` played an object, a profession or `amount` tokens (`target`: a seat or side)."""

    seat: str
    what: str
    kind: str
    amount: int
    target: str


@event("duel-passed")
@dataclass(frozen=True)
class DuelPassed:
    """`seat` played nothing this time round."""

    seat: str


@event("duel-resolved")
@dataclass(frozen=True)
class DuelResolved:
    """The totals were counted; `winner` is a seat or None for a tie."""

    attacker_total: int
    defender_total: int
    winner: str | None
    reason: str
    doctor_window: bool


@event("doctor-passed")
@dataclass(frozen=True)
class DoctorPassed:
    """`seat` lets the result of the duel stand."""

    seat: str


@event("duel-cancelled")
@dataclass(frozen=True)
class DuelCancelled:
    """The Doctor cancelled everything the duel would bring."""

    seat: str


@event("spoils-offered")
@dataclass(frozen=True)
class SpoilsOffered:
    """The winner chooses: look at the loser's society card, or see and take an object."""

    winner: str
    loser: str


@event("object-taken")
@dataclass(frozen=True)
class ObjectTaken:
    """The winner took `obj` from the loser."""

    winner: str
    loser: str
    obj: str


@event("give-back-owed")
@dataclass(frozen=True)
class GiveBackOwed:
    """The winner took the loser's only object and must give one back."""

    winner: str
    loser: str


@event("object-returned")
@dataclass(frozen=True)
class ObjectReturned:
    """The winner gave `obj` to the loser in return."""

    winner: str
    loser: str
    obj: str


@event("duel-ended")
@dataclass(frozen=True)
class DuelEnded:
    """The duel is over; `tokens` played tokens went back to the pile."""

    attacker: str
    defender: str
    tokens: int


DUEL_EVENT_TYPES: tuple[type, ...] = (
    DuelDeclared, SideChosen, PriestPassed, DuelStopped, SidesRevealed, DuelPlayed, DuelPassed,
    DuelResolved, DoctorPassed, DuelCancelled, SpoilsOffered, ObjectTaken, GiveBackOwed,
    ObjectReturned, DuelEnded,
)
