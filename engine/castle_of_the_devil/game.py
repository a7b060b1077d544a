"""The Castle of the Devil game object: its facts and the hooks the kit calls."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.core.contract import OptionSpec, Outcome, Termination
from engine.core.kit import KitGame, Step
from engine.core.parts import Parts
from engine.core.rng import Rng

from . import (
    events,
    evolve,
    flow,
    grammar,
    house,
    orders,
    render,
    rules_claims,
    secrecy,
    standing,
    steps,
    text,
    view,
)
from .state import Phase, State


class CastleOfTheDevil(KitGame[State]):
    """Castle of the Devil: two hidden societies trade, spy and duel for Keys and Goblets."""

    name: ClassVar[str] = "castle-of-the-devil"
    title: ClassVar[str] = "Castle of the Devil"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 8
    version: ClassVar[str] = "1.0"
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    PARTS: ClassVar[Parts] = Parts(state=State, events=events, orders=orders, grammar=grammar,
                                   steps=steps, view=view, text=text, render=render,
                                   secrecy=secrecy, standing=standing, house=house)
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
        em = flow.Emitter(self, state)
        flow.set_up(em, rng)
        return em.events

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

    def label(self, state: State) -> str:
        """Return e.g. 'Turn 4'."""
        return f"Turn {state.turn}" if state.turn else ""

    def outcome(self, state: State) -> Outcome | None:
        """Return the winners once a proclamation has been judged, else None."""
        if state.phase is not Phase.OVER:
            return None
        scores = {seat: int(seat in state.winners) for seat in state.seats}
        return Outcome(state.winners, state.reason, scores, termination=Termination.GOAL)

    def revealed_teams(self, state: State) -> tuple[tuple[str, ...], ...] | None:
        """Return the two societies, the winners first, when a society's claim decided the
        game; None for a Seal of the Lodge win (one player alone) or before the end."""
        return rules_claims.revealed_societies(state)
