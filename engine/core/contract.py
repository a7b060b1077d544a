"""The engine contract: what every game offers the service (see docs/architecture.md)."""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import fields as dataclass_fields
from typing import Any, ClassVar, Generic, TypedDict, TypeVar

from .codec import decode, encode
from .errors import RuleViolation, UnreadableOrder
from .rng import Rng
from .values import (
    EVERYONE,
    UNSEEN,
    Audience,
    Field,
    OptionSpec,
    Order,
    OrderForm,
    Outcome,
    Prompt,
    Termination,
)

S = TypeVar("S")
Event = Any
"""An event is an instance of a frozen dataclass decorated with `@event`."""

_T = TypeVar("_T")


def event(type_name: str, version: int = 1) -> Any:
    """Mark a frozen dataclass as an event type stored under `type_name`."""

    def mark(cls: type[_T]) -> type[_T]:
        cls.event_type = type_name  # type: ignore[attr-defined]
        cls.schema_version = version  # type: ignore[attr-defined]
        return cls

    return mark


def order(kind: str) -> Any:
    """Mark a frozen dataclass as an order of kind `kind`."""

    def mark(cls: type[_T]) -> type[_T]:
        cls.order_kind = kind  # type: ignore[attr-defined]
        return cls

    return mark


Upcaster = Any
"""A function payload -> payload raising an event's schema version by one."""


class TypeTable:
    """Maps stored type names to dataclasses and back, upcasting old schema versions."""

    def __init__(self, classes: Sequence[type], attr: str,
                 upcasters: Mapping[tuple[str, int], Upcaster] | None = None) -> None:
        self.attr = attr
        self.by_name: dict[str, type] = {getattr(c, attr): c for c in classes}
        if len(self.by_name) != len(classes):
            raise ValueError(f"duplicate {attr} among {classes}")
        self.upcasters = dict(upcasters or {})

    def name_of(self, value: Any) -> str:
        """Return the stored type name of `value`."""
        return str(getattr(type(value), self.attr))

    def version_of(self, value: Any) -> int:
        """Return the schema version `value` is written in."""
        return int(getattr(type(value), "schema_version", 1))

    def dump(self, value: Any) -> tuple[str, dict[str, Any]]:
        """Return (type name, JSON payload) for `value`."""
        payload = encode(value)
        assert isinstance(payload, dict)
        return self.name_of(value), payload

    def load(self, name: str, payload: Mapping[str, Any], version: int = 1) -> Any:
        """Return the dataclass for a stored (name, payload, version), upcast to the current one."""
        cls = self.by_name.get(name)
        if cls is None:
            raise KeyError(f"unknown {self.attr} {name!r}")
        current = int(getattr(cls, "schema_version", 1))
        data: Any = payload
        while version < current:
            data = self.upcasters[(name, version)](dict(data))
            version += 1
        return decode(cls, data)


class SeatView(TypedDict):
    """The keys of every view the service reads; a game's own keys come beside them."""

    seat: str | None
    label: str
    finished: bool


def view_header(view: Mapping[str, Any]) -> SeatView:
    """Return the service's keys of a view: whose it is, where the game stands, and whether it
    is over."""
    return SeatView(seat=view.get("seat"), label=str(view.get("label", "")),
                    finished=bool(view.get("finished", False)))


