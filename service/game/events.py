"""The service's own events, stored in the same log as the game's events.

Their type names contain a dot (`game.created`), game event names never do, so a log can be
split between the service and the engine by name alone.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import Audience, TypeTable, event
from engine.core.standing import Standing
from service.game.bankevents import BANK_EVENTS, describe_bank_event
from service.game.opentableevents import TABLE_EVENTS, describe_table_event
from service.game.seating import SeatInfo
from service.game.vacationevents import (
    VACATION_EVENTS,
    SeatVacation,
    describe_vacation_event,
)

EVERYONE = Audience()


@event("game.created", version=2)
@dataclass(frozen=True)
class GameCreated:
    """A game was created; the hash of its secret seed is published here.

    `deadline_hours` (None: each prompt's own default) and `reminder_hours` (lead times of the
    reminders before a deadline) are the game's deadline settings.
    """

    game: str
    title: str
    engine_version: str
    seats: tuple[SeatInfo, ...]
    options: dict[str, Any]
    seed_hash: str
    deadline_hours: int | None
    reminder_hours: tuple[int, ...]


def _created_v1_to_v2(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 1 had no deadline settings and no player names (the seat name was the player)."""
    seats = [{**seat, "player": seat["name"]} for seat in payload["seats"]]
    return {**payload, "seats": seats, "deadline_hours": None, "reminder_hours": [24, 1]}


@event("deadline.set")
@dataclass(frozen=True)
class DeadlineSet:
    """A seat's open decision `prompt_key` is due at `due` (UTC, ISO 8601)."""

    seat: str
    prompt_key: str
    due: str


@event("game.paused")
@dataclass(frozen=True)
class GamePaused:
    """The game master paused the game: no orders, no deadlines until it resumes."""

    at: str
    reason: str


@event("game.resumed")
@dataclass(frozen=True)
class GameResumed:
    """The game goes on; open deadlines move later by the time the game was paused."""

    at: str


@event("seat.replaced")
@dataclass(frozen=True)
class SeatReplaced:
    """A new player took over a seat, with a new address and a new token."""

    seat: str
    player: str
    email: str
    generation: int


@event("seat.token-rotated")
@dataclass(frozen=True)
class TokenRotated:
    """The seat's links and reply address were replaced; the old ones stop working."""

    seat: str
    generation: int


@event("master.link-renewed")
@dataclass(frozen=True)
class MasterLinkRenewed:
    """The game master's link was replaced; the old one stops working."""

    generation: int


@event("game.spectators")
@dataclass(frozen=True)
class SpectatorsSet:
    """The game master opened (or closed) the game's public spectator page."""

    enabled: bool


@event("game.settings")
@dataclass(frozen=True)
class GameSettings:
    """Table settings chosen at creation: who may talk to whom, and the longest absence.

    `press` is one of PRESS_LEVELS; `absence_days` is how far one absence may push a
    seat's deadlines (0: absences are announced but never extend a deadline).
    """

    press: str
    absence_days: int
    master_email: str = ""
    offer_resigned: bool = False
    """Offer a seat to a newcomer as soon as its player resigns."""
    mail_senders: str = "seat"
    """Whose mail to a seat's reply address acts at once: the seat's own address only ("seat";
    mail from any other is held until the seat confirms it) or any sender ("any")."""
    notify: str = "every"
    """The notification setting every seat starts with (`every`, `must-act`, `digest`); games
    recorded before it was a setting read as "every"."""
    house_for_absent: bool = False
    """A seat whose deadline passes after its absence limit, or while its mail bounces, is
    handed to the house (until a person takes it over) instead of playing its defaults."""


MAIL_SENDERS = ("seat", "any")


MASTER = "*"
"""The sender name of the game master's messages (no seat can be called that)."""
DEADLINE_ACTOR = "deadline"
"""The actor of the orders the service gives when a deadline passes (and their source)."""
RESIGN = "resign"
"""The order by which a game's rules let a seat leave, where they have one (Illuminati's): a
seat that resigned by mail is given it at its deadlines."""
STANDING_ACTOR = "standing"
"""The actor of the orders a seat's standing answers give when its decision opens."""
FORCED_ACTOR = "forced"
"""The actor of the orders the service takes where the only legal answer is public."""
HOUSE_ACTOR = "house"
"""The actor of the orders the house (the computer player) gives for the seats it plays."""
HOUSE_PLAYER = "the house"
"""The player's name of a seat created for the house (such a seat has no address)."""

PRESS_LEVELS = ("off", "open", "private", "grey")
"""No press; messages to everyone only; also to chosen seats; also anonymous."""


