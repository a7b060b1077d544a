"""The events of an Illuminati game: frozen dataclasses, each with its stored name (those of
an attack in events_attack.py, read from here too)."""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.contract import UNSEEN, Audience

from .cards import name_of
from .event_types import EVENTS, answer_text
from .event_types import card_names as _names
from .events_attack import (
    AnswerSealed,
    AttackAnnounced,
    AttackCalledOff,
    AttackRaised,
    AttackResolved,
    CounterClosed,
    CounterOpened,
    DiceRolled,
    RaiseAsked,
    RollChanged,
    WindowClosed,
    WindowOpened,
    WindowSkipped,
)
from .state import Placed


@EVENTS.register("illuminati-dealt",
                 describe=lambda e: f"{e.seat} draws {name_of(e.illuminati)}.")
@dataclass(frozen=True)
class IlluminatiDealt:
    """`seat` draws the Illuminati card `illuminati` and takes its income as starting money."""

    seat: str
    illuminati: str


@EVENTS.register("deck-shuffled",
                 describe=lambda e: "The deck is shuffled: " + _names(e.deck) + ".",
                 audience=lambda e: Audience(frozenset(), "The deck was shuffled."))
@dataclass(frozen=True)
class DeckShuffled:
    """The Groups and Specials are shuffled into the draw deck (order secret)."""

    deck: tuple[str, ...]


@EVENTS.register("group-turned-up",
                 describe=lambda e: f"{name_of(e.card)} turns up, uncontrolled.")
@dataclass(frozen=True)
class GroupTurnedUp:
    """The top card of the deck, a Group, joins the uncontrolled area."""

    card: str


@EVENTS.register("special-set-aside",
                 describe=lambda e: f"{name_of(e.card)} turns up and is "
                                  + ("buried in the deck." if e.buried else "discarded."))
@dataclass(frozen=True)
class SpecialSetAside:
    """A Special turned up for the uncontrolled area: buried in the deck (setup) or discarded."""

    card: str
    buried: bool


@EVENTS.register("first-player",
                 describe=lambda e: "Rolls for the first turn: "
    + ", ".join(f"{s} {v}" for s, v in e.rolls) + f"; playing order {', '.join(e.order)}.")
@dataclass(frozen=True)
class FirstPlayerChosen:
    """The 2d6 rolls for the first turn (ties roll again) and the playing order they give."""

    rolls: tuple[tuple[str, int], ...]
    order: tuple[str, ...]


@EVENTS.register("goal-chosen",
                 describe=lambda e: f"The UFOs ({e.seat}) pursue the goal of {name_of(e.goal)}.",
                 audience=lambda e: Audience(frozenset({e.seat}), f"{e.seat} chose a goal in secret."))
@dataclass(frozen=True)
class GoalChosen:
    """The UFOs secretly pick the special goal of another Illuminati."""

    seat: str
    goal: str


@EVENTS.register("turn-began",
                 describe=lambda e: f"Turn {e.number}: {e.seat}.")
@dataclass(frozen=True)
class TurnBegan:
    """`seat` starts turn `number`."""

    seat: str
    number: int


@EVENTS.register("turn-skipped",
                 describe=lambda e: f"{e.seat} loses this turn to the Senate Investigating "
                              "Committee.")
@dataclass(frozen=True)
class TurnSkipped:
    """A Senate Investigating Committee costs `seat` this turn."""

    seat: str


@EVENTS.register("money-changed",
                 describe=lambda e: f"{e.seat}: {e.amount:+d}MB on {name_of(e.card)} ({e.why}).")
@dataclass(frozen=True)
class MoneyChanged:
    """`amount` MB (negative: taken) onto the card `card` of `seat`, and why."""

    seat: str
    card: str
    amount: int
    why: str


@EVENTS.register("special-drawn",
                 describe=lambda e: f"{e.seat} draws {name_of(e.card)}.",
                 audience=lambda e: Audience(frozenset({e.seat}), f"{e.seat} drew a Special card."))
@dataclass(frozen=True)
class SpecialDrawn:
    """`seat` draws the Special `card` into the hand."""

    seat: str
    card: str


@EVENTS.register("group-drawn",
                 describe=lambda e: f"{e.seat} draws {name_of(e.card)}; it is uncontrolled.")
