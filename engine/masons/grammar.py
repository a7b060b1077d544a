"""The plain-text order grammar, read against the seat's view (never the full state).

    wall 3-7                         build a wall between tower spaces 3 and 7
    tower 12 black 13 grey           towers on the new wall's ends (tower grey: one end)
    house north red south green      houses beside the new wall (house red: board edge)
    merge with city 2 | merge none   join the new city with a completed neighbour, or not
    play city-size shore-towers      score with 1 or 2 cards (final: ... in city 3)
    discard walls                    do not score: discard one card and draw two
    pass                             final scoring: play no card
    swap towers-white houses-red     last place: replace cards (swap none keeps them)

Case, commas, hyphens and small words (the, with, on, and) do not matter; "gray" is grey,
"rose" is pink; a card may be shortened to a unique beginning of its name.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from engine.core.errors import UnreadableOrder

from .cards import HOUSE_COLOURS, TOWER_COLOURS, cards
from .orders import (
    DiscardOrder,
    HouseOrder,
    MergeOrder,
    PassOrder,
    PlayOrder,
    SwapOrder,
    TowerOrder,
    WallOrder,
)

View = Mapping[str, Any]
_SPLIT = re.compile(r"[\s,;:.!?()\"'/+]+")
FILLERS = frozenset({"a", "an", "the", "on", "at", "with", "and", "of", "to", "please", "i",
                     "my", "for", "build", "place", "put", "card", "cards", "them", "is", "goes",
                     "go", "side"})
DRAW_WORDS = frozenset({"draw", "two", "2", "and"})
ALIASES = {"gray": "grey", "rose": "pink", "colors": "colours", "color": "colour"}
SIDES = ("north", "south", "west", "east")
SIDE_ALIASES = {"n": "north", "s": "south", "w": "west", "e": "east", "top": "north",
                "bottom": "south", "left": "west", "right": "east", "above": "north",
                "below": "south"}


def words_of(text: str) -> list[str]:
    """Return the lower-case words of `text`, aliases read as their colour."""
    return [ALIASES.get(w, w) for w in _SPLIT.split(text.lower()) if w]


def unreadable(message: str, view: View) -> UnreadableOrder:
    """Return the refusal for unreadable text, pointing to the help."""
    return UnreadableOrder(message, legal="Write help to see what you can write now.")


def parse(text: str, view: View) -> Any:
    """Return the order written in `text`, or raise UnreadableOrder."""
    words = words_of(text)
    if not words:
        raise unreadable("The order is empty.", view)
    head, rest = words[0].rstrip("s") if words[0] != "pass" else words[0], words[1:]
    reader = READERS.get(head)
    if reader is None:
        raise unreadable(f'"{words[0]}" does not begin an order of Masons (orders begin with '
                         "wall, tower, house, merge, play, discard, pass or swap).", view)
    return reader(rest, view)


def _numbers(words: list[str]) -> list[int]:
    """Return the numbers among `words` (3-7 counts as 3 and 7)."""
    found = []
    for word in words:
        for part in word.split("-"):
            if part.isdigit():
                found.append(int(part))
    return found


def _wall(words: list[str], view: View) -> Any:
    numbers = _numbers([w for w in words if w not in FILLERS and w not in ("from", "between")])
    if len(numbers) != 2 or numbers[0] == numbers[1]:
        raise unreadable("Name the wall line by the numbers of its two tower spaces, e.g. "
                         "wall 3-7.", view)
    return WallOrder(min(numbers), max(numbers))


def _tower(words: list[str], view: View) -> Any:
    words = [w for w in words if w not in FILLERS]
    colours = [w for w in words if w in TOWER_COLOURS]
    numbers = _numbers(words)
    if len(colours) != len(words) - len(numbers) or not colours:
        raise unreadable("Write the tower space and colour of each tower, e.g. tower 12 black "
                         "13 grey (colours: white, grey, black).", view)
    ends = list((view.get("this_turn") or {}).get("empty_ends") or [])
    if not numbers and len(colours) == 1 and len(ends) == 1:
        numbers = ends
    if len(numbers) != len(colours):
        raise unreadable("Give a tower space number for each colour, e.g. tower 12 black 13 "
                         "grey.", view)
    return TowerOrder(tuple(sorted(zip(numbers, colours, strict=True))))


def _house(words: list[str], view: View) -> Any:
    words = [SIDE_ALIASES.get(w, w) for w in words if w not in FILLERS]
    sides = [w for w in words if w in SIDES]
    colours = [w for w in words if w in HOUSE_COLOURS]
    if len(sides) + len(colours) != len(words) or not colours:
        raise unreadable("Write the side of the wall and the colour of each house, e.g. house "
                         "north red south green (colours: " + ", ".join(HOUSE_COLOURS) + ").",
                         view)
    if not sides and len(colours) == 1:
        sides = [""]
    if len(sides) != len(colours):
        raise unreadable("Give a side (north, south, west or east) for each colour, e.g. house "
                         "north red south green.", view)
    pairs = list(zip(sides, colours, strict=True))
    order_of = ("north", "west", "south", "east", "")
    return HouseOrder(tuple(sorted(pairs, key=lambda p: order_of.index(p[0]))))


def _merge(words: list[str], view: View) -> Any:
    words = [w for w in words if w not in FILLERS and w != "city"]
    if words in (["none"], ["no"], ["nothing"]):
        return MergeOrder(0)
    numbers = _numbers(words)
    if len(numbers) == 1 and len(words) == 1:
        return MergeOrder(numbers[0])
    raise unreadable("Write merge with city <number>, or merge none.", view)


def _no_merge(words: list[str], view: View) -> Any:
    if [w for w in words if w not in FILLERS] in (["merge"], ["merger"]):
        return MergeOrder(0)
    raise unreadable("Write merge none to keep the new city apart.", view)


def find_cards(words: list[str], view: View) -> list[str]:
    """Return the guild cards named by `words` (hyphenated or spaced, unique beginnings)."""
    names = sorted(cards())
    found: list[str] = []
    k = 0
    words = [w for w in words if w not in FILLERS]
    while k < len(words):
        for size in range(min(4, len(words) - k), 0, -1):
            joined = "-".join(words[k:k + size])
            exact = [n for n in names if n == joined]
            starts = [n for n in names if n.startswith(joined)]
            if exact or len(starts) == 1:
                found.append(exact[0] if exact else starts[0])
                k += size
                break
        else:
            raise unreadable(f'"{words[k]}" is not a guild card (cards are written as on your '
                             "hand, e.g. city-size or towers-white).", view)
    return found


def _play(words: list[str], view: View) -> Any:
    city = 0
    for k, word in enumerate(words):
        if word == "in" or (word == "city" and k + 1 < len(words) and words[k + 1].isdigit()):
            tail = words[k:]
            numbers = _numbers(tail)
            if len(numbers) != 1:
                raise unreadable("Name the city by its number, e.g. play walls in city 2.", view)
            city, words = numbers[0], words[:k]
            break
    played = find_cards(words, view)
    if not played:
        raise unreadable("Name 1 or 2 of your cards, e.g. play city-size walls.", view)
    return PlayOrder(tuple(played), city)


def _discard(words: list[str], view: View) -> Any:
    played = find_cards([w for w in words if w not in DRAW_WORDS], view)
    if len(played) != 1:
        raise unreadable("Name the one card you discard to draw two, e.g. discard walls.", view)
    return DiscardOrder(played[0])


def _pass(words: list[str], view: View) -> Any:
    if [w for w in words if w not in FILLERS]:
        raise unreadable("pass takes nothing more.", view)
    return PassOrder()


def _swap(words: list[str], view: View) -> Any:
    rest = [w for w in words if w not in FILLERS]
    if rest in (["none"], ["nothing"], []):
        return SwapOrder(())
    return SwapOrder(tuple(sorted(find_cards(rest, view))))


def _keep(words: list[str], view: View) -> Any:
    return SwapOrder(())


READERS: dict[str, Callable[[list[str], View], Any]] = {
    "wall": _wall, "tower": _tower, "house": _house, "merge": _merge, "no": _no_merge,
    "play": _play, "score": _play, "discard": _discard, "pass": _pass, "swap": _swap,
    "keep": _keep, "replace": _swap,
}