@event("press.sent")
@dataclass(frozen=True)
class PressSent:
    """A seat wrote to some seats (`recipients`, in seat order) or to all of them.

    An anonymous message names its sender only here, for the sender's own history; no line,
    mail or page shown to anyone describes who sent it. An answer to an anonymous message
    (`to_anonymous`) names its one recipient only here, for the same reason.
    """

    sender: str
    recipients: tuple[str, ...]
    text: str
    anonymous: bool
    to_all: bool
    to_anonymous: bool = False


@event("seat.preferences")
@dataclass(frozen=True)
class SeatPreferences:
    """A seat's mail settings: `notify` (every, must-act, digest) and press muted or not."""

    seat: str
    notify: str
    mute_press: bool
    timezone: str


@event("seat.absence")
@dataclass(frozen=True)
class SeatAbsence:
    """A seat is away until `until` (UTC, ISO 8601), or back when `until` is empty."""

    seat: str
    until: str


@event("seat.mail")
@dataclass(frozen=True)
class SeatMailStatus:
    """Mail to a seat's address bounced for good since `since` (UTC, ISO 8601), or, with
    `since` empty, goes through again. `email` is the address that bounced: a bounce of an
    address the seat no longer has changes nothing."""

    seat: str
    email: str
    since: str
    reason: str


@event("seat.resigned")
@dataclass(frozen=True)
class SeatResigned:
    """A player resigned: from now on the seat plays its default order at every decision."""

    seat: str


@event("seat.house")
@dataclass(frozen=True)
class SeatHouse:
    """The house (the service's computer player) plays a seat from now on, or, with `house`
    false, no longer does. Public: every reader may know which seats the house plays."""

    seat: str
    house: bool


@event("seat.standing")
@dataclass(frozen=True)
class SeatStanding:
    """A seat's standing answers and answers ahead now (all of them: an empty tuple clears
    them). Private to the seat, as its orders are."""

    seat: str
    entries: tuple[Standing, ...]


@event("standing.dropped")
@dataclass(frozen=True)
class StandingDropped:
    """A standing answer was not legal at the decision `prompt_key` and was not applied; the
    seat is asked as usual. Private to the seat."""

    seat: str
    prompt_key: str
    entry: str
    reason: str


@event("game.answers")
@dataclass(frozen=True)
class GameAnswers:
    """How the service answers for seats in this game: `forced`, a decision whose only legal
    answer everyone can tell is taken at once. Written when a game is created; games created
    before have none and are played as they were."""

    forced: bool


@event("game.rated")
@dataclass(frozen=True)
class GameRated:
    """The game master chose at creation that the game counts for the ratings (see
    docs/ratings.md). Written only for a rated game: a game without it is unrated."""

    rated: bool


@event("order.accepted", version=2)
@dataclass(frozen=True)
class OrderAccepted:
    """A seat's order was accepted; the game's events for it follow in the same append.

    An order the house chose (actor `house`) records which `player` chose it (the engine's
    `PLAYER_VERSION`) and the `iterations` it searched, so an audit can choose it again;
    empty and 0 for every other order (and for orders recorded before, version 1).
    """

    seat: str
    order: dict[str, Any]
    text: str
    prompt_key: str
    player: str = ""
    iterations: int = 0


def _accepted_v1_to_v2(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 1 did not record the house player of an order."""
    return {**payload, "player": "", "iterations": 0}


@event("game.finished", version=2)
@dataclass(frozen=True)
class GameFinished:
    """The game ended: winners, scores, the reason in words and why for programs.

    `termination` is a value of `engine.core.Termination`: the rules' own (a goal, the last
    round...), `deadline-defaults` when the order that ended it was a deadline default, or
    `game-master`; empty for a game that ended before it was recorded (version 1).
    """

    winners: tuple[str, ...]
    reason: str
    scores: dict[str, int]
    termination: str


def _finished_v1_to_v2(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 1 did not record why the game ended for programs."""
    return {**payload, "termination": ""}


@event("seed.revealed")
@dataclass(frozen=True)
class SeedRevealed:
    """The game's secret seed, published at the end so anyone can audit the randomness."""

    seed: str


SERVICE_EVENTS = TypeTable(
    [GameCreated, OrderAccepted, GameFinished, SeedRevealed, DeadlineSet, GamePaused,
     GameResumed, SeatReplaced, TokenRotated, SpectatorsSet, MasterLinkRenewed, GameSettings,
     PressSent, SeatPreferences, SeatAbsence, SeatResigned, SeatMailStatus, SeatStanding,
     StandingDropped, GameAnswers, GameRated, SeatHouse, *TABLE_EVENTS, *BANK_EVENTS,
     *VACATION_EVENTS],
    "event_type", {("game.created", 1): _created_v1_to_v2,
                   ("game.finished", 1): _finished_v1_to_v2,
                   ("order.accepted", 1): _accepted_v1_to_v2})


def is_service_event(type_name: str) -> bool:
    """Return whether a stored event type belongs to the service rather than the game."""
    return "." in type_name


