"""The Castle of the Devil game object: wires state, rules, views and grammar to the contract."""
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
from engine.core.rng import Rng

from . import decide as deciding
from . import describe, grammar, prompts, render, secrecy, text, turns, view
from .events import EVENT_TYPES
from .evolve import evolve, initial_state
from .orders import ORDER_TYPES
from .state import Phase, State


class CastleOfTheDevil(Game[State]):
    """Castle of the Devil: two hidden societies trade, spy and duel for Keys and Goblets."""

    name: ClassVar[str] = "castle-of-the-devil"
    title: ClassVar[str] = "Castle of the Devil"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 8
    version: ClassVar[str] = "1.0"
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    events: ClassVar[TypeTable] = TypeTable(EVENT_TYPES, "event_type")
    orders: ClassVar[TypeTable] = TypeTable(ORDER_TYPES, "order_kind")
    state_type: ClassVar[type] = State

    def initial_state(self, seats: tuple[str, ...], options: Mapping[str, Any]) -> State:
        """Return the state before setup: 4 to 8 distinct seats, clockwise."""
        if not self.min_players <= len(seats) <= self.max_players or len(set(seats)) != len(
                seats):
            raise ValueError(f"{self.title} needs {self.min_players} to {self.max_players} "
                             "distinct seats")
        return initial_state(tuple(seats))

    def start(self, state: State, rng: Rng) -> list[Event]:
        """Return the setup events and the opening of the first turn."""
        em = turns.Emitter(state)
        turns.set_up(em, rng)
        return em.events

    def evolve(self, state: State, event: Event) -> State:
        """Return the state after `event`."""
        return evolve(state, event)

    def prompts(self, state: State) -> tuple[Prompt, ...]:
        """Return the decisions open now."""
        return prompts.prompts(state)

    def prompt_for(self, state: State, seat: str) -> Prompt | None:
        """Return the open decision of `seat`, if any (built for that seat alone)."""
        return prompts.prompt_for(state, state.index(seat))

    def decide(self, state: State, seat: str, order: Order, rng: Rng) -> list[Event]:
        """Return the events `order` by `seat` causes, or raise a RuleViolation."""
        self.check_turn(state, seat)
        return deciding.decide(state, state.index(seat), order, rng)

    def is_deciding(self, state: State, seat: str) -> bool:
        """Return whether `seat` has a decision open now."""
        return prompts.is_deciding(state, state.index(seat))

    def legal_orders(self, state: State, seat: str) -> Sequence[Order]:
        """Return every order `seat` may give now."""
        index = state.index(seat)
        return deciding.legal_orders(state, index) if index >= 0 else []

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
        """Return the winners once a proclamation has been judged, else None."""
        if state.phase is not Phase.OVER:
            return None
        scores = {seat: int(seat in state.winners) for seat in state.seats}
        return Outcome(state.winners, state.reason, scores)

    def render_text(self, view_data: Mapping[str, Any]) -> str:
        """Return a plain-text picture of a view."""
        return text.render_text(view_data)

    def render_board_svg(self, view_data: Mapping[str, Any]) -> str:
        """Return the table seen in a view as an SVG document."""
        return render.render_board_svg(view_data)

    def parse(self, text: str, seat: str, state: State) -> Order:
        """Return the order written in `text`."""
        return grammar.parse(text, state.index(seat), state)

    def format_order(self, order: Order) -> str:
        """Return the canonical text of `order`."""
        return grammar.format_order(order)

    def help(self, prompt: Prompt) -> str:
        """Return what the prompted seat can write now."""
        return grammar.help_text(prompt)

    def plant_canaries(self, state: State, canaries: Canaries) -> State:
        """Return `state` with every hidden item replaced by a canary."""
        return secrecy.plant_canaries(state, canaries)
