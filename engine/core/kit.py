"""The game kit: decision points as data, and a Game base class that owns the protocol.

A game built on the kit declares one `Step` per decision point and implements hooks
(`step`, `initial_state`, `start`, `seat_view`, `label`, `outcome`, the renderers, the grammar
and the canaries). `KitGame` turns them into the public contract: `decide` checks that the seat
is prompted, finds the step, resolves a deadline default, checks the order's kind and legality
and dispatches to the step's handler, the way OpenSpiel's framework checks an action before the
game's own `_apply_action` sees it.
"""
from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from dataclasses import replace as replace_form
from typing import Any, ClassVar, Generic, TypeVar

from .contract import Canaries, Game, Order, OrderForm, Prompt
from .declare import DefaultOrder, EventTypes, OrderTypes
from .errors import GameOver, NotYourTurn, RuleViolation, UnreadableOrder, WrongOrderKind
from .forms import FieldsOf, forms_from_orders, legal_text
from .ordertext import Grammar, Reader
from .parts import Parts
from .probing import missing_secrecy
from .rng import Rng
from .standing import Applied, Standing, Topic, live, read_entries

S = TypeVar("S")

Seat = Any
"""How a game's rules name a seat: its name, or (for games that count seats) its index."""
Handler = Callable[["Emitter[Any]", Any, Any, Rng], None]
Check = Callable[[Any, Any, Any], None]


class Emitter(Generic[S]):
    """Collects the events of one decision and keeps the state they lead to."""

    def __init__(self, game: KitGame[S], state: S) -> None:
        self.game = game
        self.state = state
        self.events: list[Any] = []

    def emit(self, *events: Any) -> None:
        """Record `events` and apply them to the state."""
        evolvers = self.game.EVENTS.evolvers  # EventTypes.evolve, inlined: once per event
        for item in events:
            self.events.append(item)
            self.state = evolvers[type(item)](self.state, item)


@dataclass(frozen=True, kw_only=True)
class Step:
    """One decision point: who decides, what they may write, and what it does.

    - `deciders(state)`: the seats deciding now (as the rules name seats);
    - `kinds`: the order classes taken here; any other kind is refused by the core;
    - `check(state, seat, order)`: raises a RuleViolation saying why an order is not legal;
      this is the one place legality is written (a mapping by order class is accepted too);
    - `handle(emitter, seat, order, rng)`: emits the order's events (or a mapping by class);
    - `candidates(state, seat)`: every order worth trying, filtered through `check` to list
      the legal ones; a step whose orders cannot be listed (amounts, long combinations) gives
      `sample(state, seat, rng)` instead, returning one random legal order;
    - `default`: the deadline default, an order or `(state, seat) -> order`; `DefaultOrder()`
      is resolved when applied, by `resolve_default(state, seat, rng)` or a random legal order;
    - `summary`: the line telling the seat what it decides (text, or `(state, seat) -> text`);
    - `sealed`: several seats answer at once, hidden until all are in; `revisable`: a sealed
      answer may be changed until the step closes; `submitted(state, seat)`: already answered;
    - `answering_public`: whether who has answered may be told (the default, as at a table);
      False where the rules keep it private, e.g. windows that standing orders answer at once;
    - `forms(state, seat)`: the web forms, when they cannot be built from the listed orders;
    - `fields(kind, legal)`: the fields of the form of one kind of order, built from its legal
      orders, where the kit's (one per order field, values as text) do not fit;
    - `default_as_order`: whether a `default` order is taken here; when False it is refused as
      the wrong kind of order (the deadline then submits the prompt's `default` itself);
    - `labels`: by order class, the label of its form at this step where it differs from the
      order's own (text, or `(state, seat) -> text`), e.g. what `pass` means here;
    - `public`: the legal orders here follow from public information only (the same in every
      hidden variant, which the harness checks), so when there is one, the kit takes it at
      once (`forced_order`) and nobody waits for it.
    """

    key: str
    summary: str | Callable[[Any, Any], str]
    deciders: Callable[[Any], Iterable[Any]]
    kinds: tuple[type, ...]
    check: Check | Mapping[type, Check]
    handle: Handler | Mapping[type, Handler]
    default: Any
    default_summary: str
    candidates: Callable[[Any, Any], Iterable[Any]] | None = None
    sample: Callable[[Any, Any, Rng], Any] | None = None
    resolve_default: Callable[[Any, Any, Rng], Any] | None = None
    sealed: bool = False
    revisable: bool = True
    submitted: Callable[[Any, Any], bool] | None = None
    forms: Callable[[Any, Any], tuple[OrderForm, ...]] | None = None
    hours: int = 48
    labels: Mapping[type, str | Callable[[Any, Any], str]] = field(default_factory=dict)
    default_as_order: bool = True
    fields: FieldsOf | None = None
    answering_public: bool = True
    public: bool = False

    def __post_init__(self) -> None:
        if self.candidates is None and self.sample is None:
            raise ValueError(f"step {self.key!r} needs candidates or a sampler")

    def check_order(self, state: Any, seat: Any, order_: Any) -> None:
        """Raise the violation saying why `order_` is not legal here, or return."""
        check = self.check
        if not callable(check):  # a mapping by order class (cheaper to tell than isinstance)
            check = check[type(order_)]
        check(state, seat, order_)

    def run(self, em: Emitter[Any], seat: Any, order_: Any, rng: Rng) -> None:
        """Emit the events of the legal `order_`."""
        handle = self.handle
        if not callable(handle):  # a mapping by order class
            handle = handle[type(order_)]
        handle(em, seat, order_, rng)

    def text(self, state: Any, seat: Any) -> str:
        """Return the summary line for `seat`."""
        return self.summary if isinstance(self.summary, str) else self.summary(state, seat)

    def default_for(self, state: Any, seat: Any) -> Any:
        """Return the default order shown in the prompt."""
        return self.default(state, seat) if callable(self.default) else self.default


