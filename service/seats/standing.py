"""The `standing` mail command (and the seat page's card): list, set and clear a seat's
standing answers.

Setting or clearing appends `seat.standing` with all of the seat's entries, once per message
and command (its causation), through the same append as an order, so a standing answer that
fits the seat's open decision is applied at once and the mail tells the state after it.
The entries of a topic the game keeps as its own state (`Topic.kept`: Illuminati's windows)
are not stored here: the game's own private events set them (`Game.keep_standing`) and its
rules apply them.
"""
from __future__ import annotations

from typing import Any

from engine.core import RuleViolation
from engine.core.standing import Standing, find_topic, merged, words
from service.game.events import SeatStanding, standing_line
from service.game.loading import LoadedGame, load_game
from service.orders.appending import append_decision
from service.orders.results import ServiceError
from service.store.roles import EventLog
from service.store.store import SeqConflict

CONFLICT_RETRIES = 8
CLEAR_WORDS = frozenset({"clear", "none", "off", "delete", "remove"})


def standing_list(loaded: LoadedGame, seat: str) -> list[str]:
    """Return the seat's standing entries in words (answers ahead of a past turn left out)."""
    scope = loaded.game.standing_scope(loaded.state)
    return [standing_line(e) for e in _entries(loaded, seat)
            if not e.until or e.until == scope]


def _entries(loaded: LoadedGame, seat: str) -> tuple[Standing, ...]:
    """Return all of the seat's entries: those stored here and those its game keeps."""
    return (*loaded.meta.standing.get(seat, ()), *loaded.game.kept_standing(loaded.state, seat))


def _kept(loaded: LoadedGame) -> frozenset[str]:
    """Return the topics the game keeps as its own state."""
    return frozenset(t.name for t in loaded.game.standing_topics() if t.kept)


def standing_command(store: EventLog, game_id: str, seat: str, text: str, causation: str) -> str:
    """Answer `standing` (list), `standing clear [topic]` or `standing <entries>`."""
    loaded = load_game(store, game_id)
    game = loaded.game
    if not game.standing_topics():
        return f"{game.title} has no decisions to answer in advance."
    said = words(text)
    if not said:
        return _listing(loaded, seat)
    if said[0] in CLEAR_WORDS:
        topic = find_topic(game.standing_topics(), said[1]) if len(said) > 1 else None
        if len(said) > 1 and topic is None:
            raise ServiceError(f'"{said[1]}" names no decision with standing answers.',
                               "bad-standing")

        def change(old: tuple[Standing, ...]) -> tuple[Standing, ...]:
            return tuple(e for e in old if topic is not None and e.topic != topic.name)
    else:
        try:
            entries = game.read_standing(text, seat, loaded.state)
        except RuleViolation as exc:
            raise ServiceError(f"{exc.message} {exc.legal}".strip(), "bad-standing") from None

        def change(old: tuple[Standing, ...]) -> tuple[Standing, ...]:
            return merged(old, entries)
    loaded = set_standing(store, game_id, seat, causation, change)
    return _listing(loaded, seat)


def _listing(loaded: LoadedGame, seat: str) -> str:
    """Return the seat's standing answers, one a line."""
    lines = standing_list(loaded, seat)
    if not lines:
        return "You have no standing answers. `help standing` tells how to set some."
    return "Your standing answers:\n" + "\n".join(f"  {line}" for line in lines)


def set_standing(store: EventLog, game_id: str, seat: str, causation: str,
                 change: Any) -> LoadedGame:
    """Append the seat's changed entries once per `causation`; return the game after it."""
    for _ in range(CONFLICT_RETRIES):
        loaded = load_game(store, game_id)
        if seat not in loaded.meta.seat_names:
            raise ServiceError(f"{seat!r} is not a seat of game {game_id}", "unknown-seat")
        if loaded.meta.finished:
            raise ServiceError("The game is over.", "game-over")
        if any(row.causation == causation for row in store.events(game_id, after_seq=0)):
            return loaded
        kept = _kept(loaded)
        old = loaded.meta.standing.get(seat, ())
        new = change(_entries(loaded, seat))
        stored = tuple(e for e in new if e.topic not in kept)
        head = [SeatStanding(seat, stored)] if stored != old else []
        own = loaded.game.keep_standing(loaded.state, seat,
                                        tuple(e for e in new if e.topic in kept))
        if not head and not own:
            return loaded
        row = loaded.row or store.get_game(game_id)
        if row is None:
            raise ServiceError(f"there is no game {game_id!r}", "unknown-game")
        try:
            append_decision(store, loaded, head, own, bytes.fromhex(row.seed), seat, causation)
        except SeqConflict:
            continue
        return loaded
    raise ServiceError("The game is too busy right now; try again.", "busy")
