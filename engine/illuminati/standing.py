"""Illuminati's standing answer to windows, as the service's `standing` command sets it.

    windows: off | on | unless attacked | pass only

It is the game's own standing order (`auto-pass`, supplement "Standing orders cut the
waiting"), kept in the seat's private state and applied by the window logic itself, which
seals nothing for a seat it answers: so nobody else learns who holds a standing pass, or that
it was set (`StandingPassSet` is unseen by the others). `off` is no standing answer at all.
A change holds from the next window on; a window open now still waits for the seat.
"""
from __future__ import annotations

from collections.abc import Sequence

from engine.core.standing import Answer, Standing, Topic

from .events import StandingPassSet
from .orders import AUTO_PASS_MODES
from .state import State

WINDOWS = "windows"
MEANINGS = {
    "off": "asked at every window",
    "on": "pass every window at once",
    "unless-attacked": "pass every window at once but those of an attack on your own group",
    "pass-only": "pass at once only where, as everyone can tell, you could only pass",
}
TURN = "turn"
TURN_KINDS = ("attack", "call-off", "transfer", "move", "give-group", "give-money",
              "give-special", "drop", "play", "recycle", "laser", "pass", "end")
"""The orders of a seat's own turn it may write ahead after an attack: `attack ..., then
attack ...` or `then end`; each waits, private, for the turn's next decision (when the
attack's windows close) and is dropped with a private reason where it is not legal then.
A part may be a branch (`if it fails then ...`, `at the roll pass`: script.py)."""
TOPICS: tuple[Topic, ...] = (
    Topic(WINDOWS, (), tuple(Answer(mode, MEANINGS[mode]) for mode in AUTO_PASS_MODES),
          aliases=("window", "auto-pass", "autopass"), kept=True),
    Topic(TURN, ("turn", "end"), (), kinds=TURN_KINDS),
)


def kept(state: State, seat: str) -> tuple[Standing, ...]:
    """Return the seat's standing answer to windows as an entry (none when it is `off`)."""
    if seat not in state.seats:
        return ()
    mode = state.player(seat).auto_pass
    return () if mode == "off" else (Standing(WINDOWS, mode),)


def keep(state: State, seat: str, entries: Sequence[Standing]) -> list[StandingPassSet]:
    """Return the event setting the seat's standing answer to windows to the one in
    `entries` (`off` when there is none), or nothing when it holds already."""
    if seat not in state.active:
        return []
    mode = next((e.answer for e in entries if e.topic == WINDOWS and e.answer), "off")
    if mode not in AUTO_PASS_MODES or mode == state.player(seat).auto_pass:
        return []
    return [StandingPassSet(seat, mode)]
