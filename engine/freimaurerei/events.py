"""The events of Freimaurerei: each one a fact of the game, with every random outcome written in.

Principalities are named by value (leichtberg, schwerheim), pieces by id (SM, M1, M2 ...) and
lodges by their number, which is never reused within a game.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.contract import event

from .state import Alignment, Charter, Face, Principality, Recruit, Result, Rite, Size

# -- setup ---------------------------------------------------------------------------------

@event("principalities-assigned")
@dataclass(frozen=True)
class PrincipalitiesAssigned:
    """The seats drew their principalities; Leichtberg moves first."""

    leichtberg: str
    schwerheim: str


@event("decks-shuffled")
@dataclass(frozen=True)
class DecksShuffled:
    """Both packs were shuffled; the orders are listed top first (secret from everyone)."""

    lodge: tuple[str, ...]
    ruler: tuple[str, ...]


@event("ruler-turned-up")
@dataclass(frozen=True)
class RulerTurnedUp:
    """The top Ruler card was laid on a principality's ruler (by `seat`'s SWAP, or at setup)."""

    principality: Principality
    card: str
    seat: str | None = None


@event("consort-turned-up")
@dataclass(frozen=True)
class ConsortTurnedUp:
    """The Empress or Emperor came up and was laid beside a principality's ruler."""

    principality: Principality
    card: str
    seat: str | None = None


@event("starting-masons-taken")
@dataclass(frozen=True)
class StartingMasonsTaken:
    """A principality took its three starting Masons from the bank, unaffiliated."""

    principality: Principality
    recruits: tuple[Recruit, ...]


@event("outer-alignment-chosen")
@dataclass(frozen=True)
class OuterAlignmentChosen:
    """A seat chose its SM's large pyramid unseen (sealed until both have chosen)."""

    seat: str
    alignment: Alignment
    revised: bool = False


@event("outer-alignments-shown")
@dataclass(frozen=True)
class OuterAlignmentsShown:
    """Both SMs were put on the table: their outer alignments are public."""

    leichtberg: Alignment
    schwerheim: Alignment


@event("inner-alignment-drawn")
@dataclass(frozen=True)
class InnerAlignmentDrawn:
    """A seat drew the small pyramid hidden in its SM (secret to that seat)."""

    seat: str
    alignment: Alignment


# -- turns ---------------------------------------------------------------------------------

@event("turn-started")
@dataclass(frozen=True)
class TurnStarted:
    """A seat's turn began, with one or two actions."""

    seat: str
    turn: int
    actions: int


@event("action-completed")
@dataclass(frozen=True)
class ActionCompleted:
    """A seat finished one of its actions."""

    seat: str
    turn: int
    action: int


@event("lodge-dissolved")
@dataclass(frozen=True)
class LodgeDissolved:
    """A lodge fell below the quorum: its cards went under the Lodge deck, its members
    became unaffiliated."""

    principality: Principality
    lodge: int
    cards: tuple[str, ...]
    members: tuple[str, ...]


# -- actions -------------------------------------------------------------------------------

@event("dues-assessed")
@dataclass(frozen=True)
class DuesAssessed:
    """A seat collected dues from the bank."""

    seat: str
    masons: int
    amount: int


@event("recruits-rolled")
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


@event("recruits-placed")
@dataclass(frozen=True)
class RecruitsPlaced:
    """The seat put the recruits of its final roll in a lodge (None: unaffiliated)."""

    seat: str
    recruits: tuple[Recruit, ...]
    lodge: int | None


@event("build-started")
@dataclass(frozen=True)
class BuildStarted:
    """A seat paid for a lodge and turned up its card from the Lodge deck."""

    seat: str
    card: str
    cost: int


@event("lodge-founded")
@dataclass(frozen=True)
class LodgeFounded:
    """The new lodge's card was laid down with its three charter members."""

    seat: str
    lodge: int
    card: str
    members: tuple[str, ...]


@event("reorganize-started")
@dataclass(frozen=True)
class ReorganizeStarted:
    """A seat began to reorganize its principality."""

    seat: str


@event("piece-moved")
@dataclass(frozen=True)
class PieceMoved:
    """During a reorganization a piece moved to a lodge (None: unaffiliated)."""

    seat: str
    piece: str
    lodge: int | None


@event("reorganize-finished")
@dataclass(frozen=True)
class ReorganizeFinished:
    """The seat finished reorganizing; the quorum is checked now."""

    seat: str


@event("rite-chartered")
@dataclass(frozen=True)
class RiteChartered:
    """A seat paid for a charter and put its marker on the SM."""

    seat: str
    charter: Charter
    cost: int


@event("advance-started")
@dataclass(frozen=True)
class AdvanceStarted:
    """A seat began to advance initiates; these pieces may initiate in this action."""

    seat: str
    initiators: tuple[str, ...]


@event("initiated")
@dataclass(frozen=True)
class Initiated:
    """An initiator advanced candidates: into its rite (`rite`), or to Perfection (`rite` None),
    when the new Perfect Initiate received the drawn `alignment` (None: the bag had none)."""

    seat: str
    initiator: str
    candidates: tuple[str, ...]
    rite: Rite | None
    alignment: Alignment | None = None


