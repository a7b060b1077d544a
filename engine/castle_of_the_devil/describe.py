"""describe: the full one-line account of each event, for those allowed to read it."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import events as ev
from .cards import object_name as obj_name
from .cards import profession_name as prof_name
from .cards import society_name as soc_name
from .state import object_list

CAUSES = {"bag": "traded away a Bag of Secrets", "tie": "the duel was a tie",
          "privilege": "Privilege", "diplomat": "the Diplomat found nothing",
          "duel": "the duel", "monocle": "Monocle"}


def _setup(e: ev.GameSetUp) -> str:
    """Describe the seating."""
    return f"Seats clockwise: {', '.join(e.seats)}. {e.first} begins."


def _ability_offered(e: ev.AbilityOffered) -> str:
    """Describe an announced trade ability."""
    return (f"{e.seat} traded the {obj_name(e.obj)} to {e.partner} and may use its trade "
            "ability.")


def _played(e: ev.DuelPlayed) -> str:
    """Describe a play in a duel."""
    if e.kind == "tokens":
        return f"{e.seat} put {e.amount} duel token(s) on the {e.target} side."
    if e.kind == "object":
        return f"{e.seat} played the {obj_name(e.what)}."
    target = f" naming {e.target}" if e.target else ""
    return f"{e.seat} used the {prof_name(e.what)}{target}."


def _resolved(e: ev.DuelResolved) -> str:
    """Describe the count of a duel."""
    result = f"{e.winner} wins" if e.winner else "a tie"
    return (f"The duel is counted: attacker {e.attacker_total}, defender {e.defender_total}; "
            f"{result} ({e.reason}).")


def _shown(e: ev.CardsShown) -> str:
    """Describe a player showing all cards."""
    return (f"{e.seat} shows all cards: {soc_name(e.society)}, {prof_name(e.profession)}, "
            f"{object_list(e.objects)}.")


def _all_revealed(e: ev.AllRevealed) -> str:
    """Describe the final showing of every card."""
    parts = [f"{seat}: {soc_name(soc)}, {prof_name(e.professions.get(seat, ''))}, "
             f"{object_list(e.hands.get(seat, ()))}" for seat, soc in e.societies.items()]
    removed = f" Removed society card: {soc_name(e.removed)}." if e.removed else ""
    return "All cards shown. " + "; ".join(parts) + "." + removed


_DESCRIBE: dict[type, Callable[[Any], str]] = {
    ev.GameSetUp: _setup,
    ev.SocietyDealt: lambda e: f"{e.seat} belongs to the {soc_name(e.society)}.",
    ev.SocietyRemoved: lambda e: f"The removed society card is the {soc_name(e.society)}.",
    ev.ProfessionDealt: lambda e: f"{e.seat} is the {prof_name(e.profession)}.",
    ev.ProfessionsSetAside: lambda e: "Unused professions: "
    + ", ".join(prof_name(p) for p in e.professions) + ".",
    ev.ObjectDealt: lambda e: f"{e.seat} starts with the {obj_name(e.obj)}.",
    ev.PileShuffled: lambda e: f"The pile, top first: {object_list(e.objects)}.",
    ev.TurnStarted: lambda e: f"Turn {e.turn}: {e.seat} begins their turn.",
    ev.Spied: lambda e: f"{e.spy} spied on {e.target} and saw the {obj_name(e.obj)}.",
    ev.ProfessionRevealed: lambda e: f"{e.seat} reveals the {prof_name(e.profession)}.",
    ev.PileSearched: lambda e: f"{e.seat} looks through the object pile.",
    ev.PileArranged: lambda e: f"{e.seat} put {object_list(e.top)} on top of the pile.",
    ev.DiplomatDemanded: lambda e: f"{e.seat} demands the {obj_name(e.obj)} from {e.target}: "
    + ("they hold it and must trade it." if e.held else "they do not hold it."),
    ev.TradeOffered: lambda e: f"{e.offerer} offered {e.target} the {obj_name(e.obj)}.",
    ev.TradeRefused: lambda e: f"{e.target} refused the offer of {e.offerer}"
    + (f"; {e.offerer} takes a duel token." if e.token else "; no duel token is left."),
    ev.TradeAccepted: lambda e: f"{e.offerer} traded the {obj_name(e.offered)} to {e.target} "
    f"for the {obj_name(e.returned)}.",
    ev.AbilityOffered: _ability_offered,
    ev.AbilityUsed: lambda e: f"{e.seat} uses the trade ability of the {obj_name(e.obj)}.",
    ev.AbilityDeclined: lambda e: f"{e.seat} does not use the {obj_name(e.obj)}.",
    ev.ObjectDrawn: lambda e: f"{e.seat} drew the {obj_name(e.obj)} ({CAUSES[e.cause]}).",
    ev.SocietyShown: lambda e: f"{e.seat} showed {e.viewer} their society card "
    f"({CAUSES[e.cause]}): {soc_name(e.society)}.",
    ev.HandShown: lambda e: f"{e.seat} showed {e.viewer} their objects ({CAUSES[e.cause]}): "
    f"{object_list(e.objects)}.",
    ev.ProfessionExchanged: lambda e: f"{e.seat} exchanged the {prof_name(e.old)} for the "
    f"{prof_name(e.new)} (Coat).",
    ev.ProfessionsSwapped: lambda e: f"{e.seat} and {e.partner} swapped professions (Tome): "
    f"{e.seat} is the {prof_name(e.seat_gets)}, {e.partner} the {prof_name(e.partner_gets)}.",
    ev.PassingStarted: lambda e: f"{e.seat} uses the Sextant: everyone passes one object to "
    f"the {e.direction}.",
    ev.PassingChosen: lambda e: f"{e.seat} will pass on the {obj_name(e.obj)}.",
    ev.ObjectPassed: lambda e: f"{e.giver} passed the {obj_name(e.obj)} to {e.receiver}.",
    ev.PassingEnded: lambda e: "Every player has passed an object on.",
    ev.HandOverLimit: lambda e: f"{e.seat} holds {e.count} objects, over the limit, and must "
    "give one away.",
    ev.ObjectGiven: lambda e: f"{e.giver} gave the {obj_name(e.obj)} to {e.receiver}.",
    ev.DuelDeclared: lambda e: f"{e.attacker} challenges {e.defender} to a duel.",
    ev.SideChosen: lambda e: f"{e.seat} supports the {e.side}.",
    ev.PriestPassed: lambda e: f"{e.seat} lets the duel go ahead.",
    ev.DuelStopped: lambda e: f"{e.seat} stops the duel with the Priest.",
    ev.SidesRevealed: lambda e: "Sides: " + ", ".join(
        f"{seat} {side}" for seat, side in e.sides.items()) + ".",
    ev.DuelPlayed: _played,
    ev.DuelPassed: lambda e: f"{e.seat} passes.",
    ev.DuelResolved: _resolved,
    ev.DoctorPassed: lambda e: f"{e.seat} lets the result stand.",
    ev.DuelCancelled: lambda e: f"{e.seat} cancels the duel's result with the Doctor.",
    ev.SpoilsOffered: lambda e: f"{e.winner} chooses what to win from {e.loser}.",
    ev.ObjectTaken: lambda e: f"{e.winner} took the {obj_name(e.obj)} from {e.loser}.",
    ev.GiveBackOwed: lambda e: f"{e.winner} took the only object of {e.loser} and gives one "
    "back.",
    ev.ObjectReturned: lambda e: f"{e.winner} gave {e.loser} the {obj_name(e.obj)} in return.",
    ev.DuelEnded: lambda e: f"The duel of {e.attacker} and {e.defender} is over; {e.tokens} "
    "token(s) go back to the pile.",
    ev.VictoryProclaimed: lambda e: f"{e.seat} proclaims victory alone with the Seal of the "
    "Lodge!" if e.seal else f"{e.seat} proclaims victory for the {soc_name(e.society)}!",
    ev.CardsShown: _shown,
    ev.PlayersNamed: lambda e: f"{e.seat} names {', '.join(e.named)}.",
    ev.ClaimJudged: lambda e: e.reason,
    ev.AllRevealed: _all_revealed,
}


def describe(event: Any) -> str:
    """Return a one-line account of `event` for those allowed to read it."""
    return _DESCRIBE[type(event)](event)
