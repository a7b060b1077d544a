"""The events of Freimaurerei: each one a fact of the game, with every random outcome written in.

Each event is registered once with its one-line account and, where it is secret, who may read
it. Principalities are named by value (leichtberg, schwerheim), pieces by id (SM, M1, M2 ...)
and lodges by their number, which is never reused within a game.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.contract import Audience
from engine.core.declare import EventTypes

from .cards import CATALOGUES, Effect
from .orders import lodge_text
from .state import Alignment, Charter, Principality, Recruit, Rite, Size, State

EVENTS: EventTypes[State] = EventTypes("freimaurerei")


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


def society(alignment: Alignment | None) -> str:
    """Return 'Rosicrucian', 'Illuminati' or 'no alignment'."""
    return alignment.value.capitalize() if alignment else "no alignment"


def _charter(charter: Charter) -> str:
    rite = charter.rite
    return f"{rite.label} Rite" if rite else "Rite of Perfection"


def _sizes(sizes: Sequence[Size]) -> str:
    return " and ".join(s.value for s in sizes) or "nothing"


def _recruits(recruits: Sequence[Recruit]) -> str:
    return ", ".join(f"{r.id} ({r.size.value}{', defecting' if r.defector else ''})"
                     for r in recruits) or "nobody"


# -- setup ---------------------------------------------------------------------------------

@EVENTS.register("principalities-assigned",
                 describe=lambda e: f"{e.leichtberg} rules Leichtberg and moves first; "
                                    f"{e.schwerheim} rules Schwerheim.")
@dataclass(frozen=True)
class PrincipalitiesAssigned:
    """The seats drew their principalities; Leichtberg moves first."""

    leichtberg: str
    schwerheim: str


@EVENTS.register("decks-shuffled",
                 describe=lambda e: "The decks were shuffled. Lodge deck from the top: "
                 + ", ".join(e.lodge) + ". Ruler deck: " + ", ".join(e.ruler) + ".",
                 audience=lambda e: Audience(frozenset(),
                                             "The Lodge and Ruler decks were shuffled."))
@dataclass(frozen=True)
class DecksShuffled:
    """Both packs were shuffled; the orders are listed top first (secret from everyone)."""

    lodge: tuple[str, ...]
    ruler: tuple[str, ...]


@EVENTS.register("ruler-turned-up",
                 describe=lambda e: (f"{e.seat} swapped the ruler of" if e.seat else "The ruler of")
                 + f" {e.principality.label}" + (": now " if e.seat else " is ")
                 + card_text(e.card) + ".")
@dataclass(frozen=True)
class RulerTurnedUp:
    """The top Ruler card was laid on a principality's ruler (by `seat`'s SWAP, or at setup)."""

    principality: Principality
    card: str
    seat: str | None = None


@EVENTS.register("consort-turned-up",
                 describe=lambda e: f"{card_text(e.card).capitalize()} came up and lies beside "
                                    f"the ruler of {e.principality.label}.")
@dataclass(frozen=True)
class ConsortTurnedUp:
    """The Empress or Emperor came up and was laid beside a principality's ruler."""

    principality: Principality
    card: str
    seat: str | None = None


@EVENTS.register("starting-masons-taken",
                 describe=lambda e: f"{e.principality.label} took its starting Masons: "
                                    f"{_recruits(e.recruits)}.")
@dataclass(frozen=True)
class StartingMasonsTaken:
    """A principality took its three starting Masons from the bank, unaffiliated."""

    principality: Principality
    recruits: tuple[Recruit, ...]


@EVENTS.register("outer-alignment-chosen",
                 describe=lambda e: f"{e.seat} {'changed to' if e.revised else 'chose'} a "
                                    f"{e.alignment.colour} Secret Master "
                                    f"({society(e.alignment)}).",
                 audience=lambda e: Audience(
                     frozenset({e.seat}), f"{e.seat} {'changed' if e.revised else 'chose'} the "
                     "sealed outer alignment of their Secret Master."))
@dataclass(frozen=True)
class OuterAlignmentChosen:
    """A seat chose its SM's large pyramid unseen (sealed until both have chosen)."""

    seat: str
    alignment: Alignment
    revised: bool = False


