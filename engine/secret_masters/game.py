"""The Secret Masters game object: wires state, rules, views and grammar to the engine contract."""
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
from . import grammar, prompts, render, rules, turns, view
from .board import points
from .events import EVENT_TYPES
from .evolve import evolve, initial_state
from .orders import ORDER_TYPES
from .state import Phase, State

PLAYERS = 3


class SecretMasters(Game[State]):
    """Secret Masters by David Brain: three secret factions vote agents into power."""

    name: ClassVar[str] = "secret-masters"
    title: ClassVar[str] = "Secret Masters"
    min_players: ClassVar[int] = PLAYERS
    max_players: ClassVar[int] = PLAYERS
    version: ClassVar[str] = "1.0"
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("long", "bool", False, "Longer game: a faction needs 6 points instead of 5."),
    )
    events: ClassVar[TypeTable] = TypeTable(EVENT_TYPES, "event_type")
    orders: ClassVar[TypeTable] = TypeTable(ORDER_TYPES, "order_kind")
    state_type: ClassVar[type] = State

    def initial_state(self, seats: tuple[str, ...], options: Mapping[str, Any]) -> State:
        """Return the state before setup: three distinct seats, clockwise."""
        if len(seats) != PLAYERS or len(set(seats)) != PLAYERS:
            raise ValueError(f"{self.title} needs exactly {PLAYERS} distinct seats")
        return initial_state(tuple(seats), bool(options.get("long", False)))

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

    def decide(self, state: State, seat: str, order: Order, rng: Rng) -> list[Event]:
        """Return the events `order` by `seat` causes, or raise a RuleViolation."""
        self.check_turn(state, seat)
        return deciding.decide(state, state.seat_index(seat), order, rng)

    def is_deciding(self, state: State, seat: str) -> bool:
        """Return whether `seat` has a decision open now."""
        return state.seat_index(seat) in rules.deciding_seats(state)

    def legal_orders(self, state: State, seat: str) -> Sequence[Order]:
        """Return every order `seat` may give now."""
        index = state.seat_index(seat)
        return rules.legal_orders(state, index) if index >= 0 else []

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        """Return what `seat` may see."""
        return view.view(state, seat)

    def visibility(self, event: Event) -> Audience:
        """Return who may read `event` before the game ends."""
        return view.visibility(event)

    def describe(self, event: Event) -> str:
        """Return a one-line account of `event`."""
        return view.describe(event)

    def outcome(self, state: State) -> Outcome | None:
        """Return the winner once a faction has won, else None."""
        if state.phase is not Phase.OVER or state.winner is None:
            return None
        seat = state.seats[state.winner]
        faction = state.factions[state.winner]
        colour = faction.value.capitalize() if faction else "?"
        totals = points(state.board)
        scores = {s: totals[f] for s, f in zip(state.seats, state.factions) if f is not None}
        reason = (f"{seat} ({colour} faction) controlled {state.win_points} points at the start "
                  f"of their turn (goal {state.goal}).")
        return Outcome((seat,), reason, scores)

    def plant_canaries(self, state: State, canaries: Canaries) -> State:
        """Return `state` with every hidden item replaced by a canary (secrecy tests)."""
        return view.plant_canaries(state, canaries)

    def render_text(self, view_data: Mapping[str, Any]) -> str:
        """Return a plain-text picture of a view."""
        return view.render_text(view_data)

    def render_board_svg(self, view_data: Mapping[str, Any]) -> str:
        """Return the board picture of a view as a standalone SVG document."""
        return render.render_board_svg(view_data)

    def parse(self, text: str, seat: str, state: State) -> Order:
        """Return the order written in `text`."""
        return grammar.parse(text, state.seat_index(seat), state)

    def format_order(self, order: Order) -> str:
        """Return the canonical text of `order`."""
        return grammar.format_order(order)

    def help(self, prompt: Prompt) -> str:
        """Return what the prompted seat can write now."""
        return grammar.help_text(prompt)
