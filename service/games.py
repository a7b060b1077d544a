"""Application functions: create a game, submit an order, decide it and append its events."""
from __future__ import annotations

import json
import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import (
    Game,
    Rng,
    RuleViolation,
    StaleOrder,
    UnreadableOrder,
    canonical_json,
    get_game,
    sha256_hex,
)

from .loading import (
    GameMeta,
    LoadedGame,
    apply_service_event,
    load_game,
    maybe_snapshot,
    start_state,
)
from .meta import SERVICE_EVENTS, GameCreated, GameFinished, OrderAccepted, SeatInfo, SeedRevealed
from .store import NewEvent, NewOutbox, SeqConflict, Store, Submission

SEAT_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,23}$")
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
MAX_ORDER_BYTES = 64 * 1024
CONFLICT_RETRIES = 8
DEADLINE_ACTOR = "deadline"


class ServiceError(Exception):
    """A request the service cannot carry out; the message says why, for the user."""

    code = "service-error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code:
            self.code = code


@dataclass(frozen=True)
class SubmissionResult:
    """What became of a submission: accepted (with the order as understood) or rejected."""

    submission_id: str
    status: str
    code: str = ""
    message: str = ""
    legal: str = ""
    orders: tuple[str, ...] = ()
    seq: int = 0

    @property
    def accepted(self) -> bool:
        """Return whether the order was accepted."""
        return self.status == "accepted"

    def as_dict(self) -> dict[str, Any]:
        """Return the result as JSON-ready data, as stored with the submission."""
        return {"status": self.status, "code": self.code, "message": self.message,
                "legal": self.legal, "orders": list(self.orders), "seq": self.seq}

    @classmethod
    def from_submission(cls, sub: Submission) -> SubmissionResult:
        """Return the stored result of an already processed submission."""
        data = sub.result or {}
        return cls(sub.id, sub.status, data.get("code", ""), data.get("message", ""),
                   data.get("legal", ""), tuple(data.get("orders", ())), data.get("seq", 0))


@dataclass(frozen=True)
class NewSeat:
    """A seat asked for when creating a game."""

    name: str
    email: str


def parse_seat(text: str) -> NewSeat:
    """Return the seat written as NAME=EMAIL, or raise ServiceError saying what is wrong."""
    name, sep, email = text.partition("=")
    name, email = name.strip().lower(), email.strip()
    if not sep or not SEAT_NAME.match(name):
        raise ServiceError(f"seat {text!r} must be NAME=EMAIL, the name a letter followed by "
                           "up to 23 letters, digits, '-' or '_'", "bad-seat")
    if not EMAIL.match(email):
        raise ServiceError(f"seat {name}: {email!r} is not an email address", "bad-seat")
    return NewSeat(name, email)


def create_game(store: Store, game_name: str, seats: Sequence[NewSeat],
                options: Mapping[str, str] | None = None, *, title: str | None = None,
                seed_hex: str | None = None) -> LoadedGame:
    """Create a game with a fresh secret seed (or the given one) and its opening events."""
    game = get_game(game_name)
    _check_seats(game, seats)
    try:
        values = game.resolve_options(options or {})
    except ValueError as exc:
        raise ServiceError(str(exc), "bad-option") from None
    seed = _seed_bytes(seed_hex)
    game_id = _new_game_id(store)
    store.create_game(game_id, game.name, game.version, title or game.title, seed.hex())
    created = GameCreated(game.name, title or game.title, game.version,
                          tuple(SeatInfo(s.name, s.email) for s in seats), values,
                          sha256_hex(seed))
    meta = apply_service_event(None, game_id, created)
    state = start_state(game, meta)
    opening = game.start(state, Rng.for_position(seed, game_id, 1))
    loaded = LoadedGame(game, meta, state, 0)
    _append(store, loaded, [created], opening, seed, "system", None)
    return loaded


def _check_seats(game: Game[Any], seats: Sequence[NewSeat]) -> None:
    names = [seat.name for seat in seats]
    if len(set(names)) != len(names):
        raise ServiceError("every seat needs its own name", "bad-seat")
    if not game.min_players <= len(seats) <= game.max_players:
        wanted = (str(game.min_players) if game.min_players == game.max_players
                  else f"{game.min_players} to {game.max_players}")
        raise ServiceError(f"{game.title} is played by {wanted} players, not {len(seats)}",
                           "bad-seat-count")


def _seed_bytes(seed_hex: str | None) -> bytes:
    if seed_hex is None:
        return secrets.token_bytes(32)
    try:
        seed = bytes.fromhex(seed_hex)
    except ValueError:
        raise ServiceError(f"--seed must be hexadecimal, not {seed_hex!r}", "bad-seed") from None
    if not 16 <= len(seed) <= 64:
        raise ServiceError("--seed must be 32 to 128 hex digits (16 to 64 bytes)", "bad-seed")
    return seed


def _new_game_id(store: Store) -> str:
    while True:
        game_id = secrets.token_hex(4)
        if store.get_game(game_id) is None:
            return game_id


def _service_new(item: Any, actor: str, causation: str | None) -> NewEvent:
    name, payload = SERVICE_EVENTS.dump(item)
    return NewEvent(name, payload, SERVICE_EVENTS.version_of(item), actor, causation)


def _engine_new(game: Game[Any], events: Sequence[Any], actor: str,
                causation: str | None) -> list[NewEvent]:
    result = []
    for item in events:
        name, payload = game.events.dump(item)
        result.append(NewEvent(name, payload, game.events.version_of(item), actor, causation))
    return result


