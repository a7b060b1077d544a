"""Illuminati games played through the service into situations random play seldom reaches.

A play-through is a scenario: a function that steers a real game in a real store (created
with a fixed seed, orders given as a player writes them, through `submit_order`) into one
situation and acts in it. Where the seed decides whether the situation comes (a deal, the
order of the deck, a roll), the scenario raises `Unreached`; `search` tries seeds until one
reaches it, and the scenario is pinned to that seed's index, so the test replays one known
game. When the rules change what a pinned game does, the test fails naming the scenario;
`python -m tests.playthrough.search <label>` finds the new index.
"""
from __future__ import annotations

import hashlib
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from engine.core.rng import Rng
from engine.illuminati import GAME
from engine.illuminati.cards import is_special
from engine.illuminati.state import Phase, State
from service.game.history import history
from service.game.loading import LoadedGame, load_game
from service.orders.creation import NewSeat, create_game
from service.orders.processing import submit_order
from service.orders.results import SubmissionResult
from service.store.store import Store

TWO = ("anna", "bruno")
THREE = ("anna", "bruno", "carla")
WINDOWS = (Phase.RESPONSE, Phase.REACTION, Phase.SECRETS, Phase.COUNTER)


class Unreached(Exception):
    """The game this seed deals does not come to the situation; another seed is needed."""


def reach(condition: object, why: str) -> None:
    """Raise Unreached with `why` unless the condition holds."""
    if not condition:
        raise Unreached(why)


def seed_of(label: str, index: int) -> str:
    """Return the seed of the `index`-th game tried for `label`."""
    return hashlib.sha256(f"{label}-{index}".encode()).hexdigest()


def game_id_of(label: str, index: int) -> str:
    """Return the id of the `index`-th game tried for `label` (a game id is 8 hex digits)."""
    return hashlib.sha256(label.encode()).hexdigest()[:4] + f"{index:04x}"


@dataclass
class Table:
    """One game in a store, played through the service."""

    store: Store
    game_id: str
    seats: tuple[str, ...]
    before: int = 0
    """A seq a scenario marks (the head before the order it is about)."""

    @property
    def loaded(self) -> LoadedGame:
        """Return the game as the service folds it."""
        return load_game(self.store, self.game_id)

    @property
    def state(self) -> State:
        """Return the game's state as the service folds it."""
        return self.loaded.state  # type: ignore[no-any-return]

    def write(self, seat: str, text: str) -> SubmissionResult:
        """Give an order as the seat writes it; return what became of it."""
        return submit_order(self.store, self.game_id, seat, text)

    def order(self, seat: str, text: str) -> None:
        """Give an order that must be accepted."""
        result = self.write(seat, text)
        assert result.accepted, (seat, text, result)

    def seat_of(self, illuminati: str) -> str:
        """Return the seat playing that Illuminati."""
        return next(p.seat for p in self.state.players if p.illuminati == illuminati)

    def others(self, seat: str) -> tuple[str, ...]:
        """Return the other seats, in seating order."""
        return tuple(s for s in self.seats if s != seat)

    def view(self, seat: str | None) -> dict[str, Any]:
        """Return what the seat sees now."""
        return GAME.view(self.state, seat)  # type: ignore[no-any-return]

    def board(self, seat: str | None) -> str:
        """Return the seat's view as the text picture its emails carry."""
        return GAME.render_text(self.view(seat))

    def history(self, seat: str | None, after: int = 0) -> str:
        """Return the history the seat may read (after seq `after`), one line an event."""
        return "\n".join(line.text for line in history(self.store, self.game_id, seat,
                                                        after=after))

    def seen(self, seat: str | None, after: int = 0) -> str:
        """Return everything the seat may read: its history, its view and its board."""
        return "\n".join((self.history(seat, after), str(self.view(seat)), self.board(seat)))

    @property
    def head(self) -> int:
        """Return the seq of the newest event."""
        return self.loaded.seq

    def event_types(self, after: int = 0) -> list[str]:
        """Return the types of the stored events after seq `after`."""
        return [e.type for e in self.store.events(self.game_id, after_seq=after)]

    def settle(self, goal: str = "", stop: Callable[[State], bool] = lambda s: False
               ) -> State:
        """Answer every open window with a pass, the UFOs' goal with `goal` (else the first
        offered) and a raise with a roll, until a turn (or the end) is open, or `stop` holds."""
        for _ in range(60):
            state = self.state
            if stop(state):
                return state
            if state.phase is Phase.GOAL:
                seat = self.seat_of("ufos")
                self.order(seat, f"goal {goal}" if goal else GAME.format_order(
                    GAME.legal_orders(state, seat)[0]))
            elif state.phase is Phase.RAISE:
                assert state.attack is not None
                self.order(state.attack.attacker, "roll")
            elif state.phase in WINDOWS:
                prompt = next(p for p in GAME.prompts(state) if not p.submitted)
                self.order(prompt.seat, "pass")
            else:
                return state
        raise AssertionError("the windows never closed")

    def end_turn(self) -> State:
        """End the turn of the seat to move (a pass when it did nothing); settle."""
        state = self.settle()
        self.order(state.turn.seat, "end" if state.turn.acted else "pass")
        return self.settle()

    def turn_of(self, seat: str, turns: int = 12) -> State:
        """End turns until `seat` is to move and has done nothing yet; return the state."""
        for _ in range(turns):
            state = self.settle()
            reach(state.phase is not Phase.OVER, "the game ended")
            if state.turn.seat == seat and state.phase is Phase.TURN and not state.turn.acted:
                return state
            self.end_turn()
        raise Unreached(f"{seat}'s turn did not come")

    def until(self, condition: Callable[[State], bool], turns: int, why: str) -> State:
        """End turns (passing) until the condition holds at a turn's start; return the state."""
        for _ in range(turns):
            state = self.settle()
            if condition(state) and state.phase is Phase.TURN and not state.turn.acted:
                return state
            reach(state.phase is not Phase.OVER, "the game ended")
            self.end_turn()
        raise Unreached(why)

    def holding(self, wanted: Mapping[str, tuple[str, ...]], turns: int = 12) -> State:
        """Pass turns until each seat holds the Specials wanted of it; return the state."""
        return self.until(lambda s: all(set(cards) <= set(s.player(seat).hand)
                                        for seat, cards in wanted.items()), turns,
                          f"nobody came to hold {dict(wanted)}")


