"""The Masons game object: the kit's machinery over the game's hooks."""
from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, ClassVar

from engine.core.contract import OptionSpec, Outcome, Prompt, Termination
from engine.core.kit import Emitter, KitGame, Step
from engine.core.parts import Parts
from engine.core.rng import Rng

from . import (
    events,
    flow,
    grammar,
    house,
    orders,
    render,
    secrecy,
    standing,
    steps,
    summaries,
    text,
    view,
)
from .evolve import initial_state
from .state import Phase, State


class Masons(KitGame[State]):
    """Masons: walls, towers and houses make cities, scored with guild cards."""

    name: ClassVar[str] = "masons"
    title: ClassVar[str] = "Masons"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    version: ClassVar[str] = "1.1"
    older_versions: ClassVar[tuple[str, ...]] = ("1.0",)
    """1.0: the end was found at the end of a turn, by a supply that was empty then, so
    pieces going back to the supply (walls of a merge, houses of a palace) let play go on."""
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("scoring", "choice", "sealed",
                   "sealed: everyone chooses scoring cards at once, sealed, revealed together "
                   "(new games: one mail per scoring; see the rules page for why this is "
                   "faithful); turns: each player chooses in turn, the wall's builder first "
                   "(as at the table, and as every game created before this choice reads)",
                   choices=("sealed", "turns")),
    )
    PARTS: ClassVar[Parts] = Parts(state=State, events=events, orders=orders, grammar=grammar,
                                   steps=steps, view=view, text=text, render=render,
                                   secrecy=secrecy, standing=standing, house=house)
    hidden_information: ClassVar[bool] = True
    """Hands, the face-down supply and sealed choices are hidden."""

    def initial_state(self, seats: tuple[str, ...], options: Mapping[str, Any]) -> State:
        """Return the state before setup: 2 to 4 distinct seats, clockwise."""
        if not self.min_players <= len(seats) <= self.max_players or len(set(seats)) != len(
                seats):
            raise ValueError(f"{self.title} needs {self.min_players} to {self.max_players} "
                             "distinct seats")
        return initial_state(tuple(seats), options, self.version)

    def older(self, version: str) -> Masons:
        """Return the rules of version 1.0, kept for the games created under it."""
        if version != "1.0":
            return super().older(version)  # type: ignore[return-value]
        return _version_10()

    def start(self, state: State, rng: Rng) -> list[Any]:
        """Return the deal and the first turn."""
        em: Emitter[State] = Emitter(self, state)
        flow.set_up(em, rng)
        return em.events

    def prompt_key(self, state: State, open_step: Step) -> str:
        """Return the id of the decision point, e.g. t4.57.score."""
        return f"t{state.turn}.{state.step}.{open_step.key}"

    def standing_scope(self, state: State) -> str:
        """Return the mark of the turn now (answers ahead hold for it): t7."""
        return f"t{state.turn}"

    def seat_ref(self, state: State, seat: str) -> int:
        """Return the index of `seat` (the rules count seats clockwise)."""
        return state.index(seat)

    def seat_name(self, state: State, ref: Any) -> str:
        """Return the seat name of index `ref`."""
        return str(state.seats[ref])

    def label(self, state: State) -> str:
        """Return where the game stands, e.g. 'Turn 7, scoring city 2'."""
        if state.phase is Phase.OVER:
            return "Game over"
        if state.phase is Phase.FINAL:
            return "Final scoring"
        if state.phase in (Phase.SCORE, Phase.SWAP):
            return f"Turn {state.turn}, scoring city {state.city}"
        return f"Turn {state.turn}"

    def outcome(self, state: State) -> Outcome | None:
        """Return the winners once the game is over, else None."""
        if state.phase is not Phase.OVER:
            return None
        return Outcome(state.winners, state.reason,
                       dict(zip(state.seats, state.scores, strict=True)),
                       termination=Termination.LAST_ROUND)

    def help(self, prompt: Prompt) -> str:
        """Return what the prompted seat can write now (long lists shown compactly)."""
        return summaries.help_text(prompt)





class MasonsVersion10(Masons):
    """Masons as engine version 1.0 plays it, for the games created under it."""

    version: ClassVar[str] = "1.0"
    older_versions: ClassVar[tuple[str, ...]] = ()


@cache
def _version_10() -> MasonsVersion10:
    """Return the one game object playing the rules of version 1.0."""
    return MasonsVersion10()


GAME = Masons()