@event("advance-finished")
@dataclass(frozen=True)
class AdvanceFinished:
    """The seat finished advancing initiates."""

    seat: str


# -- intrigue ------------------------------------------------------------------------------

@event("intrigue-rolled")
@dataclass(frozen=True)
class IntrigueRolled:
    """A seat rolled the Treehouse die for Intrigue (`cost` paid for a re-roll)."""

    seat: str
    face: Face
    roll: int
    cost: int


@event("intrigue-accepted")
@dataclass(frozen=True)
class IntrigueAccepted:
    """The seat kept the rolled result."""

    seat: str
    face: Face


@event("intrigue-fizzled")
@dataclass(frozen=True)
class IntrigueFizzled:
    """The kept result had no effect (no possible target, or the seat let it drop)."""

    seat: str
    face: Face
    reason: str


@event("lodge-realigned")
@dataclass(frozen=True)
class LodgeRealigned:
    """AIM: the top Lodge card was laid on a lodge."""

    seat: str
    principality: Principality
    lodge: int
    card: str


@event("outer-alignment-redrawn")
@dataclass(frozen=True)
class OuterAlignmentRedrawn:
    """DIG: a Perfect Initiate's medium alignment was replaced by one drawn from the bag."""

    seat: str
    piece: str
    alignment: Alignment


@event("inner-alignment-planted")
@dataclass(frozen=True)
class InnerAlignmentPlanted:
    """DIG: a small pyramid drawn unseen by others was hidden under a Perfect Initiate
    (secret to `seat`); one already there went back to the bag unseen."""

    seat: str
    piece: str
    alignment: Alignment


@event("lodges-suppressed")
@dataclass(frozen=True)
class LodgesSuppressed:
    """TIP: a ruler dissolved the lodges opposed to it; plain Masons went to the bank."""

    seat: str
    principality: Principality
    lodges: tuple[int, ...]
    cards: tuple[str, ...]
    to_bank: tuple[str, ...]
    unaffiliated: tuple[str, ...]


@event("suppression-failed")
@dataclass(frozen=True)
class SuppressionFailed:
    """TIP had no effect: no outer alignment of the seat's side matches the ruler."""

    seat: str
    principality: Principality
    reason: str


@event("initiate-defected")
@dataclass(frozen=True)
class InitiateDefected:
    """HOP: a Perfect Initiate crossed over to join the agent (lodge None: unaffiliated)."""

    seat: str
    piece: str
    agent: str
    lodge: int | None


@event("defection-rolled")
@dataclass(frozen=True)
class DefectionRolled:
    """HOP on a high-degree Mason: the Treehouse die decides (anything but WILD succeeds)."""

    seat: str
    target: str
    agent: str
    face: Face
    success: bool


@event("mason-won-over")
@dataclass(frozen=True)
class MasonWonOver:
    """The targeted high-degree Mason joined the agent; a large one became a Perfect Initiate
    when a purple was left (`perfect`), with the drawn `alignment`."""

    seat: str
    piece: str
    lodge: int | None
    perfect: bool
    alignment: Alignment | None


@event("agent-turned")
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

@event("end-declared")
@dataclass(frozen=True)
class EndDeclared:
    """A seat declared the game over at the start of its turn."""

    seat: str
    lodges: int
    perfect_initiates: int


@event("secrets-revealed")
@dataclass(frozen=True)
class SecretsRevealed:
    """Every hidden alignment was shown: the SMs' (by seat) and those planted by DIG."""

    masters: dict[str, Alignment]
    planted: dict[str, Alignment]


@event("joker-resolved")
@dataclass(frozen=True)
class JokerResolved:
    """A Joker ruler (lodge None) or lodge got its alignment from a further draw."""

    principality: Principality
    lodge: int | None
    drawn: tuple[str, ...]
    alignment: Alignment | None


@event("game-scored")
@dataclass(frozen=True)
class GameScored:
    """The final reckoning."""

    result: Result


EVENT_TYPES: tuple[type, ...] = (
    PrincipalitiesAssigned, DecksShuffled, RulerTurnedUp, ConsortTurnedUp, StartingMasonsTaken,
    OuterAlignmentChosen, OuterAlignmentsShown, InnerAlignmentDrawn, TurnStarted,
    ActionCompleted, LodgeDissolved, DuesAssessed, RecruitsRolled, RecruitsPlaced, BuildStarted,
    LodgeFounded, ReorganizeStarted, PieceMoved, ReorganizeFinished, RiteChartered,
    AdvanceStarted, Initiated, AdvanceFinished, IntrigueRolled, IntrigueAccepted,
    IntrigueFizzled, LodgeRealigned, OuterAlignmentRedrawn, InnerAlignmentPlanted,
    LodgesSuppressed, SuppressionFailed, InitiateDefected, DefectionRolled, MasonWonOver,
    AgentTurned, EndDeclared, SecretsRevealed, JokerResolved, GameScored,
)
