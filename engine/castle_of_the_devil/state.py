"""The state of a Castle of the Devil game: small frozen dataclasses, seats by index."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine.core.contract import replace

from .cards import DUEL_TOKENS, hand_limit, object_name

Hand = tuple[str, ...]
"""A player's objects: object ids, sorted (two Keys are `key` twice)."""
NOTES_KEPT = 40


class Phase(str, Enum):
    """The decision the game waits for; FLOW only occurs inside one decision."""

    SETUP = "setup"
    TURN = "turn"
    CLAIRVOYANT = "clairvoyant"
    ANSWER = "answer"
    DIPLOMAT = "diplomat"
    ABILITY = "ability"
    SEXTANT = "sextant"
    GIFT = "gift"
    SIDES = "sides"
    PLAY = "play"
    DOCTOR = "doctor"
    CHOICE = "choice"
    TAKE = "take"
    GIVE_BACK = "give-back"
    CLAIM = "claim"
    FLOW = "flow"
    OVER = "over"


@dataclass(frozen=True)
class Trade:
    """An open trade: `offerer` hands `offered` to `target` (the Diplomat's demand included)."""

    offerer: int
    target: int
    offered: str
    diplomat: bool = False


@dataclass(frozen=True)
class Ability:
    """A trade ability waiting to be performed by `giver`, who traded `obj` to `partner`."""

    obj: str
    giver: int
    partner: int


@dataclass(frozen=True)
class Sextant:
    """The Sextant's passing: the direction and each seat's sealed choice ("" = none yet)."""

    user: int
    direction: str
    choices: tuple[str, ...]


@dataclass(frozen=True)
class Play:
    """One public play in a duel: an object, a profession or tokens, by `seat`."""

    seat: int
    what: str
    kind: str
    amount: int = 0
    target: str = ""


@dataclass(frozen=True)
class Duel:
    """A duel in progress: the duellists, the sides, the plays and the result."""

    attacker: int
    defender: int
    sides: tuple[str, ...]
    answered: tuple[bool, ...]
    priest_window: bool
    revealed: bool = False
    excluded: tuple[bool, ...] = ()
    plays: tuple[Play, ...] = ()
    cursor: int = 0
    passes: int = 0
    winner: int | None = None
    loser: int | None = None
    tie: bool = False
    resolved: bool = False
    totals: tuple[int, int] = (0, 0)
    doctor_passed: tuple[bool, ...] = ()
    looked: bool = False
    taken: str = ""


@dataclass(frozen=True)
class Claim:
    """A proclaimed victory: who claims, for which society, and whom they named so far."""

    claimant: int
    society: str
    named: tuple[int, ...] = ()


@dataclass(frozen=True)
class State:
    """Everything the rules need. Per-seat tuples are indexed like `seats` (clockwise)."""

    seats: tuple[str, ...]
    societies: tuple[str, ...]
    professions: tuple[str, ...]
    face_up: tuple[bool, ...]
    hands: tuple[Hand, ...]
    tokens: tuple[int, ...]
    notes: tuple[tuple[str, ...], ...]
    revealed: tuple[bool, ...]
    removed: str = ""
    unused: tuple[str, ...] = ()
    pile: tuple[str, ...] = ()
    token_pile: int = DUEL_TOKENS
    phase: Phase = Phase.SETUP
    turn: int = 0
    active: int = 0
    step: int = 0
    trade: Trade | None = None
    pending: tuple[Ability, ...] = ()
    sextant: Sextant | None = None
    giver: int = -1
    duel: Duel | None = None
    claim: Claim | None = None
    winners: tuple[str, ...] = ()
    reason: str = ""

    @property
    def players(self) -> int:
        """Return the number of players."""
        return len(self.seats)

    @property
    def limit(self) -> int:
        """Return the hand limit: 5 objects, 6 with four players."""
        return hand_limit(len(self.seats))

    def index(self, seat: str) -> int:
        """Return the index of `seat`, or -1 if it does not play."""
        return self.seats.index(seat) if seat in self.seats else -1

    def next_seat(self, index: int, step: int = 1) -> int:
        """Return the seat `step` places clockwise (to the left) of `index`."""
        return (index + step) % len(self.seats)

    def others(self, index: int) -> tuple[int, ...]:
        """Return every other seat, clockwise from the left neighbour of `index`."""
        return tuple(self.next_seat(index, k) for k in range(1, len(self.seats)))


def set_at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """Return `items` with position `index` replaced by `value`."""
    return items[:index] + (value,) + items[index + 1:]


def with_object(hand: Hand, obj: str) -> Hand:
    """Return `hand` with `obj` added."""
    return tuple(sorted(hand + (obj,)))


def without_object(hand: Hand, obj: str) -> Hand:
    """Return `hand` with one copy of `obj` taken out (unchanged if it holds none)."""
    if obj not in hand:
        return hand
    position = hand.index(obj)
    return hand[:position] + hand[position + 1:]


def distinct(hand: Hand) -> tuple[str, ...]:
    """Return the different objects of `hand`, each once, in order."""
    return tuple(dict.fromkeys(hand))


def add_note(notes: tuple[str, ...], text: str) -> tuple[str, ...]:
    """Return a seat's private notes with `text` added (the oldest dropped beyond the cap)."""
    return (notes + (text,))[-NOTES_KEPT:]


def note(state: State, index: int, text: str) -> State:
    """Return `state` with a private note for seat `index`, dated by the turn."""
    notes = set_at(state.notes, index, add_note(state.notes[index], f"Turn {state.turn}: {text}"))
    return replace(state, notes=notes)


def move_object(state: State, giver: int, receiver: int, obj: str) -> State:
    """Return `state` with one `obj` moved from `giver`'s hand to `receiver`'s."""
    hands = set_at(state.hands, giver, without_object(state.hands[giver], obj))
    hands = set_at(hands, receiver, with_object(hands[receiver], obj))
    return replace(state, hands=hands)


def object_list(objects: tuple[str, ...]) -> str:
    """Return e.g. 'Key, Dagger' (or 'nothing')."""
    return ", ".join(object_name(obj) for obj in objects) or "nothing"