def describe_service_event(item: Any) -> str:
    """Return the history line of a service event."""
    if isinstance(item, GameCreated):
        names = ", ".join(seat.name for seat in item.seats)
        return f"{item.title} started for {names}."
    if isinstance(item, OrderAccepted):
        return f"{item.seat} ordered: {item.text}"
    if isinstance(item, GameFinished):
        winners = ", ".join(item.winners) or "nobody"
        return f"The game is over. Won by {winners}: {item.reason}"
    if isinstance(item, SeedRevealed):
        return f"The game's secret seed is revealed: {item.seed}"
    if isinstance(item, DeadlineSet):
        return f"{item.seat} has until {item.due[:16].replace('T', ' ')} UTC to decide."
    if isinstance(item, GamePaused):
        return "The game was paused" + (f": {item.reason}" if item.reason else ".")
    if isinstance(item, GameResumed):
        return "The game was resumed; open deadlines moved by the length of the pause."
    if isinstance(item, SeatReplaced):
        return f"{item.player} now plays the seat {item.seat}."
    if isinstance(item, TokenRotated):
        return f"The private links and reply address of {item.seat} were renewed."
    if isinstance(item, MasterLinkRenewed):
        return "The game master's link was renewed."
    if isinstance(item, SpectatorsSet):
        return ("Spectators may now watch the game." if item.enabled
                else "The game is no longer open to spectators.")
    described = (_describe_table_talk(item) or describe_table_event(item)
                 or describe_bank_event(item) or describe_vacation_event(item))
    if described is None:
        raise TypeError(f"not a service event: {item!r}")
    return described


def press_heading(item: PressSent) -> str:
    """Return who wrote to whom, never naming an anonymous sender."""
    sender = "anonymous" if item.anonymous else item.sender
    sender = "the game master" if sender == MASTER else sender
    return f"{sender} to {press_readers(item)}"


def press_readers(item: PressSent) -> str:
    """Return whom a message went to, in words, never naming an anonymous recipient."""
    if item.to_all:
        return "everyone"
    return "the anonymous sender" if item.to_anonymous else ", ".join(item.recipients)


def _describe_table_talk(item: Any) -> str | None:
    """Return the history line of the settings, press and absence events (None: not one)."""
    if isinstance(item, GameSettings):
        talk = {"off": "no press", "open": "press to everyone only",
                "private": "press to everyone or to chosen seats",
                "grey": "press, also anonymous"}[item.press]
        return f"Table settings: {talk}; absences of up to {item.absence_days} days."
    if isinstance(item, PressSent):
        return f"Press from {press_heading(item)}: {item.text}"
    if isinstance(item, SeatPreferences):
        return f"{item.seat} changed their mail settings."
    if isinstance(item, SeatAbsence):
        return (f"{item.seat} is away." if item.until else f"{item.seat} is back.")
    if isinstance(item, SeatMailStatus):
        return (f"Mail to {item.seat} bounces; the seat's deadlines wait as for an absence."
                if item.since else f"Mail to {item.seat} goes through again.")
    if isinstance(item, SeatResigned):
        return f"{item.seat} resigned; the seat plays its default orders from now on."
    if isinstance(item, SeatStanding):
        said = "; ".join(standing_line(e) for e in item.entries)
        return (f"{item.seat}'s standing answers: {said}." if said
                else f"{item.seat} has no standing answers.")
    if isinstance(item, StandingDropped):
        return (f"{item.seat}'s standing answer ({item.entry}) was not applied at "
                f"{item.prompt_key}: {item.reason.rstrip('.')}. You are asked as usual.")
    if isinstance(item, SeatHouse):
        return (f"The house (the computer player) plays {item.seat} from now on." if item.house
                else f"The house no longer plays {item.seat}.")
    if isinstance(item, GameRated):
        return ("The game counts for the ratings." if item.rated
                else "The game does not count for the ratings.")
    if isinstance(item, GameAnswers):
        return ("A decision whose only answer everyone can tell is taken at once."
                if item.forced else "Every decision is asked.")
    return None


def standing_line(entry: Standing) -> str:
    """Return one standing entry in words, `(this turn)` for an answer ahead."""
    return entry.text() + (" (this turn)" if entry.until else "")


def service_audience(item: Any) -> Audience:
    """Return who may read a service event before the game ends."""
    if isinstance(item, OrderAccepted):
        return Audience(frozenset({item.seat}), None)
    if isinstance(item, DeadlineSet | SeatPreferences | SeatStanding | StandingDropped
                  | SeatVacation):
        return Audience(frozenset({item.seat}), None)
    if isinstance(item, PressSent):
        return item_press_audience(item)
    return EVERYONE


def item_press_audience(item: PressSent) -> Audience:
    """Return the readers of a press message: its sender and its recipients, no one else."""
    return Audience(frozenset({item.sender, *item.recipients}), None)
