"""What the pages say about a game in a line: state, whose turn, deadlines, the outcome."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.core import Game
from service.game.loading import LoadedGame
from service.game.meta import GameMeta
from service.game.waiting import ANSWERED, Waiting, waiting_at, waiting_line
from service.mail.compose import turn_label
from service.opentables.lifecycle import expired
from service.time.banks import bank_text


@dataclass(frozen=True)
class SeatLine:
    """A seat as the public sees it: name, player, whether the table waits for it, its
    deadline, and its mark ('waiting', 'answered, may still change', 'asked' or '')."""

    name: str
    player: str
    waiting: bool
    deadline: str
    mark: str = ""
    asked: bool = False
    """The open decision asks this seat (answered or not)."""
    bank: str = ""
    """What is left in the seat's time bank, in words ('' in a game without banks)."""
    bank_hours: int | None = None
    """The same in hours (None: the game has no time banks)."""
    house: bool = False
    """The house (the computer player) plays this seat: public, as the seat's player is."""


@dataclass(frozen=True)
class TableLine:
    """An open table as the public sees it: seats taken of seats needed, and since when."""

    taken: int
    needed: int
    listed: bool
    since: str
    expires: str
    deadlines: str
    options: str


@dataclass(frozen=True)
class GameSummary:
    """A game as listed in the lobby and shown on its public page."""

    id: str
    title: str
    game: str
    game_title: str
    status: str
    turn: str
    seats: tuple[SeatLine, ...]
    outcome: str
    spectators: bool
    termination: str = ""
    """Why the game ended, for programs (see `engine.core.Termination`); '' while it runs."""
    table: TableLine | None = None
    """The open table the game began as, while it waits for players (and after)."""
    offered: tuple[str, ...] = ()
    """Seats open for a replacement."""
    waiting_line: str = ""
    """Whom the table waits for in a sentence ('Still waiting for bruno and carla.')."""
    private_answering: bool = False
    """Who has answered the open decision is private: only that it is open, until when."""

    @property
    def waiting_for(self) -> list[str]:
        """Return the seats the table still waits for (answered sealed orders left out)."""
        return [seat.name for seat in self.seats if seat.waiting]


def due_text(iso: str) -> str:
    """Return a stored UTC time as '2024-05-01 12:00 UTC'."""
    return iso[:16].replace("T", " ") + " UTC" if iso else ""


def status_of(loaded: LoadedGame) -> str:
    """Return 'finished', 'paused' or 'active'; before an open table starts, 'open',
    'cancelled' or 'expired'."""
    table = loaded.meta.table
    if table is not None and not loaded.meta.started:
        return "expired" if expired(table) else table.status
    if loaded.meta.finished:
        return "finished"
    return "paused" if loaded.meta.paused else "active"


def outcome_text(loaded: LoadedGame) -> str:
    """Return who won and why, or '' while the game goes on."""
    if not loaded.meta.finished:
        return ""
    winners = ", ".join(loaded.meta.winners or ()) or "nobody"
    return f"Won by {winners}. {loaded.meta.finish_reason}"


def option_label(name: str) -> str:
    """Return an option's name as the new-game form shows it ("empress_emperor": "Empress
    emperor")."""
    return name.replace("_", " ").replace("-", " ").capitalize()


def option_value(value: Any) -> str:
    """Return an option's value in words (True: "yes")."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def options_text(game: Game[Any], options: Mapping[str, Any]) -> str:
    """Return a game's options as people read them, in the order the game lists them:
    "Tarot: yes; Hermit: no" (an option the game no longer knows comes last, by name)."""
    known = [spec.name for spec in game.options]
    order = [name for name in known if name in options] + sorted(set(options) - set(known))
    return "; ".join(f"{option_label(name)}: {option_value(options[name])}" for name in order)


def table_line(loaded: LoadedGame) -> TableLine | None:
    """Return the public facts of the open table a game began as (None: it did not)."""
    table = loaded.meta.table
    if table is None:
        return None
    meta = loaded.meta
    hours = (f"{meta.deadline_hours} h per decision" if meta.deadline_hours
             else "the game's own per decision")
    options = options_text(loaded.game, meta.options)
    return TableLine(len(meta.seats),
                     table.seats_needed, table.listed, due_text(table.opened_at),
                     due_text(table.expires), hours, options)


def summarize(loaded: LoadedGame) -> GameSummary:
    """Return the public summary of a loaded game."""
    meta, game = loaded.meta, loaded.game
    if not meta.started:
        return GameSummary(meta.id, meta.title, game.name, game.title, status_of(loaded), "",
                           tuple(SeatLine(s.name, s.player, False, "",
                                          house=s.name in meta.house) for s in meta.seats),
                           "", meta.spectators, table=table_line(loaded))
    waiting = waiting_at(game, loaded.state, meta)
    seats = tuple(replace(_seat_line(seat.name, seat.player, waiting, meta),
                          bank=bank_text(meta, seat.name), bank_hours=meta.bank(seat.name))
                  for seat in meta.seats)
    public_view: dict[str, Any] = game.view(loaded.state, None)
    return GameSummary(meta.id, meta.title, game.name, game.title, status_of(loaded),
                       turn_label(public_view), seats, outcome_text(loaded),
                       meta.spectators, meta.termination, table_line(loaded),
                       tuple(sorted(meta.offered)) if not meta.finished else (),
                       waiting_line(waiting), waiting.private)


def _seat_line(name: str, player: str, waiting: Waiting, meta: GameMeta) -> SeatLine:
    """Return a seat's public line: its mark and, while it is asked, its deadline (none
    when answering is private: the window's closing time stands for every seat)."""
    mark = waiting.mark_of(name)
    house = name in meta.house
    if mark is None:
        return SeatLine(name, player, False, "", house=house)
    deadline = meta.deadlines.get(name)
    due = due_text(deadline.due) if deadline is not None and not waiting.private else ""
    return SeatLine(name, player, mark.mark != ANSWERED, due, mark.text, True, house=house)
