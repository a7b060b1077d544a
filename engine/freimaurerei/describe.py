"""Who may read each event before the end, the public summary of secret ones, and describe."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.contract import EVERYONE, Audience

from . import events as ev
from .cards import CATALOGUES, Effect
from .orders import lodge_text
from .state import Alignment, Charter, Recruit, Size


def card_text(card_id: str) -> str:
    """Return e.g. '5C (Illuminati)' or 'the Joker' (events carry ids only)."""
    for catalogue in CATALOGUES.values():
        shown = catalogue.cards.get(card_id)
        if shown is None:
            continue
        if shown.effect is Effect.SUIT and shown.alignment is not None:
            return f"{card_id} ({shown.alignment.value.capitalize()})"
        return shown.name
    return card_id


def _society(alignment: Alignment | None) -> str:
    return alignment.value.capitalize() if alignment else "no alignment"


def _charter(charter: Charter) -> str:
    rite = charter.rite
    return f"{rite.label} Rite" if rite else "Rite of Perfection"


def _sizes(sizes: Sequence[Size]) -> str:
    return " and ".join(s.value for s in sizes) or "nothing"


def _recruits(recruits: Sequence[Recruit]) -> str:
    return ", ".join(f"{r.id} ({r.size.value}{', defecting' if r.defector else ''})"
                     for r in recruits) or "nobody"


_SECRET: dict[type, Callable[[Any], Audience]] = {
    ev.DecksShuffled: lambda e: Audience(frozenset(), "The Lodge and Ruler decks were shuffled."),
    ev.OuterAlignmentChosen: lambda e: Audience(
        frozenset({e.seat}), f"{e.seat} {'changed' if e.revised else 'chose'} the sealed "
                             "outer alignment of their Secret Master."),
    ev.InnerAlignmentDrawn: lambda e: Audience(
        frozenset({e.seat}), f"{e.seat} drew a small pyramid unseen and hid it in their "
                             "Secret Master."),
    ev.InnerAlignmentPlanted: lambda e: Audience(
        frozenset({e.seat}), f"{e.seat} drew a small pyramid, looked at it alone and hid it "
                             f"under {e.piece} as its inner alignment."),
}


def visibility(event: Any) -> Audience:
    """Return who may read `event` before the game ends, and what the others read."""
    secret = _SECRET.get(type(event))
    return secret(event) if secret is not None else EVERYONE


def _rolled(e: ev.RecruitsRolled) -> str:
    where = "the final roll" if e.final else f"the roll for lodge {e.lodge}"
    text = f"{e.seat} recruited: {where} showed {_sizes(e.sizes)}; joined: {_recruits(e.recruits)}"
    if e.failed:
        text += f"; no {_sizes(e.failed)} Mason could be found"
    if e.final and not e.pending and e.recruits:
        text += f"; they are {lodge_text(e.lodge)}"
    return text + "."


def _suppressed(e: ev.LodgesSuppressed) -> str:
    lodges = ", ".join(str(n) for n in e.lodges)
    return (f"{e.seat} incited the ruler of {e.principality.label} to suppress lodge(s) "
            f"{lodges}; to the bank: {', '.join(e.to_bank) or 'nobody'}; unaffiliated now: "
            f"{', '.join(e.unaffiliated) or 'nobody'}.")


_DESCRIBE: dict[type, Callable[[Any], str]] = {
    ev.PrincipalitiesAssigned: lambda e: f"{e.leichtberg} rules Leichtberg and moves first; "
                                         f"{e.schwerheim} rules Schwerheim.",
    ev.DecksShuffled: lambda e: "The decks were shuffled. Lodge deck from the top: "
                                + ", ".join(e.lodge) + ". Ruler deck: " + ", ".join(e.ruler) + ".",
    ev.RulerTurnedUp: lambda e: (f"{e.seat} swapped the ruler of" if e.seat else
                                 "The ruler of") + f" {e.principality.label}"
                                + (": now " if e.seat else " is ") + card_text(e.card) + ".",
    ev.ConsortTurnedUp: lambda e: f"{card_text(e.card).capitalize()} came up and lies beside "
                                  f"the ruler of {e.principality.label}.",
    ev.StartingMasonsTaken: lambda e: f"{e.principality.label} took its starting Masons: "
                                      f"{_recruits(e.recruits)}.",
    ev.OuterAlignmentChosen: lambda e: f"{e.seat} {'changed to' if e.revised else 'chose'} a "
                                       f"{e.alignment.colour} Secret Master "
                                       f"({_society(e.alignment)}).",
    ev.OuterAlignmentsShown: lambda e: f"The Secret Masters are on the table: Leichtberg's is "
                                       f"{e.leichtberg.colour}, Schwerheim's "
                                       f"{e.schwerheim.colour}.",
    ev.InnerAlignmentDrawn: lambda e: f"{e.seat}'s Secret Master is secretly "
                                      f"{_society(e.alignment)}.",
    ev.TurnStarted: lambda e: f"Turn {e.turn}: {e.seat} has {e.actions} action"
                              f"{'s' if e.actions > 1 else ''}.",
    ev.ActionCompleted: lambda e: f"{e.seat} finished action {e.action} of turn {e.turn}.",
    ev.LodgeDissolved: lambda e: f"Lodge {e.lodge} of {e.principality.label} fell below the "
                                 "quorum and dissolved; its card went under the Lodge deck"
                                 + (f" and {', '.join(e.members)} became unaffiliated"
                                    if e.members else "") + ".",
    ev.DuesAssessed: lambda e: f"{e.seat} assessed dues from {e.masons} Masons: {e.amount} T.",
    ev.RecruitsRolled: _rolled,
    ev.RecruitsPlaced: lambda e: f"{e.seat} placed {_recruits(e.recruits)} "
                                 f"{'in ' if e.lodge else ''}{lodge_text(e.lodge)}.",
    ev.BuildStarted: lambda e: f"{e.seat} paid {e.cost} T for a new lodge and turned up "
                               f"{card_text(e.card)}.",
    ev.LodgeFounded: lambda e: f"{e.seat} founded lodge {e.lodge} on {card_text(e.card)} with "
                               f"{', '.join(e.members)}.",
    ev.ReorganizeStarted: lambda e: f"{e.seat} began to reorganize.",
    ev.PieceMoved: lambda e: f"{e.seat} moved {e.piece} "
                             f"{'to ' if e.lodge else ''}{lodge_text(e.lodge)}.",
    ev.ReorganizeFinished: lambda e: f"{e.seat} finished reorganizing.",
    ev.RiteChartered: lambda e: f"{e.seat} paid {e.cost} T and chartered their Secret Master "
                                f"in the {_charter(e.charter)}.",
    ev.AdvanceStarted: lambda e: f"{e.seat} began to advance initiates (initiators: "
                                 f"{', '.join(e.initiators)}).",
    ev.Initiated: lambda e: f"{e.initiator} advanced {', '.join(e.candidates)} "
                            + (f"into the {e.rite.label} Rite."
                               if e.rite else "to the Rite of Perfection; the new Perfect "
                               f"Initiate drew {_society(e.alignment)}."),
    ev.AdvanceFinished: lambda e: f"{e.seat} finished advancing initiates.",
    ev.IntrigueRolled: lambda e: f"{e.seat} rolled for Intrigue"
                                 + (f" again (paying {e.cost} T)" if e.cost else "")
                                 + f": {e.face.value.upper()}.",
    ev.IntrigueAccepted: lambda e: f"{e.seat} kept {e.face.value.upper()}.",
    ev.IntrigueFizzled: lambda e: f"{e.face.value.upper()} had no effect: {e.reason}.",
    ev.LodgeRealigned: lambda e: f"{e.seat} aimed at lodge {e.lodge} of "
                                 f"{e.principality.label}: it now shows {card_text(e.card)}.",
    ev.OuterAlignmentRedrawn: lambda e: f"{e.seat} dug under {e.piece}: its outer alignment is "
                                        f"now {_society(e.alignment)}.",
    ev.InnerAlignmentPlanted: lambda e: f"{e.seat} planted a secret {_society(e.alignment)} "
                                        f"inner alignment under {e.piece}.",
    ev.LodgesSuppressed: _suppressed,
    ev.SuppressionFailed: lambda e: f"{e.seat} tried to incite the ruler of "
                                    f"{e.principality.label}, without effect: {e.reason}.",
    ev.InitiateDefected: lambda e: f"{e.seat}'s {e.agent} won over the Perfect Initiate "
                                   f"{e.piece}, who is now {lodge_text(e.lodge)}.",
    ev.DefectionRolled: lambda e: f"{e.seat}'s {e.agent} tempted {e.target}: the die shows "
                                  f"{e.face.value.upper()}, "
                                  + ("a success." if e.success else "a failure."),
    ev.MasonWonOver: lambda e: f"{e.piece} defected to {e.seat}, now {lodge_text(e.lodge)}"
                               + (f", and became a Perfect Initiate ({_society(e.alignment)})."
                                  if e.perfect else "."),
    ev.AgentTurned: lambda e: f"{e.seat}'s {e.piece} went over to the other side, now "
                              f"{lodge_text(e.lodge)}"
                              + (f", and took the {e.rite.label} Rite."
                                 if e.changed else "."),
    ev.EndDeclared: lambda e: f"{e.seat} declared the game over ({e.lodges} lodges, "
                              f"{e.perfect_initiates} Perfect Initiates).",
    ev.SecretsRevealed: lambda e: "Revealed: " + "; ".join(
        [f"{seat}'s Secret Master is {_society(a)}" for seat, a in e.masters.items()]
        + [f"{piece} hid {_society(a)}" for piece, a in e.planted.items()]) + ".",
    ev.JokerResolved: lambda e: (f"The Joker ruling {e.principality.label}" if e.lodge is None
                                 else f"The Joker of lodge {e.lodge}")
                                + " was settled by a further draw ("
                                + (", ".join(card_text(c) for c in e.drawn) or "no card")
                                + f"): {_society(e.alignment)}.",
    ev.GameScored: lambda e: "Points: " + ", ".join(
        f"{seat} {n}" for seat, n in e.result.points.items()) + ". " + e.result.reason,
}


def describe(event: Any) -> str:
    """Return a one-line account of `event` for those allowed to read it."""
    return _DESCRIBE[type(event)](event)
