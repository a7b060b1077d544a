"""The events of Intrigue and of the end of the game (the rest are in `events.py`)."""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.contract import Audience

from .events import EVENTS, card_text, society
from .orders import lodge_text
from .state import Alignment, Face, Principality, Result, Rite


def _face(face: Face) -> str:
    return face.value.upper()

# -- intrigue ------------------------------------------------------------------------------

@EVENTS.register("intrigue-rolled",
                 describe=lambda e: f"{e.seat} rolled for Intrigue"
                 + (f" again (paying {e.cost} T)" if e.cost else "") + f": {_face(e.face)}.")
@dataclass(frozen=True)
class IntrigueRolled:
    """A seat rolled the Treehouse die for Intrigue (`cost` paid for a re-roll)."""

    seat: str
    face: Face
    roll: int
    cost: int


@EVENTS.register("intrigue-accepted", describe=lambda e: f"{e.seat} kept {_face(e.face)}.")
@dataclass(frozen=True)
class IntrigueAccepted:
    """The seat kept the rolled result."""

    seat: str
    face: Face


@EVENTS.register("intrigue-fizzled",
                 describe=lambda e: f"{_face(e.face)} had no effect: {e.reason}.")
@dataclass(frozen=True)
class IntrigueFizzled:
    """The kept result had no effect (no possible target, or the seat let it drop)."""

    seat: str
    face: Face
    reason: str


@EVENTS.register("lodge-realigned",
                 describe=lambda e: f"{e.seat} aimed at lodge {e.lodge} of "
                                    f"{e.principality.label}: it now shows {card_text(e.card)}.")
@dataclass(frozen=True)
class LodgeRealigned:
    """AIM: the top Lodge card was laid on a lodge."""

    seat: str
    principality: Principality
    lodge: int
    card: str


@EVENTS.register("outer-alignment-redrawn",
                 describe=lambda e: f"{e.seat} dug under {e.piece}: its outer alignment is now "
                                    f"{society(e.alignment)}.")
@dataclass(frozen=True)
class OuterAlignmentRedrawn:
    """DIG: a Perfect Initiate's medium alignment was replaced by one drawn from the bag."""

    seat: str
    piece: str
    alignment: Alignment


@EVENTS.register("inner-alignment-planted",
                 describe=lambda e: f"{e.seat} planted a secret {society(e.alignment)} inner "
                                    f"alignment under {e.piece}.",
                 audience=lambda e: Audience(
                     frozenset({e.seat}), f"{e.seat} drew a small pyramid, looked at it alone "
                     f"and hid it under {e.piece} as its inner alignment."))
@dataclass(frozen=True)
class InnerAlignmentPlanted:
    """DIG: a small pyramid drawn unseen by others was hidden under a Perfect Initiate
    (secret to `seat`); one already there went back to the bag unseen."""

    seat: str
    piece: str
    alignment: Alignment


def _suppressed(e: LodgesSuppressed) -> str:
    """Return the account of a suppression."""
    lodges = ", ".join(str(n) for n in e.lodges)
    return (f"{e.seat} incited the ruler of {e.principality.label} to suppress lodge(s) "
            f"{lodges}; to the bank: {', '.join(e.to_bank) or 'nobody'}; unaffiliated now: "
            f"{', '.join(e.unaffiliated) or 'nobody'}.")


@EVENTS.register("lodges-suppressed", describe=lambda e: _suppressed(e))
@dataclass(frozen=True)
class LodgesSuppressed:
    """TIP: a ruler dissolved the lodges opposed to it; plain Masons went to the bank."""

    seat: str
    principality: Principality
    lodges: tuple[int, ...]
    cards: tuple[str, ...]
    to_bank: tuple[str, ...]
    unaffiliated: tuple[str, ...]


@EVENTS.register("suppression-failed",
                 describe=lambda e: f"{e.seat} tried to incite the ruler of "
                                    f"{e.principality.label}, without effect: {e.reason}.")