class _Memo:
    """Remembers results for the last few states by identity (states are immutable)."""

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self.items: list[tuple[Any, Any, Any]] = []

    def get(self, state: Any, key: Any, make: Callable[[], Any]) -> Any:
        """Return the value for (`state`, `key`), computing it once."""
        for held, held_key, value in self.items:
            if held is state and held_key == key:
                return value
        value = make()
        self.items.append((state, key, value))
        if len(self.items) > self.size:
            del self.items[0]
        return value


class KitGame(Game[S]):
    """A game whose decision machinery is the kit's; the game implements the hooks.

    A game names the modules of its package in `PARTS`; the kit reads its event types, order
    kinds, grammar, steps, standing topics and state class from them, and answers the standard
    hooks (`step`, `seat_view`, `render_text`, `render_board_svg`, `plant_canaries`,
    `hidden_variant`, `probe_words`) by calling the module that has each. A game overrides a
    hook only where its rules need more than the module gives.
    """

    PARTS: ClassVar[Parts]
    """The modules of the game's package (`engine/core/parts.py`)."""
    EVENTS: ClassVar[EventTypes[Any]]
    ORDERS: ClassVar[OrderTypes]
    GRAMMAR: ClassVar[Grammar]
    STEPS: ClassVar[Sequence[Step]]
    """Every decision point of the game (the completeness check reads them)."""
    STANDING: ClassVar[tuple[Topic, ...]] = ()
    """The recurring decisions a seat may answer in advance, and their answers."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Read the declarations of a class that names its parts from those parts."""
        super().__init_subclass__(**kwargs)
        parts = cls.__dict__.get("PARTS")
        if parts is None:
            return
        cls.EVENTS = parts.events.EVENTS
        cls.ORDERS = parts.orders.ORDERS
        cls.GRAMMAR = parts.grammar.GRAMMAR
        cls.STEPS = parts.step_list()
        cls.STANDING = parts.standing.TOPICS if parts.standing is not None else ()
        cls.events = cls.EVENTS.table
        cls.orders = cls.ORDERS.table
        cls.state_type = parts.state

    def __init__(self) -> None:
        super().__init__()
        self._memo = _Memo()

    # -- hooks a game implements (the standard ones answered from its parts) ------------------
    def step(self, state: S) -> Step | None:
        """Return the open decision point, or None once the game is over."""
        return self.PARTS.steps.step(state)  # type: ignore[no-any-return]

    def seat_view(self, state: S, seat: str | None) -> dict[str, Any]:
        """Return the game's part of what `seat` may see (None: a spectator)."""
        return self.PARTS.view.seat_view(state, seat)

    def render_text(self, view: Mapping[str, Any]) -> str:
        """Return a plain-text picture of a view (for the terminal and text emails)."""
        return self.PARTS.text.render_text(view)

    def render_board_svg(self, view: Mapping[str, Any]) -> str:
        """Return the board picture of a view as a standalone SVG document (pages, PDFs)."""
        return self.PARTS.render.render_board_svg(view)

    def plant_canaries(self, state: S, canaries: Canaries) -> S:
        """Return `state` with every hidden item replaced by a canary (secrecy tests)."""
        secrecy = self.PARTS.secrecy
        if secrecy is None:
            return super().plant_canaries(state, canaries)
        return secrecy.plant_canaries(state, canaries)  # type: ignore[no-any-return]

    def hidden_variant(self, state: S, seat: str | None, rng: Rng) -> S | None:
        """Return `state` with what `seat` may not know reshuffled (secrecy tests)."""
        secrecy = self.PARTS.secrecy
        if secrecy is None:
            return super().hidden_variant(state, seat, rng)
        return secrecy.hidden_variant(state, seat, rng)  # type: ignore[no-any-return]

    def probe_words(self) -> tuple[str, ...]:
        """Return the names players write, for the secrecy probes."""
        secrecy = self.PARTS.secrecy
        return secrecy.probe_words() if secrecy is not None else ()

    def kept_standing(self, state: S, seat: str) -> tuple[Any, ...]:
        """Return the seat's entries of the standing topics the game keeps as its own state
        (its standing module's `kept`; none when it has no such topic)."""
        kept = getattr(self.PARTS.standing, "kept", None)
        return tuple(kept(state, seat)) if kept is not None else ()

    def keep_standing(self, state: S, seat: str, entries: Sequence[Any]) -> list[Any]:
        """Return the private events making the seat's kept topics `entries` (its standing
        module's `keep`; none when it has no such topic)."""
        keep = getattr(self.PARTS.standing, "keep", None)
        return list(keep(state, seat, entries)) if keep is not None else []

    def awaiting(self, state: S) -> tuple[str, ...]:
        """Return the seats whose open decision is not answered yet, from the open step alone
        (every deciding seat when all have answered)."""
        step = self.step(state)
        if step is None:
            return ()
        refs = tuple(step.deciders(state))
        submitted = step.submitted
        open_ = [ref for ref in refs if submitted is None or not submitted(state, ref)] or refs
        return tuple(self.seat_name(state, ref) for ref in open_)

    def house_horizon(self) -> int:
        """Return the rollout horizon of the game's house part (to the end without one)."""
        house = self.PARTS.house
        return super().house_horizon() if house is None else house.HORIZON

    def house_estimate(self, state: S) -> Mapping[str, float] | None:
        """Return the house part's estimate of each seat's share of the win, if it has one."""
        house = self.PARTS.house
        return None if house is None else house.estimate(state)

    def house_order(self, state: S, seat: str, rng: Rng) -> Order | None:
        """Return the house part's rollout order for `seat`, where it gives one."""
        policy = getattr(self.PARTS.house, "rollout_order", None)
        return None if policy is None else policy(state, seat, rng)

    def house_plans(self) -> bool:
        """Return whether the house part gives a plan (`plan_order`)."""
        return getattr(self.PARTS.house, "plan_order", None) is not None

    def house_plan(self, world: S, seat: str, rng: Rng) -> Order | None:
        """Return the house part's planned order for `seat` in the sampled `world`, if any."""
        plan = getattr(self.PARTS.house, "plan_order", None)
        return None if plan is None else plan(world, seat, rng)

    def missing_secrecy_hooks(self) -> list[str]:
        """Return the secrecy hooks this game lacks: all of them when its parts name no
        secrecy module and it does not implement them itself."""
        parts = getattr(type(self), "PARTS", None)
        if parts is not None and parts.secrecy is not None:
            return []
        return [hook for hook in ("plant_canaries", "hidden_variant")
                if getattr(type(self), hook) in (getattr(KitGame, hook), getattr(Game, hook))]

    def label(self, state: S) -> str:
        """Return where the game stands, e.g. 'Round 2, turn 1' (shown in mail subjects)."""
        return ""

    # No default: `step.key` alone comes back every round, and an answer is refused as stale
    # only when the key it names is not the open one, so a late reply to an earlier decision
    # would be taken by a later one. The harness fails a key that opens again once closed.
    @abstractmethod
    def prompt_key(self, state: S, step: Step) -> str:
        """Return the id of the open decision, unique to it: the step's key numbered by what
        counts decisions in the game (round, turn, step), e.g. r2.t1.vote."""

    def seat_ref(self, state: S, seat: str) -> Seat:
        """Return how the rules name `seat` (its name unless the game counts seats)."""
        return seat

    def seat_name(self, state: S, ref: Seat) -> str:
        """Return the seat name of the rules' `ref`."""
        return str(ref)

    # -- the protocol, owned by the kit --------------------------------------------------------
    def evolve(self, state: S, event: Any) -> S:
        """Return the state after `event`."""
        return self.EVENTS.evolve(state, event)  # type: ignore[no-any-return]

    def visibility(self, event: Any) -> Any:
        """Return who may read `event` before the game ends."""
        return self.EVENTS.audience(event)

    def describe(self, event: Any) -> str:
        """Return a one-line account of `event`."""
        return self.EVENTS.describe(event)

    def view(self, state: S, seat: str | None) -> dict[str, Any]:
        """Return what `seat` may see, with the header the service reads (seat, label, finished)."""
        return self._memo.get(state, ("view", seat), lambda: {  # type: ignore[no-any-return]
            **self.seat_view(state, seat), "seat": seat, "label": self.label(state),
            "finished": self.outcome(state) is not None})

    def prompts(self, state: S) -> tuple[Prompt, ...]:
        """Return the decisions open now, one per deciding seat."""
        return self._memo.get(state, "prompts", lambda: self._prompts(state))  # type: ignore[no-any-return]

    def _prompts(self, state: S) -> tuple[Prompt, ...]:
        step = self.step(state)
        if step is None:
            return ()
        return tuple(self._prompt(state, ref, step) for ref in step.deciders(state))

    def prompt_for(self, state: S, seat: str) -> Prompt | None:
        """Return the open decision of `seat`, if any."""
        return next((p for p in self.prompts(state) if p.seat == seat), None)

    def _prompt(self, state: S, ref: Seat, step: Step) -> Prompt:
        """Return the prompt of one deciding seat."""
        default = step.default_for(state, ref)
        return Prompt(seat=self.seat_name(state, ref), key=self.prompt_key(state, step),
                      summary=step.text(state, ref), forms=self._forms(state, ref, step),
                      default=default, default_summary=step.default_summary,
                      simultaneous=step.sealed, revisable=step.revisable,
                      submitted=bool(step.submitted and step.submitted(state, ref)),
                      deadline_hours=step.hours, answering_public=step.answering_public)

    def _forms(self, state: S, ref: Seat, step: Step) -> tuple[OrderForm, ...]:
        """Return the web forms of a step, built from its legal orders where it lists them."""
        if step.forms is not None:
            return step.forms(state, ref)
        forms = forms_from_orders(self.ORDERS, self._legal(state, ref, step), step.fields)
        if not step.labels:
            return forms
        labels = {self.ORDERS.spec(cls).kind: label for cls, label in step.labels.items()}
        return tuple(form if form.kind not in labels else replace_form(
            form, label=_text(labels[form.kind], state, ref)) for form in forms)

    def _open(self, state: S, seat: str) -> tuple[Step, Seat]:
        """Return the open step and the rules' name of `seat`, or raise why it cannot act."""
        if self.outcome(state) is not None:
            raise GameOver("The game is over; no more orders are taken.")
        step = self.step(state)
        ref = self.seat_ref(state, seat)
        if step is None or not _among(ref, step.deciders(state)):
            waiting = ", ".join(sorted({p.seat for p in self.prompts(state)})) or "nobody"
            raise NotYourTurn(f"{seat} has nothing to decide now; waiting for {waiting}.")
        return step, ref

    def is_deciding(self, state: S, seat: str) -> bool:
        """Return whether `seat` has a decision open now, without building any prompt."""
        step = self.step(state)
        return step is not None and self.seat_ref(state, seat) in tuple(step.deciders(state))

    def decide(self, state: S, seat: str, order_: Order, rng: Rng) -> list[Any]:
        """Return the events `order_` by `seat` causes, or raise a RuleViolation."""
        return self.decide_and_fold(state, seat, order_, rng)[0]

    def decide_and_fold(self, state: S, seat: str, order_: Order,
                        rng: Rng) -> tuple[list[Any], S]:
        """Return the events `order_` by `seat` causes and the state the emitter reached."""
        step, ref = self._open(state, seat)
        if isinstance(order_, DefaultOrder) and step.default_as_order:
            order_ = self._resolve_default(state, ref, step, rng)
        self._check(state, ref, step, order_)
        em: Emitter[S] = Emitter(self, state)
        step.run(em, ref, order_, rng)
        return em.events, em.state

    def _resolve_default(self, state: S, ref: Seat, step: Step, rng: Rng) -> Any:
        """Return the order a missed deadline gives now."""
        plain = step.default_for(state, ref)
        if not isinstance(plain, DefaultOrder):
            return plain
        if step.resolve_default is not None:
            return step.resolve_default(state, ref, rng)
        return self._sample(state, ref, step, rng)

    def _check(self, state: S, ref: Seat, step: Step, order_: Any) -> None:
        """Raise the violation saying why `order_` is refused here, or return."""
        if not isinstance(order_, step.kinds):
            word = self.ORDERS.word(order_) if type(order_) in self.ORDERS.specs else "that"
            raise WrongOrderKind(f'"{word}" is not an order you can give now: you '
                                 f"{step.text(state, ref)[:1].lower()}"
                                 f"{step.text(state, ref)[1:]}",
                                 legal=self._legal_hint(state, ref, step))
        try:
            step.check_order(state, ref, order_)
        except RuleViolation as exc:
            if not exc.legal:
                exc.legal = self._legal_hint(state, ref, step)
            raise

    def _legal(self, state: S, ref: Seat, step: Step) -> list[Any]:
        """Return the legal orders of a listing step (empty for a sampling step)."""
        if step.candidates is None:
            return []

        def make() -> list[Any]:
            assert step.candidates is not None
            return [o for o in dict.fromkeys(step.candidates(state, ref))
                    if _passes(step, state, ref, o)]

        return self._memo.get(state, ("legal", ref), make)  # type: ignore[no-any-return]

    def _legal_hint(self, state: S, ref: Seat, step: Step) -> str:
        """Return what the seat may write instead: legal orders, or the forms' syntax."""
        if step.candidates is not None:
            return legal_text(self.ORDERS, self._legal(state, ref, step))
        forms = self._forms(state, ref, step)
        return "You can write: " + "; ".join(f.syntax for f in forms) + "."

    def _sample(self, state: S, ref: Seat, step: Step, rng: Rng) -> Any:
        """Return a random legal order of `step` for `ref`."""
        if step.sample is not None:
            return step.sample(state, ref, rng)
        return rng.choice(self._legal(state, ref, step))

    def legal_orders(self, state: S, seat: str) -> Sequence[Order]:
        """Return every legal order of `seat` where the step can list them, else ()."""
        step = self.step(state)
        ref = self.seat_ref(state, seat)
        if step is None or ref not in tuple(step.deciders(state)):
            return []
        return self._legal(state, ref, step)

    def can_list(self, state: S, seat: str) -> bool:
        """Return whether the legal orders of `seat` can be listed now."""
        step = self.step(state)
        return step is None or step.candidates is not None

    def random_legal_order(self, state: S, seat: str, rng: Rng) -> Order:
        """Return one random legal order of `seat`, listed or sampled."""
        step, ref = self._open(state, seat)
        return self._sample(state, ref, step, rng)

    def is_legal(self, state: S, seat: str, order_: Order) -> RuleViolation | None:
        """Return None when `seat` may give `order_` now, else the violation saying why not."""
        try:
            step, ref = self._open(state, seat)
            if not isinstance(order_, DefaultOrder) or not step.default_as_order:
                self._check(state, ref, step, order_)
        except RuleViolation as exc:
            return exc
        return None

    # -- standing answers and forced decisions (core/standing.py) -------------------------------
    def standing_topics(self) -> tuple[Topic, ...]:
        """Return the recurring decisions a seat may answer in advance."""
        return self.STANDING

    def read_standing(self, text: str, seat: str, state: S, *,
                      ahead: bool = False, after: Any = None) -> tuple[Standing, ...]:
        """Return the entries written in `text`; `ahead` files them for this turn only
        (`after`: the order of the line they follow, which a game may read)."""
        until = self.standing_scope(state) if ahead else ""
        if ahead and not until:
            raise UnreadableOrder(f"{self.title} has no later decisions in a turn to answer "
                                  "ahead; write one order per line.")
        return read_entries(self.STANDING, text, order_words=self.GRAMMAR.word_kinds,
                            until=until)

    def standing_order(self, state: S, seat: str, entries: Sequence[Any]) -> Applied | None:
        """Return the order the first entry answering the seat's open decision gives, checked
        like any order (the reason when it is not legal), or None when no entry applies.

        An order written ahead for another kind of decision waits for its own."""
        step = self.step(state)
        if step is None or not self.is_deciding(state, seat):
            return None
        ref = self.seat_ref(state, seat)
        for entry in live(entries, self.standing_scope(state)):
            topic = next((t for t in self.STANDING if t.name == entry.topic), None)
            if topic is None or step.key not in topic.steps:
                continue
            if entry.written:
                try:
                    order_ = self.parse(entry.written, seat, state)
                except RuleViolation as exc:
                    return Applied(None, entry, exc.message)
                if not isinstance(order_, step.kinds):
                    continue
            else:
                answer = topic.answer(entry.answer)
                if answer is None:
                    continue
                order_ = answer.choose(state, ref, self._legal(state, ref, step))
                if order_ is None:
                    return Applied(None, entry, "none of the answers you can give now fits it")
            problem = self.is_legal(state, seat, order_)
            if problem is not None:
                return Applied(None, entry, problem.message)
            return Applied(order_, entry)
        return None

    def forced_order(self, state: S, seat: str) -> Any:
        """Return the seat's one legal order at a `public` step, else None."""
        step = self.step(state)
        if step is None or not step.public or step.candidates is None:
            return None
        ref = self.seat_ref(state, seat)
        if not _among(ref, step.deciders(state)):
            return None
        if step.submitted is not None and step.submitted(state, ref):
            return None
        legal = self._legal(state, ref, step)
        return legal[0] if len(legal) == 1 else None

    # -- the order grammar -----------------------------------------------------------------------
    def parse(self, text: str, seat: str, state: S) -> Order:
        """Return the order written in `text`, read against the seat's own view only."""
        reader = Reader(self.view(state, seat), self.prompt_for(state, seat), self.help)
        return self.GRAMMAR.parse(text, reader)

    def format_order(self, order_: Order) -> str:
        """Return the canonical text of `order_`."""
        return self.ORDERS.text(order_)

    def help(self, prompt: Prompt) -> str:
        """Return the lines telling the prompted seat what it can write now."""
        return self.GRAMMAR.help_text(prompt)

    def order_help(self, word: str, prompt: Prompt | None) -> str:
        """Return the help of the orders `word` names, from the grammar and the orders'
        declarations ('' when it names none)."""
        kinds = self.GRAMMAR.kinds_of_word(word)
        specs = {spec.kind: spec for spec in self.ORDERS.specs.values()}
        found = [(kind, specs[kind].syntax, specs[kind].label) for kind in kinds
                 if kind in specs]
        return self.GRAMMAR.order_help(found, prompt) if found else ""


