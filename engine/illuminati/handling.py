"""What the rules' handlers share: the emitter they emit through, the violation a check
raises, and the step that follows a handler, as data.

An attack runs through several rule modules: its announcement opens a window, the window's
close rolls the dice or opens the window for Secrets Man Was Not Meant To Know, that window's
close carries on with the attack... A handler does its own part and returns what follows
(`Next`, or None when the decision waits for a seat again); the dispatcher (`dispatch.py`)
picks the handler of each, so no rule module calls into another.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import RuleViolation
from engine.core.kit import Emitter as KitEmitter

from .state import Play, State

Emitter = KitEmitter[State]
"""The kit's emitter over an Illuminati state: handlers emit events through it."""


def refuse(message: str, code: str) -> RuleViolation:
    """Return a rule violation with an Illuminati code."""
    return RuleViolation(message, code=f"il.{code}")


@dataclass(frozen=True)
class OpenWindow:
    """Open the attack's window of `phase` (response, reaction or secrets)."""

    phase: str


@dataclass(frozen=True)
class CloseWindow:
    """Close the attack's open window (`countered`: its window for Secrets has passed)."""

    countered: bool = False


@dataclass(frozen=True)
class RollDice:
    """Roll the attack's dice."""


@dataclass(frozen=True)
class SettleRoll:
    """Apply the Specials played on the roll, then resolve the attack."""


@dataclass(frozen=True)
class Resolve:
    """Carry out the attack's result."""


@dataclass(frozen=True)
class FailUnrolled:
    """End the attack as failed without a roll (its Whispering Campaign was cancelled)."""


@dataclass(frozen=True)
class OpenCounter:
    """Open the window for Secrets on `plays` (`context`: announce, response or free); when
    none opens, go on with `otherwise`."""

    plays: tuple[Play, ...]
    context: str
    otherwise: Next | None


@dataclass(frozen=True)
class CloseCounter:
    """Close the window for Secrets."""


@dataclass(frozen=True)
class CarryOut:
    """Do what the Specials `plays` do, then check victory; `resume`: then close the
    attack's window if every answer is in (the window for Secrets interrupted it)."""

    plays: tuple[Play, ...]
    resume: bool


@dataclass(frozen=True)
class PassWindow:
    """Answer the attack's open window for `seat` with a pass (its standing order)."""

    seat: str


@dataclass(frozen=True)
class PassCounter:
    """Answer the open window for Secrets for `seat` with a pass (its standing order)."""

    seat: str


Next = (OpenWindow | CloseWindow | RollDice | SettleRoll | Resolve | FailUnrolled
        | OpenCounter | CloseCounter | CarryOut | PassWindow | PassCounter)
"""What follows a handler in the same decision."""
