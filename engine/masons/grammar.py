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
from typing import Any

from engine.core.ordertext import Grammar, Reader

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

_SPLIT = re.compile(r"[\s,;:.!?()\"'/+]+")
GRAMMAR = Grammar("Masons", separators=_SPLIT, notes=(
    ("Wall lines are named by the numbers of their two tower spaces (wall 3-7); gray is read "
     "as grey and rose as pink."),))
FILLERS = frozenset({"a", "an", "the", "on", "at", "with", "and", "of", "to", "please", "i",
                     "my", "for", "build", "place", "put", "card", "cards", "them", "is", "goes",
                     "go", "side"})
DRAW_WORDS = frozenset({"draw", "two", "2", "and"})
ALIASES = {"gray": "grey", "rose": "pink", "colors": "colours", "color": "colour"}
SIDES = ("north", "south", "west", "east")
SIDE_ALIASES = {"n": "north", "s": "south", "w": "west", "e": "east", "top": "north",
                "bottom": "south", "left": "west", "right": "east", "above": "north",
                "below": "south"}


def _plain(words: list[str]) -> list[str]:
    """Return `words` with colour aliases read as their colour."""
    return [ALIASES.get(w, w) for w in words]


def _numbers(words: list[str]) -> list[int]:
    """Return the numbers among `words` (3-7 counts as 3 and 7)."""
    found = []
    for word in words:
        for part in word.split("-"):
            if part.isdigit():
                found.append(int(part))
    return found


@GRAMMAR.rule("wall", "walls", kinds=("wall",))
def _wall(words: list[str], reader: Reader) -> Any:
    """Read "wall 3-7"."""
    words = _plain(words)
    numbers = _numbers([w for w in words if w not in FILLERS and w not in ("from", "between")])
    if len(numbers) != 2 or numbers[0] == numbers[1]:
        raise reader.fail("Name the wall line by the numbers of its two tower spaces, e.g. "
                         "wall 3-7.")
    return WallOrder(min(numbers), max(numbers))


@GRAMMAR.rule("tower", "towers", kinds=("tower",))
def _tower(words: list[str], reader: Reader) -> Any:
    """Read "tower 12 black 13 grey" (or "tower grey" for one empty end)."""
    words = _plain(words)
    words = [w for w in words if w not in FILLERS]
    colours = [w for w in words if w in TOWER_COLOURS]
    numbers = _numbers(words)
    if len(colours) != len(words) - len(numbers) or not colours:
        raise reader.fail("Write the tower space and colour of each tower, e.g. tower 12 black "
                         "13 grey (colours: white, grey, black).")
    ends = list((reader.view.get("this_turn") or {}).get("empty_ends") or [])
    if not numbers and len(colours) == 1 and len(ends) == 1:
        numbers = ends
    if len(numbers) != len(colours):
        raise reader.fail("Give a tower space number for each colour, e.g. tower 12 black 13 "
                         "grey.")
    return TowerOrder(tuple(sorted(zip(numbers, colours, strict=True))))


@GRAMMAR.rule("house", "houses", kinds=("house",))
def _house(words: list[str], reader: Reader) -> Any:
    """Read "house north red south green" (or "house red" at the board's edge)."""
    words = _plain(words)
    words = [SIDE_ALIASES.get(w, w) for w in words if w not in FILLERS]
    sides = [w for w in words if w in SIDES]
    colours = [w for w in words if w in HOUSE_COLOURS]
    if len(sides) + len(colours) != len(words) or not colours:
        raise reader.fail("Write the side of the wall and the colour of each house, e.g. house "
                         "north red south green (colours: " + ", ".join(HOUSE_COLOURS) + ").")
    if not sides and len(colours) == 1:
        sides = [""]
    if len(sides) != len(colours):
        raise reader.fail("Give a side (north, south, west or east) for each colour, e.g. house "
                         "north red south green.")
    pairs = list(zip(sides, colours, strict=True))
    order_of = ("north", "west", "south", "east", "")
    return HouseOrder(tuple(sorted(pairs, key=lambda p: order_of.index(p[0]))))


@GRAMMAR.rule("merge", kinds=("merge",))
def _merge(words: list[str], reader: Reader) -> Any:
    """Read "merge with city 2" or "merge none"."""
    words = _plain(words)
    words = [w for w in words if w not in FILLERS and w != "city"]
    if words in (["none"], ["no"], ["nothing"]):
        return MergeOrder(0)
    numbers = _numbers(words)
    if len(numbers) == 1 and len(words) == 1:
        return MergeOrder(numbers[0])
    raise reader.fail("Write merge with city <number>, or merge none.")


