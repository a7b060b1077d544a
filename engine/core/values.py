"""The values the game contract passes: prompts and their order forms, the audience of an
event, a game's options, and how a finished game ended."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Literal

Order = Any
"""An order is an instance of a frozen dataclass decorated with `@order`."""


@dataclass(frozen=True)
class Field:
    """One input of an order form: a choice among options, several choices, a whole number
    from `min` to `max` (amounts of money, counts), or free text."""

    name: str
    label: str
    kind: Literal["choice", "multi", "number", "text"] = "choice"
    options: tuple[str, ...] = ()
    min: int = 1
    max: int = 1


@dataclass(frozen=True)
class OrderForm:
    """One kind of order a seat can give now, with its inputs and example texts."""

    kind: str
    label: str
    fields: tuple[Field, ...] = ()
    examples: tuple[str, ...] = ()
    syntax: str = ""


@dataclass(frozen=True)
class Prompt:
    """A decision a seat may or must take now.

    `key` names the decision point (stable while it is open) so a stale answer is recognised;
    `default` is the order submitted for the seat when the deadline passes, unless the seat has
    already `submitted` a sealed order (which it may still revise until the prompt closes when
    the prompt is `revisable`). Whether a seat has answered is public, as at a table, unless
    the rules keep it private (`answering_public` False): then pages, reminders and the game
    master are told only that the decision is open and until when, never who has answered.
    """

    seat: str
    key: str
    summary: str
    forms: tuple[OrderForm, ...]
    default: Order
    default_summary: str
    simultaneous: bool = False
    submitted: bool = False
    deadline_hours: int = 48
    revisable: bool = True
    answering_public: bool = True


@dataclass(frozen=True)
class Audience:
    """Who may read an event: `seats` (None = everyone) and what the others see instead.

    A hidden event's `summary` is its public line ("Red drew a card"); `UNSEEN` (empty) says
    the others see nothing of it, not even that it happened: for what is private by the rules
    down to its existence (a seat's standing answer, its sealed answer to an open window)."""

    seats: frozenset[str] | None = None
    summary: str | None = None

    def allows(self, seat: str | None) -> bool:
        """Return whether `seat` (None = spectator) may read the full event."""
        return self.seats is None or (seat is not None and seat in self.seats)


EVERYONE = Audience()
UNSEEN = ""
"""The summary of an event the other seats do not see at all (see `Audience`)."""


class Termination(Enum):
    """Why a game ended, for programs (archives, statistics, pages); the reason is for people.

    A game's rules end it with one of the first four; the service records the last two.
    """

    GOAL = "goal"
    """A seat or side met the rules' winning condition (a goal, a right proclamation)."""
    LAST_ROUND = "last-round"
    """Play reached its end (the last round, the last piece placed, the end declared) and
    the score decided."""
    LAST_STANDING = "last-standing"
    """Every other seat left the game (knocked out, or resigned as the rules allow)."""
    RESIGNATION = "resignation"
    """The other seats resigned, and the rules end the game on it."""
    DEADLINE_DEFAULTS = "deadline-defaults"
    """The order that ended the game was a deadline default: nobody gave it."""
    GAME_MASTER = "game-master"
    """The game master ended the game."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the winning seats, scores, the reason in words and, for
    programs, its `termination`."""

    winners: tuple[str, ...]
    reason: str
    scores: Mapping[str, int] = field(default_factory=dict)
    termination: Termination = field(kw_only=True)


@dataclass(frozen=True)
class OptionSpec:
    """A game option: name, kind, default and a help line."""

    name: str
    kind: Literal["bool", "int", "choice"]
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def parse(self, text: str) -> Any:
        """Return the option's value read from `text`, or raise ValueError explaining why not."""
        if self.kind == "bool":
            lowered = text.strip().lower()
            if lowered in ("1", "true", "yes", "on"):
                return True
            if lowered in ("0", "false", "no", "off"):
                return False
            raise ValueError(f"option {self.name} takes yes or no, not {text!r}")
        if self.kind == "int":
            try:
                value = int(text)
            except ValueError:
                raise ValueError(f"option {self.name} takes a whole number, not {text!r}") from None
            if self.minimum is not None and value < self.minimum:
                raise ValueError(f"option {self.name} must be at least {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise ValueError(f"option {self.name} must be at most {self.maximum}")
            return value
        if text not in self.choices:
            raise ValueError(f"option {self.name} takes one of {', '.join(self.choices)}, "
                             f"not {text!r}")
        return text