@dataclass(frozen=True)
class GroupDrawn:
    """`seat` draws the Group `card`; it joins the uncontrolled area."""

    seat: str
    card: str


@EVENTS.register("special-discarded",
                 describe=lambda e: f"{e.seat} discards {name_of(e.card)} ({e.why}).")
@dataclass(frozen=True)
class SpecialDiscarded:
    """`seat` plays or discards the Special `card` from the hand."""

    seat: str
    card: str
    why: str


@EVENTS.register("special-given",
                 describe=lambda e: f"{e.giver} gives {name_of(e.card)} to {e.receiver}.",
                 audience=lambda e: Audience(frozenset({e.giver, e.receiver}),
                                       f"{e.giver} gave {e.receiver} a Special card."))
@dataclass(frozen=True)
class SpecialGiven:
    """`giver` hands the Special `card` to `receiver`."""

    giver: str
    receiver: str
    card: str


@EVENTS.register("groups-placed",
                 describe=lambda e: f"{e.seat}: {_names(tuple(p.card for p in e.placed))} "
    f"placed ({e.why})" + (f"; {_names(e.lost)} did not fit" if e.lost else "") + ".")
@dataclass(frozen=True)
class GroupsPlaced:
    """Cards take new places in `seat`'s structure; `lost` ones become uncontrolled."""

    seat: str
    placed: tuple[Placed, ...]
    lost: tuple[str, ...]
    why: str


@EVENTS.register("groups-released",
                 describe=lambda e: f"{e.seat} loses {_names(e.cards)} ({e.why}).")
@dataclass(frozen=True)
class GroupsReleased:
    """Cards leave `seat`'s structure for the uncontrolled area; their money goes to the bank."""

    seat: str
    cards: tuple[str, ...]
    why: str


@EVENTS.register("group-destroyed",
                 describe=lambda e: f"{name_of(e.card)} is destroyed.")
@dataclass(frozen=True)
class GroupDestroyed:
    """`card` goes to the dead pile, counted for `by`."""

    card: str
    by: str


@EVENTS.register("group-revived",
                 describe=lambda e: f"{e.seat}'s Media Campaign brings back {name_of(e.card)}.")
@dataclass(frozen=True)
class GroupRevived:
    """A Media Campaign brings `card` back from the dead pile to the uncontrolled area."""

    seat: str
    card: str


@EVENTS.register("action-taken",
                 describe=lambda e: f"{e.seat} takes " + ("an action." if e.regular
                                                     else "a free action."))
@dataclass(frozen=True)
class ActionTaken:
    """The turn player used a regular action (or a free one, when `regular` is False)."""

    seat: str
    regular: bool


@EVENTS.register("money-transferred",
                 describe=lambda e: f"{e.seat} moves {e.amount}MB from {name_of(e.source)} "
                                   f"to {name_of(e.dest)}.")
@dataclass(frozen=True)
class MoneyTransferred:
    """`amount` MB moves between two cards of `seat`; `kind` is action, end or free."""

    seat: str
    source: str
    dest: str
    amount: int
    kind: str


@EVENTS.register("actions-ended",
                 describe=lambda e: f"{e.seat} ends the actions; end-of-turn transfers.")
@dataclass(frozen=True)
class ActionsEnded:
    """The turn player is done with actions: the end-of-turn transfers follow."""

    seat: str


@EVENTS.register("turn-ended",
                 describe=lambda e: f"{e.seat} " + ("passes for 5MB." if e.passed
                                           else "ends the turn."))
@dataclass(frozen=True)
class TurnEnded:
    """`seat`'s turn ends (`passed`: with 5MB for taking no action)."""

    seat: str
    passed: bool


@EVENTS.register("knocked-out",
                 describe=lambda e: f"{e.seat} is knocked out of the game.")
@dataclass(frozen=True)
class KnockedOut:
    """`seat` lost its last Group and leaves the game (counted for `by`)."""

    seat: str
    by: str


@EVENTS.register("resigned",
                 describe=lambda e: f"{e.seat} resigns.")
@dataclass(frozen=True)
class Resigned:
    """`seat` resigns: its groups become uncontrolled, money to the bank, Specials discarded."""

    seat: str


@EVENTS.register("auto-pass-set",
                 describe=lambda e: f"{e.seat} sets auto-pass {e.mode}.",
                 audience=lambda e: Audience(frozenset({e.seat}), UNSEEN))
