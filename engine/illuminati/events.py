"""The events of an Illuminati game: frozen dataclasses, each with its stored name."""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.contract import event

from .state import Answer, Placed


@event("illuminati-dealt")
@dataclass(frozen=True)
class IlluminatiDealt:
    """`seat` draws the Illuminati card `illuminati` and takes its income as starting money."""

    seat: str
    illuminati: str


@event("deck-shuffled")
@dataclass(frozen=True)
class DeckShuffled:
    """The Groups and Specials are shuffled into the draw deck (order secret)."""

    deck: tuple[str, ...]


@event("group-turned-up")
@dataclass(frozen=True)
class GroupTurnedUp:
    """The top card of the deck, a Group, joins the uncontrolled area."""

    card: str


@event("special-set-aside")
@dataclass(frozen=True)
class SpecialSetAside:
    """A Special turned up for the uncontrolled area: buried in the deck (setup) or discarded."""

    card: str
    buried: bool


@event("first-player")
@dataclass(frozen=True)
class FirstPlayerChosen:
    """The 2d6 rolls for the first turn (ties roll again) and the playing order they give."""

    rolls: tuple[tuple[str, int], ...]
    order: tuple[str, ...]


@event("goal-chosen")
@dataclass(frozen=True)
class GoalChosen:
    """The UFOs secretly pick the special goal of another Illuminati."""

    seat: str
    goal: str


@event("turn-began")
@dataclass(frozen=True)
class TurnBegan:
    """`seat` starts turn `number`."""

    seat: str
    number: int


@event("turn-skipped")
@dataclass(frozen=True)
class TurnSkipped:
    """A Senate Investigating Committee costs `seat` this turn."""

    seat: str


@event("money-changed")
@dataclass(frozen=True)
class MoneyChanged:
    """`amount` MB (negative: taken) onto the card `card` of `seat`, and why."""

    seat: str
    card: str
    amount: int
    why: str


@event("special-drawn")
@dataclass(frozen=True)
class SpecialDrawn:
    """`seat` draws the Special `card` into the hand."""

    seat: str
    card: str


@event("group-drawn")
@dataclass(frozen=True)
class GroupDrawn:
    """`seat` draws the Group `card`; it joins the uncontrolled area."""

    seat: str
    card: str


@event("special-discarded")
@dataclass(frozen=True)
class SpecialDiscarded:
    """`seat` plays or discards the Special `card` from the hand."""

    seat: str
    card: str
    why: str


@event("special-given")
@dataclass(frozen=True)
class SpecialGiven:
    """`giver` hands the Special `card` to `receiver`."""

    giver: str
    receiver: str
    card: str


@event("attack-announced")
@dataclass(frozen=True)
class AttackAnnounced:
    """An attack: who, how, with which groups, on what, the money put in, its privilege."""

    attacker: str
    kind: str
    group: str
    target: str
    defender: str
    aiders: tuple[str, ...]
    arrow: int
    spent: int
    privilege: str
    whisper: bool
    first_action: bool


@event("window-opened")
@dataclass(frozen=True)
class WindowOpened:
    """A window opens for the players it concerns (response, reaction or secrets)."""

    phase: str


@event("answer-sealed")
@dataclass(frozen=True)
class AnswerSealed:
    """A sealed answer to the open window."""

    answer: Answer


@event("window-closed")
@dataclass(frozen=True)
class WindowClosed:
    """The window ends; every answer is shown."""

    answers: tuple[Answer, ...]
    abolished: bool


@event("raise-asked")
@dataclass(frozen=True)
class RaiseAsked:
    """The attacker sees the totals and may add money."""

    attacker: str


@event("attack-raised")
@dataclass(frozen=True)
class AttackRaised:
    """The attacker adds `amount` MB to the attack."""

    attacker: str
    amount: int


@event("dice-rolled")
@dataclass(frozen=True)
class DiceRolled:
    """The attack's 2d6 and the target number it had to reach."""

    dice: tuple[int, int]
    needed: int


@event("roll-changed")
@dataclass(frozen=True)
class RollChanged:
    """The Specials played on the roll, and the roll that stands."""

    played: tuple[tuple[str, str], ...]
    roll: int


