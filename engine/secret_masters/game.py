"""The Secret Masters game object: the kit's hooks over state, steps, views and grammar."""
from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, ClassVar

from engine.core.contract import OptionSpec, Outcome, Termination
from engine.core.kit import Emitter, KitGame, Step
from engine.core.parts import Parts
from engine.core.rng import Rng

from . import events, flow, grammar, house, orders, render, secrecy, standing, steps, text, view
from .evolve import initial_state
from .state import Phase, State, points

PLAYERS = 3


class SecretMasters(KitGame[State]):
    """Secret Masters by David Brain: three secret factions vote agents into power."""

    name: ClassVar[str] = "secret-masters"
    title: ClassVar[str] = "Secret Masters"
    min_players: ClassVar[int] = PLAYERS
    max_players: ClassVar[int] = PLAYERS
    version: ClassVar[str] = "1.1"
    older_versions: ClassVar[tuple[str, ...]] = ("1.0",)
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("long", "bool", False, "Longer game: a faction needs 6 points instead of 5."),
    )
    PARTS: ClassVar[Parts] = Parts(state=State, events=events, orders=orders, grammar=grammar,
                                   steps=steps, view=view, text=text, render=render,
                                   secrecy=secrecy, standing=standing, house=house)
    hidden_information: ClassVar[bool] = True
    """Factions, vote markers, sealed votes and the deck order are hidden."""

    grand_master_opens_rounds: ClassVar[bool] = False
    """The reading of version 1.0: each new Grand Master was also the round's first active seat
    (now the turn goes on clockwise across rounds)."""

    def older(self, version: str) -> SecretMasters:
        """Return the rules of version 1.0, kept for the games created under it."""
        return _version_10()

    def initial_state(self, seats: tuple[str, ...], options: Mapping[str, Any]) -> State:
        """Return the state before setup: three distinct seats, clockwise."""
        if len(seats) != PLAYERS or len(set(seats)) != PLAYERS:
            raise ValueError(f"{self.title} needs exactly {PLAYERS} distinct seats")
        return initial_state(tuple(seats), bool(options.get("long", False)))

    def start(self, state: State, rng: Rng) -> list[Any]:
        """Return the setup events and the opening of the first turn."""
        em: Emitter[State] = Emitter(self, state)
        flow.set_up(em, rng)
        return em.events

    def prompt_key(self, state: State, step: Step) -> str:
        """Return the id of the open decision point, e.g. r2.t1.vote or r2.redeploy."""
        if step is steps.REDEPLOY:
            return f"r{state.round}.redeploy"
        return f"r{state.round}.t{state.turn}.{step.key}"

    def standing_scope(self, state: State) -> str:
        """Return the mark of the turn now (answers ahead hold for it): r2.t1."""
        return f"r{state.round}.t{state.turn}"

    def seat_ref(self, state: State, seat: str) -> int:
        """Return the index of `seat` (-1 for a name that does not play)."""
        return state.seat_index(seat)

    def seat_name(self, state: State, ref: int) -> str:
        """Return the seat at index `ref`."""
        return state.seats[ref]

    def label(self, state: State) -> str:
        """Return e.g. 'Round 2, turn 1'."""
        return f"Round {state.round}, turn {state.turn}"

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
        return Outcome((seat,), reason, scores, termination=Termination.GOAL)







class SecretMastersVersion10(SecretMasters):
    """Secret Masters as engine version 1.0 plays it: every new Grand Master also opens the round."""

    version: ClassVar[str] = "1.0"
    older_versions: ClassVar[tuple[str, ...]] = ()
    grand_master_opens_rounds: ClassVar[bool] = True


@cache
def _version_10() -> SecretMastersVersion10:
    """Return the one game object playing the rules of version 1.0."""
    return SecretMastersVersion10()
