"""The events of Masons: each a fact of the game, with every die roll and card draw written in.

Seats are named by their seat names, landscape spaces by index, tower spaces by number and wall
lines by index on the board (see `board.py`). Who may read each event is decided in `view`.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.contract import Audience
from engine.core.declare import EventTypes
from engine.core.wording import counted

from .board import board
from .state import Choice, State

EVENTS: EventTypes[State] = EventTypes("masons")


def line_name(line: int) -> str:
    """Return the name of a wall line, e.g. 3-7."""
    return board().lines[line].name


def choice_text(choice: Choice) -> str:
    """Return a sealed choice as the order text that made it."""
    if choice.play:
        cards = " ".join(("play", *choice.play))
        return f"{cards} in city {choice.city}" if choice.city else cards
    return f"discard {choice.discard}" if choice.discard else "pass"


def _dice(e: DiceRolled) -> str:
    """Return the account of a roll."""
    houses = " and ".join(e.houses)
    tower = f"tower die {e.tower}" if e.tower else "no tower die (towers on both ends)"
    return f"Dice: {tower}; house dice {houses}."


def _played(e: CardsPlayed) -> str:
    """Return the account of a play, card by card."""
    parts = ", ".join(f"{c} {p}" for c, p in zip(e.cards, e.points, strict=True))
    city = f" for city {e.city}" if e.city else ""
    return f"{e.seat} played {parts}{city}: {counted(sum(e.points), 'point')}."


def _swapped(e: CardsSwapped) -> str:
    """Return the account of a last-place swap."""
    if not e.cards:
        return f"{e.seat} kept their cards."
    return f"{e.seat} discarded {', '.join(e.cards)} and drew as many."


def _merged(e: CitiesMerged) -> str:
    """Return the account of a merge and the walls it sent back."""
    walls = "the wall" if len(e.lines) == 1 else "the walls"
    return (f"City {e.number} joined city {e.into}; {walls} "
            f"{', '.join(line_name(k) for k in e.lines)} went back.")


def _scoring(e: ScoringStarted) -> str:
    """Return the account of a scoring round opening."""
    order = ", ".join(e.seats)
    if e.final:
        return f"Final scoring: each player may play cards for a completed city ({order})."
    return f"Scoring of city {e.city} ({order})."


def _sealed(e: ChoiceSealed) -> str:
    """Return the sealed choice, as its author reads it."""
    return f"{e.seat} chose, sealed: {choice_text(e.choice)}."


def _drawn_audience(e: CardsDrawn) -> Audience:
    """Return who reads a draw in full: the drawer; the others learn how many."""
    count = len(e.cards)
    return Audience(frozenset({e.seat}),
                    f"{e.seat} drew {count} guild card{'s' if count != 1 else ''}.")


@EVENTS.register("game-set-up",
                 describe=lambda e: f"The masons sit down: {', '.join(e.seats)}; {e.first} begins.")
@dataclass(frozen=True)
class GameSetUp:
    """The players sit down clockwise; `first` was drawn to begin."""

    seats: tuple[str, ...]
    first: str


@EVENTS.register("cards-drawn",
                 describe=lambda e: f"{e.seat} drew {', '.join(e.cards)}.",
                 audience=_drawn_audience)
@dataclass(frozen=True)
class CardsDrawn:
    """A player drew guild cards from the face-down supply (which ones: secret to that player)."""

    seat: str
    cards: tuple[str, ...]


@EVENTS.register("discard-reshuffled",
                 describe=lambda e: (f"The supply ran out: the {e.count} discarded cards were "
                          "shuffled into a new supply."))
@dataclass(frozen=True)
class DiscardReshuffled:
    """The supply ran out: the discard pile was shuffled into a new face-down supply."""

    count: int


@EVENTS.register("turn-started",
                 describe=lambda e: f"Turn {e.turn}: {e.seat} builds a wall.")
@dataclass(frozen=True)
class TurnStarted:
    """A player's turn began: they build a wall first."""

    seat: str
    turn: int


@EVENTS.register("wall-built",
                 describe=lambda e: f"{e.seat} built a wall on {line_name(e.line)}.")
@dataclass(frozen=True)
class WallBuilt:
    """A wall was built on a wall line."""

    seat: str
    line: int


@EVENTS.register("dice-rolled",
                 describe=_dice)
@dataclass(frozen=True)
class DiceRolled:
    """The service rolled the tower die (`tower`, empty if not rolled) and the two house dice."""

    tower: str
    houses: tuple[str, ...]


@EVENTS.register("choice-opened",
                 describe=lambda e: f"{e.seat} chooses where to place the {e.what}s."
                 if e.what != "merge" else f"{e.seat} chooses whether to merge the new city.")
@dataclass(frozen=True)
class ChoiceOpened:
    """The dice or a new city leave a player a choice: `what` is tower, house or merge."""

    seat: str
    what: str


