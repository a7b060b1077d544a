"""Whom the table waits for: each asked seat waiting or answered, from public facts only.

That a seat has answered a sealed decision is public, as at a real table (what it answered
stays sealed); the rules may keep even that private (`Prompt.answering_public`, e.g.
Illuminati's windows, which standing orders answer at once), and then every page, reminder
and notice says only that the decision is open and until when. The marks read nothing but
the open prompts' `submitted` flags, which the secrecy tests hold to be the same whatever
the hidden cards are (`tests/service/game/test_waiting.py`).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import Game
from service.game.meta import GameMeta

WAITING = "waiting"
ANSWERED = "answered"
ASKED = "asked"
"""A seat of a decision whose answering is private: asked, and nothing more is told."""


@dataclass(frozen=True)
class SeatMark:
    """One asked seat: `waiting`, `answered` (a sealed answer is in) or just `asked`."""

    seat: str
    mark: str
    may_change: bool = False
    """An answered sealed order may still be changed until the decision closes."""

    @property
    def text(self) -> str:
        """Return the mark in words: 'waiting', 'answered, may still change', 'asked'."""
        if self.mark == ANSWERED:
            return "answered, may still change" if self.may_change else "answered"
        return self.mark


@dataclass(frozen=True)
class Waiting:
    """The open decision as the table sees it: a mark per asked seat, in the rules' order."""

    marks: tuple[SeatMark, ...] = ()
    private: bool = False
    """Who has answered is private: tell only that the decision is open, and until when."""
    until: str = ""
    """When the decision closes at the latest (ISO 8601, UTC; '' without deadlines)."""

    @property
    def asked(self) -> list[str]:
        """Return the seats the open decision asks."""
        return [mark.seat for mark in self.marks]

    @property
    def waiting_for(self) -> list[str]:
        """Return the seats still waited for (all asked seats when answering is private)."""
        return [mark.seat for mark in self.marks if mark.mark != ANSWERED]

    @property
    def answered(self) -> list[str]:
        """Return the seats whose answer is in (none told when answering is private)."""
        return [mark.seat for mark in self.marks if mark.mark == ANSWERED]

    def mark_of(self, seat: str) -> SeatMark | None:
        """Return the mark of `seat`, or None when the open decision does not ask it."""
        return next((mark for mark in self.marks if mark.seat == seat), None)


NOBODY = Waiting()


def marks_at(game: Game[Any], state: Any) -> tuple[tuple[SeatMark, ...], bool]:
    """Return the mark of every asked seat and whether answering is private, read from the
    open prompts alone: whether each seat's sealed answer is in, never what it is."""
    prompts = game.prompts(state)
    private = any(not prompt.answering_public for prompt in prompts)
    return tuple(SeatMark(prompt.seat, ASKED) if private else
                 SeatMark(prompt.seat, ANSWERED, prompt.revisable) if prompt.submitted else
                 SeatMark(prompt.seat, WAITING) for prompt in prompts), private


def waiting_at(game: Game[Any], state: Any, meta: GameMeta) -> Waiting:
    """Return whom the open decision waits for (nobody before the start or after the end)."""
    if state is None or not meta.started or meta.finished:
        return NOBODY
    marks, private = marks_at(game, state)
    if not marks:
        return NOBODY
    prompts = game.prompts(state)
    dues = [meta.deadlines[prompt.seat].due for prompt in prompts
            if prompt.seat in meta.deadlines
            and meta.deadlines[prompt.seat].prompt_key == prompt.key]
    return Waiting(marks, private, max(dues, default=""))


def names_text(seats: Sequence[str]) -> str:
    """Return seats as a sentence lists them: 'anna', 'anna and bruno', 'anna, bruno and carla'."""
    if len(seats) <= 1:
        return "".join(seats)
    return ", ".join(seats[:-1]) + " and " + seats[-1]


def waiting_line(waiting: Waiting, until: str = "") -> str:
    """Return whom the table waits for in one sentence, for pages, mails and the terminal.

    `until` is the closing time as the reader reads it (defaults to the stored UTC time).
    """
    if not waiting.marks:
        return ""
    until = until or (waiting.until[:16].replace("T", " ") + " UTC" if waiting.until else "")
    if waiting.private:
        return ("The window is open" + (f" until {until}" if until else "")
                + "; who has answered stays private.")
    line = f"Still waiting for {names_text(waiting.waiting_for)}." if waiting.waiting_for \
        else "Every answer is in."
    if waiting.answered:
        changeable = any(mark.may_change for mark in waiting.marks if mark.mark == ANSWERED)
        line += (f" Answered: {names_text(waiting.answered)}"
                 + (" (sealed; may still change)." if changeable else " (sealed)."))
    return line