class Game(ABC, Generic[S]):
    """One game's rules. Pure: no I/O, no clock, randomness only from the given Rng."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    version: ClassVar[str]
    older_versions: ClassVar[tuple[str, ...]] = ()
    """Engine versions of earlier rules still played for the games created under them."""
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    events: ClassVar[TypeTable]
    orders: ClassVar[TypeTable]
    state_type: ClassVar[type]
    hidden_information: ClassVar[bool]
    """Whether a seat may not see everything (hands, sealed orders, deck orders), declared as
    OpenSpiel's GameType declares imperfect information. There is no default: a game that does
    not say cannot be made. A game that hides information implements `plant_canaries` and
    `hidden_variant` and gives `probe_words` (see `probing.missing_secrecy`), and every secrecy
    check of the harness runs on it."""

    def __init__(self) -> None:
        """Refuse to make a game whose class does not declare `hidden_information`."""
        if not isinstance(getattr(type(self), "hidden_information", None), bool):
            raise TypeError(f"{type(self).__name__} does not declare hidden_information: True "
                            "when a seat may not see everything (hands, sealed orders, deck "
                            "orders), else False")

    # -- setting up -------------------------------------------------------------------------
    @abstractmethod
    def initial_state(self, seats: tuple[str, ...], options: Mapping[str, Any]) -> S:
        """Return the state before the opening events: seats in clockwise order, options."""

    @abstractmethod
    def start(self, state: S, rng: Rng) -> list[Event]:
        """Return the opening events (deals, deck orders, the first turn)."""

    # -- the decider ------------------------------------------------------------------------
    @abstractmethod
    def evolve(self, state: S, event: Event) -> S:
        """Return the state after `event`: total, deterministic, never checks or draws."""

    @abstractmethod
    def prompts(self, state: S) -> tuple[Prompt, ...]:
        """Return the decisions open now; none once the game is over."""

    @abstractmethod
    def decide(self, state: S, seat: str, order: Order, rng: Rng) -> list[Event]:
        """Return the events `order` by `seat` causes, or raise a RuleViolation."""

    def decide_and_fold(self, state: S, seat: str, order: Order,
                        rng: Rng) -> tuple[list[Event], S]:
        """Return what `decide` returns and the state after those events (one fold, not two)."""
        events = self.decide(state, seat, order, rng)
        return events, self.fold(state, events)

    @abstractmethod
    def legal_orders(self, state: S, seat: str) -> Sequence[Order]:
        """Return the orders `seat` may give now (empty when it has nothing to decide, or when
        they cannot be listed: see `can_list`)."""

    def can_list(self, state: S, seat: str) -> bool:
        """Return whether `legal_orders` lists every legal order of `seat` now."""
        return True

    def random_legal_order(self, state: S, seat: str, rng: Rng) -> Order:
        """Return one random legal order of the prompted `seat`."""
        return rng.choice(list(self.legal_orders(state, seat)))

    def is_legal(self, state: S, seat: str, order: Order) -> RuleViolation | None:
        """Return None when `seat` may give `order` now, else the violation saying why not."""
        try:
            self.decide(state, seat, order, Rng(b"legality"))
        except RuleViolation as exc:
            return exc
        return None

    # -- reading ----------------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: str | None) -> dict[str, Any]:
        """Return everything `seat` may see (None: a spectator), JSON-ready."""

    @abstractmethod
    def visibility(self, event: Event) -> Audience:
        """Return who may read `event` before the game ends."""

    @abstractmethod
    def describe(self, event: Event) -> str:
        """Return a one-line account of `event` for those allowed to read it."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Return how the game ended, or None while it goes on."""

    def revealed_teams(self, state: S) -> tuple[tuple[str, ...], ...] | None:
        """Return the teams the end of the game revealed, the winning team first, each the
        seats that played in it (every seat in one), or None: each seat played for itself,
        or the game is not over. Only what every seat may see once the game is over decides
        them (the ratings read them from the log anyone auditing the archive folds)."""
        return None

    def reveals_teams(self) -> bool:
        """Return whether this game's end may reveal teams (it answers `revealed_teams`)."""
        return type(self).revealed_teams is not Game.revealed_teams

    @abstractmethod
    def render_text(self, view: Mapping[str, Any]) -> str:
        """Return a plain-text picture of a view (for the terminal and text emails)."""

    def render_board_svg(self, view: Mapping[str, Any]) -> str:
        """Return the board picture of a view as a standalone SVG document (pages, PDFs).

        Games implement it in `engine/<game>/render.py`, from the view alone, never the state.
        """
        raise NotImplementedError(f"{self.title} has no board picture yet")

    # -- the order grammar ------------------------------------------------------------------
    @abstractmethod
    def parse(self, text: str, seat: str, state: S) -> Order:
        """Return the order written in `text`, or raise UnreadableOrder saying what is legal."""

    @abstractmethod
    def format_order(self, order: Order) -> str:
        """Return the canonical text of `order`; parse(format_order(o)) == o."""

    @abstractmethod
    def help(self, prompt: Prompt) -> str:
        """Return the lines telling the prompted seat what it can write now, with examples."""

    def order_help(self, word: str, prompt: Prompt | None) -> str:
        """Return the help of the orders `word` names (an order word or kind), how each is
        written with examples, and whether the seat can write it now (`prompt`: its open
        decision); '' when `word` names no order of the game."""
        return ""

    # -- standing answers (see core/standing.py) ----------------------------------------------
    def standing_topics(self) -> tuple[Any, ...]:
        """Return the recurring decisions a seat may answer in advance (`standing.Topic`)."""
        return ()

    def standing_scope(self, state: S) -> str:
        """Return the public mark of the turn now (answers ahead hold until it changes); empty
        when the game has no turns to answer ahead in."""
        return ""

    def read_standing(self, text: str, seat: str, state: S, *,
                      ahead: bool = False, after: Any = None) -> tuple[Any, ...]:
        """Return the standing entries written in `text` (`ahead`: for the rest of this
        turn, written after the order `after`), or raise UnreadableOrder saying what can be
        written."""
        raise UnreadableOrder(f"{self.title} has no decisions to answer in advance.")

    def standing_order(self, state: S, seat: str, entries: Sequence[Any]) -> Any:
        """Return what the seat's entries give at its open decision (`standing.Applied`: the
        order, or the reason it is not legal there), or None when none applies."""
        return None

    def kept_standing(self, state: S, seat: str) -> tuple[Any, ...]:
        """Return the seat's standing entries of the topics the game keeps as its own state
        (`standing.Topic.kept`), as `standing.Standing` entries."""
        return ()

    def keep_standing(self, state: S, seat: str, entries: Sequence[Any]) -> list[Event]:
        """Return the events making the seat's entries of kept topics `entries` (none: each
        kept topic back to asking at every decision); empty when nothing changes. They must
        be private to the seat and leave every other seat's view as it was."""
        return []

    def forced_order(self, state: S, seat: str) -> Order | None:
        """Return the seat's only legal answer now when everyone can tell it from public
        information (then nobody need be asked), else None."""
        return None

    # -- secrecy testing --------------------------------------------------------------------
    def plant_canaries(self, state: S, canaries: Canaries) -> S:
        """Return `state` with every hidden item replaced by a canary from `canaries`.

        The shared harness renders every seat's view, prompts and help of the planted state and
        checks that each canary reaches only the seats allowed to know it. Every game that
        declares `hidden_information` overrides it; a game that hides nothing plants nothing.
        """
        if self.hidden_information:
            raise NotImplementedError(f"{self.title} does not plant canaries")
        return state

    # -- the house player (core/house.py) ------------------------------------------------------
    house_seconds: ClassVar[float] = 2.0
    """The process CPU seconds the house player may spend on one decision of this game."""
    house_player: ClassVar[str | None] = None
    """The search the house player plays in this game (core/house.py `PLAYERS`); None: the
    newest, the information-set tree."""

    def awaiting(self, state: S) -> tuple[str, ...]:
        """Return the seats whose open decision is not answered yet (all prompted seats when
        every one has answered a revisable sealed decision), without building the prompts."""
        prompts = self.prompts(state)
        return tuple(p.seat for p in prompts if not p.submitted) or tuple(
            p.seat for p in prompts)

    def house_horizon(self) -> int:
        """Return how many decisions a house player's rollout plays before it asks
        `house_estimate` instead of playing on (a game without an estimate plays to the end)."""
        return 100_000

    def house_estimate(self, state: S) -> Mapping[str, float] | None:
        """Return each seat's estimated share of the win in an unfinished `state` (about 1 in
        all), for rollouts cut short; None when the game gives no estimate."""
        return None

    def house_order(self, state: S, seat: str, rng: Rng) -> Order | None:
        """Return the order a rollout plays for `seat` where the game has a policy of its own
        better than a random legal order, else None (a random legal order is played)."""
        return None

    def house_plans(self) -> bool:
        """Return whether the game has a plan of its own for the house player's decisions
        (`house_plan`); without one the house player only searches."""
        return False

    def house_plan(self, world: S, seat: str, rng: Rng) -> Order | None:
        """Return the order the game's plan gives `seat` in `world`, a state the house player
        sampled from the seat's information (never the true state), or None to let the search
        decide."""
        return None

    # -- versions ---------------------------------------------------------------------------
    def at_version(self, version: str | None) -> Game[S]:
        """Return these rules as they were in `version` (the engine version a game was created
        with), or raise UnknownEngineVersion when that version is not kept."""
        if version is None or version == self.version:
            return self
        if version in self.older_versions:
            return self.older(version)
        from .errors import UnknownEngineVersion

        kept = ", ".join((self.version, *self.older_versions))
        raise UnknownEngineVersion(f"{self.title} engine version {version!r} is not known to "
                                   f"this release (it plays {kept})")

    def older(self, version: str) -> Game[S]:
        """Return the rules of an older version listed in `older_versions`."""
        raise NotImplementedError(f"{self.title} keeps no rules of version {version}")

    def hidden_variant(self, state: S, seat: str | None, rng: Rng) -> S | None:
        """Return a state that differs from `state` only in what `seat` may not know (other
        hands, societies, deck orders, face-down cards, sealed answers, reshuffled
        consistently), or None when nothing is hidden from it. The shared harness checks that
        every answer the seat can get is the same in both. Every game that declares
        `hidden_information` overrides it; a game that hides nothing has no variants."""
        if self.hidden_information:
            raise NotImplementedError(f"{self.title} makes no hidden variants")
        return None

    def probe_words(self) -> tuple[str, ...]:
        """Return the names players may write (cards, places, pieces), for secrecy probes."""
        return ()

    def missing_secrecy_hooks(self) -> list[str]:
        """Return the secrecy hooks (`plant_canaries`, `hidden_variant`) this game's class
        leaves as the contract's own (which refuse to work for a game that hides information)."""
        return [hook for hook in ("plant_canaries", "hidden_variant")
                if getattr(type(self), hook) is getattr(Game, hook)]

    # -- shared behaviour -------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        """Return every option at its default value."""
        return {spec.name: spec.default for spec in self.options}

    def resolve_options(self, given: Mapping[str, str]) -> dict[str, Any]:
        """Return the full option set from `given` texts, or raise ValueError naming the problem."""
        specs = {spec.name: spec for spec in self.options}
        values = self.default_options()
        for name, text in given.items():
            if name not in specs:
                known = ", ".join(specs) or "none"
                raise ValueError(f"{self.title} has no option {name!r} (options: {known})")
            values[name] = specs[name].parse(text)
        return values

    def prompt_for(self, state: S, seat: str) -> Prompt | None:
        """Return the open decision of `seat`, if any."""
        for prompt in self.prompts(state):
            if prompt.seat == seat:
                return prompt
        return None

    def fold(self, state: S, events: Sequence[Event]) -> S:
        """Return `state` after every event in order."""
        evolve = self.evolve
        for item in events:
            state = evolve(state, item)
        return state

    def order_from_json(self, data: Mapping[str, Any]) -> Order:
        """Return the order encoded as {"kind": ..., **fields}, or raise UnreadableOrder."""
        kind = data.get("kind")
        if not isinstance(kind, str) or kind not in self.orders.by_name:
            raise UnreadableOrder(f"{kind!r} is not an order of {self.title}",
                                  legal="Orders: " + ", ".join(sorted(self.orders.by_name)))
        payload = {k: v for k, v in data.items() if k != "kind"}
        try:
            return self.orders.load(kind, payload)
        except (KeyError, TypeError, ValueError) as exc:
            raise UnreadableOrder(f"the {kind} order is incomplete or malformed ({exc})") from None

    def order_to_json(self, value: Order) -> dict[str, Any]:
        """Return `value` as {"kind": ..., **fields}."""
        kind, payload = self.orders.dump(value)
        return {"kind": kind, **payload}

    def is_deciding(self, state: S, seat: str) -> bool:
        """Return whether `seat` has a decision open now.

        Games answer this without building the prompts' forms and examples, so that deciding
        an order (and re-deciding a whole log in an audit) does not pay for them.
        """
        return self.prompt_for(state, seat) is not None

    def check_turn(self, state: S, seat: str) -> None:
        """Raise the violation saying why `seat` cannot act now, if it cannot."""
        from .errors import GameOver, NotYourTurn

        if self.outcome(state) is not None:
            raise GameOver("The game is over; no more orders are taken.")
        if not self.is_deciding(state, seat):
            waiting = ", ".join(sorted({p.seat for p in self.prompts(state)})) or "nobody"
            raise NotYourTurn(f"{seat} has nothing to decide now; waiting for {waiting}.")

    def check_prompted(self, state: S, seat: str) -> Prompt:
        """Return the seat's open prompt or raise the violation saying why it cannot act."""
        self.check_turn(state, seat)
        prompt = self.prompt_for(state, seat)
        assert prompt is not None, f"{self.name}: is_deciding and prompt_for disagree"
        return prompt