@GRAMMAR.rule("no", kinds=("merge",))
def _no_merge(words: list[str], reader: Reader) -> Any:
    """Read "no merge"."""
    words = _plain(words)
    if [w for w in words if w not in FILLERS] in (["merge"], ["merger"]):
        return MergeOrder(0)
    raise reader.fail("Write merge none to keep the new city apart.")


def find_cards(words: list[str], reader: Reader) -> list[str]:
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
            raise reader.fail(_no_card(words[k], names))
    return found


def _no_card(word: str, names: list[str]) -> str:
    """Return why `word` names no single guild card."""
    starts = [n for n in names if n.startswith(word)]
    if starts:
        return f'"{word}" could be {", ".join(starts)}; write more of the name.'
    return (f'"{word}" is not a guild card (cards are written as on your hand, e.g. city-size '
            "or towers-white).")


@GRAMMAR.rule("play", "score", kinds=("play",))
def _play(words: list[str], reader: Reader) -> Any:
    """Read "play city-size walls" (final scoring: "... in city 3")."""
    words = _plain(words)
    city = 0
    for k, word in enumerate(words):
        if word == "in" or (word == "city" and k + 1 < len(words) and words[k + 1].isdigit()):
            tail = words[k:]
            numbers = _numbers(tail)
            if len(numbers) != 1:
                raise reader.fail("Name the city by its number, e.g. play walls in city 2.")
            city, words = numbers[0], words[:k]
            break
    played = find_cards(words, reader)
    if not played:
        raise reader.fail("Name 1 or 2 of your cards, e.g. play city-size walls.")
    return PlayOrder(tuple(played), city)


@GRAMMAR.rule("discard", kinds=("discard",))
def _discard(words: list[str], reader: Reader) -> Any:
    """Read "discard walls" (and draw two)."""
    words = _plain(words)
    played = find_cards([w for w in words if w not in DRAW_WORDS], reader)
    if len(played) != 1:
        raise reader.fail("Name the one card you discard to draw two, e.g. discard walls.")
    return DiscardOrder(played[0])


@GRAMMAR.rule("pass", kinds=("pass",))
def _pass(words: list[str], reader: Reader) -> Any:
    """Read "pass"."""
    words = _plain(words)
    if [w for w in words if w not in FILLERS]:
        raise reader.fail("pass takes nothing more.")
    return PassOrder()


@GRAMMAR.rule("swap", "replace", kinds=("swap",))
def _swap(words: list[str], reader: Reader) -> Any:
    """Read "swap towers-white houses-red" or "swap none"."""
    words = _plain(words)
    rest = [w for w in words if w not in FILLERS]
    if rest in (["none"], ["nothing"], []):
        return SwapOrder(())
    return SwapOrder(tuple(sorted(find_cards(rest, reader))))


@GRAMMAR.rule("keep", kinds=("swap",))
def _keep(words: list[str], reader: Reader) -> Any:
    """Read "keep" as a swap of nothing."""
    words = _plain(words)
    return SwapOrder(())


@GRAMMAR.otherwise
def _lead(words: list[str], reader: Reader) -> Any:
    """Read 'build wall 3-7' or 'place tower grey' as the order after the verb."""
    rest = [w for w in words[1:] if w not in FILLERS]
    if rest and words[0] in ("build", "place", "put", "make"):
        rule = GRAMMAR.rules.get(rest[0])
        if rule is not None:
            return rule(rest[1:], reader)
    raise reader.fail(f'"{words[0]}" does not begin an order of Masons (orders begin with '
                      "wall, tower, house, merge, play, discard, pass or swap).")



# Examples for `help ORDER` (each kind's; the core test holds every kind to having one).
GRAMMAR.example("wall", "wall 19-22")
GRAMMAR.example("tower", "tower 19 white", "tower 19 white 22 grey")
GRAMMAR.example("house", "house north red", "house north red south blue")
GRAMMAR.example("merge", "merge with city 2", "merge none")
GRAMMAR.example("play", "play city-size", "play houses-red towers-white in city 3")
GRAMMAR.example("discard", "discard houses-green")
GRAMMAR.example("pass", "pass")
GRAMMAR.example("swap", "swap city-red towers-grey", "swap none")
