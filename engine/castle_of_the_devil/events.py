"""The events of Castle of the Devil: each a fact of the game, random outcomes written in.

Seats are named by their seat names. Which seats may read each event, and what the others read
instead, is decided in `view.visibility`. The duel's events live in `events_duel` and are
re-exported here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core.contract import Audience, replace

from .cards import object_name as obj_name
from .cards import profession_name as prof_name
from .cards import society_name as soc_name
from .events_duel import (
    DUEL_EVENT_TYPES,
    EVENTS,
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
    _only,
)
from .state import State, object_list

CAUSES = {
    "bag": "traded away a Bag of Secrets",
    "tie": "the duel was a tie",
    "privilege": "Privilege",
    "diplomat": "the Diplomat found nothing",
    "duel": "the duel",
    "monocle": "Monocle",
}

# -- setting up -------------------------------------------------------------------------------


@EVENTS.register("game-set-up", describe=lambda e: _setup(e))
@dataclass(frozen=True)
class GameSetUp:
    """The players sit down clockwise; `first` was drawn to begin."""

    seats: tuple[str, ...]
    first: str


@EVENTS.register(
    "society-dealt",
    describe=lambda e: f"{e.seat} belongs to the {soc_name(e.society)}.",
    audience=lambda e: Audience(_only(e.seat), f"{e.seat} received a society card"),
)
@dataclass(frozen=True)
class SocietyDealt:
    """A player received a Secret Society card (secret to that player)."""

    seat: str
    society: str


@EVENTS.register(
    "society-removed",
    describe=lambda e: f"The removed society card is the {soc_name(e.society)}.",
    audience=lambda e: Audience(_only(), "one society card left the game unseen"),
)
@dataclass(frozen=True)
class SocietyRemoved:
    """With an odd number of players, the last society card left the game unseen."""

    society: str


@EVENTS.register(
    "profession-dealt",
    describe=lambda e: f"{e.seat} is the {prof_name(e.profession)}.",
    audience=lambda e: Audience(_only(e.seat), f"{e.seat} received a profession"),
)
@dataclass(frozen=True)
class ProfessionDealt:
    """A player received a face-down profession."""

    seat: str
    profession: str


@EVENTS.register(
    "professions-set-aside",
    describe=lambda e: (
        "Unused professions: " + ", ".join(prof_name(p) for p in e.professions) + "."
    ),
    audience=lambda e: Audience(_only(), "the other professions were set aside"),
)
@dataclass(frozen=True)
class ProfessionsSetAside:
    """The professions nobody was dealt form the unused stack, face down."""

    professions: tuple[str, ...]


@EVENTS.register(
    "object-dealt",
    describe=lambda e: f"{e.seat} starts with the {obj_name(e.obj)}.",
    audience=lambda e: Audience(_only(e.seat), f"{e.seat} received a starting object"),
)
@dataclass(frozen=True)
class ObjectDealt:
    """A player received a starting object."""

    seat: str
    obj: str


@EVENTS.register(
    "pile-shuffled",
    describe=lambda e: f"The pile, top first: {object_list(e.objects)}.",
    audience=lambda e: Audience(_only(), "the object pile was shuffled"),
)
@dataclass(frozen=True)
class PileShuffled:
    """The object pile now lies in this order, top first."""

    objects: tuple[str, ...]


@EVENTS.register("turn-started", describe=lambda e: f"Turn {e.turn}: {e.seat} begins their turn.")
@dataclass(frozen=True)
class TurnStarted:
    """`seat` begins turn number `turn`."""

    seat: str
    turn: int


# -- spying, professions outside duels --------------------------------------------------------


@EVENTS.register(
    "spied",
    describe=lambda e: f"{e.spy} spied on {e.target} and saw the {obj_name(e.obj)}.",
    audience=lambda e: Audience(_only(e.spy, e.target), f"{e.spy} spied on {e.target}"),
)
@dataclass(frozen=True)
class Spied:
    """`spy` drew `obj` at random from `target`'s objects, looked at it and gave it back."""

    spy: str
    target: str
    obj: str


@EVENTS.register(
    "profession-revealed", describe=lambda e: f"{e.seat} reveals the {prof_name(e.profession)}."
)
@dataclass(frozen=True)
class ProfessionRevealed:
    """`seat` turned up `profession` to use it."""

    seat: str
    profession: str


