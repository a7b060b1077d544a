"""The Sealed Bid game object: the kit's hooks over state, steps, views and grammar."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.core.contract import Canaries, Outcome, Termination, TypeTable
from engine.core.kit import Emitter, KitGame, Step
from engine.core.rng import Rng

from . import render, rules, secrecy, steps, text, view
from .events import EVENTS
from .evolve import initial_state
from .grammar import GRAMMAR
from .orders import ORDERS
from .state import State


class SealedBid(KitGame[State]):
    """Sealed Bid: each round every bidder seals a card of its hidden hand for the lot on offer."""

    name: ClassVar[str] = "sealed-bid"
    title: ClassVar[str] = "Sealed Bid"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    version: ClassVar[str] = "1"
    EVENTS = EVENTS
    ORDERS = ORDERS
    GRAMMAR = GRAMMAR
    STEPS = steps.STEPS
    events: ClassVar[TypeTable] = EVENTS.table
    orders: ClassVar[TypeTable] = ORDERS.table
    state_type: ClassVar[type] = State
    hidden_information: ClassVar[bool] = True
    """Hands, sealed bids and the order of the face-down lots are hidden."""

    def initial_state(self, seats: tuple[str, ...], options: Mapping[str, Any]) -> State:
        """Return the auction before the deal: two to four distinct seats."""
        if not self.min_players <= len(set(seats)) == len(seats) <= self.max_players:
            raise ValueError(f"{self.title} needs {self.min_players} to {self.max_players} "
                             "distinct seats")
        return initial_state(tuple(seats))

    def start(self, state: State, rng: Rng) -> list[Any]:
        """Return the deal, the face-down lots and the first round."""
        em: Emitter[State] = Emitter(self, state)
        rules.set_up(em, rng)
        return em.events

    def step(self, state: State) -> Step | None:
        """Return the decision point open now."""
        return steps.step(state)

    def prompt_key(self, state: State, step: Step) -> str:
        """Return the id of the open decision: the round's bid, e.g. r2.bid."""
        return f"r{state.round}.{step.key}"

    def seat_view(self, state: State, seat: str | None) -> dict[str, Any]:
        """Return what `seat` may see."""
        return view.seat_view(state, seat)

    def label(self, state: State) -> str:
        """Return e.g. 'Round 2 of 4'."""
        return view.label(state)

    def outcome(self, state: State) -> Outcome | None:
        """Return the bidders with the most valuable lots once the last round is shown."""
        if not state.over:
            return None
        scores = {bidder.seat: bidder.score for bidder in state.bidders}
        best = max(scores.values())
        winners = tuple(seat for seat, score in scores.items() if score == best)
        return Outcome(winners, f"{' and '.join(winners)} won lots worth {best}", scores,
                       termination=Termination.LAST_ROUND)

    def plant_canaries(self, state: State, canaries: Canaries) -> State:
        """Return `state` with every hidden item replaced by a canary (secrecy tests)."""
        return secrecy.plant_canaries(state, canaries)

    def hidden_variant(self, state: State, seat: str | None, rng: Rng) -> State | None:
        """Return `state` with what `seat` may not know dealt anew (secrecy tests)."""
        return secrecy.hidden_variant(state, seat, rng)

    def probe_words(self) -> tuple[str, ...]:
        """Return the names players write: card numbers."""
        return secrecy.probe_words()

    def render_text(self, view_data: Mapping[str, Any]) -> str:
        """Return a plain-text picture of a view."""
        return text.render_text(view_data)

    def render_board_svg(self, view_data: Mapping[str, Any]) -> str:
        """Return the board picture of a view as a standalone SVG document."""
        return render.render_board_svg(view_data)