@dataclass(frozen=True)
class AutoPassSet:
    """`seat` sets its standing answer for windows (off, on, unless-attacked)."""

    seat: str
    mode: str


@EVENTS.register("standing-pass-set",
                 describe=lambda e: f"{e.seat} sets its standing answer to windows: "
                                    f"{e.mode.replace('-', ' ')}.",
                 audience=lambda e: Audience(frozenset({e.seat}), UNSEEN))
@dataclass(frozen=True)
class StandingPassSet:
    """`seat` sets its standing answer to windows by the service's `standing` command (the
    modes of `auto-pass`), seen by nobody else: standing orders are private."""

    seat: str
    mode: str


@EVENTS.register("espionage-seen",
                 describe=lambda e: f"Computer Espionage: {e.target} holds {_names(e.hand)}.",
                 audience=lambda e: Audience(frozenset({e.seat}),
                                       f"{e.seat} used Computer Espionage on {e.target}."))
@dataclass(frozen=True)
class EspionageSeen:
    """Computer Espionage shows `seat` the Specials of `target`."""

    seat: str
    target: str
    hand: tuple[str, ...]


@EVENTS.register("senate-called",
                 describe=lambda e: f"{e.seat} calls a Senate Investigating Committee on "
                               f"{e.target}: its next turn is lost.")
@dataclass(frozen=True)
class SenateCalled:
    """A Senate Investigating Committee: `target` loses its next turn."""

    seat: str
    target: str


def _flag_text(e: TurnFlag) -> str:
    """Return how a once-per-turn ability reads in the history, in card names."""
    if e.flag == "free-money":
        return (f"{e.seat} uses White Collar Crime in the turn: moving money is free for the "
                "rest of it.")
    if e.flag == "market":
        return f"{e.seat} uses Market Manipulation: this turn's incomes are doubled."
    if e.flag == "recycled":
        return f"{e.seat} has the Recyclers pay for an extra draw."
    if e.flag == "laser" and len(e.detail) == 3:
        group, mode, alignment = e.detail
        done = {"add": "gains", "remove": "loses", "reverse": "reverses"}.get(mode, mode)
        return (f"{e.seat} aims the Orbital Mind Control Lasers: {name_of(group)} {done} "
                f"{alignment} for the rest of the turn.")
    return f"{e.seat} uses {e.flag}" + (": " + " ".join(e.detail) if e.detail else "") + "."


@EVENTS.register("turn-flag", describe=lambda e: _flag_text(e))
@dataclass(frozen=True)
class TurnFlag:
    """A once-per-turn ability is used (recycled, market, free-money, laser)."""

    seat: str
    flag: str
    detail: tuple[str, ...] = ()


@EVENTS.register("game-won",
                 describe=lambda e: "The game ends. "
    + "; ".join(f"{s} wins ({g})" for s, g in e.goals) + ".",)
@dataclass(frozen=True)
class GameWon:
    """The game ends: the winners, and the goal each reached."""

    winners: tuple[str, ...]
    goals: tuple[tuple[str, str], ...]


__all__ = [
    "EVENTS",
    "ActionTaken",
    "ActionsEnded",
    "AnswerSealed",
    "AttackAnnounced",
    "AttackCalledOff",
    "AttackRaised",
    "AttackResolved",
    "AutoPassSet",
    "CounterClosed",
    "CounterOpened",
    "DeckShuffled",
    "DiceRolled",
    "EspionageSeen",
    "FirstPlayerChosen",
    "GameWon",
    "GoalChosen",
    "GroupDestroyed",
    "GroupDrawn",
    "GroupRevived",
    "GroupTurnedUp",
    "GroupsPlaced",
    "GroupsReleased",
    "IlluminatiDealt",
    "KnockedOut",
    "MoneyChanged",
    "MoneyTransferred",
    "RaiseAsked",
    "Resigned",
    "RollChanged",
    "SenateCalled",
    "SpecialDiscarded",
    "SpecialDrawn",
    "SpecialGiven",
    "SpecialSetAside",
    "StandingPassSet",
    "TurnBegan",
    "TurnEnded",
    "TurnFlag",
    "TurnSkipped",
    "WindowClosed",
    "WindowOpened",
    "WindowSkipped",
    "answer_text",
]
