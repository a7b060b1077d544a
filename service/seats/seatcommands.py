"""Mail commands a seat may send besides orders: status, history, notify, timezone, absent.

Each command word has its page in the manual (`seats/manual.py`), which `help` lists.

Each command is answered with text for the seat's reply; the ones that change something
append a service event, once per message and command (its causation), so a message processed
twice changes nothing twice.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Protocol

from service.base import clock
from service.game.bankevents import hours_text
from service.game.events import (
    DeadlineSet,
    SeatAbsence,
    SeatPreferences,
    SeatResigned,
)
from service.game.history import history
from service.game.loading import LoadedGame, load_game
from service.game.meta import GameMeta, format_time
from service.game.notify import NOTIFY_WORDS as NOTIFY_SETTING_WORDS
from service.game.opentableevents import SeatOffered
from service.orders.deciding import help_now
from service.orders.results import ServiceError
from service.seats.civility import muted_senders
from service.seats.manual import manual_text, topic_text
from service.seats.once import append_once
from service.store.roles import Connections, EventLog
from service.time.localtime import deadline_text, read_timezone

HISTORY_LINES = 15
NOTIFY_MODES = NOTIFY_SETTING_WORDS
NOTIFY_WORDS = {"every": "every change", "must-act": "only when you must act, plus a daily "
                "digest", "digest": "a daily digest only"}


class SeatCommanding(EventLog, Connections, Protocol):
    """The store as a seat's mail command is answered: the log, and the seat's mutes."""


def answer(store: SeatCommanding, game_id: str, seat: str, command: str, causation: str) -> str:
    """Return the answer to one mail command (ServiceError: what is wrong with it)."""
    words = command.split()
    head = words[0].lower().rstrip(":")
    rest = words[1:]
    if head in {"help", "?"}:
        return help_text(store, game_id, seat, rest)
    if head == "status":
        return status_text(store, game_id, seat)
    if head == "history":
        return history_text(store, game_id, seat, rest)
    if head == "notify":
        return _notify(store, game_id, seat, rest, causation)
    if head in {"timezone", "tz"}:
        return _timezone(store, game_id, seat, " ".join(rest), causation)
    if head in {"absent", "away", "back"}:
        return _absence(store, game_id, seat, head, rest, causation)
    if head == "resign":
        return _resign(store, game_id, seat, rest, causation)
    if head in {"vacation", "holiday"}:
        from service.seats.vacation import vacation_command

        return vacation_command(store, game_id, seat, rest, causation, clock.now())
    if head == "standing":
        from service.seats.standing import standing_command

        return standing_command(store, game_id, seat, " ".join(rest), causation)
    raise ServiceError(f"{head!r} is not a mail command", "unknown-command")


def help_text(store: EventLog, game_id: str, seat: str, rest: Sequence[str]) -> str:
    """Return what the seat can write now and the manual, or the manual's page on `rest`."""
    loaded = load_game(store, game_id)
    if rest:
        return topic_text(loaded.meta, loaded.game, rest,
                          loaded.game.prompt_for(loaded.state, seat)
                          if loaded.state is not None and loaded.meta.started else None)
    return (help_now(store, game_id, seat, loaded) + "\n\n"
            + manual_text(loaded.meta, loaded.game))


def status_text(store: EventLog, game_id: str, seat: str) -> str:
    """Return the board as the seat sees it, whose turn it is and the seat's deadline."""
    loaded = load_game(store, game_id)
    game, meta = loaded.game, loaded.meta
    waiting = [prompt.seat for prompt in game.prompts(loaded.state)]
    lines = [f"{meta.title}, game {meta.id}."]
    if meta.finished:
        lines.append(f"The game is over. Won by {', '.join(meta.winners or ()) or 'nobody'}.")
    elif meta.paused:
        lines.append("The game is paused.")
    else:
        lines.append(f"Waiting for: {', '.join(waiting) or 'nobody'}.")
    deadline = meta.deadlines.get(seat)
    if deadline and seat in waiting and not meta.paused:
        lines.append(f"Your deadline: {deadline_text(deadline.due, meta.prefs(seat).timezone)}")
    if meta.time_bank is not None:
        lines.append(f"Your time bank: {hours_text(meta.bank(seat) or 0)}.")
    away = [name for name in meta.seat_names if name in meta.away_until]
    if away:
        lines.append(f"Away: {', '.join(away)}.")
    return "\n".join(lines) + "\n\n" + game.render_text(game.view(loaded.state, seat))


def history_text(store: SeatCommanding, game_id: str, seat: str, rest: Sequence[str]) -> str:
    """Return the last lines of the history the seat may read (`history 40` for more),
    without the press of the players it muted."""
    count = int(rest[0]) if rest and rest[0].isdigit() else HISTORY_LINES
    meta = load_game(store, game_id).meta
    lines = history(store, game_id, seat, muted=muted_senders(store, meta, seat))[
        -max(1, min(count, 200)):]
    return "\n".join(f"{line.recorded_at[:16].replace('T', ' ')}  {line.text}"
                     for line in lines)


def _set_prefs(store: EventLog, game_id: str, seat: str, causation: str,
               change: Callable[[SeatPreferences], SeatPreferences]) -> None:
    """Append the seat's changed preferences (once per causation)."""
    def build(loaded: LoadedGame) -> list[object]:
        return [change(loaded.meta.prefs(seat))]

    append_once(store, game_id, causation, seat, build)


