"""The state of a Secret Masters game: frozen dataclasses and enums, small enough to copy often,
and the world map (loaded once from data/map.json) with who controls what on it."""
from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from importlib import resources


class Colour(str, Enum):
    """An agent colour; the four factions are named after them."""

    BLUE = "blue"
    GREEN = "green"
    RED = "red"
    YELLOW = "yellow"


COLOURS: tuple[Colour, ...] = tuple(Colour)
COLOUR_INDEX: dict[Colour, int] = {colour: i for i, colour in enumerate(COLOURS)}
AGENTS_PER_COLOUR = 5

Agents = tuple[int, int, int, int]
"""Agent counts by colour, in the order of COLOURS."""
NO_AGENTS: Agents = (0, 0, 0, 0)
FULL_POOL: Agents = (AGENTS_PER_COLOUR, AGENTS_PER_COLOUR, AGENTS_PER_COLOUR, AGENTS_PER_COLOUR)


class Side(str, Enum):
    """A side of the map where a revealed region card lies: red (left) or white (right)."""

    RED = "red"
    WHITE = "white"

    @property
    def other(self) -> Side:
        """Return the opposite side."""
        return Side.WHITE if self is Side.RED else Side.RED


class Phase(str, Enum):
    """Where the game stands; the transient phases only occur inside one decision."""

    SETUP = "setup"
    TURN_START = "turn-start"
    PLACE_FIRST = "place-first"
    PLACE_SECOND = "place-second"
    VOTE = "vote"
    REDRAW = "redraw"
    REDEPLOY = "redeploy"
    ROUND_END = "round-end"
    OVER = "over"


@dataclass(frozen=True)
class Markers:
    """A handful of vote markers: how many red, white and orange."""

    red: int = 0
    white: int = 0
    orange: int = 0

    def __add__(self, other: Markers) -> Markers:
        return Markers(self.red + other.red, self.white + other.white, self.orange + other.orange)

    def __sub__(self, other: Markers) -> Markers:
        return Markers(self.red - other.red, self.white - other.white, self.orange - other.orange)

    @property
    def total(self) -> int:
        """Return how many markers there are."""
        return self.red + self.white + self.orange

    def holds(self, other: Markers) -> bool:
        """Return whether `other` can be taken out of these markers."""
        return (0 <= other.red <= self.red and 0 <= other.white <= self.white
                and 0 <= other.orange <= self.orange)

    def as_words(self) -> list[str]:
        """Return one word per marker, red first, then white, then orange."""
        return ["red"] * self.red + ["white"] * self.white + ["orange"] * self.orange

    @classmethod
    def from_words(cls, words: list[str]) -> Markers:
        """Return the markers named one word each (red, white, orange)."""
        return cls(words.count("red"), words.count("white"), words.count("orange"))


STARTING_HAND = Markers(2, 2, 1)
MARKERS_PER_VOTE = 3


@dataclass(frozen=True)
class State:
    """Everything the rules need; seats are referred to by their index in `seats`."""

    seats: tuple[str, ...]
    long: bool
    board: dict[str, Agents]
    pool: Agents
    hands: tuple[Markers, ...]
    votes: tuple[Markers | None, ...]
    factions: tuple[Colour | None, ...]
    phase: Phase = Phase.SETUP
    round: int = 0
    turn: int = 0
    grand_master: int = 0
    active: int = 0
    set_aside: Colour | None = None
    bag: Markers = Markers()
    deck: tuple[str, ...] = ()
    red_card: str | None = None
    white_card: str | None = None
    red_agent: Colour | None = None
    white_agent: Colour | None = None
    open_side: Side | None = None
    last_vote: Markers | None = None
    winner: int | None = None
    win_points: int = 0

    @property
    def goal(self) -> int:
        """Return the points a faction needs to win."""
        return 6 if self.long else 5

    def seat_index(self, seat: str) -> int:
        """Return the index of `seat`, or -1 if it does not play."""
        return self.seats.index(seat) if seat in self.seats else -1

    def next_seat(self, index: int) -> int:
        """Return the index of the seat clockwise of `index`."""
        return (index + 1) % len(self.seats)

    def card(self, side: Side) -> str | None:
        """Return the region card lying on `side`."""
        return self.red_card if side is Side.RED else self.white_card

    def agent(self, side: Side) -> Colour | None:
        """Return the agent standing on the card on `side`."""
        return self.red_agent if side is Side.RED else self.white_agent


