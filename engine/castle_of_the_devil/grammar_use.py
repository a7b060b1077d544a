"""Reading `use ...` (professions and trade abilities) and the Clairvoyant's `top ...`."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.ordertext import FILLERS, Reader, content

from . import orders as od
from .cards import CLAIRVOYANT_PICKS, trade_ability
from .grammar_words import (
    DIRECTION_WORDS,
    OBJECT_NAMES,
    PROFESSION_NAMES,
    SIDE_WORDS,
    read_seat,
    seats_of,
)

_DEMAND_WORDS = frozenset({"ask", "asks", "demand", "demands", "wants", "want", "name", "names"})
_NO_ARGUMENT = frozenset({"bodyguard", "clairvoyant", "doctor", "grand-master", "priest",
                          "swordsman", "thug"})


def read_use(words: list[str], reader: Reader) -> Any:
    """Return the order of `use <profession> ...`, `use <object> ...` or `use <duel object>`."""
    prof, used = PROFESSION_NAMES.longest(words, most=3)
    if prof is not None:
        return _profession(prof, words[used:], reader)
    args = content(words)
    for length in range(len(args), 0, -1):
        obj = OBJECT_NAMES.one(args[:length])
        if obj is not None:
            return _object_use(obj, args[length:], reader)
    raise reader.fail(f'"{" ".join(words)}" is not a profession or an object with an ability.')


def _profession(prof: str, args: list[str], reader: Reader) -> Any:
    """Return the UseOrder of a profession with its arguments."""
    if prof in _NO_ARGUMENT:
        if content(args):
            raise reader.fail(f'"use {prof}" takes nothing after it, not '
                              f'"{" ".join(content(args))}".')
        return od.UseOrder(prof)
    if prof == "hypnotist":
        return od.UseOrder(prof, read_seat(args, reader, "supporter to hypnotise"))
    if prof == "alchemist":
        return od.UseOrder(prof, _side(content(args), reader))
    seats = seats_of(reader.view)
    kept = [w for w in args if w in seats or w not in _DEMAND_WORDS | FILLERS]
    return _diplomat(kept, reader)


def _side(args: list[str], reader: Reader) -> str:
    """Return the side named by a side word or by a duellist's name."""
    if len(args) == 1 and args[0] in SIDE_WORDS:
        return SIDE_WORDS[args[0]]
    duel = reader.view.get("duel") or {}
    if duel and len(args) == 1:
        named = [side for side, seat in (("attacker", duel["attacker"]),
                                         ("defender", duel["defender"]))
                 if seat.startswith(args[0])]
        if len(named) == 1:
            return named[0]
    raise reader.fail("Name the winning side: use alchemist attacker, or use alchemist "
                      "defender.")


def _diplomat(args: list[str], reader: Reader) -> Any:
    """Read the Diplomat's player and object, in either order."""
    seats = seats_of(reader.view)
    if len(args) >= 2:
        for seat_words, obj_words in ((args[:1], args[1:]), (args[-1:], args[:-1])):
            found = [seat for seat in seats if seat == seat_words[0]] or \
                [seat for seat in seats if seat.startswith(seat_words[0])]
            obj = OBJECT_NAMES.one(obj_words)
            if len(found) == 1 and obj is not None:
                return od.UseOrder("diplomat", found[0], obj)
    example = seats[0] if seats else "anna"
    raise reader.fail("Name a player and an object: use diplomat <player> <object>, for "
                      f"example use diplomat {example} key.")


def _object_use(obj: str, args: list[str], reader: Reader) -> Any:
    """Return the order of using an object: a trade ability, or playing it in a duel."""
    kind = trade_ability(obj)
    if kind == "sextant":
        direction = DIRECTION_WORDS.get(args[0]) if len(args) == 1 else None
        if direction is None:
            raise reader.fail("Choose a direction: use sextant left (clockwise) or use sextant "
                              "right.")
        return od.UseOrder(obj, direction)
    if kind in ("coat", "tome"):
        if args:
            raise reader.fail(f'"use {obj}" takes nothing after it.')
        return od.UseOrder(obj)
    if args:
        raise reader.fail(f'"{" ".join(args)}" is not understood after {obj}.')
    return od.PlayOrder(obj)


def read_top(words: list[str], reader: Reader) -> Any:
    """Return the Clairvoyant's choice: objects named one after another, topmost first.

    Names are read against the pile the Clairvoyant's user sees, and otherwise against every
    object of the game."""
    args = content(words)
    pile = tuple((reader.view.get("you") or {}).get("pile", ()))
    count = min(CLAIRVOYANT_PICKS, int(reader.view.get("pile", CLAIRVOYANT_PICKS)))
    split = _segments(args, max(count, 1), pile)
    if split is None:
        raise reader.fail(f"Name {count} objects of the pile, topmost first: top <object> "
                          "<object>.")
    return od.TopOrder(split)


def _one_among(words: Sequence[str], among: Sequence[str]) -> str | None:
    """Return the object `words` name, narrowed to `among` when they name several."""
    found = OBJECT_NAMES.matches(" ".join(content(words)))
    if len(found) > 1 and among:
        found = [key for key in found if key in among] or found
    return found[0] if len(found) == 1 else None


def _segments(args: list[str], count: int, among: tuple[str, ...]) -> tuple[str, ...] | None:
    """Return `args` read as `count` object names in a row, or None."""
    if count == 1:
        obj = _one_among(args, among)
        return (obj,) if obj is not None else None
    for cut in range(1, len(args)):
        first = _one_among(args[:cut], among)
        rest = _segments(args[cut:], count - 1, among) if first is not None else None
        if first is not None and rest is not None:
            return (first, *rest)
    return None