@EVENTS.register("outer-alignments-shown",
                 describe=lambda e: "The Secret Masters are on the table: Leichtberg's is "
                                    f"{e.leichtberg.colour}, Schwerheim's "
                                    f"{e.schwerheim.colour}.")
@dataclass(frozen=True)
class OuterAlignmentsShown:
    """Both SMs were put on the table: their outer alignments are public."""

    leichtberg: Alignment
    schwerheim: Alignment


@EVENTS.register("inner-alignment-drawn",
                 describe=lambda e: f"{e.seat}'s Secret Master is secretly "
                                    f"{society(e.alignment)}.",
                 audience=lambda e: Audience(
                     frozenset({e.seat}), f"{e.seat} drew a small pyramid unseen and hid it in "
                     "their Secret Master."))
@dataclass(frozen=True)
class InnerAlignmentDrawn:
    """A seat drew the small pyramid hidden in its SM (secret to that seat)."""

    seat: str
    alignment: Alignment


# -- turns ---------------------------------------------------------------------------------

@EVENTS.register("turn-started",
                 describe=lambda e: f"Turn {e.turn}: {e.seat} has {e.actions} action"
                                    f"{'s' if e.actions > 1 else ''}.")
@dataclass(frozen=True)
class TurnStarted:
    """A seat's turn began, with one or two actions."""

    seat: str
    turn: int
    actions: int


@EVENTS.register("action-completed",
                 describe=lambda e: f"{e.seat} finished action {e.action} of turn {e.turn}.")
@dataclass(frozen=True)
class ActionCompleted:
    """A seat finished one of its actions."""

    seat: str
    turn: int
    action: int


@EVENTS.register("lodge-dissolved",
                 describe=lambda e: f"Lodge {e.lodge} of {e.principality.label} fell below the "
                 "quorum and dissolved; its card went under the Lodge deck"
                 + (f" and {', '.join(e.members)} became unaffiliated" if e.members else "")
                 + ".")
@dataclass(frozen=True)
class LodgeDissolved:
    """A lodge fell below the quorum: its cards went under the Lodge deck, its members
    became unaffiliated."""

    principality: Principality
    lodge: int
    cards: tuple[str, ...]
    members: tuple[str, ...]


# -- actions -------------------------------------------------------------------------------

@EVENTS.register("dues-assessed",
                 describe=lambda e: f"{e.seat} assessed dues from {e.masons} Masons: "
                                    f"{e.amount} T.")
@dataclass(frozen=True)
class DuesAssessed:
    """A seat collected dues from the bank."""

    seat: str
    masons: int
    amount: int


def _rolled(e: RecruitsRolled) -> str:
    """Return the account of a recruitment roll."""
    where = "the final roll" if e.final else f"the roll for lodge {e.lodge}"
    text = f"{e.seat} recruited: {where} showed {_sizes(e.sizes)}; joined: {_recruits(e.recruits)}"
    if e.failed:
        text += f"; no {_sizes(e.failed)} Mason could be found"
    if e.final and not e.pending and e.recruits:
        text += f"; they are {lodge_text(e.lodge)}"
    return text + "."


@EVENTS.register("recruits-rolled", describe=lambda e: _rolled(e))
@dataclass(frozen=True)
class RecruitsRolled:
    """A pyramid-die roll of Recruit Masons: who joined, which sizes failed.

    A lodge roll places its recruits in `lodge`; the final roll places them in `lodge` (None:
    unaffiliated) unless `pending`, when the seat chooses where they go.
    """

    seat: str
    sizes: tuple[Size, ...]
    recruits: tuple[Recruit, ...]
    failed: tuple[Size, ...]
    lodge: int | None
    final: bool
    pending: bool = False


@EVENTS.register("recruits-placed",
                 describe=lambda e: f"{e.seat} placed {_recruits(e.recruits)} "
                                    f"{'in ' if e.lodge else ''}{lodge_text(e.lodge)}.")
