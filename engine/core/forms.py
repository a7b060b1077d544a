"""Order forms and "you can write" lines built from a list of legal orders."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from enum import Enum
from functools import cache
from typing import Any

from .contract import Field, OrderForm
from .declare import DefaultOrder, OrderTypes

FieldsOf = Callable[[type, Sequence[Any]], tuple[Field, ...]]
"""A game's own form fields for one kind of order, built from its legal orders."""


def forms_from_orders(orders: OrderTypes, legal: Sequence[Any],
                      fields: FieldsOf | None = None) -> tuple[OrderForm, ...]:
    """Return one form per kind of legal order, in the order the kinds first appear; `fields`,
    when given, builds each form's fields (e.g. in the words the order texts use)."""
    kinds = list(dict.fromkeys(type(item) for item in legal if not isinstance(item, DefaultOrder)))
    made = []
    for kind in kinds:
        chosen = [item for item in legal if type(item) is kind]
        form = _form(orders, kind, chosen)
        if fields is not None:
            form = dataclasses.replace(form, fields=fields(kind, chosen))
        made.append(form)
    return tuple(made)


@cache
def _field_names(kind: type) -> tuple[str, ...]:
    """Return the field names of an order class."""
    return tuple(spec.name for spec in dataclasses.fields(kind))


def _form(orders: OrderTypes, kind: type, chosen: list[Any]) -> OrderForm:
    """Return the form of one kind of order, its options taken from the legal orders."""
    spec = orders.spec(kind)
    fields = []
    for name in _field_names(kind):
        label = spec.fields.get(name, name)
        values = [getattr(item, name) for item in chosen]
        if any(isinstance(value, tuple) for value in values):
            options = tuple(dict.fromkeys(word(part) for value in values for part in value))
            fields.append(Field(name, label, "multi", options, 1, len(options)))
            continue
        options = tuple(dict.fromkeys(word(value) for value in values if value != ""))
        if options:
            fields.append(Field(name, label, "choice", options))
    return OrderForm(spec.kind, spec.label, tuple(fields), examples(orders, chosen), spec.syntax)


def word(value: Any) -> str:
    """Return how a field value is written in an order: an enum by its value."""
    return str(value.value) if isinstance(value, Enum) else str(value)


def examples(orders: OrderTypes, chosen: Sequence[Any], count: int = 3) -> tuple[str, ...]:
    """Return up to `count` canonical texts spread over `chosen`."""
    if len(chosen) <= count:
        picked = list(chosen)
    else:
        stride = (len(chosen) - 1) / (count - 1)
        picked = [chosen[round(i * stride)] for i in range(count)]
    return tuple(orders.text(item) for item in picked)


def legal_text(orders: OrderTypes, legal: Sequence[Any], limit: int = 10) -> str:
    """Return 'You can write: ...' for a list of legal orders."""
    if not legal:
        return "You have nothing to decide now."
    texts = [orders.text(item) for item in legal[:limit]]
    more = f" (and {len(legal) - limit} more; write help for all)" if len(legal) > limit else ""
    return "You can write: " + "; ".join(texts) + more + "."
