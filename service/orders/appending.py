"""Appending a decision: the service's events, the game's events, deadlines and the outbox.

Everything one decision causes is one append, so the log, the deadlines and the mail that
tells the players are never out of step.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from engine.core import Game, Outcome, Prompt, Termination
from service.base import clock
from service.game.events import (
    DEADLINE_ACTOR,
    RESIGN,
    SERVICE_EVENTS,
    DeadlineSet,
    GameFinished,
    OrderAccepted,
    SeedRevealed,
    is_service_event,
)
from service.game.kept import remember_game
from service.game.loading import LoadedGame, due_snapshot
from service.game.meta import (
    GameMeta,
    apply_service_event,
    seat_addresses,
)
from service.game.notify import notice_kind
from service.game.numbers import hidden_rows
from service.orders.atonce import answer_at_once
from service.store.records import Append, NewEvent, NewOutbox, StoredEvent, Submission
from service.store.roles import EventLog, Outbox
from service.time.banks import bank_gains
from service.time.due import new_deadlines, open_deadlines


class LogWithOutbox(EventLog, Outbox, Protocol):
    """A game's log and its outbox: appends, and the deliveries that no new event causes
    (a master's link, a welcome, a reminder)."""


def service_new(item: Any, actor: str, causation: str | None) -> NewEvent:
    """Return the row for one service event."""
    name, payload = SERVICE_EVENTS.dump(item)
    return NewEvent(name, payload, SERVICE_EVENTS.version_of(item), actor, causation)


def engine_new(game: Game[Any], item: Any, actor: str, causation: str | None) -> NewEvent:
    """Return the row for one game event."""
    name, payload = game.events.dump(item)
    return NewEvent(name, payload, game.events.version_of(item), actor, causation)


def append_decision(store: EventLog, loaded: LoadedGame, head: Sequence[Any],
                    engine_events: Sequence[Any], seed: bytes, actor: str,
                    causation: str | None, *,
                    decision: tuple[str, int] | None = None, notify: bool = True,
                    answer: Callable[[int], tuple[str, str, dict[str, Any]]] | None = None,
                    submission: Submission | None = None,
                    tail: Sequence[Any] = (),
                    notices: Sequence[tuple[str, str]] = ()) -> list[StoredEvent]:
    """Append `head` (service events), the game's events, `tail` (service events after
    them), the decisions answered at once (standing answers, forced decisions: see
    `atonce.py`), the end, deadlines and the outbox, so mail tells the state after all.

    `decision` (submission id, line) makes the append refuse a line decided before. Without
    `notify` no outbox rows are written: the caller writes one round for several appends.
    `answer(last seq)` is the submission's result, stored in the same transaction, as is
    `submission`, an input not stored before. `notices` are more outbox rows (recipient,
    kind) at the last seq, such as the game master's news of a table's start.
    """
    game, before = loaded.game, loaded.state
    state = game.fold(before, engine_events)
    items: list[Any] = [*head, *engine_events, *tail,
                        *bank_gains(game, before, loaded.meta, head, actor, clock.now())]
    actors = [actor] * len(items)
    more, state = answer_at_once(game, state, _fold_meta(loaded.meta, items, loaded.seq), seed,
                                 loaded.seq + len(items))
    items += [item for item, _ in more]
    actors += [by for _, by in more]
    result = game.outcome(state)
    if result is not None:
        items += [finished(result, actor, _resigning(loaded.meta, head)),
                  SeedRevealed(seed.hex())]
    meta = _fold_meta(loaded.meta, items, loaded.seq)
    deadlines = new_deadlines(game, state, meta)
    items += deadlines
    actors += [actor] * (len(items) - len(actors))
    meta = _fold_meta(meta, deadlines, loaded.seq + len(items) - len(deadlines))
    rows = [_row(game, item, by, causation) for item, by in zip(items, actors, strict=True)]
    last = loaded.seq + len(rows)
    # The first append of a game's play (its creation, or an open table's start) tells every seat.
    first = not loaded.seq or not loaded.meta.started
    outbox = outbox_rows(game, None if first else before, state, meta, last,
                         actor) if notify else []
    outbox += [NewOutbox(last, recipient, kind) for recipient, kind in notices]
    snapshot = due_snapshot(loaded, meta, state, last)
    stored = store.append(Append(
        meta.id, loaded.seq, rows, outbox, decision, deadlines=open_deadlines(game, state, meta),
        result=answer(last) if answer else None, prev_hash=loaded.head_hash or None,
        submission=submission, snapshot=snapshot, seats=_changed_seats(loaded, meta),
        hidden=hidden_rows(game, meta, loaded.seq + 1, items)))
    if meta.finished:
        store.set_game_status(meta.id, "finished")
    if snapshot is not None:
        loaded.snapshot_seq = last
    loaded.meta, loaded.state, loaded.seq = meta, state, last
    loaded.head_hash = stored[-1].hash
    remember_game(loaded)  # the mail this append caused is composed from it
    return stored


def finished(result: Outcome, actor: str, resigning: bool = False) -> GameFinished:
    """Return the end of the game an order by `actor` reached (a deadline default's end is
    told apart from the end a player's order reached). A seat's own resignation (`resigning`),
    given at its deadline because it resigned by mail, is no default: it ends the game as the
    rules report it."""
    termination = (Termination.DEADLINE_DEFAULTS if actor == DEADLINE_ACTOR and not resigning
                   else result.termination)
    return GameFinished(result.winners, result.reason, dict(result.scores), termination.value)


def _resigning(meta: GameMeta, head: Sequence[Any]) -> bool:
    """Return whether the order of `head` is the game's own resignation of a seat that
    resigned by mail (the deadline sweep gives it: `sweeps/deadlines.py`, `resigning`)."""
    return any(isinstance(item, OrderAccepted) and item.seat in meta.resigned
               and item.order.get("kind") == RESIGN for item in head)


def append_service_events(store: EventLog, loaded: LoadedGame, items: Sequence[Any], actor: str,
                          outbox_kind: str | None = None) -> list[StoredEvent]:
    """Append service events alone (pause, replacement...), with deadlines they open."""
    meta = _fold_meta(loaded.meta, items, loaded.seq)
    # An open table has no decisions, hence no deadlines, until it starts.
    deadlines = new_deadlines(loaded.game, loaded.state, meta) if meta.started else []
    meta = _fold_meta(meta, deadlines, loaded.seq + len(items))
    rows = [service_new(item, actor, None) for item in [*items, *deadlines]]
    last = loaded.seq + len(rows)
    outbox = ([NewOutbox(last, seat, outbox_kind) for seat in meta.humans]
              if outbox_kind else [])
    stored = store.append(Append(
        meta.id, loaded.seq, rows, outbox,
        deadlines=open_deadlines(loaded.game, loaded.state, meta) if meta.started else None,
        prev_hash=loaded.head_hash or None, seats=_changed_seats(loaded, meta),
        hidden=hidden_rows(loaded.game, meta, loaded.seq + 1, [*items, *deadlines])))
    loaded.meta, loaded.seq, loaded.head_hash = meta, last, stored[-1].hash
    return stored


def _changed_seats(loaded: LoadedGame, meta: GameMeta) -> list[tuple[str, str]] | None:
    """Return who plays the seats after an append that made the game or changed them."""
    seats = seat_addresses(meta)
    return seats if loaded.seq == 0 or seats != seat_addresses(loaded.meta) else None


def _row(game: Game[Any], item: Any, actor: str, causation: str | None) -> NewEvent:
    """Return the row of a service or game event; deadlines are set by the system."""
    if not _is_service(item):
        return engine_new(game, item, actor, causation)
    return service_new(item, "system" if isinstance(item, DeadlineSet) else actor, causation)


def _is_service(item: Any) -> bool:
    """Return whether `item` is one of the service's own events."""
    return is_service_event(getattr(type(item), "event_type", ""))


def _fold_meta(meta: GameMeta, items: Sequence[Any], seq: int) -> GameMeta:
    """Return the meta after the service events among `items`, the first at seq + 1."""
    for offset, item in enumerate(items, start=1):
        if _is_service(item):
            meta = apply_service_event(meta, meta.id, item, seq + offset)
    return meta


def asks(game: Game[Any], before: Any, prompt: Prompt | None, seat: str,
         actor: str | None) -> bool:
    """Return whether a change asks `seat` to act: a decision it has not answered is open for
    it, and it opened now (or the seat's own order changed it). A decision answered for the
    seat (by its sealed answer, a standing answer, an answer ahead, a forced one) asks
    nothing; another seat's answer to a sealed decision the seat was asked already is news
    that waits for its next mail."""
    if prompt is None:
        return False
    if actor == seat:  # its own order: the answer to it tells the seat where it stands
        return True
    if prompt.submitted:
        return False
    old = game.prompt_for(before, seat)
    return old is None or old.key != prompt.key or old.submitted


def outbox_rows(game: Game[Any], before: Any, after: Any, meta: GameMeta,
                seq: int, actor: str | None = None) -> list[NewOutbox]:
    """Return a notice for each seat whose view or decision changed (or all, at start/end);
    the house's seats get no mail. `actor` is the seat whose order made the change, if any."""
    rows = []
    for seat in meta.humans:
        kind = "final" if meta.finished else "turn"
        new_prompt = game.prompt_for(after, seat)
        new_key = new_prompt.key if new_prompt else None
        if before is not None and not meta.finished:
            old_prompt = game.prompt_for(before, seat)
            same_prompt = (old_prompt.key if old_prompt else None) == new_key
            if same_prompt and game.view(before, seat) == game.view(after, seat):
                continue
        if before is not None:  # the first email welcomes every seat, whatever its setting
            kind = notice_kind(meta, seat, kind, asks(game, before, new_prompt, seat, actor))
        rows.append(NewOutbox(seq, seat, kind, {"prompt": new_key}))
    return rows
