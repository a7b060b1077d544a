"""The Illuminati game object: wires state, rules, views and grammar to the contract."""
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

from . import describe, grammar, prompts, render, secrecy, text, view
from .candidates import listed
from .events import EVENT_TYPES
from .evolve import evolve, initial_state
from .flow import Emitter, set_up
from .orders import ORDER_TYPES, format_order
from .state import Phase, State
from .steps import STEPS


class Illuminati(Game[State]):
    """Illuminati: secret conspiracies take over the world's groups, one attack at a time."""

    name: ClassVar[str] = "illuminati"
    title: ClassVar[str] = "Illuminati"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    version: ClassVar[str] = "1.0"
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("goal-adjust", "int", 0, "added to the number of groups of the basic goal "
                   "(the service's own option for shorter or longer games)",
                   minimum=-3, maximum=3),)
    events: ClassVar[TypeTable] = TypeTable(EVENT_TYPES, "event_type")
    orders: ClassVar[TypeTable] = TypeTable(ORDER_TYPES, "order_kind")
    state_type: ClassVar[type] = State

    def initial_state(self, seats: tuple[str, ...], options: Mapping[str, Any]) -> State:
        """Return the state before setup: 2 to 8 distinct seats in playing order."""
        if not self.min_players <= len(seats) <= self.max_players or len(set(seats)) != len(
                seats):
            raise ValueError(f"{self.title} needs {self.min_players} to {self.max_players} "
                             "distinct seats")
        return initial_state(tuple(seats), int(options.get("goal-adjust", 0)))

    def start(self, state: State, rng: Rng) -> list[Event]:
        """Return the setup events and the opening of the first turn."""
        em = Emitter(state)
        set_up(em, rng)
        return em.events

    def evolve(self, state: State, event: Event) -> State:
        """Return the state after `event`."""
        return evolve(state, event)

    def prompts(self, state: State) -> tuple[Prompt, ...]:
        """Return the decisions open now."""
        return prompts.prompts(state)

    def prompt_for(self, state: State, seat: str) -> Prompt | None:
        """Return the open decision of `seat`, if any (built for that seat alone)."""
        return prompts.prompt(state, seat) if seat in prompts.deciders_of(state) else None

    def decide(self, state: State, seat: str, order: Order, rng: Rng) -> list[Event]:
        """Return the events `order` by `seat` causes, or raise a RuleViolation."""
        self.check_prompted(state, seat)
        step = STEPS[state.phase]
        rule = step.rules.get(type(order))
        if rule is None:
            kind = getattr(type(order), "order_kind", type(order).__name__)
            raise WrongOrderKind(f"A {kind} order is not taken now: {step.doing}.",
                                 legal=prompts.you_can_write(state, seat))
        rule[0](state, seat, order)
        em = Emitter(state)
        rule[1](em, seat, order, rng)
        return em.events

    def legal_orders(self, state: State, seat: str) -> Sequence[Order]:
        """Return a fair sample of the orders `seat` may give now (attacks cannot be listed)."""
        if seat not in prompts.deciders_of(state):
            return []
        return listed(state, seat)

    def can_list(self, state: State, seat: str) -> bool:
        """Return True: the listed sample is what random players choose from."""
        return True

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
        """Return the winners once someone met a goal, else None."""
        if state.phase is not Phase.OVER:
            return None
        scores = {seat: len(state.player(seat).cards) for seat in state.seats}
        return Outcome(state.winners, state.reason, scores)

    def render_text(self, view_data: Mapping[str, Any]) -> str:
        """Return a plain-text picture of a view."""
        return text.render_text(view_data)

    def render_board_svg(self, view_data: Mapping[str, Any]) -> str:
        """Return the power structures seen in a view as an SVG document."""
        return render.render_board_svg(view_data)

    def parse(self, text_: str, seat: str, state: State) -> Order:
        """Return the order written in `text_`."""
        return grammar.parse(text_, seat, view.view(state, seat))

    def format_order(self, order: Order) -> str:
        """Return the canonical text of `order`."""
        return format_order(order)

    def help(self, prompt: Prompt) -> str:
        """Return what the prompted seat can write now."""
        return prompts.help_text(prompt)

    def plant_canaries(self, state: State, canaries: Canaries) -> State:
        """Return `state` with every hidden item replaced by a canary."""
        return secrecy.plant_canaries(state, canaries)