class Canaries:
    """Unique marker values planted in hidden information, with the seats allowed to see each."""

    def __init__(self) -> None:
        self.owners: dict[str, frozenset[str]] = {}

    def text(self, owners: frozenset[str] | set[str] | tuple[str, ...]) -> str:
        """Return a new canary string readable by `owners` only."""
        marker = f"CANARY{len(self.owners):05d}Z"
        self.owners[marker] = frozenset(owners)
        return marker

    def number(self, owners: frozenset[str] | set[str] | tuple[str, ...]) -> int:
        """Return a new canary number readable by `owners` only (for hidden counts)."""
        value = 7_340_000_017 + 7 * len(self.owners)
        self.owners[str(value)] = frozenset(owners)
        return value


_FIELD_NAMES: dict[type, frozenset[str]] = {}


def replace(obj: _T, **changes: Any) -> _T:
    """Return a copy of frozen dataclass `obj` with `changes` (a fast dataclasses.replace).

    A name that is not a field of `obj` is refused, so a misspelt field cannot pass unseen.
    """
    cls = type(obj)
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = frozenset(spec.name for spec in dataclass_fields(cls))  # type: ignore[arg-type]
    if not names.issuperset(changes):
        unknown = ", ".join(sorted(set(changes) - names))
        raise TypeError(f"{cls.__name__} has no field {unknown}")
    new = _new_object(cls)
    _set_attribute(new, "__dict__", {**obj.__dict__, **changes})
    return new


_new_object = object.__new__
_set_attribute = object.__setattr__


__all__ = [
    "EVERYONE",
    "UNSEEN",
    "Audience",
    "Canaries",
    "Event",
    "Field",
    "Game",
    "OptionSpec",
    "Order",
    "OrderForm",
    "Outcome",
    "Prompt",
    "RuleViolation",
    "SeatView",
    "Termination",
    "TypeTable",
    "event",
    "order",
    "replace",
    "view_header",
]