@event("attack-resolved")
@dataclass(frozen=True)
class AttackResolved:
    """The attack succeeds or fails."""

    attacker: str
    kind: str
    target: str
    success: bool
    roll: int
    needed: int


@event("groups-placed")
@dataclass(frozen=True)
class GroupsPlaced:
    """Cards take new places in `seat`'s structure; `lost` ones become uncontrolled."""

    seat: str
    placed: tuple[Placed, ...]
    lost: tuple[str, ...]
    why: str


@event("groups-released")
@dataclass(frozen=True)
class GroupsReleased:
    """Cards leave `seat`'s structure for the uncontrolled area; their money goes to the bank."""

    seat: str
    cards: tuple[str, ...]
    why: str


@event("group-destroyed")
@dataclass(frozen=True)
class GroupDestroyed:
    """`card` goes to the dead pile, counted for `by`."""

    card: str
    by: str


@event("group-revived")
@dataclass(frozen=True)
class GroupRevived:
    """A Media Campaign brings `card` back from the dead pile to the uncontrolled area."""

    seat: str
    card: str


@event("action-taken")
@dataclass(frozen=True)
class ActionTaken:
    """The turn player used a regular action (or a free one, when `regular` is False)."""

    seat: str
    regular: bool


@event("money-transferred")
@dataclass(frozen=True)
class MoneyTransferred:
    """`amount` MB moves between two cards of `seat`; `kind` is action, end or free."""

    seat: str
    source: str
    dest: str
    amount: int
    kind: str


@event("actions-ended")
@dataclass(frozen=True)
class ActionsEnded:
    """The turn player is done with actions: the end-of-turn transfers follow."""

    seat: str


@event("turn-ended")
@dataclass(frozen=True)
class TurnEnded:
    """`seat`'s turn ends (`passed`: with 5MB for taking no action)."""

    seat: str
    passed: bool


@event("knocked-out")
@dataclass(frozen=True)
class KnockedOut:
    """`seat` lost its last Group and leaves the game (counted for `by`)."""

    seat: str
    by: str


@event("resigned")
@dataclass(frozen=True)
class Resigned:
    """`seat` resigns: its groups become uncontrolled, money to the bank, Specials discarded."""

    seat: str


@event("auto-pass-set")
@dataclass(frozen=True)
class AutoPassSet:
    """`seat` sets its standing answer for windows (off, on, unless-attacked)."""

    seat: str
    mode: str


@event("espionage-seen")
@dataclass(frozen=True)
class EspionageSeen:
    """Computer Espionage shows `seat` the Specials of `target`."""

    seat: str
    target: str
    hand: tuple[str, ...]


@event("senate-called")
@dataclass(frozen=True)
class SenateCalled:
    """A Senate Investigating Committee: `target` loses its next turn."""

    seat: str
    target: str


@event("turn-flag")
@dataclass(frozen=True)
class TurnFlag:
    """A once-per-turn ability is used (recycled, market, free-money, laser)."""

    seat: str
    flag: str
    detail: tuple[str, ...] = ()


@event("game-won")
@dataclass(frozen=True)
class GameWon:
    """The game ends: the winners, and the goal each reached."""

    winners: tuple[str, ...]
    goals: tuple[tuple[str, str], ...]


EVENT_TYPES: tuple[type, ...] = (
    IlluminatiDealt, DeckShuffled, GroupTurnedUp, SpecialSetAside, FirstPlayerChosen,
    GoalChosen, TurnBegan, TurnSkipped, MoneyChanged, SpecialDrawn, GroupDrawn,
    SpecialDiscarded, SpecialGiven, AttackAnnounced, WindowOpened, AnswerSealed, WindowClosed,
    RaiseAsked, AttackRaised, DiceRolled, RollChanged, AttackResolved, GroupsPlaced,
    GroupsReleased, GroupDestroyed, GroupRevived, ActionTaken, MoneyTransferred, ActionsEnded,
    TurnEnded, KnockedOut, Resigned, AutoPassSet, EspionageSeen, SenateCalled, TurnFlag,
    GameWon,
)
