"""The Freimaurerei game object: the kit's hooks for two principalities and their lodges."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.core.contract import Event, OptionSpec, Outcome, Termination
from engine.core.kit import Emitter, KitGame, Step
from engine.core.parts import Parts
from engine.core.rng import Rng

from . import events, grammar, house, orders, render, secrecy, standing, steps, text, view
from .evolve import initial_state
from .flow import set_up
from .state import Options, Phase, State

PLAYERS = 2
TAROT_ONLY = "Tarot only: choosing it plays with the Tarot."


class Freimaurerei(KitGame[State]):
    """Freimaurerei by Matthew Rogers: two principalities, nested secret alignments."""

    name: ClassVar[str] = "freimaurerei"
    title: ClassVar[str] = "Freimaurerei"
    min_players: ClassVar[int] = PLAYERS
    max_players: ClassVar[int] = PLAYERS
    version: ClassVar[str] = "1.1"
    older_versions: ClassVar[tuple[str, ...]] = ("1.0",)
    """1.0: a defection on recruitment was not chosen; the lowest-numbered Mason came."""
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
    PARTS: ClassVar[Parts] = Parts(state=State, events=events, orders=orders, grammar=grammar,
                                   steps=steps, view=view, text=text, render=render,
                                   secrecy=secrecy, standing=standing, house=house)
    hidden_information: ClassVar[bool] = True
    """Inner alignments, sealed choices, deck orders and the bag are hidden."""

    def __init__(self, choose_defectors: bool = True) -> None:
        super().__init__()
        self.choose_defectors = choose_defectors

    def older(self, version: str) -> Freimaurerei:
        """Return the rules of version 1.0: the lowest-numbered defector comes unasked."""
        if version != "1.0":
            return super().older(version)  # type: ignore[return-value]
        return Freimaurerei(choose_defectors=False)

    def initial_state(self, seats: tuple[str, ...], options: Mapping[str, Any]) -> State:
        """Return the state before setup: two distinct seats."""
        if len(seats) != PLAYERS or len(set(seats)) != PLAYERS:
            raise ValueError(f"{self.title} needs exactly {PLAYERS} distinct seats")
        chosen = {spec.name: bool(options.get(spec.name, spec.default)) for spec in self.options}
        return initial_state(tuple(seats), Options(**chosen))

    def start(self, state: State, rng: Rng) -> list[Event]:
        """Return the setup events: principalities, decks, rulers and starting Masons."""
        em: Emitter[State] = Emitter(self, state)
        set_up(em, rng)
        return em.events

    def prompt_key(self, state: State, step: Step) -> str:
        """Return the id of the open decision point, e.g. t7.a2.intrigue-roll.3."""
        return steps.prompt_key(state)

    def standing_scope(self, state: State) -> str:
        """Return the mark of the turn now (answers ahead hold for it): t7."""
        return "" if state.phase is Phase.SETUP else f"t{state.turn}"

    def read_standing(self, text: str, seat: str, state: State, *,
                      ahead: bool = False, after: Any = None) -> tuple[Any, ...]:
        """Return the entries written in `text`, an initiation or a move written with an
        action's word filed for the steps of the action (`standing.refile`); each entry may
        begin with `then` (`advance, then advance M9 by SM, then done`)."""
        text = standing.THEN_ENTRY.sub(r"\1", text)
        return standing.refile(super().read_standing(text, seat, state, ahead=ahead,
                                                    after=after))

    def seat_ref(self, state: State, seat: str) -> int:
        """Return the index of the principality `seat` plays (-1: none)."""
        return state.realm_of(seat)

    def seat_name(self, state: State, ref: int) -> str:
        """Return the seat playing principality `ref`."""
        return state.realms[ref].seat

    def label(self, state: State) -> str:
        """Return where the game stands, e.g. 'Turn 3, action 2 of 2'."""
        if state.phase is Phase.SETUP:
            return "Setup"
        if state.result is not None:
            return "Game over"
        return f"Turn {state.turn}, action {state.action} of {state.actions}"

    def outcome(self, state: State) -> Outcome | None:
        """Return the winners, points and reason once the game is scored, else None."""
        result = state.result
        if result is None:
            return None
        return Outcome(result.winners, result.reason, dict(result.points),
                       termination=Termination.LAST_ROUND)







__all__ = ["Freimaurerei"]
