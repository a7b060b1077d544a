"""The events of an attack: its announcement, the windows, the roll and the result."""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.contract import UNSEEN, Audience

from .cards import SIDES, name_of
from .event_types import EVENTS, answer_text
from .event_types import card_names as _names
from .state import Answer, Play


def _attack(e: AttackAnnounced) -> str:
    aid = f", aided by {_names(e.aiders)}" if e.aiders else ""
    privilege = f", privileged by {name_of(e.privilege)}" if e.privilege else ""
    where = f" at its {SIDES[e.arrow]} arrow" if e.arrow >= 0 else ""
    placing = "".join(f"; {name_of(puppet)} goes at the {SIDES[side]} of "
                      f"{name_of(master) if master else 'its master'} if its place is taken"
                      for puppet, master, side in e.placing)
    return (f"{e.attacker} attacks to {e.kind} {name_of(e.target)} with {name_of(e.group)}"
            f"{aid}{where}, spending {e.spent}MB{privilege}{placing}.")


@EVENTS.register("attack-announced",
                 describe=_attack, version=2)
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
    placing: tuple[tuple[str, str, int], ...] = ()


@EVENTS.upcaster("attack-announced", 1)
def _announced_v1(payload: dict[str, object]) -> dict[str, object]:
    """Version 1 had no placing of displaced puppets: the capturer named none."""
    return {**payload, "placing": []}


@EVENTS.register("attack-called-off",
                 describe=lambda e: f"{e.attacker} calls off the attack on "
                                    f"{name_of(e.target)} ({e.why}); the action is not spent.")
@dataclass(frozen=True)
class AttackCalledOff:
    """The attack ends unresolved and does not count: its action and groups are free again."""

    attacker: str
    target: str
    why: str


def _plays(plays: tuple[Play, ...]) -> str:
    return "; ".join(f"{p.seat} plays {name_of(p.card)}" + (f" on {name_of(p.target)}"
                                                           if p.target else "")
                     for p in plays)


@EVENTS.register("secrets-window-opened",
                 describe=lambda e: f"{_plays(e.plays)}. Secrets Man Was Not Meant To Know may "
                                    "cancel it: the window opens for " + ", ".join(e.asked) + ".")
@dataclass(frozen=True)
class CounterOpened:
    """Specials were played: a window opens for Secrets Man Was Not Meant To Know (1.1)."""

    plays: tuple[Play, ...]
    context: str
    asked: tuple[str, ...]


def in_seat_order(answers: tuple[Answer, ...]) -> str:
    """Return the answers to a window in words, by seat name: the order they came in would
    tell who answered first, and a standing pass answers at once (supplement, "Standing
    orders cut the waiting": who has answered so far is private)."""
    return "; ".join(answer_text(a) for a in sorted(answers, key=lambda a: a.seat))


def _counter_closed(e: CounterClosed) -> str:
    answers = in_seat_order(e.answers) or "nobody answered"
    if not e.by:
        return f"The Secrets window closes: {answers}."
    return (f"The Secrets window closes: {answers}. {e.by}'s Secrets Man Was Not Meant To Know "
            f"cancels {e.seat}'s {name_of(e.card)}; both cards are discarded.")


@EVENTS.register("secrets-window-closed", describe=_counter_closed)
@dataclass(frozen=True)
class CounterClosed:
    """The Secrets window ends: its answers, and the Special cancelled (`by` '' for none)."""

    answers: tuple[Answer, ...]
    by: str = ""
    seat: str = ""
    card: str = ""


@EVENTS.register("window-opened",
                 describe=lambda e: f"The {e.phase} window opens.")
@dataclass(frozen=True)
class WindowOpened:
    """A window opens for the players it concerns (response, reaction or secrets)."""

    phase: str


def _skipped(e: WindowSkipped) -> str:
    what = {"response": "the attack", "reaction": "the roll", "secrets": "the Specials "
            "played on the roll", "counter": "the Special just played"}.get(e.phase, "it")
    return (f"No {e.phase} window opens: as the treasuries and the number of Specials in "
            f"each hand show, nobody it would ask could answer {what} but by passing.")


@EVENTS.register("window-skipped", describe=_skipped)
@dataclass(frozen=True)
class WindowSkipped:
    """A window is not opened because, by public information, every seat it would ask could
    only pass (rules 1.2): no money it may spend, no Special in hand."""

    phase: str


# Who has answered a window so far is private (supplement, "Standing orders cut the
# waiting"): a seat with a standing pass seals nothing, so an answer sealed by hand is unseen.
@EVENTS.register("answer-sealed",
                 describe=lambda e: "Sealed: " + answer_text(e.answer) + ".",
                 audience=lambda e: Audience(frozenset({e.answer.seat}), UNSEEN))
@dataclass(frozen=True)
class AnswerSealed:
    """A sealed answer to the open window, seen by its seat alone until the window closes."""

    answer: Answer


@EVENTS.register("window-closed",
                 describe=lambda e: "The window closes: "
    + (in_seat_order(e.answers) or "nobody answered")
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
    + ("succeeds" if e.success else "fails")
    + (f" ({e.roll} against {e.needed})." if e.roll else " without a roll."))
@dataclass(frozen=True)
class AttackResolved:
    """The attack succeeds or fails."""

    attacker: str
    kind: str
    target: str
    success: bool
    roll: int
    needed: int
