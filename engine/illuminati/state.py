"""The state of an Illuminati game: power structures on grids, treasuries, hands, the attack."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from engine.core.contract import replace

VECTORS = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""The grid step of each side, clockwise from the top (y grows downwards)."""


class Phase(str, Enum):
    """The decision the game waits for."""

    SETUP = "setup"
    GOAL = "goal"
    TURN = "turn"
    END = "end"
    RESPONSE = "response"
    RAISE = "raise"
    REACTION = "reaction"
    SECRETS = "secrets"
    COUNTER = "counter"
    OVER = "over"


@dataclass(frozen=True)
class Placed:
    """A controlled card on its owner's grid: cell, quarter turns clockwise, master, money."""

    card: str
    x: int
    y: int
    rot: int
    master: str
    money: int = 0


@dataclass(frozen=True)
class Player:
    """One seat's Illuminati, power structure (Illuminati card first), hand and standing."""

    seat: str
    illuminati: str = ""
    cards: tuple[Placed, ...] = ()
    hand: tuple[str, ...] = ()
    out: bool = False
    ever_controlled: bool = False
    kills: int = 0
    goal: str = ""
    auto_pass: str = "off"
    notes: tuple[str, ...] = ()

    def placed(self, card: str) -> Placed | None:
        """Return the placement of `card` in this structure, if it is here."""
        for item in self.cards:
            if item.card == card:
                return item
        return None

    @property
    def groups(self) -> tuple[str, ...]:
        """Return the controlled Group cards (the Illuminati card excluded)."""
        return tuple(p.card for p in self.cards[1:])

    @property
    def money(self) -> int:
        """Return the money on every card of the structure."""
        return sum(p.money for p in self.cards)


@dataclass(frozen=True)
class Answer:
    """One seat's sealed answer to a window: defence, interference, privilege, a Special."""

    seat: str
    defend_target: int = 0
    defend_illuminati: int = 0
    interfere: int = 0
    abolish: tuple[str, ...] = ()
    play: str = ""
    cancels: str = ""


@dataclass(frozen=True)
class Play:
    """A Special played and not yet carried out: who played it, and on what."""

    seat: str
    card: str
    target: str = ""
    place: str = ""
    arrow: int = -1


@dataclass(frozen=True)
class Counter:
    """A window for Secrets Man Was Not Meant To Know on Specials just played (rules 1.1).

    `context` says what waits behind it: "free" (a Special played as a free action or Bribery,
    carried out when the window closes), "announce" (Whispering Campaign played with an attack,
    whose response window opens next) or "response" (Interference or Deep Agent revealed when a
    response window closed, carried out next); `resume` is the phase to go back to.
    """

    plays: tuple[Play, ...]
    context: str
    resume: Phase
    asked: tuple[str, ...] = ()
    waiting: tuple[str, ...] = ()
    sealed: tuple[Answer, ...] = ()


@dataclass(frozen=True)
class Attack:
    """The attack under way: who attacks what with what, the money so far, the windows."""

    attacker: str
    kind: str
    group: str
    target: str
    defender: str
    aiders: tuple[str, ...] = ()
    arrow: int = -1
    spent: int = 0
    privilege: str = ""
    abolished: bool = False
    whisper: bool = False
    round: int = 1
    defence: int = 0
    interference: int = 0
    asked: tuple[str, ...] = ()
    waiting: tuple[str, ...] = ()
    sealed: tuple[Answer, ...] = ()
    roll: int = 0
    needed: int = 0
    played: tuple[tuple[str, str], ...] = ()
    reopened: bool = False
    first_action: bool = False
    moving: int = 0
    placing: tuple[tuple[str, str, int], ...] = ()
    committed: bool = False


@dataclass(frozen=True)
class Turn:
    """The bookkeeping of the current turn."""

    seat: str = ""
    number: int = 0
    actions: int = 2
    transfers: int = 2
    acted: bool = False
    used: tuple[str, ...] = ()
    retry: str = ""
    retry_groups: tuple[str, ...] = ()
    retry_kind: str = ""
    recycled: bool = False
    bavaria_privilege: bool = False
    market: bool = False
    free_money: bool = False
    laser: tuple[str, ...] = ()
    called_off: bool = False
    last: str = ""
    """How the turn's latest attack ended: `succeeded`, `failed`, `called-off` ('' before
    any): what a turn script's branches (`if it fails then ...`) read."""


@dataclass(frozen=True)
class State:
    """The whole game; `rules` is the engine version whose reading the game plays."""

    seats: tuple[str, ...]
    goal_adjust: int = 0
    rules: str = "1.1"
    players: tuple[Player, ...] = ()
    deck: tuple[str, ...] = ()
    uncontrolled: tuple[str, ...] = ()
    dead: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    phase: Phase = Phase.SETUP
    turn: Turn = field(default_factory=Turn)
    attack: Attack | None = None
    window: int = 0
    skip: tuple[str, ...] = ()
    order: tuple[str, ...] = ()
    winners: tuple[str, ...] = ()
    reason: str = ""
    counter: Counter | None = None
    secrets_gone: bool = False

    def player(self, seat: str) -> Player:
        """Return the player of `seat`."""
        return self.players[self.seats.index(seat)]

    def with_player(self, player: Player) -> State:
        """Return the state with `player` replaced."""
        index = self.seats.index(player.seat)
        return replace(self, players=self.players[:index] + (player,)
                       + self.players[index + 1:])

    def owner(self, card: str) -> str:
        """Return the seat controlling `card`, or '' when nobody does."""
        for player in self.players:
            if player.placed(card) is not None:
                return player.seat
        return ""

    @property
    def active(self) -> tuple[str, ...]:
        """Return the seats still in the game, in playing order."""
        return tuple(s for s in self.order if not self.player(s).out)

    @property
    def newer(self) -> bool:
        """Return whether the game plays the rules of 1.1 (Secrets on every Special, calling
        off, the capturer's placing) rather than the reading of 1.0."""
        return self.rules != "1.0"

    def at_least(self, version: str) -> bool:
        """Return whether the game plays the rules of engine version `version` or later."""
        return _numbers(self.rules) >= _numbers(version)

    def basic_goal(self) -> int:
        """Return the number of cards to control for the basic goal, adjusted by the option."""
        count = len(self.seats)
        base = 13 if count <= 3 else {4: 12, 5: 10, 6: 9}.get(count, 8)
        return base + self.goal_adjust


def _numbers(version: str) -> tuple[int, ...]:
    """Return a version such as 1.2 as numbers, for comparing."""
    return tuple(int(part) for part in version.split("."))


def depth(player: Player, card: str) -> int:
    """Return how many masters lie between `card` and the Illuminati card (its puppet: 1)."""
    steps = 0
    placed = player.placed(card)
    while placed is not None and placed.master:
        steps += 1
        placed = player.placed(placed.master)
    return steps


def subtree(player: Player, card: str) -> tuple[str, ...]:
    """Return `card` and every puppet below it, masters before puppets."""
    found = [card]
    for current in found:
        found.extend(p.card for p in player.cards if p.master == current)
    return tuple(found)


def cell_owner(player: Player, x: int, y: int) -> str:
    """Return the card in cell (x, y) of the structure, or ''."""
    for item in player.cards:
        if item.x == x and item.y == y:
            return item.card
    return ""
