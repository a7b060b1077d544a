"""The harness's check that what a seat is offered is accepted: every example of every form,
and every option of a form's choice fields, is taken by the order check.

An example is parsed as the seat would write it and checked. An option of a field named like
a field of the order (`group`, `aiders`, `to`) passes when an accepted order carries it (an
example, or where the legal orders can be listed, one of them); otherwise it is put into each
example's order in place of that field's value, and passes when the order check accepts at
least one of those orders. Options written in other words than the order's
values (`to cia`, `at top`) and number fields are left to the examples.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from enum import Enum
from typing import Any

from .contract import Field, Game, OrderForm, Prompt
from .errors import RuleViolation
from .rng import Rng

SAMPLED = 60
"""How many random legal orders stand for a step whose legal orders cannot be listed."""
BASES = 12
"""How many accepted orders an option is tried in."""


class FormRefused(AssertionError):
    """A form offered a seat something the order check refuses."""


def check_prompt_forms(game: Game[Any], state: Any, prompt: Prompt) -> None:
    """Raise FormRefused when a form of `prompt` offers an example or an option that the
    order check refuses."""
    for form in prompt.forms:
        orders = [_accepted_example(game, state, prompt.seat, form, text)
                  for text in form.examples]
        legal = [order for order in _accepted_orders(game, state, prompt.seat)
                 if _kind(game, order) == form.kind]
        for item in form.fields:
            if item.kind in ("choice", "multi"):
                _check_options(game, state, prompt.seat, form, item, orders + legal)


def _accepted_example(game: Game[Any], state: Any, seat: str, form: OrderForm,
                      text: str) -> Any:
    """Return the order of an example, failing when it does not parse or is refused."""
    try:
        order = game.parse(text, seat, state)
    except RuleViolation as exc:
        raise FormRefused(f"{game.name}: {seat}'s form {form.kind!r} shows the example "
                          f"{text!r}, which does not parse: {exc}") from exc
    refusal = game.is_legal(state, seat, order)
    if refusal is not None:
        raise FormRefused(f"{game.name}: {seat}'s form {form.kind!r} shows the example "
                          f"{text!r}, which is refused: {refusal}")
    return order


def _kind(game: Game[Any], order: Any) -> str:
    """Return the kind of an order, as its form names it (a kit game's declared kind)."""
    orders = getattr(game, "ORDERS", None)
    if orders is not None and type(order) in orders.specs:
        return str(orders.spec(order).kind)
    return ""


def _accepted_orders(game: Game[Any], state: Any, seat: str, draws: int = SAMPLED
                     ) -> list[Any]:
    """Return orders the seat may give now: every legal one where they can be listed, else
    a fixed number of random legal ones."""
    if game.can_list(state, seat):
        return list(game.legal_orders(state, seat))
    rng = Rng(b"forms")
    return [game.random_legal_order(state, seat, rng) for _ in range(draws)]


def _check_options(game: Game[Any], state: Any, seat: str, form: OrderForm, item: Field,
                   known: list[Any]) -> None:
    """Fail on an option of `item` that no accepted order (`known`: the examples', and every
    legal order or a sample of them) carries, and that none of those orders accepts in place
    of its own value, alone or with one other field of the form changed too."""
    carried = {_words(getattr(order, item.name)) for order in known
               if hasattr(order, item.name)}
    others = [f for f in form.fields if f is not item and f.kind in ("choice", "multi")]
    for option in item.options:
        if " " in option or any(option in words for words in carried):
            continue
        tried = list(_with_option(known[:BASES], item, option))
        tried += [_smallest(order, form) for order in tried]
        if not tried:
            continue
        if any(game.is_legal(state, seat, order) is None for order in tried):
            continue
        if not any(game.is_legal(state, seat, order) is None for other in others
                   for value in other.options
                   for order in _with_option(tried, other, value)):
            first = game.is_legal(state, seat, tried[0])
            raise FormRefused(f"{game.name}: {seat}'s form {form.kind!r} offers {option!r} "
                              f"as {item.label!r}, but the order check refuses it in every "
                              f"order tried, e.g. {game.format_order(tried[0])!r}: {first}")


def _with_option(orders: list[Any], item: Field, option: str) -> Iterable[Any]:
    """Yield each order with `option` as the value of the field `item` names, where that
    field holds names (a text or an enum, or a tuple of them for a multiple choice)."""
    for order in orders:
        if not dataclasses.is_dataclass(order) or not hasattr(order, item.name):
            continue
        value = getattr(order, item.name)
        if item.kind == "multi" and isinstance(value, bool):
            # a box to tick (`whispering campaign`): the order with it ticked
            yield dataclasses.replace(order, **{item.name: True})  # type: ignore[type-var]
        elif item.kind == "choice" and isinstance(value, str):
            chosen = _same_type(value, option)
            if chosen is not None:
                yield dataclasses.replace(order, **{item.name: chosen})  # type: ignore[type-var]
        elif item.kind == "multi" and isinstance(value, tuple) and value and all(
                isinstance(v, str) for v in value):
            chosen = _same_type(value[0], option)
            if chosen is None:
                continue
            if chosen in value:
                yield order
            else:
                yield dataclasses.replace(order, **{item.name: (chosen,)})  # type: ignore[type-var]


def _smallest(order: Any, form: OrderForm) -> Any:
    """Return `order` with each number field of the form at its smallest (the least money)."""
    smallest = {f.name: f.min for f in form.fields if f.kind == "number"
                and isinstance(getattr(order, f.name, None), int)}
    return dataclasses.replace(order, **smallest) if smallest else order


def _words(value: Any) -> frozenset[str]:
    """Return the names a field value carries, as written in forms."""
    parts = value if isinstance(value, tuple) else (value,)
    return frozenset(str(p.value) if isinstance(p, Enum) else str(p) for p in parts)


def _same_type(value: str, option: str) -> str | None:
    """Return `option` as a value of the type of `value` (a text or a text enum), or None
    when it is not one."""
    if type(value) is str:
        return option
    if isinstance(value, Enum):
        try:
            return type(value)(option)
        except ValueError:
            return None
    return None
