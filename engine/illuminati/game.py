"""The Illuminati game object: the kit's machinery over the game's steps, views and grammar."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache
from typing import Any, ClassVar

from engine.core.contract import OptionSpec, Outcome, Termination
from engine.core.errors import RuleViolation, UnreadableOrder
from engine.core.kit import Emitter, KitGame, Step
from engine.core.parts import Parts
from engine.core.rng import Rng
from engine.core.standing import Applied, Standing, live, split_entries

from . import events, grammar, house, orders, render, script, secrecy, standing, steps, text, view
from . import evolve as _evolvers  # noqa: F401  (registers the evolvers)
from .evolve import initial_state
from .flow import set_up
from .goals import reached
from .prompts import prompt_key
from .quiet import forced_roll
from .state import Phase, State


class Illuminati(KitGame[State]):
    """Illuminati: secret conspiracies take over the world's groups, one attack at a time."""

    name: ClassVar[str] = "illuminati"
    title: ClassVar[str] = "Illuminati"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    version: ClassVar[str] = "1.3"
    older_versions: ClassVar[tuple[str, ...]] = ("1.2", "1.1", "1.0")
    """1.2: the groups of a failed first attack may take part again in any attack on its
    target that turn, in any role and with other groups. 1.1, besides: the UFOs choose only among the Illuminati in play, an attacker may call off any
    number of attacks a turn, and every window opens even when nobody could answer it but by
    passing. 1.0, besides: Specials take effect as they are played (Secrets cancels only Assassination or
    Murphy's Law, on the roll), an announced attack cannot be called off, and displaced
    puppets of a capture always take the first open arrow of their master."""
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("goal-adjust", "int", 0, "added to the number of groups of the basic goal "
                   "(the service's own option for shorter or longer games)",
                   minimum=-3, maximum=3),
        OptionSpec("auto-pass", "choice", "off", "the standing answer to windows every seat "
                   "starts with (`pass-only`: windows where, as everyone can tell, a seat "
                   "could only pass are answered for it; the service starts new games so)",
                   choices=("off", "pass-only", "unless-attacked", "on")))
    PARTS: ClassVar[Parts] = Parts(state=State, events=events, orders=orders, grammar=grammar,
                                   steps=steps, view=view, text=text, render=render,
                                   secrecy=secrecy, standing=standing, house=house)
    hidden_information: ClassVar[bool] = True
    """The Specials in hand and the deck order are hidden."""

    def older(self, version: str) -> Illuminati:
        """Return the rules of version 1.2, 1.1 or 1.0, kept for the games created under
        them."""
        if version == "1.2":
            return _version_12()
        if version == "1.1":
            return _version_11()
        if version != "1.0":
            return super().older(version)  # type: ignore[return-value]
        return _version_10()

    def initial_state(self, seats: tuple[str, ...], options: Mapping[str, Any]) -> State:
        """Return the state before setup: 2 to 8 distinct seats in playing order."""
        if not self.min_players <= len(seats) <= self.max_players or len(set(seats)) != len(
                seats):
            raise ValueError(f"{self.title} needs {self.min_players} to {self.max_players} "
                             "distinct seats")
        return initial_state(tuple(seats), int(options.get("goal-adjust", 0)), self.version,
                             str(options.get("auto-pass", "off")))

    def start(self, state: State, rng: Rng) -> list[Any]:
        """Return the setup events and the opening of the first turn."""
        em: Emitter[State] = Emitter(self, state)
        set_up(em, rng)
        return em.events

    def prompt_key(self, state: State, step: Step) -> str:
        """Return the id of the decision point: turn, window and phase."""
        return prompt_key(state)

    def standing_scope(self, state: State) -> str:
        """Return the mark of the turn now (a turn's orders written ahead hold for it): t7."""
        return f"t{state.turn.number}"

    def read_standing(self, text: str, seat: str, state: State, *, ahead: bool = False,
                      after: Any = None) -> tuple[Standing, ...]:
        """Return the entries written in `text`; answers ahead may begin with a branch
        (`if it fails then ...`, engine/illuminati/script.py), which must follow an attack."""
        if not ahead:
            return super().read_standing(text, seat, state)
        parts: list[tuple[script.Branch | None, Standing]] = []
        for part in split_entries(text):
            branch, order = script.split_branch(part)
            entries = super().read_standing(order, seat, state, ahead=True)
            if branch is not None and (len(entries) != 1 or entries[0].topic != standing.TURN):
                raise UnreadableOrder(f'"{part}": a branch gives one order of your turn.',
                                      legal=f"Branches: {script.CONDITION_HELP}.")
            parts += [(branch, entry) for entry in entries]
        script.check_script(after, parts)
        return tuple(script.with_branch(branch, entry) for branch, entry in parts)

    def standing_order(self, state: State, seat: str,
                       entries: Sequence[Any]) -> Applied | None:
        """Return what the seat's entries give at its open decision: the branch of its turn
        script that holds (the others of its run used up unused), else the first entry that
        answers the decision, as the kit reads it; branches waiting for a later attack wait."""
        ahead = [e for e in live(entries, self.standing_scope(state))
                 if e.until and e.topic == standing.TURN]
        chosen, skipped = script.choose(state, seat, ahead) if self.is_deciding(
            state, seat) else (None, ())
        if chosen is not None:
            return replace(self._scripted(state, seat, chosen), skipped=skipped)
        rest = [e for e in entries if e not in skipped and script.branch_of(e) is None]
        applied = super().standing_order(state, seat, rest)
        if applied is None:
            return Applied(None, None, skipped=skipped) if skipped else None
        return replace(applied, skipped=skipped)

    def order_help(self, word: str, prompt: Any) -> str:
        """Return the help of the orders `word` names; `help script` and `help attack` (or
        `help call off`) also tell how to write the rest of the turn after an attack."""
        said = super().order_help(word, prompt)
        asked = word.strip().lower()
        if asked in script.HELP_WORDS:
            return script.HELP
        kinds = set(self.GRAMMAR.kinds_of_word(asked))
        return f"{said}\n{script.HELP}" if said and kinds & {"attack", "call-off"} else said

    def _scripted(self, state: State, seat: str, entry: Standing) -> Applied:
        """Return the order a branch gives, checked like any order (the reason when not)."""
        _, written = script.split_branch(entry.written)
        try:
            order_ = self.parse(written, seat, state)
        except RuleViolation as exc:
            return Applied(None, entry, exc.message)
        problem = self.is_legal(state, seat, order_)
        return Applied(order_, entry) if problem is None else Applied(None, entry,
                                                                      problem.message)

    def label(self, state: State) -> str:
        """Return where the game stands."""
        return view.label(state)

    def outcome(self, state: State) -> Outcome | None:
        """Return the winners once someone met a goal, else None."""
        if state.phase is not Phase.OVER:
            return None
        scores = {seat: len(state.player(seat).cards) for seat in state.seats}
        met = any(reached(state, seat) for seat in state.winners)
        return Outcome(state.winners, state.reason, scores,
                       termination=Termination.GOAL if met else Termination.LAST_STANDING)

    def forced_order(self, state: State, seat: str) -> Any:
        """Return `roll` for an attacker asked to raise with no money to raise by, else the
        one legal order of a step declared public."""
        roll = forced_roll(state, seat)
        return roll if roll is not None else super().forced_order(state, seat)







class IlluminatiVersion12(Illuminati):
    """Illuminati as engine version 1.2 plays it, for the games created under it."""

    version: ClassVar[str] = "1.2"
    older_versions: ClassVar[tuple[str, ...]] = ()


@cache
def _version_12() -> IlluminatiVersion12:
    """Return the one game object playing the rules of version 1.2."""
    return IlluminatiVersion12()


class IlluminatiVersion11(Illuminati):
    """Illuminati as engine version 1.1 plays it, for the games created under it."""

    version: ClassVar[str] = "1.1"
    older_versions: ClassVar[tuple[str, ...]] = ()


@cache
def _version_11() -> IlluminatiVersion11:
    """Return the one game object playing the rules of version 1.1."""
    return IlluminatiVersion11()


class IlluminatiVersion10(Illuminati):
    """Illuminati as engine version 1.0 plays it, for the games created under it."""

    version: ClassVar[str] = "1.0"
    older_versions: ClassVar[tuple[str, ...]] = ()


@cache
def _version_10() -> IlluminatiVersion10:
    """Return the one game object playing the rules of version 1.0."""
    return IlluminatiVersion10()
