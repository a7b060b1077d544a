"""One registration per event type and order kind.

A game declares each event dataclass once, with the decorator of its `EventTypes` table, saying
who may read it and how it is told; its evolve function is registered beside it with
`evolver`. Each order dataclass is declared once with its canonical text and its form texts.
The type tables, the evolve dispatch, `describe` and `visibility` are all read from there, and
`missing()` tells what a declaration lacks (a core test runs it on every registered game).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .contract import EVERYONE, Audience, TypeTable, Upcaster
from .wording import one_stop

S = TypeVar("S")
_T = TypeVar("_T")

Describe = Callable[[Any], str]
AudienceOf = Callable[[Any], Audience]
Evolver = Callable[[S, Any], S]


def public(_event: Any) -> Audience:
    """Return the audience of an event everybody may read."""
    return EVERYONE


@dataclass(frozen=True)
class EventSpec:
    """What a game says about one event type: its audience and its one-line account."""

    cls: type
    audience: AudienceOf
    describe: Describe


class EventTypes(Generic[S]):
    """A game's event types, each registered once with its audience, account and evolver."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.specs: dict[type, EventSpec] = {}
        self.evolvers: dict[type, Callable[[S, Any], S]] = {}
        self.upcasters: dict[tuple[str, int], Upcaster] = {}
        self._table: TypeTable | None = None

    def register(self, type_name: str, *, describe: Describe, audience: AudienceOf = public,
                 version: int = 1) -> Callable[[type[_T]], type[_T]]:
        """Return a decorator declaring a frozen dataclass as the event `type_name`."""
        # Words joined by hyphens (`wall-built`): a dotted name is the service's own
        # (`order.accepted`), and the service would read the game's event as one of those.
        if "." in type_name:
            raise ValueError(f"{self.game}: the event type {type_name!r} has a dot, which "
                             "marks the service's own events; join its words with hyphens")

        def mark(cls: type[_T]) -> type[_T]:
            cls.event_type = type_name  # type: ignore[attr-defined]
            cls.schema_version = version  # type: ignore[attr-defined]
            self.specs[cls] = EventSpec(cls, audience, describe)
            self._table = None
            return cls

        return mark

    def evolver(self, *classes: type) -> Callable[[Callable[[S, _T], S]],
                                                  Callable[[S, _T], S]]:
        """Return a decorator registering a function as the evolve step of `classes`."""

        def mark(function: Callable[[S, _T], S]) -> Callable[[S, _T], S]:
            for cls in classes:
                if cls in self.evolvers:
                    raise ValueError(f"{self.game}: {cls.__name__} already has an evolver")
                self.evolvers[cls] = function
            return function

        return mark

    def upcaster(self, type_name: str, from_version: int) -> Callable[[Upcaster], Upcaster]:
        """Return a decorator registering a payload upcaster from `from_version` up by one."""

        def mark(function: Upcaster) -> Upcaster:
            self.upcasters[(type_name, from_version)] = function
            self._table = None
            return function

        return mark

    @property
    def table(self) -> TypeTable:
        """Return the type table of every registered event (built once, on first use)."""
        if self._table is None:
            self._table = TypeTable(tuple(self.specs), "event_type", self.upcasters)
        return self._table

    def evolve(self, state: S, event: Any) -> S:
        """Return the state after `event`, by its registered evolver."""
        return self.evolvers[type(event)](state, event)

    def audience(self, event: Any) -> Audience:
        """Return who may read `event` before the game ends."""
        audience = self.specs[type(event)].audience(event)
        if audience.summary:
            return Audience(audience.seats, one_stop(audience.summary))
        return audience

    def describe(self, event: Any) -> str:
        """Return the one-line account of `event`."""
        return one_stop(self.specs[type(event)].describe(event))

    def missing(self) -> list[str]:
        """Return what the declarations lack: event types without an evolver, and the like."""
        problems = [f"event {getattr(cls, 'event_type', cls.__name__)} has no evolver"
                    for cls in self.specs if cls not in self.evolvers]
        problems += [f"{cls.__name__} has an evolver but is not a registered event"
                     for cls in self.evolvers if cls not in self.specs]
        return problems


@dataclass(frozen=True)
class DefaultOrder:
    """The deadline default of a step whose choice is drawn when the default is applied."""


DefaultOrder.order_kind = "default"  # type: ignore[attr-defined]


@dataclass(frozen=True)
class OrderSpec:
    """What a game says about one order kind: its canonical text and its form texts."""

    cls: type
    kind: str
    text: Callable[[Any], str]
    label: str
    syntax: str
    fields: Mapping[str, str]


class OrderTypes:
    """A game's order kinds, each registered once with its text, label and syntax."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.specs: dict[type, OrderSpec] = {
            DefaultOrder: OrderSpec(DefaultOrder, "default", lambda _o: "default",
                                    "The deadline default", "default", {})}
        self._table: TypeTable | None = None

    def register(self, kind: str, *, text: Callable[[Any], str], label: str = "",
                 syntax: str = "", fields: Mapping[str, str] | None = None,
                 ) -> Callable[[type[_T]], type[_T]]:
        """Return a decorator declaring a frozen dataclass as the order `kind`.

        `text` gives the canonical text the grammar reads back unchanged; `label` and `syntax`
        head its web form and help line; `fields` names its fields for players.
        """

        def mark(cls: type[_T]) -> type[_T]:
            cls.order_kind = kind  # type: ignore[attr-defined]
            self.specs[cls] = OrderSpec(cls, kind, text, label or kind, syntax or kind,
                                        dict(fields or {}))
            self._table = None
            return cls

        return mark

    @property
    def table(self) -> TypeTable:
        """Return the type table of every registered order (built once, on first use)."""
        if self._table is None:
            self._table = TypeTable(tuple(self.specs), "order_kind")
        return self._table

    def spec(self, value: Any) -> OrderSpec:
        """Return the declaration of the order `value` (or of the order class `value`)."""
        cls = value if isinstance(value, type) else type(value)
        found = self.specs.get(cls)
        if found is None:
            raise TypeError(f"not an order of {self.game}: {value!r}")
        return found

    def text(self, value: Any) -> str:
        """Return the canonical text of the order `value`."""
        return self.spec(value).text(value)

    def word(self, value: Any) -> str:
        """Return the words a player writes for the order kind of `value` (e.g. 'spy')."""
        return self.spec(value).syntax.split(" <", 1)[0].split(" [", 1)[0]
