"""Order forms built from the engine's prompts, and the order text a filled-in form stands for.

A form's fields hold words of the game's order grammar (the same words the help text lists).
A filled-in form is turned into text by finding the legal order whose canonical text carries
those words; when none does, the words themselves are sent, so the engine explains what is
wrong exactly as it would for an email.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import Field, Game, OrderForm, Prompt
from service.orders.irreversible import is_irreversible, last_if_irreversible

RADIO_MAX = 6
"""Choices with up to this many options are buttons; longer lists are drop-downs."""


@dataclass(frozen=True)
class FieldView:
    """One input of a web form: how it is drawn and what it offers."""

    name: str
    label: str
    widget: str
    options: tuple[str, ...]
    min: int
    max: int

    @property
    def input_name(self) -> str:
        """Return the name of the HTML input."""
        return f"f-{self.name}"

    @property
    def hint(self) -> str:
        """Return how many choices a multiple-choice field takes, in words."""
        if self.widget != "checkbox":
            return ""
        if self.min == self.max:
            return f"choose {self.min}"
        return f"choose {self.min} to {self.max}"


@dataclass(frozen=True)
class FormView:
    """One kind of order a seat may give now, as a web form."""

    index: int
    kind: str
    label: str
    fields: tuple[FieldView, ...]
    examples: tuple[str, ...]
    syntax: str

    @property
    def irreversible(self) -> bool:
        """Return whether this order cannot be taken back (it needs a confirmation)."""
        return is_irreversible(self.kind)


def widget_for(item: Field) -> str:
    """Return the HTML control for a field: radio, select, checkbox, number or text."""
    if item.kind == "multi":
        return "checkbox"
    if item.kind == "text":
        return "text"
    if item.kind == "number":
        return "number"
    return "radio" if len(item.options) <= RADIO_MAX else "select"


def form_views(prompt: Prompt | None) -> list[FormView]:
    """Return the web forms of a prompt (none without one)."""
    if prompt is None:
        return []
    views = [FormView(index, form.kind, form.label,
                      tuple(FieldView(f.name, f.label, widget_for(f), f.options, f.min, f.max)
                            for f in form.fields), form.examples, form.syntax)
             for index, form in enumerate(prompt.forms)]
    return last_if_irreversible(views, lambda view: view.kind)


def _words(text: str) -> list[str]:
    return text.lower().replace("-", " ").replace(",", " ").split()


def _find(words: list[str], wanted: list[str], start: int) -> int:
    """Return the index just past `wanted` in `words` at or after `start`, or -1."""
    size = len(wanted)
    for at in range(start, len(words) - size + 1):
        if words[at:at + size] == wanted:
            return at + size
    return -1


def carries(text: str, form: OrderForm, chosen: Mapping[str, Sequence[str]]) -> bool:
    """Return whether an order's canonical text carries exactly the chosen words."""
    words, position = _words(text), 0
    for item in form.fields:
        values = list(chosen.get(item.name, ()))
        if item.kind == "multi":
            options = {" ".join(_words(o)) for o in item.options}
            present = {w for w in words if w in options}
            if present != {" ".join(_words(v)) for v in values}:
                return False
        elif item.kind == "choice":
            position = _find(words, _words(values[0]) if values else [""], position)
            if position < 0:
                return False
    return True


def chosen_values(form: OrderForm, posted: Mapping[str, list[str]]) -> dict[str, list[str]]:
    """Return the posted values of a form's fields, cleaned of blanks."""
    return {item.name: [v.strip() for v in posted.get(f"f-{item.name}", []) if v.strip()]
            for item in form.fields}


def order_text(game: Game[Any], state: Any, seat: str, prompt: Prompt, index: int,
               posted: Mapping[str, list[str]]) -> str:
    """Return the order text a filled-in form stands for (canonical when it is legal)."""
    if not 0 <= index < len(prompt.forms):
        return ""
    form = prompt.forms[index]
    chosen = chosen_values(form, posted)
    legal = [game.format_order(o) for o in game.legal_orders(state, seat)
             if game.order_to_json(o)["kind"] == form.kind]
    matching = sorted((text for text in legal if carries(text, form, chosen)), key=len)
    if matching:
        return matching[0]
    words = [form.kind]
    for item in form.fields:
        words += chosen[item.name]
    return " ".join(words)


def legal_texts(game: Game[Any], state: Any, seat: str, limit: int = 60) -> list[str]:
    """Return up to `limit` legal orders of the seat, as text."""
    return [game.format_order(o) for o in list(game.legal_orders(state, seat))[:limit]]
