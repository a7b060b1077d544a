"""Reading `use ...` (professions and trade abilities) and the Clairvoyant's `top ...`."""
from __future__ import annotations

from typing import Any

from . import orders as od
from .cards import CLAIRVOYANT_PICKS, trade_ability
from .grammar_base import (
    DIRECTION_WORDS,
    FILLERS,
    SIDE_WORDS,
    content,
    find_object,
    find_profession,
    find_seat,
    unreadable,
)
from .state import State

_DEMAND_WORDS = frozenset({"ask", "asks", "demand", "demands", "wants", "want", "name", "names"})
_NO_ARGUMENT = frozenset({"bodyguard", "clairvoyant", "doctor", "grand-master", "priest",
                          "swordsman", "thug"})


def read_use(words: list[str], index: int, state: State) -> Any:
    """Return the order of `use <profession> ...`, `use <object> ...` or `use <duel object>`."""
    prof, used = find_profession(words)
    if prof is not None:
        return _profession(prof, words[used:], index, state)
    args = content(words)
    for length in range(len(args), 0, -1):
        obj, _ = find_object(args[:length], ())
        if obj is not None:
            return _object_use(obj, args[length:], index, state)
    raise unreadable(state, index, f'"{" ".join(words)}" is not a profession or an object '
                     "with an ability.")


def _profession(prof: str, args: list[str], index: int, state: State) -> Any:
    """Return the UseOrder of a profession with its arguments (seat names read as written)."""
    if prof in _NO_ARGUMENT:
        if content(args):
            raise unreadable(state, index, f'"use {prof}" takes nothing after it, not '
                             f'"{" ".join(content(args))}".')
        return od.UseOrder(prof)
    if prof == "hypnotist":
        return od.UseOrder(prof, _seat(args, index, state, "supporter to hypnotise"))
    if prof == "alchemist":
        return od.UseOrder(prof, _side(content(args), index, state))
    kept = [w for w in args if w in state.seats or w not in _DEMAND_WORDS | FILLERS]
    return _diplomat(kept, index, state)


def _seat(args: list[str], index: int, state: State, what: str) -> str:
    """Return the seat named by `args`, or raise."""
    found, problem = find_seat(args, state.seats)
    if found is None:
        raise unreadable(state, index, problem.format(what=what))
    return found


def _side(args: list[str], index: int, state: State) -> str:
    """Return the side named by a side word or by a duellist's name."""
    if len(args) == 1 and args[0] in SIDE_WORDS:
        return SIDE_WORDS[args[0]]
    duel = state.duel
    if duel is not None and len(args) == 1:
        seat, _ = find_seat(args, state.seats)
        if seat == state.seats[duel.attacker]:
            return "attacker"
        if seat == state.seats[duel.defender]:
            return "defender"
    raise unreadable(state, index, "Name the winning side: use alchemist attacker, or use "
                     "alchemist defender.")


def _diplomat(args: list[str], index: int, state: State) -> Any:
    """Read the Diplomat's player and object, in either order."""
    if len(args) >= 2:
        for seat_words, obj_words in ((args[:1], args[1:]), (args[-1:], args[:-1])):
            seat, _ = find_seat(seat_words, state.seats)
            obj, _ = find_object(content(obj_words), ())
            if seat is not None and obj is not None:
                return od.UseOrder("diplomat", seat, obj)
    raise unreadable(state, index, "Name a player and an object: use diplomat <player> "
                     "<object>, for example use diplomat " + state.seats[0] + " key.")


def _object_use(obj: str, args: list[str], index: int, state: State) -> Any:
    """Return the order of using an object: a trade ability, or playing it in a duel."""
    kind = trade_ability(obj)
    if kind == "sextant":
        direction = DIRECTION_WORDS.get(args[0]) if len(args) == 1 else None
        if direction is None:
            raise unreadable(state, index, "Choose a direction: use sextant left (clockwise) or "
                             "use sextant right.")
        return od.UseOrder(obj, direction)
    if kind in ("coat", "tome"):
        if args:
            raise unreadable(state, index, f'"use {obj}" takes nothing after it.')
        return od.UseOrder(obj)
    if args:
        raise unreadable(state, index, f'"{" ".join(args)}" is not understood after '
                         f"{obj}.")
    return od.PlayOrder(obj)


def read_top(words: list[str], index: int, state: State) -> Any:
    """Return the Clairvoyant's choice: objects named one after another, topmost first."""
    args = content(words)
    count = min(CLAIRVOYANT_PICKS, len(state.pile))
    split = _segments(args, max(count, 1), tuple(state.pile))
    if split is None:
        raise unreadable(state, index, f"Name {count} objects of the pile, topmost first: "
                         "top <object> <object>.")
    return od.TopOrder(split)


def _segments(args: list[str], count: int, among: tuple[str, ...]) -> tuple[str, ...] | None:
    """Return `args` read as `count` object names in a row, or None."""
    if count == 1:
        obj, _ = find_object(args, among)
        return (obj,) if obj is not None else None
    for cut in range(1, len(args)):
        first, _ = find_object(args[:cut], among)
        rest = _segments(args[cut:], count - 1, among) if first is not None else None
        if first is not None and rest is not None:
            return (first, *rest)
    return None