def add_agent(counts: Agents, colour: Colour, delta: int) -> Agents:
    """Return `counts` with `delta` added to `colour`."""
    i = COLOUR_INDEX[colour]
    values = list(counts)
    values[i] += delta
    return (values[0], values[1], values[2], values[3])


def add_agents(first: Agents, second: Agents) -> Agents:
    """Return the sum of two agent counts."""
    return (first[0] + second[0], first[1] + second[1], first[2] + second[2],
            first[3] + second[3])


@dataclass(frozen=True)
class Region:
    """A region of the map; `value` is None for the holding area, Antarctica."""

    id: str
    name: str
    value: int | None
    aliases: tuple[str, ...]


@dataclass(frozen=True)
class WorldMap:
    """The regions in board order and quick lookups into them."""

    regions: tuple[Region, ...]

    @property
    def ids(self) -> tuple[str, ...]:
        """Return every region id, Antarctica included (the nine region cards)."""
        return tuple(region.id for region in self.regions)

    @property
    def holding(self) -> str:
        """Return the id of the region without value, where losing agents go."""
        return next(region.id for region in self.regions if region.value is None)

    @property
    def scoring(self) -> tuple[str, ...]:
        """Return the ids of the regions worth points."""
        return tuple(region.id for region in self.regions if region.value is not None)

    @property
    def start_regions(self) -> tuple[str, ...]:
        """Return the 1-point regions, where the four starting agents go."""
        return tuple(region.id for region in self.regions if region.value == 1)


def load_map() -> WorldMap:
    """Return the map read from the package's data/map.json."""
    text = resources.files(__package__).joinpath("data/map.json").read_text("utf-8")
    data = json.loads(text)
    regions = tuple(Region(item["id"], item["name"], item["value"], tuple(item["aliases"]))
                    for item in data["regions"])
    return WorldMap(regions)


MAP = load_map()
ANTARCTICA = MAP.holding
REGION_IDS = MAP.ids
SCORING = MAP.scoring
VALUE: dict[str, int] = {r.id: r.value for r in MAP.regions if r.value is not None}
NAME: dict[str, str] = {r.id: r.name for r in MAP.regions}


def value_of(region: str) -> int | None:
    """Return the point value of `region` (None for Antarctica or an unknown id)."""
    return VALUE.get(region)


def name_of(region: str | None) -> str:
    """Return the display name of `region`."""
    if region is None:
        return "nothing"
    return NAME.get(region, region)


def empty_board() -> dict[str, Agents]:
    """Return a board with no agents anywhere."""
    return {region: NO_AGENTS for region in REGION_IDS}


def controllers(agents: Agents) -> tuple[Colour, ...]:
    """Return the colours with the most agents in a region (all tied ones); none if empty."""
    top = max(agents)
    if top == 0:
        return ()
    return tuple(colour for colour, count in zip(COLOURS, agents) if count == top)


def points(board: dict[str, Agents]) -> dict[Colour, int]:
    """Return the points each colour controls on `board` (Antarctica is worth nothing)."""
    totals = {colour: 0 for colour in COLOURS}
    for region in SCORING:
        for colour in controllers(board[region]):
            totals[colour] += VALUE[region]
    return totals


def colours_in(agents: Agents) -> tuple[Colour, ...]:
    """Return the colours with at least one agent in `agents`."""
    return tuple(colour for colour, count in zip(COLOURS, agents) if count > 0)
