"""The events of an attack: its announcement, the windows, the roll and the result."""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.contract import Audience

from .cards import SIDES, name_of
from .events import EVENTS, _names, answer_text
from .state import Answer


def _attack(e: AttackAnnounced) -> str:
    aid = f", aided by {_names(e.aiders)}" if e.aiders else ""
    privilege = f", privileged by {name_of(e.privilege)}" if e.privilege else ""
    where = f" at its {SIDES[e.arrow]} arrow" if e.arrow >= 0 else ""
    return (f"{e.attacker} attacks to {e.kind} {name_of(e.target)} with {name_of(e.group)}"
            f"{aid}{where}, spending {e.spent}MB{privilege}.")


@EVENTS.register("attack-announced",
                 describe=_attack)
@dataclass(frozen=True)
class AttackAnnounced:
    """An attack: who, how, with which groups, on what, the money put in, its privilege."""

    attacker: str
    kind: str
    group: str
    target: str
    defender: str
    aiders: tuple[str, ...]
    arrow: int
    spent: int
    privilege: str
    whisper: bool
    first_action: bool
    moving: int = 0


@EVENTS.register("window-opened",
                 describe=lambda e: f"The {e.phase} window opens.")
@dataclass(frozen=True)
class WindowOpened:
    """A window opens for the players it concerns (response, reaction or secrets)."""

    phase: str


@EVENTS.register("answer-sealed",
                 describe=lambda e: "Sealed: " + answer_text(e.answer) + ".",
                 audience=lambda e: Audience(frozenset({e.answer.seat}), "An answer was sealed."))
@dataclass(frozen=True)
class AnswerSealed:
    """A sealed answer to the open window."""

    answer: Answer


@EVENTS.register("window-closed",
                 describe=lambda e: "The window closes: "
    + ("; ".join(answer_text(a) for a in e.answers) or "nobody answered")
    + ("; privilege is abolished" if e.abolished else "") + ".")
@dataclass(frozen=True)
class WindowClosed:
    """The window ends; every answer is shown."""

    answers: tuple[Answer, ...]
    abolished: bool


@EVENTS.register("raise-asked",
                 describe=lambda e: f"{e.attacker} may raise the attack or roll.")
@dataclass(frozen=True)
class RaiseAsked:
    """The attacker sees the totals and may add money."""

    attacker: str


@EVENTS.register("attack-raised",
                 describe=lambda e: f"{e.attacker} adds {e.amount}MB to the attack.")
@dataclass(frozen=True)
class AttackRaised:
    """The attacker adds `amount` MB to the attack."""

    attacker: str
    amount: int


@EVENTS.register("dice-rolled",
                 describe=lambda e: f"The dice: {e.dice[0]} + {e.dice[1]} = {sum(e.dice)} "
                             f"(needed {e.needed} or less).")
@dataclass(frozen=True)
class DiceRolled:
    """The attack's 2d6 and the target number it had to reach."""

    dice: tuple[int, int]
    needed: int


@EVENTS.register("roll-changed",
                 describe=lambda e: "Played on the roll: "
    + ", ".join(f"{s} {name_of(c)}" for s, c in e.played) + f"; the roll is {e.roll}.")
@dataclass(frozen=True)
class RollChanged:
    """The Specials played on the roll, and the roll that stands."""

    played: tuple[tuple[str, str], ...]
    roll: int


@EVENTS.register("attack-resolved",
                 describe=lambda e: f"The attack to {e.kind} {name_of(e.target)} "
    + ("succeeds" if e.success else "fails") + f" ({e.roll} against {e.needed}).")
@dataclass(frozen=True)
class AttackResolved:
    """The attack succeeds or fails."""

    attacker: str
    kind: str
    target: str
    success: bool
    roll: int
    needed: int
