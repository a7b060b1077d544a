"""The Masons game object: wires state, rules, views and grammar to the contract."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.core.contract import (
    Audience,
    Canaries,
    Event,
    Game,
    OptionSpec,
    Order,
    Outcome,
    Prompt,
    TypeTable,
)
from engine.core.errors import WrongOrderKind
from engine.core.rng import Rng

from . import describe, grammar, prompts, render, secrecy, text, turn, view
from .events import EVENT_TYPES
from .evolve import evolve, initial_state
from .orders import ORDER_TYPES, canonical_text
from .rules import deciders
from .state import Phase, State
from .steps import resolve_default, step_of


class Masons(Game[State]):
    """Masons: walls, towers and houses make cities, scored with guild cards."""

    name: ClassVar[str] = "masons"
    title: ClassVar[str] = "Masons"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    version: ClassVar[str] = "1.0"
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("scoring", "choice", "turns",
                   "turns: each player chooses scoring cards in turn, the wall's builder first "
                   "(the rules); sealed: everyone chooses at once, sealed, for faster play",
                   choices=("turns", "sealed")),
    )
    events: ClassVar[TypeTable] = TypeTable(EVENT_TYPES, "event_type")
    orders: ClassVar[TypeTable] = TypeTable(ORDER_TYPES, "order_kind")
    state_type: ClassVar[type] = State

    def initial_state(self, seats: tuple[str, ...], options: Mapping[str, Any]) -> State:
        """Return the state before setup: 2 to 4 distinct seats, clockwise."""
        if not self.min_players <= len(seats) <= self.max_players or len(set(seats)) != len(
                seats):
            raise ValueError(f"{self.title} needs {self.min_players} to {self.max_players} "
                             "distinct seats")
        return initial_state(tuple(seats), options)

    def start(self, state: State, rng: Rng) -> list[Event]:
        """Return the deal and the first turn."""
        em = turn.Emitter(state)
        turn.set_up(em, rng)
        return em.events

    def evolve(self, state: State, event: Event) -> State:
        """Return the state after `event`."""
        return evolve(state, event)

    def prompts(self, state: State) -> tuple[Prompt, ...]:
        """Return the decisions open now."""
        return prompts.prompts(state)

    def decide(self, state: State, seat: str, order: Order, rng: Rng) -> list[Event]:
        """Return the events `order` by `seat` causes, or raise a RuleViolation."""
        self.check_prompted(state, seat)
        index = state.index(seat)
        step = step_of(state)
        assert step is not None
        order = resolve_default(state, index, order, rng)
        if not isinstance(order, step.kinds):
            kind = getattr(type(order), "order_kind", type(order).__name__)
            raise WrongOrderKind(f"A {kind} order is not taken now: {step.doing}.",
                                 legal="Write help to see what you can write now.")
        step.check(state, index, order)
        em = turn.Emitter(state)
        step.handle(em, index, order, rng)
        return em.events

    def legal_orders(self, state: State, seat: str) -> Sequence[Order]:
        """Return every order `seat` may give now."""
        index = state.index(seat)
        step = step_of(state)
        if step is None or index not in deciders(state):
            return []
        return step.candidates(state, index)

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        """Return what `seat` may see."""
        return view.view(state, seat)

    def visibility(self, event: Event) -> Audience:
        """Return who may read `event` before the game ends."""
        return view.visibility(event)

    def describe(self, event: Event) -> str:
        """Return a one-line account of `event`."""
        return describe.describe(event)

    def outcome(self, state: State) -> Outcome | None:
        """Return the winners once the game is over, else None."""
        if state.phase is not Phase.OVER:
            return None
        return Outcome(state.winners, state.reason, dict(zip(state.seats, state.scores,
                                                             strict=True)))

    def render_text(self, view_data: Mapping[str, Any]) -> str:
        """Return a plain-text picture of a view."""
        return text.render_text(view_data)

    def render_board_svg(self, view_data: Mapping[str, Any]) -> str:
        """Return the board seen in a view as an SVG document."""
        return render.render_board_svg(view_data)

    def parse(self, text: str, seat: str, state: State) -> Order:
        """Return the order written in `text`, read against the seat's view."""
        return grammar.parse(text, view.view(state, seat))

    def format_order(self, order: Order) -> str:
        """Return the canonical text of `order`."""
        return canonical_text(order)

    def help(self, prompt: Prompt) -> str:
        """Return what the prompted seat can write now."""
        return prompts.help_text(prompt)

    def plant_canaries(self, state: State, canaries: Canaries) -> State:
        """Return `state` with every hidden card replaced by a canary."""
        return secrecy.plant_canaries(state, canaries)


GAME = Masons()
