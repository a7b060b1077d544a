"""The events of Masons: each a fact of the game, with every die roll and card draw written in.

Seats are named by their seat names, landscape spaces by index, tower spaces by number and wall
lines by index on the board (see `board.py`). Who may read each event is decided in `view`.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.contract import event

from .state import Choice


@event("game-set-up")
@dataclass(frozen=True)
class GameSetUp:
    """The players sit down clockwise; `first` was drawn to begin."""

    seats: tuple[str, ...]
    first: str


@event("cards-drawn")
@dataclass(frozen=True)
class CardsDrawn:
    """A player drew guild cards from the face-down supply (which ones: secret to that player)."""

    seat: str
    cards: tuple[str, ...]


@event("discard-reshuffled")
@dataclass(frozen=True)
class DiscardReshuffled:
    """The supply ran out: the discard pile was shuffled into a new face-down supply."""

    count: int


@event("turn-started")
@dataclass(frozen=True)
class TurnStarted:
    """A player's turn began: they build a wall first."""

    seat: str
    turn: int


@event("wall-built")
@dataclass(frozen=True)
class WallBuilt:
    """A wall was built on a wall line."""

    seat: str
    line: int


@event("dice-rolled")
@dataclass(frozen=True)
class DiceRolled:
    """The service rolled the tower die (`tower`, empty if not rolled) and the two house dice."""

    tower: str
    houses: tuple[str, ...]


@event("choice-opened")
@dataclass(frozen=True)
class ChoiceOpened:
    """The dice or a new city leave a player a choice: `what` is tower, house or merge."""

    seat: str
    what: str


@event("tower-placed")
@dataclass(frozen=True)
class TowerPlaced:
    """A tower of `colour` was placed on tower space `point`."""

    point: int
    colour: str


@event("house-placed")
@dataclass(frozen=True)
class HousePlaced:
    """A house of `colour` was placed in landscape space `space`."""

    space: int
    colour: str


@event("city-completed")
@dataclass(frozen=True)
class CityCompleted:
    """Walls enclose the landscape spaces `spaces`: a completed city numbered `number`."""

    number: int
    spaces: tuple[int, ...]


@event("wall-removed")
@dataclass(frozen=True)
class WallRemoved:
    """A wall inside a city went back to the supply."""

    line: int


@event("tower-removed")
@dataclass(frozen=True)
class TowerRemoved:
    """A tower inside a city went back to the supply."""

    point: int


@event("palace-built")
@dataclass(frozen=True)
class PalaceBuilt:
    """Two houses of `colour` in a new city (in spaces `taken`) became a palace in `space`."""

    space: int
    colour: str
    taken: tuple[int, int]


@event("cities-merged")
@dataclass(frozen=True)
class CitiesMerged:
    """The new city `number` joined city `into`; the walls between them went to the supply."""

    number: int
    into: int
    lines: tuple[int, ...]


@event("merge-declined")
@dataclass(frozen=True)
class MergeDeclined:
    """The new city stays apart from its completed neighbours."""

    number: int


@event("scoring-started")
@dataclass(frozen=True)
class ScoringStarted:
    """Scoring begins for city `city` (0: none), the players deciding in the order `seats`."""

    city: int
    seats: tuple[str, ...]
    final: bool = False


@event("choice-sealed")
@dataclass(frozen=True)
class ChoiceSealed:
    """A player chose, sealed, how to score (secret to them until every choice is in)."""

    seat: str
    choice: Choice


@event("cards-played")
@dataclass(frozen=True)
class CardsPlayed:
    """A player played guild cards (for city `city`) and scored `points`, one figure per card."""

    seat: str
    cards: tuple[str, ...]
    points: tuple[int, ...]
    city: int


@event("card-discarded")
@dataclass(frozen=True)
class CardDiscarded:
    """A player did not score: they discarded one card (face up) to draw two."""

    seat: str
    card: str


@event("scoring-passed")
@dataclass(frozen=True)
class ScoringPassed:
    """A player played no card: an empty hand, or a pass in the final scoring."""

    seat: str


@event("swaps-started")
@dataclass(frozen=True)
class SwapsStarted:
    """The players tied for last place may replace cards, in the order `seats`."""

    seats: tuple[str, ...]


@event("cards-swapped")
@dataclass(frozen=True)
class CardsSwapped:
    """A player in last place discarded `cards` face up (none: kept their hand) to draw again."""

    seat: str
    cards: tuple[str, ...]


@event("game-ended")
@dataclass(frozen=True)
class GameEnded:
    """The game is over: the winners and why."""

    winners: tuple[str, ...]
    reason: str


EVENT_TYPES: tuple[type, ...] = (
    GameSetUp, CardsDrawn, DiscardReshuffled, TurnStarted, WallBuilt, DiceRolled, ChoiceOpened,
    TowerPlaced, HousePlaced, CityCompleted, WallRemoved, TowerRemoved, PalaceBuilt,
    CitiesMerged, MergeDeclined, ScoringStarted, ChoiceSealed, CardsPlayed, CardDiscarded,
    ScoringPassed, SwapsStarted, CardsSwapped, GameEnded,
)
