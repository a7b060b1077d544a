"""The card tables of Castle of the Devil, loaded once from the data files.

Objects and professions are named by their ids (`key`, `bag-goblet`, `grand-master`); hands are
sorted tuples of object ids, so two Keys are simply the id `key` twice.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
ORDER = "order"
BROTHERHOOD = "brotherhood"
SOCIETIES = (ORDER, BROTHERHOOD)
ATTACKER = "attacker"
DEFENDER = "defender"
SIDES = (ATTACKER, DEFENDER)


@dataclass(frozen=True)
class ObjectCard:
    """One kind of object card: its copies and what it does."""

    id: str
    name: str
    copies: int
    aliases: tuple[str, ...]
    text: str
    victory: str | None = None
    trade: str | None = None
    bag: bool = False
    becomes: str | None = None
    must_accept: bool = False
    suppresses: bool = False
    duel: str | None = None


@dataclass(frozen=True)
class Profession:
    """One profession card: once-only or repeatable, and what it does."""

    id: str
    name: str
    once: bool
    aliases: tuple[str, ...]
    text: str


@dataclass(frozen=True)
class Society:
    """A Secret Society: its name and the object it collects."""

    id: str
    name: str
    short: str
    aliases: tuple[str, ...]
    victory: str


def _load(name: str) -> Any:
    """Return the parsed JSON data file `name`."""
    with open(DATA / name, encoding="utf-8") as handle:
        return json.load(handle)


def _object(raw: dict[str, Any]) -> ObjectCard:
    """Return an object card read from its table row."""
    fields = {key: value for key, value in raw.items() if key != "aliases"}
    return ObjectCard(aliases=tuple(raw.get("aliases", ())), **fields)


def _profession(raw: dict[str, Any]) -> Profession:
    """Return a profession read from its table row."""
    return Profession(raw["id"], raw["name"], bool(raw["once"]), tuple(raw["aliases"]),
                      raw["text"])


OBJECTS: dict[str, ObjectCard] = {row["id"]: _object(row)
                                  for row in _load("objects.json")["objects"]}
PROFESSIONS: dict[str, Profession] = {row["id"]: _profession(row)
                                      for row in _load("professions.json")["professions"]}
_SETUP: dict[str, Any] = _load("setup.json")
SOCIETY: dict[str, Society] = {
    key: Society(key, row["name"], row["short"], tuple(row["aliases"]), row["victory"])
    for key, row in _SETUP["societies"].items()}
RED_SEAL: tuple[str, ...] = tuple(_SETUP["seals"]["red"])
GREEN_SEAL: tuple[str, ...] = tuple(_SETUP["seals"]["green"])
GREEN_SEAL_FROM: int = int(_SETUP["green_seal_from_players"])
DUEL_TOKENS: int = int(_SETUP["duel_tokens"])
TO_WIN: int = int(_SETUP["objects_to_win"])
TO_WIN_SMALLER: int = int(_SETUP["objects_to_win_smaller_society"])
SEAL_OBJECTS: int = int(_SETUP["seal_objects"])
CLAIRVOYANT_PICKS = 2


def society_cards(players: int) -> int:
    """Return how many cards of each society are shuffled for `players` players."""
    return int(_SETUP["society_cards"][str(players)])


def hand_limit(players: int) -> int:
    """Return the most objects one player may hold."""
    return int(_SETUP["hand_limit"][str(players)])


@cache
def all_objects() -> tuple[str, ...]:
    """Return every object card of the game, one id per card."""
    return tuple(card.id for card in OBJECTS.values() for _ in range(card.copies))


def object_name(obj: str) -> str:
    """Return the printed name of object `obj` (the id itself if unknown)."""
    card = OBJECTS.get(obj)
    return card.name if card is not None else obj


def profession_name(prof: str) -> str:
    """Return the printed name of profession `prof` (the id itself if unknown)."""
    card = PROFESSIONS.get(prof)
    return card.name if card is not None else prof


def society_name(society: str) -> str:
    """Return the full name of a society (the id itself if unknown)."""
    card = SOCIETY.get(society)
    return card.name if card is not None else society


def other_society(society: str) -> str:
    """Return the rival of `society`."""
    return BROTHERHOOD if society == ORDER else ORDER


def other_side(side: str) -> str:
    """Return the opposite duel side."""
    return DEFENDER if side == ATTACKER else ATTACKER


def is_bag(obj: str) -> bool:
    """Return whether `obj` is one of the two Bags of Secrets."""
    card = OBJECTS.get(obj)
    return card is not None and card.bag


def must_accept(obj: str) -> bool:
    """Return whether an offer of `obj` cannot be refused."""
    card = OBJECTS.get(obj)
    return card is not None and card.must_accept


def trade_ability(obj: str) -> str | None:
    """Return the trade ability of `obj` (draw, coat, monocle, privilege, sextant, tome)."""
    card = OBJECTS.get(obj)
    return card.trade if card is not None else None


def is_once(prof: str) -> bool:
    """Return whether profession `prof` can be used only while face down."""
    card = PROFESSIONS.get(prof)
    return card is not None and card.once
