"""The world map (loaded once from data/map.json) and who controls what on it."""
from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

from .state import COLOURS, NO_AGENTS, Agents, Colour


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