def _among(ref: Seat, deciders: Iterable[Any]) -> bool:
    """Return whether `ref` is one of `deciders` (a tuple or range is not copied)."""
    if type(deciders) is tuple or type(deciders) is range:
        return ref in deciders
    return ref in tuple(deciders)


def _text(text: str | Callable[[Any, Any], str], state: Any, ref: Any) -> str:
    """Return a text given plainly or as `(state, seat) -> text`."""
    return text if isinstance(text, str) else text(state, ref)


def _passes(step: Step, state: Any, ref: Any, order_: Any) -> bool:
    """Return whether `order_` passes the step's check."""
    try:
        step.check_order(state, ref, order_)
    except RuleViolation:
        return False
    return True


def missing_declarations(game: KitGame[Any]) -> list[str]:
    """Return what a kit game's declarations lack (events, evolvers, order texts, secrecy)."""
    problems = game.EVENTS.missing() + missing_secrecy(game)
    handled = {cls for step in game.STEPS for cls in step.kinds}
    for cls, spec in game.ORDERS.specs.items():
        if cls is not DefaultOrder and cls not in handled:
            problems.append(f"order {spec.kind} is taken by no step")
        if not spec.syntax or not spec.label:
            problems.append(f"order {spec.kind} has no label or syntax")
        if cls is not DefaultOrder and spec.kind not in game.GRAMMAR.kinds():
            problems.append(f"order {spec.kind} has no grammar rule")
    return problems
