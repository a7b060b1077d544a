"""What a prompted seat reads: the summary of its decision, the forms of its legal orders, and
the help text."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.contract import Field, OrderForm, Prompt
from engine.core.wording import counted

from . import cities as ct
from . import rules
from .board import board
from .cards import describe_card
from .events import choice_text
from .orders import (
    ORDERS,
    DiscardOrder,
    HouseOrder,
    MergeOrder,
    PlayOrder,
    SwapOrder,
    TowerOrder,
    WallOrder,
    canonical_text,
)
from .state import Phase, State

FIELD_NAMES: dict[type, str] = {WallOrder: "line", TowerOrder: "towers", HouseOrder: "houses",
                                MergeOrder: "city", DiscardOrder: "card"}
"""The one field of a form whose options are the legal orders' words after the order word."""


CANDIDATES: dict[Phase, Callable[[State, int], list[Any]]] = {
    Phase.WALL: rules.wall_orders, Phase.TOWER: rules.tower_orders,
    Phase.HOUSE: rules.house_orders, Phase.MERGE: rules.merge_orders,
    Phase.SCORE: rules.score_orders, Phase.FINAL: rules.score_orders,
    Phase.SWAP: rules.swap_examples,
}


def step_forms(state: State, seat: int) -> tuple[OrderForm, ...]:
    """Return the web forms of the open decision, built from its legal orders."""
    return forms(state, CANDIDATES[state.phase](state, seat))


def forms(state: State, legal: Sequence[Any]) -> tuple[OrderForm, ...]:
    """Return one form per kind of legal order, in the order they first appear."""
    kinds = list(dict.fromkeys(type(item) for item in legal))
    return tuple(_form(state, kind, [o for o in legal if type(o) is kind]) for kind in kinds)


def _form(state: State, kind: type, chosen: list[Any]) -> OrderForm:
    """Return the form of one kind of order, its choices taken from the legal orders."""
    spec = ORDERS.spec(kind)
    name = FIELD_NAMES.get(kind, "")
    texts = [canonical_text(o) for o in chosen]
    fields: tuple[Field, ...] = ()
    if kind in (PlayOrder, SwapOrder):
        hand = tuple(dict.fromkeys(c for o in chosen for c in o.cards))
        fields = (Field("cards", "cards", "multi", hand, 0 if kind is SwapOrder else 1,
                        max(len(hand), 1) if kind is SwapOrder else 2),)
        cities = tuple(dict.fromkeys(f"city {o.city}" for o in chosen
                                     if isinstance(o, PlayOrder) and o.city))
        if cities:
            fields += (Field("city", "for the completed city", "choice", cities),)
    elif name:
        head = len(spec.kind) + 1
        options = tuple(t[head:] for t in texts if len(t) > head)
        fields = (Field(name, name, "choice", options),) if options else ()
    return OrderForm(spec.kind, spec.label, fields, examples(texts), spec.syntax)


def examples(texts: Sequence[str], count: int = 3) -> tuple[str, ...]:
    """Return up to `count` texts spread over `texts`."""
    if len(texts) <= count:
        return tuple(texts)
    stride = (len(texts) - 1) / (count - 1)
    return tuple(texts[round(i * stride)] for i in range(count))


def compact_lines(names: Sequence[str]) -> str:
    """Return wall lines grouped by their lower end: 1-2/4 means 1-2 and 1-4."""
    groups: dict[str, list[str]] = {}
    for name in names:
        a, _, b = name.partition("-")
        groups.setdefault(a, []).append(b)
    return ", ".join(f"{a}-{'/'.join(ends)}" for a, ends in groups.items())


# -- summaries --------------------------------------------------------------------------------

def _wall(state: State, seat: int) -> str:
    """Summarise the wall decision with every free wall line."""
    free = [board().lines[k].name for k in ct.free_lines(state)]
    return (f"Turn {state.turn}: your turn. Build a wall on a free wall line, named by the "
            "numbers of the tower spaces at its ends (wall 3-7); the dice are rolled for you "
            f"after it. Free lines ({len(free)}; 3-5/8 means 3-5 and 3-8): "
            f"{compact_lines(free)}.")