@EVENTS.register("pile-searched", describe=lambda e: f"{e.seat} looks through the object pile.")
@dataclass(frozen=True)
class PileSearched:
    """The Clairvoyant looks through the object pile."""

    seat: str


@EVENTS.register(
    "pile-arranged",
    describe=lambda e: f"{e.seat} put {object_list(e.top)} on top of the pile.",
    audience=lambda e: Audience(_only(e.seat), f"{e.seat} chose the top of the pile"),
)
@dataclass(frozen=True)
class PileArranged:
    """The Clairvoyant put `top` (first = topmost) on top of the pile."""

    seat: str
    top: tuple[str, ...]


@EVENTS.register(
    "diplomat-demanded",
    describe=lambda e: (
        f"{e.seat} demands the {obj_name(e.obj)} from {e.target}: "
        + ("they hold it and must trade it." if e.held else "they do not hold it.")
    ),
)
@dataclass(frozen=True)
class DiplomatDemanded:
    """The Diplomat named `target` and `obj`; `held` says whether the target holds one."""

    seat: str
    target: str
    obj: str
    held: bool


# -- trades -----------------------------------------------------------------------------------


@EVENTS.register(
    "trade-offered",
    describe=lambda e: f"{e.offerer} offered {e.target} the {obj_name(e.obj)}.",
    audience=lambda e: Audience(
        _only(e.offerer, e.target), f"{e.offerer} offered {e.target} an object"
    ),
)
@dataclass(frozen=True)
class TradeOffered:
    """`offerer` offered `target` the object `obj`, face down."""

    offerer: str
    target: str
    obj: str


@EVENTS.register(
    "trade-refused",
    describe=lambda e: (
        f"{e.target} refused the offer of {e.offerer}"
        + (f"; {e.offerer} takes a duel token." if e.token else "; no duel token is left.")
    ),
)
@dataclass(frozen=True)
class TradeRefused:
    """The offer was refused; the offerer took a duel token if `token`."""

    offerer: str
    target: str
    token: bool


@EVENTS.register(
    "trade-accepted",
    describe=lambda e: (
        f"{e.offerer} traded the {obj_name(e.offered)} to {e.target} "
        f"for the {obj_name(e.returned)}."
    ),
    audience=lambda e: Audience(
        _only(e.offerer, e.target), f"{e.offerer} and {e.target} traded objects"
    ),
)
@dataclass(frozen=True)
class TradeAccepted:
    """`offered` went to `target` and `returned` to `offerer`; which trade abilities fire."""

    offerer: str
    target: str
    offered: str
    returned: str
    offered_fires: bool
    returned_fires: bool


@EVENTS.register("ability-offered", describe=lambda e: _ability_offered(e))
@dataclass(frozen=True)
class AbilityOffered:
    """`seat` traded `obj` away and may now use its trade ability."""

    seat: str
    obj: str
    partner: str


@EVENTS.register(
    "ability-used", describe=lambda e: f"{e.seat} uses the trade ability of the {obj_name(e.obj)}."
)
@dataclass(frozen=True)
class AbilityUsed:
    """`seat` uses the trade ability of `obj`, traded to `partner`."""

    seat: str
    obj: str
    partner: str


@EVENTS.register(
    "ability-declined", describe=lambda e: f"{e.seat} does not use the {obj_name(e.obj)}."
)
@dataclass(frozen=True)
class AbilityDeclined:
    """`seat` does not use the trade ability of `obj`."""

    seat: str
    obj: str


@EVENTS.register(
    "object-drawn",
    describe=lambda e: f"{e.seat} drew the {obj_name(e.obj)} ({CAUSES[e.cause]}).",
    audience=lambda e: Audience(_only(e.seat), f"{e.seat} drew an object"),
)
@dataclass(frozen=True)
class ObjectDrawn:
    """`seat` drew `obj` from the top of the pile (`cause`: bag or tie)."""

    seat: str
    obj: str
    cause: str


@EVENTS.register(
    "society-shown",
    describe=lambda e: (
        f"{e.seat} showed {e.viewer} their society card ({CAUSES[e.cause]}): {soc_name(e.society)}."
    ),
    audience=lambda e: Audience(
        _only(e.seat, e.viewer), f"{e.seat} showed {e.viewer} their society card"
    ),
)
@dataclass(frozen=True)
class SocietyShown:
    """`seat` showed `viewer` their Secret Society card (`cause`: monocle or duel)."""

    seat: str
    viewer: str
    society: str
    cause: str


