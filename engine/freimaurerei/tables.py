"""The equipment and tables (loaded once from data/equipment.json)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from .state import Bag, Bank, Face, Size


@dataclass(frozen=True)
class Tables:
    """Bank sizes, money, the bag, both dice, costs, thresholds and points."""

    masons_per_size: int
    starting_masons: tuple[Size, ...]
    bank: Bank
    money_total: int
    bag: Bag
    pyramid_die: tuple[tuple[Size, ...], ...]
    treehouse_die: tuple[Face, ...]
    build_cost: int
    charter_cost: int
    reroll_cost: int
    dues_per_mason: int
    quorum: int
    end_lodges: int
    end_perfect_initiates: int
    ruler_points: int
    initiate_points: int
    lodge_points: int


def _load(data: dict[str, Any]) -> Tables:
    """Return the tables read from the JSON data."""
    per_size = int(data["masons_per_size"])
    markers = data["markers"]
    bank = Bank(per_size, per_size, per_size, markers["red_medium"], markers["red_small"],
                markers["green_medium"], markers["green_small"], markers["purple"])
    bag = data["bag"]
    return Tables(
        masons_per_size=per_size,
        starting_masons=tuple(Size(s) for s in data["starting_masons"]),
        bank=bank, money_total=int(data["money_total"]),
        bag=Bag(bag["white_small"], bag["white_medium"], bag["black_small"], bag["black_medium"]),
        pyramid_die=tuple(tuple(Size(s) for s in face) for face in data["pyramid_die"]),
        treehouse_die=tuple(Face(f) for f in data["treehouse_die"]),
        build_cost=data["costs"]["build"], charter_cost=data["costs"]["charter"],
        reroll_cost=data["costs"]["reroll"], dues_per_mason=data["dues_per_mason"],
        quorum=data["quorum"], end_lodges=data["end_lodges"],
        end_perfect_initiates=data["end_perfect_initiates"],
        ruler_points=data["points"]["ruler"], initiate_points=data["points"]["perfect_initiate"],
        lodge_points=data["points"]["lodge"])


def _read() -> Tables:
    text = resources.files(__package__).joinpath("data/equipment.json").read_text("utf-8")
    return _load(json.loads(text))


TABLES = _read()
