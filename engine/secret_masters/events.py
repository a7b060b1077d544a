"""The events of Secret Masters: each one a fact of the game, with every random outcome written in,
registered once with its one-line account and, for a secret, who may read it."""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.contract import Audience
from engine.core.declare import EventTypes

from .state import COLOURS, Agents, Colour, Markers, Side, State, name_of

EVENTS: EventTypes[State] = EventTypes("secret-masters")
NOBODY: frozenset[str] = frozenset()


def _words(markers: Markers) -> str:
    """Return e.g. 'red, red, orange'."""
    return ", ".join(markers.as_words()) or "nothing"


def _agent_list(counts: Agents) -> str:
    """Return e.g. '2 blue, 1 red'."""
    return ", ".join(f"{n} {colour.value}" for colour, n in zip(COLOURS, counts) if n)


def _where(colour: Colour | None, region: str | None) -> str:
    """Return where an agent went after the vote."""
    if colour is None:
        return "no agent"
    return f"the {colour.value} agent went to {name_of(region)}"


def _faction(colour: Colour) -> str:
    """Return a faction's name, e.g. 'Blue'."""
    return colour.value.capitalize()


@EVENTS.register("game-set-up", describe=lambda e: "Starting agents: " + ", ".join(
    f"{c.value} in {name_of(r)}" for r, c in e.start.items())
    + f". {e.grand_master} is the Grand Master.")
@dataclass(frozen=True)
class GameSetUp:
    """The four starting agents are on the 1-point regions; the Grand Master is chosen."""

    seats: tuple[str, ...]
    grand_master: str
    start: dict[str, Colour]


@EVENTS.register("faction-dealt",
                 describe=lambda e: f"{e.seat} received the {_faction(e.faction)} faction.",
                 audience=lambda e: Audience(frozenset({e.seat}),
                                             f"{e.seat} received a faction card"))
@dataclass(frozen=True)
class FactionDealt:
    """A seat received its secret faction card."""

    seat: str
    faction: Colour


@EVENTS.register("faction-set-aside",
                 describe=lambda e: f"The {_faction(e.faction)} faction was set aside.",
                 audience=lambda e: Audience(NOBODY, "one faction card was set aside unseen"))
@dataclass(frozen=True)
class FactionSetAside:
    """The fourth faction card left the game unseen."""

    faction: Colour


@EVENTS.register("round-started", describe=lambda e: f"Round {e.round} began; {e.grand_master} "
                 "is the Grand Master and the first active seat.")
@dataclass(frozen=True)
class RoundStarted:
    """A round began; its Grand Master is its first active seat (games of version 1.0)."""

    round: int
    grand_master: str


@EVENTS.register("round-began", describe=lambda e: f"Round {e.round} began; {e.grand_master} "
                 f"is the Grand Master and shuffled the region cards; {e.active} is the active "
                 "seat.")
@dataclass(frozen=True)
class RoundBegan:
    """A round began: its Grand Master shuffles the cards; `active` plays its first turn."""

    round: int
    grand_master: str
    active: str


@EVENTS.register("deck-shuffled", describe=lambda e: "The region deck was shuffled, top first: "
                 + ", ".join(name_of(c) for c in e.cards) + ".",
                 audience=lambda e: Audience(NOBODY, "the Grand Master shuffled the region deck"))
@dataclass(frozen=True)
class DeckShuffled:
    """The nine region cards were shuffled; `cards` lists them from the top."""

    round: int
    cards: tuple[str, ...]


@EVENTS.register("cards-revealed", describe=lambda e: f"{e.seat} revealed {name_of(e.red)} on "
                 f"the red card and {name_of(e.white)} on the white card.")
@dataclass(frozen=True)
class CardsRevealed:
    """The active seat turned up the red (left) and white (right) region cards."""

    seat: str
    red: str
    white: str


@EVENTS.register("antarctica-returned", describe=lambda e: "The pool was low: every agent in "
                 f"Antarctica ({_agent_list(e.agents)}) went back to the pool.")
@dataclass(frozen=True)
class AntarcticaReturned:
    """The pool ran low, so every agent in Antarctica went back to it."""

    agents: Agents


@EVENTS.register("agent-placed", describe=lambda e: f"{e.seat} placed a {e.colour.value} agent "
                 f"from the pool on the {e.side.value} card ({name_of(e.region)}).")
@dataclass(frozen=True)
class AgentPlaced:
    """A seat put an agent from the pool on a region card."""

    seat: str
    colour: Colour
    side: Side
    region: str


