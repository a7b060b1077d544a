"""The Freimaurerei game object: wires state, rules, views and grammar to the engine contract."""
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
from . import describe, grammar, prompts, render, secrecy, text, view
from .events import EVENT_TYPES
from .evolve import evolve, initial_state
from .legal import deciding_seats, legal_orders
from .orders import ORDER_TYPES
from .state import Options, State
from .turns import Emitter, set_up

PLAYERS = 2
TAROT_ONLY = "Tarot only: choosing it plays with the Tarot."


class Freimaurerei(Game[State]):
    """Freimaurerei by Matthew Rogers: two principalities, nested secret alignments."""

    name: ClassVar[str] = "freimaurerei"
    title: ClassVar[str] = "Freimaurerei"
    min_players: ClassVar[int] = PLAYERS
    max_players: ClassVar[int] = PLAYERS
    version: ClassVar[str] = "1.0"
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("tarot", "bool", False, "Play with the Masonic Tarot: épées and coupes are "
                   "Illuminati, bâtons and deniers Rosicrucian; four court cards per suit."),
        OptionSpec("ruler_joker", "bool", False, "Add the Joker (the Fool) to the Ruler deck; "
                   "a Joker ruler is settled by a further draw at the end."),
        OptionSpec("lodge_joker", "bool", False, "Add the Joker (the Wheel of Fortune) to the "
                   "Lodge deck; a Joker lodge is settled by a further draw at the end."),
        OptionSpec("hermit", "bool", False, "Add the Hermit to the Ruler deck: a ruler with no "
                   "alignment. " + TAROT_ONLY),
        OptionSpec("magician", "bool", False, "Add the Magician to the Ruler deck: it takes the "
                   "inner alignment of its principality's SM. " + TAROT_ONLY),
        OptionSpec("empress_emperor", "bool", False, "Add the Empress and the Emperor to the "
                   "Ruler deck: laid beside a ruler, one aligns both rulers. " + TAROT_ONLY),
        OptionSpec("tower", "bool", False, "Add the Tower to the Lodge deck: a lodge with no "
                   "alignment. " + TAROT_ONLY),
        OptionSpec("world", "bool", False, "Add the World to the Lodge deck: it takes the inner "
                   "alignment of its principality's SM. " + TAROT_ONLY),
    )
    events: ClassVar[TypeTable] = TypeTable(EVENT_TYPES, "event_type")
    orders: ClassVar[TypeTable] = TypeTable(ORDER_TYPES, "order_kind")
    state_type: ClassVar[type] = State

    def initial_state(self, seats: tuple[str, ...], options: Mapping[str, Any]) -> State:
        """Return the state before setup: two distinct seats."""
        if len(seats) != PLAYERS or len(set(seats)) != PLAYERS:
            raise ValueError(f"{self.title} needs exactly {PLAYERS} distinct seats")
        chosen = {spec.name: bool(options.get(spec.name, spec.default)) for spec in self.options}
        return initial_state(tuple(seats), Options(**chosen))

    def start(self, state: State, rng: Rng) -> list[Event]:
        """Return the setup events: principalities, decks, rulers and starting Masons."""
        em = Emitter(state)
        set_up(em, rng)
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
        return deciding.decide(state, seat, order, rng)

    def is_deciding(self, state: State, seat: str) -> bool:
        """Return whether `seat` has a decision open now."""
        return seat in deciding_seats(state)

    def legal_orders(self, state: State, seat: str) -> Sequence[Order]:
        """Return every order `seat` may give now."""
        return legal_orders(state, seat)

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        """Return what `seat` may see."""
        return view.view(state, seat)

    def visibility(self, event: Event) -> Audience:
        """Return who may read `event` before the game ends."""
        return describe.visibility(event)

    def describe(self, event: Event) -> str:
        """Return a one-line account of `event`."""
        return describe.describe(event)

    def outcome(self, state: State) -> Outcome | None:
        """Return the winners, points and reason once the game is scored, else None."""
        result = state.result
        if result is None:
            return None
        return Outcome(result.winners, result.reason, dict(result.points))

    def render_text(self, view_data: Mapping[str, Any]) -> str:
        """Return a plain-text picture of a view."""
        return text.render_text(view_data)

    def render_board_svg(self, view_data: Mapping[str, Any]) -> str:
        """Return the board picture of a view as an SVG document."""
        return render.render_board_svg(view_data)

    def parse(self, text: str, seat: str, state: State) -> Order:
        """Return the order written in `text`."""
        return grammar.parse(text, state.realm_of(seat), state)

    def format_order(self, order: Order) -> str:
        """Return the canonical text of `order`."""
        return grammar.format_order(order)

    def help(self, prompt: Prompt) -> str:
        """Return what the prompted seat can write now."""
        return grammar.help_text(prompt)

    def plant_canaries(self, state: State, canaries: Canaries) -> State:
        """Return `state` with every hidden item replaced by a canary."""
        return secrecy.plant_canaries(state, canaries)