@EVENTS.register("tower-placed",
                 describe=lambda e: f"A {e.colour} tower went on {e.point}.")
@dataclass(frozen=True)
class TowerPlaced:
    """A tower of `colour` was placed on tower space `point`."""

    point: int
    colour: str


@EVENTS.register("house-placed",
                 describe=lambda e: f"A {e.colour} house went in space {e.space}.")
@dataclass(frozen=True)
class HousePlaced:
    """A house of `colour` was placed in landscape space `space`."""

    space: int
    colour: str


@EVENTS.register("city-completed",
                 describe=lambda e: (f"City {e.number} is completed "
                                    f"({counted(len(e.spaces), 'space')})."))
@dataclass(frozen=True)
class CityCompleted:
    """Walls enclose the landscape spaces `spaces`: a completed city numbered `number`."""

    number: int
    spaces: tuple[int, ...]


@EVENTS.register("wall-removed",
                 describe=lambda e: f"The wall {line_name(e.line)} inside the city went back.")
@dataclass(frozen=True)
class WallRemoved:
    """A wall inside a city went back to the supply."""

    line: int


@EVENTS.register("tower-removed",
                 describe=lambda e: f"The tower on {e.point} inside the city went back.")
@dataclass(frozen=True)
class TowerRemoved:
    """A tower inside a city went back to the supply."""

    point: int


@EVENTS.register("palace-built",
                 describe=lambda e: f"Two {e.colour} houses became a {e.colour} palace.")
@dataclass(frozen=True)
class PalaceBuilt:
    """Two houses of `colour` in a new city (in spaces `taken`) became a palace in `space`."""

    space: int
    colour: str
    taken: tuple[int, int]


@EVENTS.register("cities-merged",
                 describe=lambda e: _merged(e))
@dataclass(frozen=True)
class CitiesMerged:
    """The new city `number` joined city `into`; the walls between them went to the supply."""

    number: int
    into: int
    lines: tuple[int, ...]


@EVENTS.register("merge-declined",
                 describe=lambda e: f"City {e.number} stays apart.")
@dataclass(frozen=True)
class MergeDeclined:
    """The new city stays apart from its completed neighbours."""

    number: int


@EVENTS.register("scoring-started",
                 describe=_scoring)
@dataclass(frozen=True)
class ScoringStarted:
    """Scoring begins for city `city` (0: none), the players deciding in the order `seats`."""

    city: int
    seats: tuple[str, ...]
    final: bool = False


@EVENTS.register("choice-sealed",
                 describe=_sealed,
                 audience=lambda e: Audience(frozenset({e.seat}), f"{e.seat} made a sealed scoring choice."))
@dataclass(frozen=True)
class ChoiceSealed:
    """A player chose, sealed, how to score (secret to them until every choice is in)."""

    seat: str
    choice: Choice


@EVENTS.register("cards-played",
                 describe=_played)
@dataclass(frozen=True)
class CardsPlayed:
    """A player played guild cards (for city `city`) and scored `points`, one figure per card."""

    seat: str
    cards: tuple[str, ...]
    points: tuple[int, ...]
    city: int


@EVENTS.register("card-discarded",
                 describe=lambda e: f"{e.seat} discarded {e.card} to draw two.")
@dataclass(frozen=True)
class CardDiscarded:
    """A player did not score: they discarded one card (face up) to draw two."""

    seat: str
    card: str


@EVENTS.register("scoring-passed",
                 describe=lambda e: f"{e.seat} played no card.")
@dataclass(frozen=True)
class ScoringPassed:
    """A player played no card: an empty hand, or a pass in the final scoring."""

    seat: str


@EVENTS.register("swaps-started",
                 describe=lambda e: f"Last place ({', '.join(e.seats)}) may replace cards.")
@dataclass(frozen=True)
class SwapsStarted:
    """The players tied for last place may replace cards, in the order `seats`."""

    seats: tuple[str, ...]


@EVENTS.register("cards-swapped",
                 describe=_swapped)
@dataclass(frozen=True)
class CardsSwapped:
    """A player in last place discarded `cards` face up (none: kept their hand) to draw again."""

    seat: str
    cards: tuple[str, ...]


@EVENTS.register("end-reached",
                 describe=lambda e: f"{e.reason[0].upper()}{e.reason[1:]}: the game ends.")
@dataclass(frozen=True)
class EndReached:
    """The last piece of a kind left the supply for the board (rules 1.1): the game ends;
    only the scoring of a city completed by this turn's wall still follows."""

    reason: str


@EVENTS.register("game-ended",
                 describe=lambda e: e.reason)
@dataclass(frozen=True)
class GameEnded:
    """The game is over: the winners and why."""

    winners: tuple[str, ...]
    reason: str