@dataclass(frozen=True)
class RecruitsPlaced:
    """The seat put the recruits of its final roll in a lodge (None: unaffiliated)."""

    seat: str
    recruits: tuple[Recruit, ...]
    lodge: int | None


@EVENTS.register("build-started",
                 describe=lambda e: f"{e.seat} paid {e.cost} T for a new lodge and turned up "
                                    f"{card_text(e.card)}.")
@dataclass(frozen=True)
class BuildStarted:
    """A seat paid for a lodge and turned up its card from the Lodge deck."""

    seat: str
    card: str
    cost: int


@EVENTS.register("lodge-founded",
                 describe=lambda e: f"{e.seat} founded lodge {e.lodge} on {card_text(e.card)} "
                                    f"with {', '.join(e.members)}.")
@dataclass(frozen=True)
class LodgeFounded:
    """The new lodge's card was laid down with its three charter members."""

    seat: str
    lodge: int
    card: str
    members: tuple[str, ...]


@EVENTS.register("reorganize-started", describe=lambda e: f"{e.seat} began to reorganize.")
@dataclass(frozen=True)
class ReorganizeStarted:
    """A seat began to reorganize its principality."""

    seat: str


@EVENTS.register("piece-moved",
                 describe=lambda e: f"{e.seat} moved {e.piece} "
                                    f"{'to ' if e.lodge else ''}{lodge_text(e.lodge)}.")
@dataclass(frozen=True)
class PieceMoved:
    """During a reorganization a piece moved to a lodge (None: unaffiliated)."""

    seat: str
    piece: str
    lodge: int | None


@EVENTS.register("reorganize-finished", describe=lambda e: f"{e.seat} finished reorganizing.")
@dataclass(frozen=True)
class ReorganizeFinished:
    """The seat finished reorganizing; the quorum is checked now."""

    seat: str


@EVENTS.register("rite-chartered",
                 describe=lambda e: f"{e.seat} paid {e.cost} T and chartered their Secret "
                                    f"Master in the {_charter(e.charter)}.")
@dataclass(frozen=True)
class RiteChartered:
    """A seat paid for a charter and put its marker on the SM."""

    seat: str
    charter: Charter
    cost: int


@EVENTS.register("advance-started",
                 describe=lambda e: f"{e.seat} began to advance initiates (initiators: "
                                    f"{', '.join(e.initiators)}).")
@dataclass(frozen=True)
class AdvanceStarted:
    """A seat began to advance initiates; these pieces may initiate in this action."""

    seat: str
    initiators: tuple[str, ...]


@EVENTS.register("initiated",
                 describe=lambda e: f"{e.initiator} advanced {', '.join(e.candidates)} "
                 + (f"into the {e.rite.label} Rite." if e.rite else "to the Rite of Perfection; "
                    f"the new Perfect Initiate drew {society(e.alignment)}."))
@dataclass(frozen=True)
class Initiated:
    """An initiator advanced candidates: into its rite (`rite`), or to Perfection (`rite` None),
    when the new Perfect Initiate received the drawn `alignment` (None: the bag had none)."""

    seat: str
    initiator: str
    candidates: tuple[str, ...]
    rite: Rite | None
    alignment: Alignment | None = None


@EVENTS.register("advance-finished",
                 describe=lambda e: f"{e.seat} finished advancing initiates.")
@dataclass(frozen=True)
class AdvanceFinished:
    """The seat finished advancing initiates."""

    seat: str


@EVENTS.register("defection-offered",
                 describe=lambda e: f"{e.seat}'s roll needs a {e.sizes[e.at].value} Mason and "
                 f"the bank has none: {e.seat} may bring over {' or '.join(e.candidates)} from "
                 "the other principality, or decline.")
@dataclass(frozen=True)
class DefectionOffered:
    """A recruitment roll stopped at a size the bank lacks; the seat chooses a defector among
    `candidates` or declines. `recruits` and `failed` are the roll's sizes settled so far."""

    seat: str
    sizes: tuple[Size, ...]
    lodge: int | None
    final: bool
    recruits: tuple[Recruit, ...]
    failed: tuple[Size, ...]
    at: int
    lodges_left: tuple[int, ...]
    candidates: tuple[str, ...]