def _notify(store: EventLog, game_id: str, seat: str, rest: Sequence[str], causation: str) -> str:
    """Set how often the seat is mailed, or whether press reaches it; or add, remove or
    list the notice channels of the seat's address (`seats/channels.py`)."""
    words = [word.lower() for word in rest]
    if words[:1] in (["add"], ["remove"], ["channels"], ["channel"]):
        from service.seats.channels import channel_command
        from service.store.roles import Connections

        if not isinstance(store, Connections):
            raise ServiceError("Channels cannot be changed from here.", "bad-notify")
        return channel_command(store, store, game_id, seat, list(rest))
    if words[:1] == ["press"] and words[1:2] in (["off"], ["on"]):
        mute = words[1] == "off"
        _set_prefs(store, game_id, seat, causation,
                   lambda p: SeatPreferences(seat, p.notify, mute, p.timezone))
        return ("Press is no longer mailed to you; it stays in your history." if mute
                else "Press is mailed to you again.")
    mode = NOTIFY_MODES.get(words[0]) if len(words) == 1 else None
    if mode is None:
        raise ServiceError("Write `notify every`, `notify act` (only when you must act, plus "
                           "a daily digest), `notify digest`, `notify press off|on`, or for "
                           "channels besides mail `notify add URL`, `notify remove NUMBER` "
                           "or `notify channels`.", "bad-notify")
    _set_prefs(store, game_id, seat, causation,
               lambda p: SeatPreferences(seat, mode, p.mute_press, p.timezone))
    return f"You will be mailed {NOTIFY_WORDS[mode]}."


def _timezone(store: EventLog, game_id: str, seat: str, text: str, causation: str) -> str:
    """Set the seat's time zone, in which deadlines are also shown."""
    try:
        zone = read_timezone(text)
    except ValueError as exc:
        raise ServiceError(str(exc), "bad-timezone") from None
    _set_prefs(store, game_id, seat, causation,
               lambda p: SeatPreferences(seat, p.notify, p.mute_press, zone))
    return f"Deadlines are now also shown in {zone}."


DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")


def read_until(rest: Sequence[str], now: datetime) -> datetime:
    """Return the end of an absence from `until 2026-12-01` (the end of that UTC day)."""
    words = [word for word in rest if word.lower() not in {"until", "till", "to"}]
    match = DATE.match(words[0]) if len(words) == 1 else None
    if match is None:
        raise ServiceError("Write `absent until YYYY-MM-DD` (a date in UTC) or `back`.",
                           "bad-absence")
    try:
        day = datetime(int(match[1]), int(match[2]), int(match[3]), tzinfo=UTC)
    except ValueError:
        raise ServiceError(f"{words[0]} is not a date", "bad-absence") from None
    until = day + timedelta(days=1)
    if until <= now:
        raise ServiceError("That date has passed; an absence ends in the future.",
                           "bad-absence")
    return until


def _absence(store: EventLog, game_id: str, seat: str, head: str, rest: Sequence[str],
             causation: str) -> str:
    """Declare or end an absence; the seat's deadlines wait, up to the game's limit."""
    from service.time.absence import absence_events

    now = clock.now()
    until = None if head == "back" else read_until(rest, now)
    meta: list[GameMeta] = []

    def build(loaded: LoadedGame) -> list[object]:
        meta.append(loaded.meta)
        mark = SeatAbsence(seat, format_time(until) if until else "")
        return [mark, *absence_events(loaded, seat, until, now)]

    append_once(store, game_id, causation, seat, build)
    if until is None:
        return "Welcome back: your deadlines run as usual again."
    limit = meta[0].absence_days if meta else 0
    capped = min(until, now + timedelta(days=limit))
    last_day = format_time(until - timedelta(days=1))[:10]  # `until` is the next midnight
    return (f"You are away until {last_day}, that day included (UTC). The others are told "
            f"only that your seat is away. Your deadlines wait until "
            f"{format_time(capped)[:16].replace('T', ' ')} UTC at the latest (this game allows "
            f"{limit} days).")



def _resign(store: EventLog, game_id: str, seat: str, rest: Sequence[str], causation: str) -> str:
    """Resign the seat when confirmed; it plays its default orders from then on."""
    if [word.lower() for word in rest] != ["confirm"]:
        return ("Resigning cannot be undone: your seat then plays its default order at every "
                "decision and gets no turn emails (in a game whose rules have a resignation of "
                "their own, such as Illuminati, it leaves the game by them at its next "
                "decision). To resign, write `resign confirm`.")

    def build(loaded: LoadedGame) -> list[object]:
        if seat in loaded.meta.resigned or loaded.meta.finished:
            return []
        now = clock.now()
        prompt = loaded.game.prompt_for(loaded.state, seat)
        due = [DeadlineSet(seat, prompt.key, format_time(now))] if prompt else []
        offer = [SeatOffered(seat, True)] if loaded.meta.offer_resigned else []
        return [SeatResigned(seat), *offer, *due]

    append_once(store, game_id, causation, seat, build)
    return "You resigned. Thank you for playing; the final result will be mailed to you."
