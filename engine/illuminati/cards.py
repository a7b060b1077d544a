"""The Illuminati, Group and Special cards (loaded once from data/cards.json)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

ALIGNMENTS = ("government", "communist", "liberal", "conservative", "peaceful", "violent",
              "straight", "weird", "criminal", "fanatic")
OPPOSITE = {"government": "communist", "communist": "government", "liberal": "conservative",
            "conservative": "liberal", "peaceful": "violent", "violent": "peaceful",
            "straight": "weird", "weird": "straight"}
SIDES = ("top", "right", "bottom", "left")
ATTACKS = ("control", "neutralize", "destroy")


@dataclass(frozen=True)
class Bonus:
    """A printed attack bonus: +amount on the named attacks against the matching targets."""

    amount: int
    attacks: tuple[str, ...]
    alignment: str = ""
    groups: tuple[str, ...] = ()
    direct: bool = False

    def applies(self, attack: str, target: Group) -> bool:
        """Return whether the bonus counts for `attack` on `target`."""
        if attack not in self.attacks:
            return False
        if self.groups:
            return target.id in self.groups
        return not self.alignment or self.alignment in target.alignments


@dataclass(frozen=True)
class Group:
    """A Group card: power, transferable power, resistance, income, alignments, arrows."""

    id: str
    name: str
    power: int
    transferable: int
    resistance: int
    income: int
    alignments: tuple[str, ...]
    in_side: int
    out_sides: tuple[int, ...]
    bonuses: tuple[Bonus, ...]
    rule: str
    aliases: tuple[str, ...]


@dataclass(frozen=True)
class Goal:
    """A special goal: its kind, the alignment it counts (if any) and the amount."""

    kind: str
    amount: int = 0
    alignment: str = ""


@dataclass(frozen=True)
class Illuminati:
    """An Illuminati card: power (transferable alike), income, ability rule, special goal."""

    id: str
    name: str
    power: int
    transferable: int
    income: int
    bonuses: tuple[Bonus, ...]
    rule: str
    goal: Goal
    aliases: tuple[str, ...]


@dataclass(frozen=True)
class Special:
    """A Special card: name, copies in the deck and when it is played."""

    id: str
    name: str
    copies: int
    timing: str
    aliases: tuple[str, ...]


def _bonus(data: dict[str, Any]) -> Bonus:
    targets = data["targets"]
    alignment = targets.get("alignment", "") if isinstance(targets, dict) else ""
    groups = tuple(targets.get("groups", ())) if isinstance(targets, dict) else ()
    return Bonus(data["amount"], tuple(data["attacks"]), alignment, groups,
                 data["scope"] == "direct")


def _group(data: dict[str, Any]) -> Group:
    return Group(data["id"], data["name"], data["power"], data["transferable"],
                 data["resistance"], data["income"], tuple(data["alignments"]),
                 SIDES.index(data["in"]), tuple(SIDES.index(s) for s in data["out"]),
                 tuple(_bonus(b) for b in data["bonuses"]), data["rule"],
                 tuple(data["aliases"]))


def _illuminati(data: dict[str, Any]) -> Illuminati:
    goal = data["goal"]
    return Illuminati(data["id"], data["name"], data["power"], data["transferable"],
                      data["income"], tuple(_bonus(b) for b in data["bonuses"]), data["rule"],
                      Goal(goal["kind"], goal.get("amount", 0), goal.get("alignment", "")),
                      tuple(data["aliases"]))


def _read() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data/cards.json").read_text("utf-8")
    return dict(json.loads(text))


_DATA = _read()
GROUPS: dict[str, Group] = {g.id: g for g in map(_group, _DATA["groups"])}
ILLUMINATI: dict[str, Illuminati] = {i.id: i for i in map(_illuminati, _DATA["illuminati"])}
SPECIALS: dict[str, Special] = {
    s["id"]: Special(s["id"], s["name"], s["copies"], s["timing"], tuple(s["aliases"]))
    for s in _DATA["specials"]}


def deck_cards() -> tuple[str, ...]:
    """Return the unshuffled draw deck: every Group and every copy of every Special."""
    specials = tuple(s.id for s in SPECIALS.values() for _ in range(s.copies))
    return tuple(GROUPS) + specials


def name_of(card: str) -> str:
    """Return the printed name of any card id."""
    for table in (GROUPS, ILLUMINATI, SPECIALS):
        if card in table:
            return str(table[card].name)
    return card


def is_special(card: str) -> bool:
    """Return whether `card` is a Special card."""
    return card in SPECIALS


def power(card: str) -> int:
    """Return the Power of a Group or Illuminati card."""
    return GROUPS[card].power if card in GROUPS else ILLUMINATI[card].power


def transferable(card: str) -> int:
    """Return the Transferable Power of a Group or Illuminati card."""
    return GROUPS[card].transferable if card in GROUPS else ILLUMINATI[card].transferable


def income(card: str) -> int:
    """Return the printed income of a Group or Illuminati card (the I.R.S. has none)."""
    return GROUPS[card].income if card in GROUPS else ILLUMINATI[card].income


def alignments(card: str) -> tuple[str, ...]:
    """Return the alignments of a card (Illuminati have none)."""
    return GROUPS[card].alignments if card in GROUPS else ()


def out_sides(card: str) -> tuple[int, ...]:
    """Return the sides carrying outgoing arrows, card upright (Illuminati: all four)."""
    return GROUPS[card].out_sides if card in GROUPS else (0, 1, 2, 3)


def bonuses(card: str) -> tuple[Bonus, ...]:
    """Return the printed attack bonuses of a card."""
    return GROUPS[card].bonuses if card in GROUPS else ILLUMINATI[card].bonuses


def rule(card: str) -> str:
    """Return the name of the card's own rule ('' when it has none)."""
    return GROUPS[card].rule if card in GROUPS else ILLUMINATI[card].rule
