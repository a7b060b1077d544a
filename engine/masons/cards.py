"""The pieces and the guild deck: colours, supplies, and the cards of the deck file."""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data"

TOWER_COLOURS = ("white", "grey", "black")
HOUSE_COLOURS = ("yellow", "green", "blue", "pink", "red")
FREE = "?"
"""The house die's free face: the player chooses the colour."""
TOWER_DIE = ("black", "black", "white", "white", "grey", "grey")
HOUSE_DIE = (*HOUSE_COLOURS, FREE)
WALLS = 33
TOWERS_EACH = 10
HOUSES_EACH = 12
PALACES_EACH = 3
HAND = 6


@dataclass(frozen=True)
class Card:
    """One guild card: its name (as written in orders), scoring rule and parameter."""

    name: str
    rule: str
    param: str
    copies: int


CITY_RULES = ("city-size", "city-colours", "city-towers-colour", "city-palaces", "city-colour",
              "city-towers")
OUTSIDE_RULES = ("houses-colour", "houses-region", "towers", "towers-colour", "shore-towers",
                 "walls")
BOARD_RULES = ("cities",)


@cache
def cards() -> dict[str, Card]:
    """Return the cards of the deck file by name (loaded once)."""
    data = json.loads((DATA / "deck.json").read_text(encoding="utf-8"))
    result = {}
    for item in data["cards"]:
        card = Card(item["name"], item["rule"], item.get("param", ""), int(item["copies"]))
        if card.rule not in CITY_RULES + OUTSIDE_RULES + BOARD_RULES:
            raise ValueError(f"deck file: unknown scoring rule {card.rule!r}")
        result[card.name] = card
    return result


def full_deck() -> tuple[str, ...]:
    """Return every card of the deck, sorted by name (duplicates repeated)."""
    return tuple(sorted(name for name, card in cards().items() for _ in range(card.copies)))


def describe_card(name: str) -> str:
    """Return what a card scores, in a few words (an unknown name scores nothing)."""
    card = cards().get(name)
    if card is None:
        return "not a guild card"
    p = card.param
    texts = {
        "city-size": "the city: 1, 2, 3 spaces score 6, 7, 8; 7 or more score 9",
        "city-colours": "the city: 2-3 colours of houses and palaces score 4, 4-5 colours 7",
        "city-towers-colour": f"the city: 2 per {p} tower",
        "city-palaces": "the city: 1 per palace",
        "city-colour": f"the city: 3 per {p} palace, 1 per {p} house",
        "city-towers": "the city: 1 per tower",
        "houses-colour": f"outside cities: 1 per {p} house",
        "houses-region": f"outside cities: 1 per house in the {p}",
        "towers": "outside cities: 1 per tower",
        "towers-colour": f"outside cities: 2 per {p} tower",
        "shore-towers": "outside cities: 2 per tower on the shore",
        "walls": "outside cities: 1 per wall",
        "cities": "1 per completed city on the board",
    }
    return texts[card.rule]