def _tower(state: State, seat: int) -> str:
    """Summarise the tower choice."""
    from .placing import empty_ends

    ends = " and ".join(str(p) for p in empty_ends(state))
    return (f"Your wall {board().lines[state.wall].name}: the tower die shows "
            f"{state.tower_roll}. Place the towers on its empty ends ({ends}): one end gets "
            f"{state.tower_roll} (any colour left if none remain), the other any colour.")


def _house(state: State, seat: int) -> str:
    """Summarise the house choice."""
    sides = " and ".join(s for s in rules.side_names(state) if s) or "one space (the board's edge)"
    dice = " and ".join(state.house_roll)
    return (f"Your wall {board().lines[state.wall].name}: the house dice show {dice} ('?' is "
            f"a free choice). Place a house beside the wall on each side ({sides}), one "
            "die's colour each; a colour that ran out becomes a free choice.")


def _merge(state: State, seat: int) -> str:
    """Summarise the merge choice with the walls each merge removes."""
    options = ct.merge_options(state, state.city)
    names = "; ".join(f"city {n} (removing {', '.join(board().lines[k].name for k in lines)})"
                      for n, lines in options.items())
    return (f"Your wall completed city {state.city}. You may merge it with one completed "
            f"neighbour: {names}; or keep it apart.")


def _hand(state: State, seat: int) -> str:
    """Return the seat's cards with what each scores."""
    cards = state.hands[seat]
    return "; ".join(f"{c} ({describe_card(c)})" for c in dict.fromkeys(cards)) or "none"


def _score(state: State, seat: int) -> str:
    """Summarise a city's scoring for the seat."""
    city = state.city_numbered(state.city)
    size = len(city.spaces) if city else 0
    text = (f"City {state.city} ({counted(size, 'space')}) is scored. Play 1 or 2 cards and draw 1, or "
            f"discard 1 card and draw 2. Your cards: {_hand(state, seat)}.")
    return text + _sealed_note(state, seat)


def _final(state: State, seat: int) -> str:
    """Summarise the final scoring for the seat."""
    numbers = ", ".join(str(c.number) for c in state.cities) or "none"
    return (f"Final scoring: play 1 or 2 cards, naming the completed city your city cards "
            f"score (cities: {numbers}), or pass. Cards left in hand break a tie. Your cards: "
            f"{_hand(state, seat)}." + _sealed_note(state, seat))


def _sealed_note(state: State, seat: int) -> str:
    """Return the note on sealed choices, with the seat's own choice."""
    choice = state.choices[seat] if state.sealed and state.choices else None
    if not state.sealed:
        return ""
    chosen = f" You chose: {choice_text(choice)}." if choice is not None else ""
    return " Choices are sealed until everyone has chosen." + chosen


def _swap(state: State, seat: int) -> str:
    """Summarise the last-place swap."""
    return (f"You are in last place with {state.scores[seat]} points: you may discard any of "
            f"your cards and draw as many. Your cards: {_hand(state, seat)}.")


SUMMARIES: dict[Phase, Callable[[State, int], str]] = {
    Phase.WALL: _wall, Phase.TOWER: _tower, Phase.HOUSE: _house, Phase.MERGE: _merge,
    Phase.SCORE: _score, Phase.FINAL: _final, Phase.SWAP: _swap,
}


def help_text(prompt: Prompt) -> str:
    """Return the lines telling the prompted seat what it can write now."""
    lines = [prompt.summary, "", "You can write:"]
    for form in prompt.forms:
        lines.append(f"  {form.syntax}  - {form.label}")
        for item in form.fields:
            if len(item.options) <= 40:
                lines.append(f"      {item.label}: {', '.join(item.options)}")
        if form.examples:
            lines.append("      for example: " + " | ".join(form.examples))
    lines += ["", ("Case, commas and small words (the, with, on) do not matter; a card may be "
                   "shortened to a unique beginning of its name. Write help for this list.")]
    if prompt.simultaneous:
        lines.append("Everyone chooses at once; a sealed choice may be changed until the last "
                     "one is in.")
    lines.append(f"If the deadline passes ({prompt.deadline_hours} hours), "
                 f"{prompt.default_summary}.")
    return "\n".join(lines)
