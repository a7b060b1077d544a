"""Prompts: who decides what now, the forms of the legal choices, and the help text."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.contract import Field, OrderForm, Prompt

from . import cities as ct
from .board import board
from .cards import describe_card
from .orders import (
    DefaultOrder,
    DiscardOrder,
    HouseOrder,
    MergeOrder,
    PassOrder,
    PlayOrder,
    SwapOrder,
    TowerOrder,
    WallOrder,
    canonical_text,
)
from .rules import deciders
from .state import Phase, State
from .steps import Step, step_of
from .view import choice_text

FORM_TEXTS: dict[type, tuple[str, str, str]] = {
    WallOrder: ("Build a wall", "wall <tower space>-<tower space>", "line"),
    TowerOrder: ("Place towers", "tower <space> <colour> [<space> <colour>]", "towers"),
    HouseOrder: ("Place houses", "house <side> <colour> [<side> <colour>]", "houses"),
    MergeOrder: ("Merge the new city", "merge with city <number> | merge none", "city"),
    PlayOrder: ("Score: play 1 or 2 cards", "play <card> [<card>] [in city <number>]",
                "cards"),
    DiscardOrder: ("Do not score: discard 1 card, draw 2", "discard <card>", "card"),
    PassOrder: ("Play no card", "pass", ""),
    SwapOrder: ("Replace cards (none: keep your hand)", "swap <card> ... | swap none", "cards"),
}
PLAIN_DEFAULTS: dict[Phase, Any] = {Phase.MERGE: MergeOrder(0), Phase.FINAL: PassOrder(),
                                    Phase.SWAP: SwapOrder(())}


def prompt_key(state: State) -> str:
    """Return the id of the current decision point, e.g. t4.57.score."""
    return f"t{state.turn}.{state.step}.{state.phase.value}"


def prompts(state: State) -> tuple[Prompt, ...]:
    """Return the open decisions, one per deciding seat."""
    step = step_of(state)
    if step is None:
        return ()
    return tuple(make_prompt(state, seat, step) for seat in deciders(state))


def make_prompt(state: State, seat: int, step: Step) -> Prompt:
    """Return the prompt of one seat."""
    sealed = state.sealed and state.phase in (Phase.SCORE, Phase.FINAL)
    choice = state.choices[seat] if state.choices else None
    return Prompt(seat=state.seats[seat], key=prompt_key(state),
                  summary=SUMMARIES[state.phase](state, seat),
                  forms=forms(state, step.candidates(state, seat)),
                  default=PLAIN_DEFAULTS.get(state.phase, DefaultOrder()),
                  default_summary=step.default_summary, simultaneous=sealed,
                  submitted=sealed and choice is not None, deadline_hours=step.hours)


def forms(state: State, legal: Sequence[Any]) -> tuple[OrderForm, ...]:
    """Return one form per kind of legal order, in the order they first appear."""
    kinds = list(dict.fromkeys(type(item) for item in legal))
    return tuple(_form(state, kind, [o for o in legal if type(o) is kind]) for kind in kinds)


def _form(state: State, kind: type, chosen: list[Any]) -> OrderForm:
    """Return the form of one kind of order, its choices taken from the legal orders."""
    label, syntax, name = FORM_TEXTS[kind]
    texts = [canonical_text(o) for o in chosen]
    fields: tuple[Field, ...] = ()
    if kind in (PlayOrder, SwapOrder):
        hand = tuple(dict.fromkeys(c for o in chosen for c in o.cards))
        fields = (Field("cards", "cards", "multi", hand, 0 if kind is SwapOrder else 1,
                        len(hand) if kind is SwapOrder else 2),)
        cities = tuple(dict.fromkeys(f"city {o.city}" for o in chosen
                                     if isinstance(o, PlayOrder) and o.city))
        if cities:
            fields += (Field("city", "for the completed city", "choice", cities),)
    elif name:
        head = len(kind.order_kind) + 1  # type: ignore[attr-defined]
        options = tuple(t[head:] for t in texts if len(t) > head)
        fields = (Field(name, name, "choice", options),) if options else ()
    return OrderForm(kind.order_kind, label, fields, examples(texts), syntax)  # type: ignore[attr-defined]


def examples(texts: Sequence[str], count: int = 3) -> tuple[str, ...]:
    """Return up to `count` texts spread over `texts`."""
    if len(texts) <= count:
        return tuple(texts)
    stride = (len(texts) - 1) / (count - 1)
    return tuple(texts[round(i * stride)] for i in range(count))


def compact_lines(names: Sequence[str]) -> str:
    """Return wall lines grouped by their lower end: 1-2/4 means 1-2 and 1-4."""
    groups: dict[int, list[int]] = {}
    for name in names:
        a, b = (int(x) for x in name.split("-"))
        groups.setdefault(a, []).append(b)
    return ", ".join(f"{a}-{'/'.join(str(b) for b in ends)}" for a, ends in groups.items())


# -- summaries --------------------------------------------------------------------------------

def _wall(state: State, seat: int) -> str:
    free = [board().lines[k].name for k in ct.free_lines(state)]
    return (f"Turn {state.turn}: your turn. Build a wall on a free wall line, named by the "
            "numbers of the tower spaces at its ends (wall 3-7); the dice are rolled for you "
            f"after it. Free lines ({len(free)}; 3-5/8 means 3-5 and 3-8): "
            f"{compact_lines(free)}.")


def _tower(state: State, seat: int) -> str:
    from .placing import empty_ends

    ends = " and ".join(str(p) for p in empty_ends(state))
    return (f"Your wall {board().lines[state.wall].name}: the tower die shows "
            f"{state.tower_roll}. Place the towers on its empty ends ({ends}): one end gets "
            f"{state.tower_roll} (any colour left if none remain), the other any colour.")


def _house(state: State, seat: int) -> str:
    from .rules import side_names

    sides = " and ".join(s for s in side_names(state) if s) or "one space (the board's edge)"
    dice = " and ".join(state.house_roll)
    return (f"Your wall {board().lines[state.wall].name}: the house dice show {dice} ('?' is "
            f"a free choice). Place a house beside the wall on each side ({sides}), one "
            "die's colour each; a colour that ran out becomes a free choice.")


def _merge(state: State, seat: int) -> str:
    options = ct.merge_options(state, state.city)
    names = "; ".join(f"city {n} (removing {', '.join(board().lines[k].name for k in lines)})"
                      for n, lines in options.items())
    return (f"Your wall completed city {state.city}. You may merge it with one completed "
            f"neighbour: {names}; or keep it apart.")


def _hand(state: State, seat: int) -> str:
    cards = state.hands[seat]
    return "; ".join(f"{c} ({describe_card(c)})" for c in dict.fromkeys(cards)) or "none"


def _score(state: State, seat: int) -> str:
    city = state.city_numbered(state.city)
    size = len(city.spaces) if city else 0
    text = (f"City {state.city} ({size} spaces) is scored. Play 1 or 2 cards and draw 1, or "
            f"discard 1 card and draw 2. Your cards: {_hand(state, seat)}.")
    return text + _sealed_note(state, seat)


def _final(state: State, seat: int) -> str:
    numbers = ", ".join(str(c.number) for c in state.cities) or "none"
    return (f"Final scoring: play 1 or 2 cards, naming the completed city your city cards "
            f"score (cities: {numbers}), or pass. Cards left in hand break a tie. Your cards: "
            f"{_hand(state, seat)}." + _sealed_note(state, seat))


def _sealed_note(state: State, seat: int) -> str:
    choice = state.choices[seat] if state.sealed and state.choices else None
    if not state.sealed:
        return ""
    chosen = f" You chose: {choice_text(choice)}." if choice is not None else ""
    return " Choices are sealed until everyone has chosen." + chosen


def _swap(state: State, seat: int) -> str:
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
