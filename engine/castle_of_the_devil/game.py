"""The Castle of the Devil game object: its facts and the hooks the kit calls."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.core.contract import Canaries, OptionSpec, Outcome, Termination, TypeTable
from engine.core.kit import KitGame, Step
from engine.core.rng import Rng

from . import evolve, render, rules_turns, secrecy, standing, steps, text, view
from .cards import OBJECTS, PROFESSIONS
from .events import EVENTS
from .grammar import GRAMMAR
from .orders import ORDERS
from .state import Phase, State


class CastleOfTheDevil(KitGame[State]):
    """Castle of the Devil: two hidden societies trade, spy and duel for Keys and Goblets."""

    name: ClassVar[str] = "castle-of-the-devil"
    title: ClassVar[str] = "Castle of the Devil"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 8
    version: ClassVar[str] = "1.0"
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    EVENTS = EVENTS
    ORDERS = ORDERS
    GRAMMAR = GRAMMAR
    STEPS = tuple(steps.STEPS.values())
    STANDING = standing.TOPICS
    events: ClassVar[TypeTable] = EVENTS.table
    orders: ClassVar[TypeTable] = ORDERS.table
    state_type: ClassVar[type] = State
    hidden_information: ClassVar[bool] = True
    """Objects, society cards, face-down professions and the pile are hidden."""

    def initial_state(self, seats: tuple[str, ...], options: Mapping[str, Any]) -> State:
        """Return the state before setup: 4 to 8 distinct seats, clockwise."""
        if not self.min_players <= len(seats) <= self.max_players or len(set(seats)) != len(
                seats):
            raise ValueError(f"{self.title} needs {self.min_players} to {self.max_players} "
                             "distinct seats")
        return evolve.initial_state(tuple(seats))

    def start(self, state: State, rng: Rng) -> list[Any]:
        """Return the setup events and the opening of the first turn."""
        em = rules_turns.Emitter(self, state)
        rules_turns.set_up(em, rng)
        return em.events

    def step(self, state: State) -> Step | None:
        """Return the open decision point."""
        return steps.step(state)

    def prompt_key(self, state: State, step: Step) -> str:
        """Return the id of the current decision point, e.g. t4.57.answer."""
        return steps.prompt_key(state)

    def standing_scope(self, state: State) -> str:
        """Return the mark of the turn now (answers ahead hold for it): t4."""
        return f"t{state.turn}"

    def seat_ref(self, state: State, seat: str) -> int:
        """Return the index of `seat` (the rules count seats clockwise)."""
        return state.index(seat)

    def seat_name(self, state: State, ref: int) -> str:
        """Return the name of seat index `ref`."""
        return state.seats[ref]

    def seat_view(self, state: State, seat: str | None) -> dict[str, Any]:
        """Return what `seat` may see."""
        return view.view(state, seat)

    def label(self, state: State) -> str:
        """Return e.g. 'Turn 4'."""
        return f"Turn {state.turn}" if state.turn else ""

    def outcome(self, state: State) -> Outcome | None:
        """Return the winners once a proclamation has been judged, else None."""
        if state.phase is not Phase.OVER:
            return None
        scores = {seat: int(seat in state.winners) for seat in state.seats}
        return Outcome(state.winners, state.reason, scores, termination=Termination.GOAL)

    def render_text(self, view_data: Mapping[str, Any]) -> str:
        """Return a plain-text picture of a view."""
        return text.render_text(view_data)

    def render_board_svg(self, view_data: Mapping[str, Any]) -> str:
        """Return the table seen in a view as an SVG document."""
        return render.render_board_svg(view_data)

    def plant_canaries(self, state: State, canaries: Canaries) -> State:
        """Return `state` with every hidden item replaced by a canary."""
        return secrecy.plant_canaries(state, canaries)

    def hidden_variant(self, state: State, seat: str | None, rng: Rng) -> State | None:
        """Return `state` with what `seat` may not know reshuffled."""
        return secrecy.hidden_variant(state, seat, rng)

    def probe_words(self) -> tuple[str, ...]:
        """Return the names of objects and professions."""
        return tuple(OBJECTS) + tuple(PROFESSIONS)
