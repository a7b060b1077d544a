"""The Sealed Bid game object: its parts, and the hooks only its rules can answer."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.core.contract import Outcome, Termination
from engine.core.kit import Emitter, KitGame, Step
from engine.core.parts import Parts
from engine.core.rng import Rng

from . import events, flow, grammar, orders, render, secrecy, standing, steps, text, view
from .evolve import initial_state
from .state import State


class SealedBid(KitGame[State]):
    """Sealed Bid: each round every bidder seals a card of its hidden hand for the lots on offer."""

    name: ClassVar[str] = "sealed-bid"
    title: ClassVar[str] = "Sealed Bid"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    version: ClassVar[str] = "1"
    PARTS: ClassVar[Parts] = Parts(state=State, events=events, orders=orders, grammar=grammar,
                                   steps=steps, view=view, text=text, render=render,
                                   secrecy=secrecy, standing=standing)
    hidden_information: ClassVar[bool] = True
    """Hands, sealed bids, standing answers to sit out and the face-down lots are hidden."""

    def initial_state(self, seats: tuple[str, ...], options: Mapping[str, Any]) -> State:
        """Return the auction before the deal: two to four distinct seats."""
        if not self.min_players <= len(set(seats)) == len(seats) <= self.max_players:
            raise ValueError(f"{self.title} needs {self.min_players} to {self.max_players} "
                             "distinct seats")
        return initial_state(tuple(seats))

    def start(self, state: State, rng: Rng) -> list[Any]:
        """Return the deal, the face-down lots and the first round."""
        em: Emitter[State] = Emitter(self, state)
        flow.set_up(em, rng)
        return em.events

    def prompt_key(self, state: State, step: Step) -> str:
        """Return the id of the open decision: the round's bid or take, e.g. r2.bid."""
        return f"r{state.round}.{step.key}"

    def standing_scope(self, state: State) -> str:
        """Return the mark of the round now (answers ahead hold for it): r2."""
        return f"r{state.round}"

    def label(self, state: State) -> str:
        """Return e.g. 'Round 2 of 4'."""
        return view.label(state)

    def outcome(self, state: State) -> Outcome | None:
        """Return the bidders with the most valuable lots once the last round is done."""
        if not state.over:
            return None
        scores = {bidder.seat: bidder.score for bidder in state.bidders}
        best = max(scores.values())
        winners = tuple(seat for seat, score in scores.items() if score == best)
        return Outcome(winners, f"{' and '.join(winners)} won lots worth {best}", scores,
                       termination=Termination.LAST_ROUND)
