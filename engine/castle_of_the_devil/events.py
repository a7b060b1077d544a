"""The events of Castle of the Devil: each a fact of the game, random outcomes written in.

Seats are named by their seat names. Which seats may read each event, and what the others read
instead, is decided in `view.visibility`. The duel's events live in `events_duel` and are
re-exported here.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.contract import event

from .events_duel import (
    DUEL_EVENT_TYPES,
    DoctorPassed,
    DuelCancelled,
    DuelDeclared,
    DuelEnded,
    DuelPassed,
    DuelPlayed,
    DuelResolved,
    DuelStopped,
    GiveBackOwed,
    ObjectReturned,
    ObjectTaken,
    PriestPassed,
    SideChosen,
    SidesRevealed,
    SpoilsOffered,
)

# -- setting up -------------------------------------------------------------------------------


@event("game-set-up")
@dataclass(frozen=True)
class GameSetUp:
    """The players sit down clockwise; `first` was drawn to begin."""

    seats: tuple[str, ...]
    first: str


@event("society-dealt")
@dataclass(frozen=True)
class SocietyDealt:
    """A player received a Secret Society card (secret to that player)."""

    seat: str
    society: str


@event("society-removed")
@dataclass(frozen=True)
class SocietyRemoved:
    """With an odd number of players, the last society card left the game unseen."""

    society: str


@event("profession-dealt")
@dataclass(frozen=True)
class ProfessionDealt:
    """A player received a face-down profession."""

    seat: str
    profession: str


@event("professions-set-aside")
@dataclass(frozen=True)
class ProfessionsSetAside:
    """The professions nobody was dealt form the unused stack, face down."""

    professions: tuple[str, ...]


@event("object-dealt")
@dataclass(frozen=True)
class ObjectDealt:
    """A player received a starting object."""

    seat: str
    obj: str


@event("pile-shuffled")
@dataclass(frozen=True)
class PileShuffled:
    """The object pile now lies in this order, top first."""

    objects: tuple[str, ...]


@event("turn-started")
@dataclass(frozen=True)
class TurnStarted:
    """`seat` begins turn number `turn`."""

    seat: str
    turn: int


# -- spying, professions outside duels --------------------------------------------------------


@event("spied")
@dataclass(frozen=True)
class Spied:
    """`spy` drew `obj` at random from `target`'s objects, looked at it and gave it back."""

    spy: str
    target: str
    obj: str


@event("profession-revealed")
@dataclass(frozen=True)
class ProfessionRevealed:
    """`seat` turned up `profession` to use it."""

    seat: str
    profession: str


@event("pile-searched")
@dataclass(frozen=True)
class PileSearched:
    """The Clairvoyant looks through the object pile."""

    seat: str


@event("pile-arranged")
@dataclass(frozen=True)
class PileArranged:
    """The Clairvoyant put `top` (first = topmost) on top of the pile."""

    seat: str
    top: tuple[str, ...]


@event("diplomat-demanded")
@dataclass(frozen=True)
class DiplomatDemanded:
    """The Diplomat named `target` and `obj`; `held` says whether the target holds one."""

    seat: str
    target: str
    obj: str
    held: bool


# -- trades -----------------------------------------------------------------------------------


@event("trade-offered")
@dataclass(frozen=True)
class TradeOffered:
    """`offerer` offered `target` the object `obj`, face down."""

    offerer: str
    target: str
    obj: str


@event("trade-refused")
@dataclass(frozen=True)
class TradeRefused:
    """The offer was refused; the offerer took a duel token if `token`."""

    offerer: str
    target: str
    token: bool


@event("trade-accepted")
@dataclass(frozen=True)
class TradeAccepted:
    """`offered` went to `target` and `returned` to `offerer`; which trade abilities fire."""

    offerer: str
    target: str
    offered: str
    returned: str
    offered_fires: bool
    returned_fires: bool


@event("ability-offered")
@dataclass(frozen=True)
class AbilityOffered:
    """`seat` traded `obj` away and may now use its trade ability."""

    seat: str
    obj: str
    partner: str


@event("ability-used")
@dataclass(frozen=True)
class AbilityUsed:
    """`seat` uses the trade ability of `obj`, traded to `partner`."""

    seat: str
    obj: str
    partner: str


@event("ability-declined")
@dataclass(frozen=True)
class AbilityDeclined:
    """`seat` does not use the trade ability of `obj`."""

    seat: str
    obj: str


@event("object-drawn")
@dataclass(frozen=True)
class ObjectDrawn:
    """`seat` drew `obj` from the top of the pile (`cause`: bag or tie)."""

    seat: str
    obj: str
    cause: str


@event("society-shown")
@dataclass(frozen=True)
class SocietyShown:
    """`seat` showed `viewer` their Secret Society card (`cause`: monocle or duel)."""

    seat: str
    viewer: str
    society: str
    cause: str


@event("hand-shown")
@dataclass(frozen=True)
class HandShown:
    """`seat` showed `viewer` all their objects (`cause`: privilege, diplomat or duel)."""

    seat: str
    viewer: str
    objects: tuple[str, ...]
    cause: str


