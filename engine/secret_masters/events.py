"""The events of Secret Masters: each one a fact of the game, with every random outcome written in."""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.contract import event

from .state import Agents, Colour, Markers, Side


@event("game-set-up")
@dataclass(frozen=True)
class GameSetUp:
    """The four starting agents are on the 1-point regions; the Grand Master is chosen."""

    seats: tuple[str, ...]
    grand_master: str
    start: dict[str, Colour]


@event("faction-dealt")
@dataclass(frozen=True)
class FactionDealt:
    """A seat received its secret faction card."""

    seat: str
    faction: Colour


@event("faction-set-aside")
@dataclass(frozen=True)
class FactionSetAside:
    """The fourth faction card left the game unseen."""

    faction: Colour


@event("round-started")
@dataclass(frozen=True)
class RoundStarted:
    """A round began; its Grand Master is its first active seat."""

    round: int
    grand_master: str


@event("deck-shuffled")
@dataclass(frozen=True)
class DeckShuffled:
    """The nine region cards were shuffled; `cards` lists them from the top."""

    round: int
    cards: tuple[str, ...]


@event("cards-revealed")
@dataclass(frozen=True)
class CardsRevealed:
    """The active seat turned up the red (left) and white (right) region cards."""

    seat: str
    red: str
    white: str


@event("antarctica-returned")
@dataclass(frozen=True)
class AntarcticaReturned:
    """The pool ran low, so every agent in Antarctica went back to it."""

    agents: Agents


@event("agent-placed")
@dataclass(frozen=True)
class AgentPlaced:
    """A seat put an agent from the pool on a region card."""

    seat: str
    colour: Colour
    side: Side
    region: str


@event("agent-moved")
@dataclass(frozen=True)
class AgentMoved:
    """The second seat took an agent from a region and put it on the open card."""

    seat: str
    colour: Colour
    from_region: str
    side: Side
    region: str


@event("placement-passed")
@dataclass(frozen=True)
class PlacementPassed:
    """A seat had no legal agent to place, so the card on `side` stays empty."""

    seat: str
    side: Side
    region: str


@event("vote-cast")
@dataclass(frozen=True)
class VoteCast:
    """A seat put three markers in the bag (sealed); `revised` when it replaced its vote."""

    seat: str
    markers: Markers
    revised: bool


@event("vote-resolved")
@dataclass(frozen=True)
class VoteResolved:
    """The bag was counted: totals by colour and where each card's agent went."""

    seat: str
    totals: Markers
    red_agent: Colour | None
    red_to: str | None
    white_agent: Colour | None
    white_to: str | None


@event("vote-skipped")
@dataclass(frozen=True)
class VoteSkipped:
    """Both cards stayed empty, so there was nothing to vote on this turn."""

    round: int
    turn: int


@event("markers-drawn")
@dataclass(frozen=True)
class MarkersDrawn:
    """A seat drew three markers from the bag (secret to that seat)."""

    seat: str
    markers: Markers


@event("turn-passed")
@dataclass(frozen=True)
class TurnPassed:
    """The cards were discarded and `seat` became the active seat."""

    seat: str
    round: int
    turn: int


@event("redeploy-started")
@dataclass(frozen=True)
class RedeployStarted:
    """Every seat has been active this round; the Redeploy card came up."""

    seat: str
    round: int


@event("redeployed")
@dataclass(frozen=True)
class Redeployed:
    """The Grand Master moved an agent to a region of lower value."""

    seat: str
    colour: Colour
    from_region: str
    to_region: str


@event("redeploy-passed")
@dataclass(frozen=True)
class RedeployPassed:
    """The Grand Master chose not to move an agent."""

    seat: str


@event("game-won")
@dataclass(frozen=True)
class GameWon:
    """The active seat's faction controlled enough points at the start of its turn."""

    seat: str
    faction: Colour
    points: int


@event("factions-revealed")
@dataclass(frozen=True)
class FactionsRevealed:
    """The game is over: every faction card, the set-aside one included, is shown."""

    factions: dict[str, Colour]
    set_aside: Colour | None


EVENT_TYPES: tuple[type, ...] = (
    GameSetUp, FactionDealt, FactionSetAside, RoundStarted, DeckShuffled, CardsRevealed,
    AntarcticaReturned, AgentPlaced, AgentMoved, PlacementPassed, VoteCast, VoteResolved,
    VoteSkipped, MarkersDrawn, TurnPassed, RedeployStarted, Redeployed, RedeployPassed, GameWon,
    FactionsRevealed,
)
