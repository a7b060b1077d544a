"""One-line accounts of every event, for the history."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import events as ev
from .cards import SIDES, name_of
from .state import Answer


def _names(cards: tuple[str, ...]) -> str:
    return ", ".join(name_of(c) for c in cards) or "nothing"


def _answer(item: Answer) -> str:
    words = []
    if item.defend_target or item.defend_illuminati:
        words.append(f"defends with {item.defend_target}MB from the target and "
                     f"{item.defend_illuminati}MB from the Illuminati")
    if item.interfere:
        side = "for" if item.interfere > 0 else "against"
        words.append(f"interferes {side} with {abs(item.interfere)}MB")
    if item.abolish:
        words.append(f"abolishes privilege with {_names(item.abolish)}")
    if item.play and item.play != "interference":
        words.append(f"plays {name_of(item.play)}"
                     + (f" on {name_of(item.cancels)}" if item.cancels else ""))
    return f"{item.seat} " + (" and ".join(words) or "passes")


def _attack(e: ev.AttackAnnounced) -> str:
    aid = f", aided by {_names(e.aiders)}" if e.aiders else ""
    privilege = f", privileged by {name_of(e.privilege)}" if e.privilege else ""
    where = f" at its {SIDES[e.arrow]} arrow" if e.arrow >= 0 else ""
    return (f"{e.attacker} attacks to {e.kind} {name_of(e.target)} with {name_of(e.group)}"
            f"{aid}{where}, spending {e.spent}MB{privilege}.")


ACCOUNTS: dict[type, Callable[[Any], str]] = {
    ev.IlluminatiDealt: lambda e: f"{e.seat} draws {name_of(e.illuminati)}.",
    ev.DeckShuffled: lambda e: "The deck is shuffled: " + _names(e.deck) + ".",
    ev.GroupTurnedUp: lambda e: f"{name_of(e.card)} turns up, uncontrolled.",
    ev.SpecialSetAside: lambda e: f"{name_of(e.card)} turns up and is "
                                  + ("buried in the deck." if e.buried else "discarded."),
    ev.FirstPlayerChosen: lambda e: "Rolls for the first turn: "
    + ", ".join(f"{s} {v}" for s, v in e.rolls) + f"; playing order {', '.join(e.order)}.",
    ev.GoalChosen: lambda e: f"The UFOs ({e.seat}) pursue the goal of {name_of(e.goal)}.",
    ev.TurnBegan: lambda e: f"Turn {e.number}: {e.seat}.",
    ev.TurnSkipped: lambda e: f"{e.seat} loses this turn to the Senate Investigating "
                              "Committee.",
    ev.MoneyChanged: lambda e: f"{e.seat}: {e.amount:+d}MB on {name_of(e.card)} ({e.why}).",
    ev.SpecialDrawn: lambda e: f"{e.seat} draws {name_of(e.card)}.",
    ev.GroupDrawn: lambda e: f"{e.seat} draws {name_of(e.card)}; it is uncontrolled.",
    ev.SpecialDiscarded: lambda e: f"{e.seat} discards {name_of(e.card)} ({e.why}).",
    ev.SpecialGiven: lambda e: f"{e.giver} gives {name_of(e.card)} to {e.receiver}.",
    ev.AttackAnnounced: _attack,
    ev.WindowOpened: lambda e: f"The {e.phase} window opens.",
    ev.AnswerSealed: lambda e: "Sealed: " + _answer(e.answer) + ".",
    ev.WindowClosed: lambda e: "The window closes: "
    + ("; ".join(_answer(a) for a in e.answers) or "nobody answered")
    + ("; privilege is abolished" if e.abolished else "") + ".",
    ev.RaiseAsked: lambda e: f"{e.attacker} may raise the attack or roll.",
    ev.AttackRaised: lambda e: f"{e.attacker} adds {e.amount}MB to the attack.",
    ev.DiceRolled: lambda e: f"The dice: {e.dice[0]} + {e.dice[1]} = {sum(e.dice)} "
                             f"(needed {e.needed} or less).",
    ev.RollChanged: lambda e: "Played on the roll: "
    + ", ".join(f"{s} {name_of(c)}" for s, c in e.played) + f"; the roll is {e.roll}.",
    ev.AttackResolved: lambda e: f"The attack to {e.kind} {name_of(e.target)} "
    + ("succeeds" if e.success else "fails") + f" ({e.roll} against {e.needed}).",
    ev.GroupsPlaced: lambda e: f"{e.seat}: {_names(tuple(p.card for p in e.placed))} "
    f"placed ({e.why})" + (f"; {_names(e.lost)} did not fit" if e.lost else "") + ".",
    ev.GroupsReleased: lambda e: f"{e.seat} loses {_names(e.cards)} ({e.why}).",
    ev.GroupDestroyed: lambda e: f"{name_of(e.card)} is destroyed.",
    ev.GroupRevived: lambda e: f"{e.seat}'s Media Campaign brings back {name_of(e.card)}.",
    ev.ActionTaken: lambda e: f"{e.seat} takes " + ("an action." if e.regular
                                                     else "a free action."),
    ev.MoneyTransferred: lambda e: f"{e.seat} moves {e.amount}MB from {name_of(e.source)} "
                                   f"to {name_of(e.dest)}.",
    ev.ActionsEnded: lambda e: f"{e.seat} ends the actions; end-of-turn transfers.",
    ev.TurnEnded: lambda e: f"{e.seat} " + ("passes for 5MB." if e.passed
                                           else "ends the turn."),
    ev.KnockedOut: lambda e: f"{e.seat} is knocked out of the game.",
    ev.Resigned: lambda e: f"{e.seat} resigns.",
    ev.AutoPassSet: lambda e: f"{e.seat} sets auto-pass {e.mode}.",
    ev.EspionageSeen: lambda e: f"Computer Espionage: {e.target} holds {_names(e.hand)}.",
    ev.SenateCalled: lambda e: f"{e.seat} calls a Senate Investigating Committee on "
                               f"{e.target}: its next turn is lost.",
    ev.TurnFlag: lambda e: f"{e.seat} uses {e.flag}"
    + (": " + " ".join(e.detail) if e.detail else "") + ".",
    ev.GameWon: lambda e: "The game ends. "
    + "; ".join(f"{s} wins ({g})" for s, g in e.goals) + ".",
}


def describe(event: Any) -> str:
    """Return the one-line account of `event`."""
    return ACCOUNTS[type(event)](event)