def _append(store: Store, loaded: LoadedGame, head: list[Any], engine_events: list[Any],
            seed: bytes, actor: str, causation: str | None) -> None:
    """Append service events `head`, then the game's events, the game's end and the outbox."""
    game, meta, before = loaded.game, loaded.meta, loaded.state
    for item in head:
        meta = apply_service_event(meta, meta.id, item)
    state = game.fold(before, engine_events)
    tail = []
    result = game.outcome(state)
    if result is not None and not meta.finished:
        tail = [GameFinished(result.winners, result.reason, dict(result.scores)),
                SeedRevealed(seed.hex())]
        for item in tail:
            meta = apply_service_event(meta, meta.id, item)
    events = ([_service_new(item, actor, causation) for item in head]
              + _engine_new(game, engine_events, actor, causation)
              + [_service_new(item, actor, causation) for item in tail])
    last = loaded.seq + len(events)
    outbox = _outbox_rows(game, before if loaded.seq else None, state, meta, last)
    store.append(meta.id, loaded.seq, events, outbox)
    if meta.finished:
        store.set_game_status(meta.id, "finished")
    loaded.meta, loaded.state, loaded.seq = meta, state, last


def _outbox_rows(game: Game[Any], before: Any, after: Any, meta: GameMeta,
                 seq: int) -> list[NewOutbox]:
    """Return a notice for each seat whose view or decision changed (or all, at start/end)."""
    rows = []
    for seat in meta.seat_names:
        kind = "final" if meta.finished else "turn"
        if before is not None and not meta.finished:
            old_prompt, new_prompt = game.prompt_for(before, seat), game.prompt_for(after, seat)
            same_prompt = (old_prompt.key if old_prompt else None) == (
                new_prompt.key if new_prompt else None)
            if same_prompt and game.view(before, seat) == game.view(after, seat):
                continue
        rows.append(NewOutbox(seq, seat, kind))
    return rows


def submit_order(store: Store, game_id: str, seat: str, body: str, *, source: str = "cli",
                 sender: str | None = None, idempotency_key: str | None = None,
                 prompt_key: str | None = None) -> SubmissionResult:
    """Store a submission first, then process it; a duplicate returns the first result."""
    sub, created = store.add_submission(source, body, game_id=game_id, seat=seat,
                                        sender=sender, idempotency_key=idempotency_key)
    if not created and sub.status != "received":
        return SubmissionResult.from_submission(sub)
    return process_submission(store, sub.id, prompt_key=prompt_key)


def process_submission(store: Store, submission_id: str, *,
                       prompt_key: str | None = None) -> SubmissionResult:
    """Decide a stored submission and record its result; safe to run twice."""
    sub = store.get_submission(submission_id)
    if sub is None:
        raise ServiceError(f"no submission {submission_id!r}", "unknown-submission")
    if sub.status != "received":
        return SubmissionResult.from_submission(sub)
    try:
        result = _decide_submission(store, sub, prompt_key)
    except (RuleViolation, ServiceError) as exc:
        legal = exc.legal if isinstance(exc, RuleViolation) else ""
        result = SubmissionResult(sub.id, "rejected", exc.code, exc.message, legal)
    store.set_submission_result(sub.id, result.status, result.as_dict())
    return result


def _decide_submission(store: Store, sub: Submission, prompt_key: str | None) -> SubmissionResult:
    row = store.get_game(sub.game_id) if sub.game_id else None
    if row is None:
        raise ServiceError(f"there is no game {sub.game_id!r}", "unknown-game")
    if len(sub.body.encode("utf-8", "replace")) > MAX_ORDER_BYTES:
        raise ServiceError(f"the order is longer than {MAX_ORDER_BYTES // 1024} KiB",
                           "order-too-long")
    actor = DEADLINE_ACTOR if sub.source == DEADLINE_ACTOR else (sub.seat or "")
    seed = bytes.fromhex(row.seed)
    for _ in range(CONFLICT_RETRIES):
        loaded = load_game(store, row.id, row=row)
        try:
            return _decide_once(store, loaded, sub, actor, prompt_key, seed)
        except SeqConflict:
            continue
    raise ServiceError("the game is too busy right now; the order was kept, try again",
                       "busy")


def _decide_once(store: Store, loaded: LoadedGame, sub: Submission, actor: str,
                 prompt_key: str | None, seed: bytes) -> SubmissionResult:
    game, meta, seat = loaded.game, loaded.meta, sub.seat or ""
    if seat not in meta.seat_names:
        raise ServiceError(f"{seat!r} is not a seat of game {meta.id} (seats: "
                           f"{', '.join(meta.seat_names)})", "unknown-seat")
    prompt = game.check_prompted(loaded.state, seat)
    if prompt_key is not None and prompt_key != prompt.key:
        raise StaleOrder("That order answers an earlier decision; the game has moved on.",
                         legal=game.help(prompt))
    order = read_order(game, sub.body, seat, loaded.state)
    position = loaded.seq + 1
    events = game.decide(loaded.state, seat, order, Rng.for_position(seed, meta.id, position))
    text = game.format_order(order)
    accepted = OrderAccepted(seat, game.order_to_json(order), text, prompt.key)
    _append(store, loaded, [accepted], events, seed, actor, sub.id)
    maybe_snapshot(store, loaded)
    return SubmissionResult(sub.id, "accepted", orders=(text,), seq=loaded.seq)


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


def default_order_body(game: Game[Any], loaded: LoadedGame, seat: str) -> str:
    """Return the JSON body of the seat's deadline default order."""
    prompt = game.check_prompted(loaded.state, seat)
    return canonical_json(game.order_to_json(prompt.default))
