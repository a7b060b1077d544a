"""The Lodge and Ruler decks (loaded once from data/decks.json) and what each card means."""
from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from importlib import resources
from typing import Any

from .state import Alignment, Options


class Effect(str, Enum):
    """How a card gives its alignment."""

    SUIT = "suit"          # the suit's society
    JOKER = "joker"        # decided by a further draw after play stops
    NONE = "none"          # no alignment (the Hermit, the Tower)
    MASTER = "master"      # the inner alignment of that principality's SM (Magician, World)
    CONSORT = "consort"    # Empress/Emperor: lies beside the ruler and aligns both rulers


@dataclass(frozen=True)
class Card:
    """One card: id (e.g. 5C, KH, JOKER), name, symbol and what it means."""

    id: str
    name: str
    effect: Effect
    alignment: Alignment | None = None
    rank: str = ""
    suit: str = ""
    symbol: str = ""


@dataclass(frozen=True)
class Catalogue:
    """Every card one kind of pack can hold, by id, and the base decks."""

    cards: dict[str, Card]
    lodge: tuple[str, ...]
    ruler: tuple[str, ...]
    ruler_joker: str
    lodge_joker: str


def _suited(ranks: list[dict[str, str]], suits: list[dict[str, str]]) -> list[Card]:
    """Return the suited cards of the given ranks, suit by suit."""
    return [Card(rank["code"] + suit["code"], f"{rank['name']} of {suit['name']}", Effect.SUIT,
                 Alignment(suit["alignment"]), rank["code"], suit["code"], suit["symbol"])
            for suit in suits for rank in ranks]


def _catalogue(pack: dict[str, Any], trumps: dict[str, Any]) -> Catalogue:
    """Return the catalogue of one pack plus the trump additions."""
    lodge = _suited(pack["lodge_ranks"], pack["suits"])
    ruler = _suited(pack["ruler_ranks"], pack["suits"])
    extra = [Card(pack["ruler_joker"]["id"], pack["ruler_joker"]["name"], Effect.JOKER),
             Card(pack["lodge_joker"]["id"], pack["lodge_joker"]["name"], Effect.JOKER)]
    for trump in trumps.values():
        alignment = Alignment(trump["alignment"]) if "alignment" in trump else None
        extra.append(Card(trump["id"], trump["name"], Effect(trump["effect"]), alignment))
    cards = {card.id: card for card in [*lodge, *ruler, *extra]}
    return Catalogue(cards, tuple(c.id for c in lodge), tuple(c.id for c in ruler),
                     pack["ruler_joker"]["id"], pack["lodge_joker"]["id"])


def _read() -> dict[bool, Catalogue]:
    text = resources.files(__package__).joinpath("data/decks.json").read_text("utf-8")
    data = json.loads(text)
    return {False: _catalogue(data["playing_cards"], data["trumps"]),
            True: _catalogue(data["tarot"], data["trumps"])}


CATALOGUES = _read()
TRUMP_IDS = {"hermit": "HERMIT", "magician": "MAGICIAN", "empress": "EMPRESS",
             "emperor": "EMPEROR", "tower": "TOWER", "world": "WORLD"}


def catalogue(options: Options) -> Catalogue:
    """Return the catalogue of the pack the options call for."""
    return CATALOGUES[options.tarot_deck]


def card(options: Options, card_id: str) -> Card:
    """Return the card `card_id` of the pack in play."""
    return catalogue(options).cards[card_id]


def lodge_cards(options: Options) -> tuple[str, ...]:
    """Return the Lodge deck in its unshuffled order, variant cards included."""
    cat = catalogue(options)
    extra = [cat.lodge_joker] if options.lodge_joker else []
    extra += [TRUMP_IDS[name] for name in ("tower", "world") if getattr(options, name)]
    return cat.lodge + tuple(extra)


def ruler_cards(options: Options) -> tuple[str, ...]:
    """Return the Ruler deck in its unshuffled order, variant cards included."""
    cat = catalogue(options)
    extra = [cat.ruler_joker] if options.ruler_joker else []
    extra += [TRUMP_IDS[name] for name in ("hermit", "magician") if getattr(options, name)]
    if options.empress_emperor:
        extra += [TRUMP_IDS["empress"], TRUMP_IDS["emperor"]]
    return cat.ruler + tuple(extra)


def is_consort(options: Options, card_id: str) -> bool:
    """Return whether the card is the Empress or the Emperor."""
    return card(options, card_id).effect is Effect.CONSORT


def find_card(options: Options, text: str) -> str | None:
    """Return the id of the card written as `text` (id or name, any case), if any."""
    wanted = " ".join(text.lower().replace("the ", " ").split())
    for item in catalogue(options).cards.values():
        if wanted in (item.id.lower(), item.name.lower().replace("the ", "").strip()):
            return item.id
    return None