@EVENTS.register(
    "hand-shown",
    describe=lambda e: (
        f"{e.seat} showed {e.viewer} their objects ({CAUSES[e.cause]}): {object_list(e.objects)}."
    ),
    audience=lambda e: Audience(
        _only(e.seat, e.viewer), f"{e.seat} showed {e.viewer} their objects"
    ),
)
@dataclass(frozen=True)
class HandShown:
    """`seat` showed `viewer` all their objects (`cause`: privilege, diplomat or duel)."""

    seat: str
    viewer: str
    objects: tuple[str, ...]
    cause: str


@EVENTS.register(
    "profession-exchanged",
    describe=lambda e: (
        f"{e.seat} exchanged the {prof_name(e.old)} for the {prof_name(e.new)} (Coat)."
    ),
    audience=lambda e: Audience(_only(e.seat), _coat_summary(e)),
)
@dataclass(frozen=True)
class ProfessionExchanged:
    """Coat: `seat` put `old` with the unused professions and took `new`, face down."""

    seat: str
    old: str
    new: str
    old_face_up: bool


@EVENTS.register(
    "professions-swapped",
    describe=lambda e: (
        f"{e.seat} and {e.partner} swapped professions (Tome): "
        f"{e.seat} is the {prof_name(e.seat_gets)}, {e.partner} the {prof_name(e.partner_gets)}."
    ),
    audience=lambda e: Audience(
        _only(e.seat, e.partner), f"{e.seat} and {e.partner} swapped professions"
    ),
)
@dataclass(frozen=True)
class ProfessionsSwapped:
    """Tome: `seat` and `partner` swapped professions; both lie face down now."""

    seat: str
    partner: str
    seat_gets: str
    partner_gets: str


@EVENTS.register(
    "passing-started",
    describe=lambda e: (
        f"{e.seat} uses the Sextant: everyone passes one object to the {e.direction}."
    ),
)
@dataclass(frozen=True)
class PassingStarted:
    """Sextant: every player passes one object to the neighbour on `direction`."""

    seat: str
    direction: str


@EVENTS.register(
    "passing-chosen",
    describe=lambda e: f"{e.seat} will pass on the {obj_name(e.obj)}.",
    audience=lambda e: Audience(_only(e.seat), f"{e.seat} chose what to pass on"),
)
@dataclass(frozen=True)
class PassingChosen:
    """`seat` chose (sealed) the object it passes; `revised` when it changed its choice."""

    seat: str
    obj: str
    revised: bool


@EVENTS.register(
    "object-passed",
    describe=lambda e: f"{e.giver} passed the {obj_name(e.obj)} to {e.receiver}.",
    audience=lambda e: Audience(
        _only(e.giver, e.receiver), f"{e.giver} passed an object to {e.receiver}"
    ),
)
@dataclass(frozen=True)
class ObjectPassed:
    """Sextant: `giver` passed `obj` to `receiver`."""

    giver: str
    receiver: str
    obj: str


@EVENTS.register("passing-ended", describe=lambda e: "Every player has passed an object on.")
@dataclass(frozen=True)
class PassingEnded:
    """Every object of the Sextant's passing has changed hands."""

    direction: str


@EVENTS.register(
    "hand-over-limit",
    describe=lambda e: f"{e.seat} holds {e.count} objects, over the limit, and must give one away.",
)
@dataclass(frozen=True)
class HandOverLimit:
    """`seat` holds `count` objects, more than allowed, and must give one away."""

    seat: str
    count: int


@EVENTS.register(
    "object-given",
    describe=lambda e: f"{e.giver} gave the {obj_name(e.obj)} to {e.receiver}.",
    audience=lambda e: Audience(
        _only(e.giver, e.receiver), f"{e.giver} gave an object to {e.receiver}"
    ),
)
@dataclass(frozen=True)
class ObjectGiven:
    """Over the hand limit, `giver` gave `obj` to `receiver`."""

    giver: str
    receiver: str
    obj: str


# -- victory ----------------------------------------------------------------------------------


@EVENTS.register(
    "victory-proclaimed",
    describe=lambda e: (
        f"{e.seat} proclaims victory alone with the Seal of the Lodge!"
        if e.seal
        else f"{e.seat} proclaims victory for the {soc_name(e.society)}!"
    ),
)
@dataclass(frozen=True)
class VictoryProclaimed:
    """`seat` proclaimed victory: for a society, or alone with the Seal of the Lodge."""

    seat: str
    society: str
    seal: bool