@dataclass(frozen=True)
class SuppressionFailed:
    """TIP had no effect: no outer alignment of the seat's side matches the ruler."""

    seat: str
    principality: Principality
    reason: str


@EVENTS.register("initiate-defected",
                 describe=lambda e: f"{e.seat}'s {e.agent} won over the Perfect Initiate "
                                    f"{e.piece}, who is now {lodge_text(e.lodge)}.")
@dataclass(frozen=True)
class InitiateDefected:
    """HOP: a Perfect Initiate crossed over to join the agent (lodge None: unaffiliated)."""

    seat: str
    piece: str
    agent: str
    lodge: int | None


@EVENTS.register("defection-rolled",
                 describe=lambda e: f"{e.seat}'s {e.agent} tempted {e.target}: the die shows "
                 f"{_face(e.face)}, " + ("a success." if e.success else "a failure."))
@dataclass(frozen=True)
class DefectionRolled:
    """HOP on a high-degree Mason: the Treehouse die decides (anything but WILD succeeds)."""

    seat: str
    target: str
    agent: str
    face: Face
    success: bool


@EVENTS.register("mason-won-over",
                 describe=lambda e: f"{e.piece} defected to {e.seat}, now {lodge_text(e.lodge)}"
                 + (f", and became a Perfect Initiate ({society(e.alignment)})."
                    if e.perfect else "."))
@dataclass(frozen=True)
class MasonWonOver:
    """The targeted high-degree Mason joined the agent; a large one became a Perfect Initiate
    when a purple was left (`perfect`), with the drawn `alignment`."""

    seat: str
    piece: str
    lodge: int | None
    perfect: bool
    alignment: Alignment | None


@EVENTS.register("agent-turned",
                 describe=lambda e: f"{e.seat}'s {e.piece} went over to the other side, now "
                 f"{lodge_text(e.lodge)}"
                 + (f", and took the {e.rite.label} Rite." if e.changed else "."))
@dataclass(frozen=True)
class AgentTurned:
    """The failed agent joined the targeted Mason's side; its rite marker now matches `rite`
    when the bank had one (`changed`)."""

    seat: str
    piece: str
    lodge: int | None
    rite: Rite
    changed: bool


# -- the end -------------------------------------------------------------------------------

@EVENTS.register("end-declared",
                 describe=lambda e: f"{e.seat} declared the game over ({e.lodges} lodges, "
                                    f"{e.perfect_initiates} Perfect Initiates).")
@dataclass(frozen=True)
class EndDeclared:
    """A seat declared the game over at the start of its turn."""

    seat: str
    lodges: int
    perfect_initiates: int


@EVENTS.register("secrets-revealed",
                 describe=lambda e: "Revealed: " + "; ".join(
                     [f"{seat}'s Secret Master is {society(a)}" for seat, a in e.masters.items()]
                     + [f"{piece} hid {society(a)}" for piece, a in e.planted.items()]) + ".")
@dataclass(frozen=True)
class SecretsRevealed:
    """Every hidden alignment was shown: the SMs' (by seat) and those planted by DIG."""

    masters: dict[str, Alignment]
    planted: dict[str, Alignment]


@EVENTS.register("joker-resolved",
                 describe=lambda e: (f"The Joker ruling {e.principality.label}" if e.lodge is None
                                     else f"The Joker of lodge {e.lodge}")
                 + " was settled by a further draw ("
                 + (", ".join(card_text(c) for c in e.drawn) or "no card")
                 + f"): {society(e.alignment)}.")
@dataclass(frozen=True)
class JokerResolved:
    """A Joker ruler (lodge None) or lodge got its alignment from a further draw."""

    principality: Principality
    lodge: int | None
    drawn: tuple[str, ...]
    alignment: Alignment | None


@EVENTS.register("game-scored",
                 describe=lambda e: "Points: " + ", ".join(
                     f"{seat} {n}" for seat, n in e.result.points.items()) + ". " + e.result.reason)
@dataclass(frozen=True)
class GameScored:
    """The final reckoning."""

    result: Result