def opening(label: str, index: int, seats: tuple[str, ...],
            options: Mapping[str, Any] | None = None) -> State:
    """Return the state after the opening of the `index`-th game of `label` (no store)."""
    state = GAME.initial_state(seats, GAME.resolve_options(dict(options or {})))
    rng = Rng.for_position(bytes.fromhex(seed_of(label, index)), game_id_of(label, index), 1)
    return GAME.fold(state, GAME.start(state, rng))  # type: ignore[no-any-return]


def passing_hands(state: State, turns: int) -> dict[str, list[str]]:
    """Return the Specials each seat holds after `turns` more turns in which everyone passes
    (every draw then comes off the top of the deck in turn; the Network draws two)."""
    hands = {p.seat: list(p.hand) for p in state.players}
    deck = list(state.deck)
    seat = state.turn.seat or state.order[-1]  # the UFOs' choice comes before the first turn
    for _ in range(turns):
        seat = state.order[(state.order.index(seat) + 1) % len(state.order)]
        for _ in range(2 if state.player(seat).illuminati == "network" else 1):
            if deck:
                card = deck.pop(0)
                if is_special(card):
                    hands[seat].append(card)
    return hands


def dealt(state: State) -> dict[str, str]:
    """Return each seat's Illuminati."""
    return {p.seat: p.illuminati for p in state.players}


@dataclass(frozen=True)
class Scenario:
    """A situation to steer a game into: its label, the play, the seats and options, a cheap
    check of the opening (seeds whose opening cannot lead there are not played), and the
    pinned index of a seed that reaches it."""

    label: str
    play: Callable[[Table], Any]
    index: int
    seats: tuple[str, ...] = TWO
    options: Mapping[str, Any] = field(default_factory=dict)
    fits: Callable[[State], bool] = lambda state: True


SCENARIOS: dict[str, Scenario] = {}


def scenario(index: int, *, seats: tuple[str, ...] = TWO,
             options: Mapping[str, Any] | None = None,
             fits: Callable[[State], bool] = lambda state: True,
             label: str = "") -> Callable[[Callable[[Table], Any]], Scenario]:
    """Register the decorated play as a scenario pinned to seed `index`."""
    def register(play: Callable[[Table], Any]) -> Scenario:
        name = label or play.__name__.removeprefix("_").replace("_", "-")
        found = Scenario(name, play, index, seats, dict(options or {}), fits)
        SCENARIOS[name] = found
        return found
    return register


def start(store: Store, case: Scenario, index: int) -> Table:
    """Create the `index`-th game of the scenario in the store, with the settings games had
    when the scenarios were pinned (every seat mailed every change, every window asked)."""
    options = {key: str(value) for key, value in case.options.items()}
    create_game(store, "illuminati", [NewSeat(s, f"{s}@example.org") for s in case.seats],
                options, seed_hex=seed_of(case.label, index),
                game_id=game_id_of(case.label, index), notify="every", auto_pass=False)
    return Table(store, game_id_of(case.label, index), case.seats)


def run(store: Store, case: Scenario) -> tuple[Table, Any]:
    """Play the scenario's pinned game; return the table and what the play returned."""
    table = start(store, case, case.index)
    try:
        return table, case.play(table)
    except Unreached as exc:
        pytest.fail(f"the pinned game of {case.label} no longer comes to its situation "
                    f"({exc}); find another: python -m tests.playthrough.search {case.label}")


def search(case: Scenario, tries: int = 2000, first: int = 0) -> int:
    """Return the index of the first seed from `first` whose game reaches the situation."""
    with tempfile.TemporaryDirectory() as folder:
        store = Store(f"sqlite:///{Path(folder) / 'search.db'}")
        store.create_schema()
        try:
            for index in range(first, first + tries):
                if not case.fits(opening(case.label, index, case.seats, case.options)):
                    continue
                try:
                    case.play(start(store, case, index))
                except Unreached:
                    continue
                return index
        finally:
            store.dispose()
    raise LookupError(f"no seed of {case.label} among {tries} reaches it")
