"""Deciding one order: read it against the seat's decision, let the rules decide, append once."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, NoReturn

from engine.core import (
    Game,
    Rng,
    StaleOrder,
    UnreadableOrder,
)
from engine.core.standing import merged, split_then
from service.game.events import OrderAccepted, SeatStanding
from service.game.loading import LoadedGame, UnknownGameId, load_game
from service.orders.appending import append_decision
from service.orders.irreversible import help_irreversible_last
from service.orders.results import ServiceError, SubmissionResult
from service.store.records import (
    AlreadyDecided,
    SeqConflict,
    Submission,
)

if TYPE_CHECKING:
    from service.store.orderlog import OrderLog
    from service.store.roles import EventLog, Inbox


CONFLICT_RETRIES = 8
HELP_WORDS = frozenset({"help", "?"})


def is_help_request(text: str) -> bool:
    """Return whether `text` asks what can be written now rather than giving an order."""
    return text.strip().lower().rstrip("?!. ") in HELP_WORDS or text.strip() == "?"


def help_now(store: EventLog, game_id: str, seat: str,
             loaded: LoadedGame | None = None) -> str:
    """Return what the seat can write now, or why it has nothing to write."""
    loaded = loaded or load_game(store, game_id)
    if seat not in loaded.meta.seat_names:
        raise ServiceError(f"{seat!r} is not a seat of game {game_id}", "unknown-seat")
    prompt = loaded.game.prompt_for(loaded.state, seat)
    if prompt is None:
        waiting = ", ".join(p.seat for p in loaded.game.prompts(loaded.state)) or "nobody"
        return f"You have nothing to decide right now (waiting for {waiting})."
    return help_irreversible_last(loaded.game.help(prompt))


def decide_order(store: OrderLog, game_id: str, seat: str, body: str, *, causation: str,
                 actor: str, prompt_key: str | None = None, line: int = 0,
                 loaded: LoadedGame | None = None, notify: bool = True,
                 answer: bool = False,
                 new_submission: Submission | None = None) -> tuple[str, int]:
    """Decide line `line` of a submission, once; return (its canonical text, the new seq).

    Raises RuleViolation or ServiceError. A write conflict reloads and decides again; a line
    another run decided already returns what that run decided. `loaded` (the game as read
    just now) spares a read and is brought up to date. Without `notify` the append writes no
    outbox rows (several lines of one message get one round of mail, written by the caller).
    With `answer` the submission's result is stored in the same transaction as its events,
    and a line decided before raises AlreadyDecided; `new_submission`, the input when it is
    not stored yet, is stored in that transaction too.
    """
    for _ in range(CONFLICT_RETRIES):
        current = loaded if loaded is not None else _load_for_order(store, game_id)
        seed = _seed_of(store, current)
        try:
            return _decide_once(store, current, seat, body, (causation, line), actor,
                                prompt_key, seed, notify, answer, new_submission)
        except SeqConflict:
            loaded = None
        except AlreadyDecided:
            if answer:  # the caller records the answer the log implies
                raise
            return decided_line(store, causation, line)
    raise ServiceError("the game is too busy right now; the order was kept, try again",
                       "busy")


def _load_for_order(store: EventLog, game_id: str) -> LoadedGame:
    """Return the game an order is for, read once; an unknown game is the player's error."""
    try:
        return load_game(store, game_id) if game_id else _no_game(game_id)
    except UnknownGameId:
        return _no_game(game_id)


def _no_game(game_id: str) -> NoReturn:
    """Raise the player's error for an unknown game."""
    raise ServiceError(f"there is no game {game_id!r}", "unknown-game")


def _seed_of(store: EventLog, loaded: LoadedGame) -> bytes:
    """Return the game's secret seed, from the row read with the log when there is one."""
    row = loaded.row or store.get_game(loaded.meta.id)
    if row is None:
        _no_game(loaded.meta.id)
    return bytes.fromhex(row.seed)


def decided_line(store: Inbox, causation: str, line: int) -> tuple[str, int]:
    """Return (text, seq) of a line that is in the log already."""
    for number, seq, text in store.decided_lines(causation):
        if number == line:
            return text, seq
    raise ServiceError("the order was decided, then could not be found", "lost-decision")


def _decide_once(store: EventLog, loaded: LoadedGame, seat: str, body: str,
                 decision: tuple[str, int], actor: str, prompt_key: str | None,
                 seed: bytes, notify: bool = True, answer: bool = False,
                 new_submission: Submission | None = None) -> tuple[str, int]:
    game, meta = loaded.game, loaded.meta
    if seat not in meta.seat_names:
        raise ServiceError(f"{seat!r} is not a seat of game {meta.id} (seats: "
                           f"{', '.join(meta.seat_names)})", "unknown-seat")
    if meta.paused:
        raise ServiceError("The game is paused; orders are taken again when it resumes.",
                           "game-paused")
    if meta.finished:
        raise ServiceError("The game is over; no more orders are taken.", "game-over")
    if not meta.started:
        raise ServiceError("The game has not started: it waits for its players to join, and "
                           "takes orders once every seat is taken.", "not-started")
    prompt = game.check_prompted(loaded.state, seat)
    if prompt_key is not None and prompt_key != prompt.key:
        raise StaleOrder("That order answers an earlier decision; the game has moved on.",
                         legal=game.help(prompt))
    body, ahead = split_ahead(game, body)
    order = read_order(game, body, seat, loaded.state)
    entries = (game.read_standing(ahead, seat, loaded.state, ahead=True, after=order)
               if ahead else ())
    tail = [SeatStanding(seat, merged(meta.standing.get(seat, ()), entries))] if entries else []
    position = loaded.seq + 1
    events = game.decide(loaded.state, seat, order, Rng.for_position(seed, meta.id, position))
    text = game.format_order(order)
    accepted = OrderAccepted(seat, game.order_to_json(order), text, prompt.key)
    def result(last: int) -> tuple[str, str, dict[str, Any]]:
        return decision[0], "accepted", SubmissionResult(decision[0], "accepted",
                                                         orders=(text,), seq=last).as_dict()

    append_decision(store, loaded, [accepted], events, seed, actor, decision[0],
                    decision=decision, notify=notify,
                    answer=result if answer else None, submission=new_submission, tail=tail)
    return text, loaded.seq


def split_ahead(game: Game[Any], body: str) -> tuple[str, str]:
    """Return (the order, the answers ahead after `then`) of an order line; a game without
    standing answers, and a JSON order, answer nothing ahead."""
    if not game.standing_topics() or body.lstrip().startswith("{"):
        return body, ""
    return split_then(body)


def read_order(game: Game[Any], body: str, seat: str, state: Any) -> Any:
    """Return the order in `body`: a JSON object {"kind": ...} or the game's text grammar."""
    text = body.strip()
    if not text:
        raise UnreadableOrder("The order is empty.", legal=_help_for(game, state, seat))
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise UnreadableOrder(f"The order is not valid JSON ({exc.msg}).") from None
        if not isinstance(data, dict):
            raise UnreadableOrder("A JSON order must be an object with a \"kind\".")
        return game.order_from_json(data)
    return game.parse(text, seat, state)


def _help_for(game: Game[Any], state: Any, seat: str) -> str:
    prompt = game.prompt_for(state, seat)
    return game.help(prompt) if prompt else ""