@event("profession-exchanged")
@dataclass(frozen=True)
class ProfessionExchanged:
    """Coat: `seat` put `old` with the unused professions and took `new`, face down."""

    seat: str
    old: str
    new: str
    old_face_up: bool


@event("professions-swapped")
@dataclass(frozen=True)
class ProfessionsSwapped:
    """Tome: `seat` and `partner` swapped professions; both lie face down now."""

    seat: str
    partner: str
    seat_gets: str
    partner_gets: str


@event("passing-started")
@dataclass(frozen=True)
class PassingStarted:
    """Sextant: every player passes one object to the neighbour on `direction`."""

    seat: str
    direction: str


@event("passing-chosen")
@dataclass(frozen=True)
class PassingChosen:
    """`seat` chose (sealed) the object it passes; `revised` when it changed its choice."""

    seat: str
    obj: str
    revised: bool


@event("object-passed")
@dataclass(frozen=True)
class ObjectPassed:
    """Sextant: `giver` passed `obj` to `receiver`."""

    giver: str
    receiver: str
    obj: str


@event("passing-ended")
@dataclass(frozen=True)
class PassingEnded:
    """Every object of the Sextant's passing has changed hands."""

    direction: str


@event("hand-over-limit")
@dataclass(frozen=True)
class HandOverLimit:
    """`seat` holds `count` objects, more than allowed, and must give one away."""

    seat: str
    count: int


@event("object-given")
@dataclass(frozen=True)
class ObjectGiven:
    """Over the hand limit, `giver` gave `obj` to `receiver`."""

    giver: str
    receiver: str
    obj: str


# -- victory ----------------------------------------------------------------------------------


@event("victory-proclaimed")
@dataclass(frozen=True)
class VictoryProclaimed:
    """`seat` proclaimed victory: for a society, or alone with the Seal of the Lodge."""

    seat: str
    society: str
    seal: bool


@event("cards-shown")
@dataclass(frozen=True)
class CardsShown:
    """`seat` turned up all their cards."""

    seat: str
    society: str
    profession: str
    objects: tuple[str, ...]


@event("players-named")
@dataclass(frozen=True)
class PlayersNamed:
    """The claimant named these players as holders of the objects."""

    seat: str
    named: tuple[str, ...]


@event("claim-judged")
@dataclass(frozen=True)
class ClaimJudged:
    """The proclamation was right or wrong; `winners` win the game."""

    seat: str
    right: bool
    society: str
    winners: tuple[str, ...]
    reason: str


@event("all-revealed")
@dataclass(frozen=True)
class AllRevealed:
    """The game is over: every card is shown."""

    societies: dict[str, str]
    professions: dict[str, str]
    hands: dict[str, tuple[str, ...]]
    removed: str
    unused: tuple[str, ...]


EVENT_TYPES: tuple[type, ...] = (
    GameSetUp, SocietyDealt, SocietyRemoved, ProfessionDealt, ProfessionsSetAside, ObjectDealt,
    PileShuffled, TurnStarted, Spied, ProfessionRevealed, PileSearched, PileArranged,
    DiplomatDemanded, TradeOffered, TradeRefused, TradeAccepted, AbilityOffered, AbilityUsed,
    AbilityDeclined, ObjectDrawn, SocietyShown, HandShown, ProfessionExchanged,
    ProfessionsSwapped, PassingStarted, PassingChosen, ObjectPassed, PassingEnded,
    HandOverLimit, ObjectGiven, *DUEL_EVENT_TYPES, VictoryProclaimed, CardsShown, PlayersNamed,
    ClaimJudged, AllRevealed,
)

KEEP_KEY: frozenset[type] = frozenset({SideChosen, PriestPassed, PassingChosen, DoctorPassed})
"""Events that answer an open simultaneous step without moving the game to a new decision."""

__all__ = [
    "EVENT_TYPES",
    "KEEP_KEY",
    "AbilityDeclined",
    "AbilityOffered",
    "AbilityUsed",
    "AllRevealed",
    "CardsShown",
    "ClaimJudged",
    "DiplomatDemanded",
    "DoctorPassed",
    "DuelCancelled",
    "DuelDeclared",
    "DuelEnded",
    "DuelPassed",
    "DuelPlayed",
    "DuelResolved",
    "DuelStopped",
    "GameSetUp",
    "GiveBackOwed",
    "HandOverLimit",
    "HandShown",
    "ObjectDealt",
    "ObjectDrawn",
    "ObjectGiven",
    "ObjectPassed",
    "ObjectReturned",
    "ObjectTaken",
    "PassingChosen",
    "PassingEnded",
    "PassingStarted",
    "PileArranged",
    "PileSearched",
    "PileShuffled",
    "PlayersNamed",
    "PriestPassed",
    "ProfessionDealt",
    "ProfessionExchanged",
    "ProfessionRevealed",
    "ProfessionsSetAside",
    "ProfessionsSwapped",
    "SideChosen",
    "SidesRevealed",
    "SocietyDealt",
    "SocietyRemoved",
    "SocietyShown",
    "Spied",
    "SpoilsOffered",
    "TradeAccepted",
    "TradeOffered",
    "TradeRefused",
    "TurnStarted",
    "VictoryProclaimed",
]