@EVENTS.register("cards-shown", describe=lambda e: _shown(e))
@dataclass(frozen=True)
class CardsShown:
    """`seat` turned up all their cards."""

    seat: str
    society: str
    profession: str
    objects: tuple[str, ...]


@EVENTS.register("players-named", describe=lambda e: f"{e.seat} names {', '.join(e.named)}.")
@dataclass(frozen=True)
class PlayersNamed:
    """The claimant named these players as holders of the objects."""

    seat: str
    named: tuple[str, ...]


@EVENTS.register("claim-judged", describe=lambda e: e.reason)
@dataclass(frozen=True)
class ClaimJudged:
    """The proclamation was right or wrong; `winners` win the game."""

    seat: str
    right: bool
    society: str
    winners: tuple[str, ...]
    reason: str


@EVENTS.register("all-revealed", describe=lambda e: _all_revealed(e))
@dataclass(frozen=True)
class AllRevealed:
    """The game is over: every card is shown."""

    societies: dict[str, str]
    professions: dict[str, str]
    hands: dict[str, tuple[str, ...]]
    removed: str
    unused: tuple[str, ...]


def _setup(e: GameSetUp) -> str:
    """Describe the seating."""
    return f"Seats clockwise: {', '.join(e.seats)}. {e.first} begins."


def _ability_offered(e: AbilityOffered) -> str:
    """Describe an announced trade ability."""
    return f"{e.seat} traded the {obj_name(e.obj)} to {e.partner} and may use its trade ability."


def _shown(e: CardsShown) -> str:
    """Describe a player showing all cards."""
    return (
        f"{e.seat} shows all cards: {soc_name(e.society)}, {prof_name(e.profession)}, "
        f"{object_list(e.objects)}."
    )


def _all_revealed(e: AllRevealed) -> str:
    """Describe the final showing of every card."""
    parts = [
        f"{seat}: {soc_name(soc)}, {prof_name(e.professions.get(seat, ''))}, "
        f"{object_list(e.hands.get(seat, ()))}"
        for seat, soc in e.societies.items()
    ]
    removed = f" Removed society card: {soc_name(e.removed)}." if e.removed else ""
    return "All cards shown. " + "; ".join(parts) + "." + removed


def _coat_summary(event: ProfessionExchanged) -> str:
    """Return the public account of a Coat exchange (the old card is known if it was up)."""
    if event.old_face_up:
        return (
            f"{event.seat} put the face-up {prof_name(event.old)} with the unused "
            "professions and took one of them"
        )
    return f"{event.seat} exchanged their profession for an unused one"


def evolves(
    *classes: type,
) -> Callable[[Callable[[State, Any], State]], Callable[[State, Any], State]]:
    """Return a decorator registering an evolver; every event but a sealed answer that keeps
    the decision open moves the game to a new step."""

    def mark(function: Callable[[State, Any], State]) -> Callable[[State, Any], State]:
        def stepped(state: State, event: Any) -> State:
            after = function(state, event)
            return after if type(event) in KEEP_KEY else replace(after, step=after.step + 1)

        EVENTS.evolver(*classes)(stepped)
        return function

    return mark


EVENT_TYPES: tuple[type, ...] = (
    GameSetUp,
    SocietyDealt,
    SocietyRemoved,
    ProfessionDealt,
    ProfessionsSetAside,
    ObjectDealt,
    PileShuffled,
    TurnStarted,
    Spied,
    ProfessionRevealed,
    PileSearched,
    PileArranged,
    DiplomatDemanded,
    TradeOffered,
    TradeRefused,
    TradeAccepted,
    AbilityOffered,
    AbilityUsed,
    AbilityDeclined,
    ObjectDrawn,
    SocietyShown,
    HandShown,
    ProfessionExchanged,
    ProfessionsSwapped,
    PassingStarted,
    PassingChosen,
    ObjectPassed,
    PassingEnded,
    HandOverLimit,
    ObjectGiven,
    *DUEL_EVENT_TYPES,
    VictoryProclaimed,
    CardsShown,
    PlayersNamed,
    ClaimJudged,
    AllRevealed,
)

KEEP_KEY: frozenset[type] = frozenset({SideChosen, PriestPassed, PassingChosen, DoctorPassed})
"""Events that answer an open simultaneous step without moving the game to a new decision."""

__all__ = [
    "EVENTS",
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