@EVENTS.register("agent-moved", describe=lambda e: f"{e.seat} moved a {e.colour.value} agent "
                 f"from {name_of(e.from_region)} onto the {e.side.value} card "
                 f"({name_of(e.region)}).")
@dataclass(frozen=True)
class AgentMoved:
    """The second seat took an agent from a region and put it on the open card."""

    seat: str
    colour: Colour
    from_region: str
    side: Side
    region: str


@EVENTS.register("placement-passed", describe=lambda e: f"{e.seat} had no legal agent to "
                 f"place; the {e.side.value} card ({name_of(e.region)}) stays empty.")
@dataclass(frozen=True)
class PlacementPassed:
    """A seat had no legal agent to place, so the card on `side` stays empty."""

    seat: str
    side: Side
    region: str


@EVENTS.register("vote-cast", describe=lambda e: f"{e.seat} "
                 f"{'changed their vote to' if e.revised else 'voted'} {_words(e.markers)}.",
                 audience=lambda e: Audience(frozenset({e.seat}), f"{e.seat} changed their vote"
                                             if e.revised else f"{e.seat} cast a sealed vote"))
@dataclass(frozen=True)
class VoteCast:
    """A seat put three markers in the bag (sealed); `revised` when it replaced its vote."""

    seat: str
    markers: Markers
    revised: bool


@EVENTS.register("vote-resolved", describe=lambda e: f"The vote: {e.totals.red} red, "
                 f"{e.totals.white} white, {e.totals.orange} orange. Red card: "
                 f"{_where(e.red_agent, e.red_to)}; white card: "
                 f"{_where(e.white_agent, e.white_to)}.")
@dataclass(frozen=True)
class VoteResolved:
    """The bag was counted: totals by colour and where each card's agent went."""

    seat: str
    totals: Markers
    red_agent: Colour | None
    red_to: str | None
    white_agent: Colour | None
    white_to: str | None


@EVENTS.register("vote-skipped",
                 describe=lambda e: "Both cards are empty, so there is no vote this turn.")
@dataclass(frozen=True)
class VoteSkipped:
    """Both cards stayed empty, so there was nothing to vote on this turn."""

    round: int
    turn: int


@EVENTS.register("markers-drawn",
                 describe=lambda e: f"{e.seat} drew {_words(e.markers)} from the bag.",
                 audience=lambda e: Audience(frozenset({e.seat}),
                                             f"{e.seat} drew three vote markers from the bag"))
@dataclass(frozen=True)
class MarkersDrawn:
    """A seat drew three markers from the bag (secret to that seat)."""

    seat: str
    markers: Markers


@EVENTS.register("turn-passed", describe=lambda e: f"The cards were discarded; {e.seat} is the "
                 f"active seat (round {e.round}, turn {e.turn}).")
@dataclass(frozen=True)
class TurnPassed:
    """The cards were discarded and `seat` became the active seat."""

    seat: str
    round: int
    turn: int


@EVENTS.register("redeploy-started", describe=lambda e: f"The Redeploy card came up; {e.seat}, "
                 "the Grand Master, may move one agent to a region of lower value.")
@dataclass(frozen=True)
class RedeployStarted:
    """Every seat has been active this round; the Redeploy card came up."""

    seat: str
    round: int


@EVENTS.register("redeployed", describe=lambda e: f"{e.seat} redeployed a {e.colour.value} "
                 f"agent from {name_of(e.from_region)} to {name_of(e.to_region)}.")
@dataclass(frozen=True)
class Redeployed:
    """The Grand Master moved an agent to a region of lower value."""

    seat: str
    colour: Colour
    from_region: str
    to_region: str


@EVENTS.register("redeploy-passed", describe=lambda e: f"{e.seat} did not redeploy.")
@dataclass(frozen=True)
class RedeployPassed:
    """The Grand Master chose not to move an agent."""

    seat: str


@EVENTS.register("game-won", describe=lambda e: f"{e.seat} revealed the {_faction(e.faction)} "
                 f"faction, which controls {e.points} points, and wins.")
@dataclass(frozen=True)
class GameWon:
    """The active seat's faction controlled enough points at the start of its turn."""

    seat: str
    faction: Colour
    points: int


@EVENTS.register("factions-revealed", describe=lambda e: "Factions: " + ", ".join(
    f"{seat} {_faction(c)}" for seat, c in e.factions.items())
    + (f"; set aside: {_faction(e.set_aside)}" if e.set_aside else "") + ".")
@dataclass(frozen=True)
class FactionsRevealed:
    """The game is over: every faction card, the set-aside one included, is shown."""

    factions: dict[str, Colour]
    set_aside: Colour | None
