"""Tables for Illuminati rule tests, built from events."""
from __future__ import annotations

from typing import Any

from engine.core.testing import given
from engine.illuminati import GAME
from engine.illuminati import events as ev
from engine.illuminati.grid import attach, layout_of
from engine.illuminati.state import State

SEATS = ("anna", "bruno", "carla")
DECK = ("slush-fund", "democrats", "kgb", "republicans", "hackers", "moonies")


def table(illuminati: tuple[str, ...] = ("bavaria", "gnomes", "cthulhu"),
          uncontrolled: tuple[str, ...] = ("big-media", "gun-lobby"),
          deck: tuple[str, ...] = DECK, seats: tuple[str, ...] = SEATS,
          options: dict[str, Any] | None = None, game: Any = GAME) -> State:
    """Return a table at the start of anna's first actions, incomes not yet collected twice
    (`game`: the rules of another engine version)."""
    events: list[Any] = [ev.IlluminatiDealt(s, i) for s, i in zip(seats, illuminati)]
    events.append(ev.DeckShuffled(uncontrolled + deck))
    events += [ev.GroupTurnedUp(card) for card in uncontrolled]
    events.append(ev.FirstPlayerChosen((), seats))
    events.append(ev.TurnBegan(seats[0], 1))
    return given(game, seats, events, options=options)  # type: ignore[no-any-return]


def own(state: State, seat: str, card: str, master: str = "", side: int = -1,
        money: int = 0) -> State:
    """Return the state with `card` placed under `master` (default: the Illuminati card)."""
    player = state.player(seat)
    master = master or player.illuminati
    from engine.illuminati.grid import open_arrows

    sides = open_arrows(player, master)
    chosen = side if side >= 0 else sides[0]
    placement = attach(player, card, master, chosen, layout_of(player), {card: money})
    return GAME.fold(state, [ev.GroupsPlaced(seat, placement.placed, placement.lost, "test")])


def money(state: State, seat: str, card: str, amount: int) -> State:
    """Return the state with `amount` MB more on `card`."""
    return GAME.fold(state, [ev.MoneyChanged(seat, card, amount, "test")])


def unanswered(state: State) -> list[str]:
    """Return the prompted seats that have not answered the open decision yet."""
    return [p.seat for p in GAME.prompts(state) if not p.submitted]


def answer_all(state: State, text: str = "pass") -> State:
    """Return the state after every seat yet to answer the open window writes `text` (the
    state as it is when no window is open: under the rules of 1.2 a window nobody could
    answer but by passing is not opened)."""
    from engine.core.testing import after, when
    from engine.illuminati.state import Phase

    if state.phase not in (Phase.RESPONSE, Phase.REACTION, Phase.SECRETS, Phase.COUNTER):
        return state
    prompts = GAME.prompts(state)
    key = prompts[0].key if prompts else ""
    while unanswered(state) and GAME.prompts(state)[0].key == key:
        state = after(GAME, state, when(GAME, state, unanswered(state)[0], text))
    return state


def holding(state: State, seat: str, *cards: str) -> State:
    """Return the state with `cards` drawn into the seat's hand."""
    return GAME.fold(state, [ev.SpecialDrawn(seat, card) for card in cards])


def nobody_cancels(state: State) -> State:
    """Return the state once the open Secrets window (if any) was passed by everyone."""
    from engine.illuminati.state import Phase

    if state.phase is Phase.COUNTER:
        state = answer_all(state)
    return state


def resolve(state: State) -> State:
    """Return the state once every window of the attack under way was passed (the attacker
    rolls when asked to raise)."""
    from engine.core.testing import after, when
    from engine.illuminati.state import Phase

    while state.phase not in (Phase.TURN, Phase.END, Phase.OVER):
        if state.phase is Phase.RAISE:
            assert state.attack is not None
            state = after(GAME, state, when(GAME, state, state.attack.attacker, "roll"))
        state = answer_all(state)
    return state


def older(version: str = "1.0") -> Any:
    """Return the rules of an older engine version, kept for the games created under it."""
    return GAME.at_version(version)
