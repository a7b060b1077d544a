"""Application functions: create a game, submit an order, decide it and append its events."""
from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

from engine.core import (
    Game,
    Rng,
    RuleViolation,
    StaleOrder,
    UnreadableOrder,
    get_game,
    sha256_hex,
)
from service.base.inputs import MAILBOX, InputRefused, check_email, check_line
from service.game.events import PRESS_LEVELS, GameCreated, GameSettings, OrderAccepted, SeatInfo
from service.game.loading import LoadedGame, UnknownGameId, load_game, start_state
from service.game.meta import apply_service_event
from service.log.records import (
    AlreadyDecided,
    DuplicateSubmission,
    NewOutbox,
    ResultStored,
    SeqConflict,
    Submission,
)
from service.orders.appending import append_decision
from service.orders.irreversible import help_irreversible_last

if TYPE_CHECKING:
    from service.log.store import Store

SEAT_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,23}$")
MAX_TITLE = 120
MAX_PLAYER = 80
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
    line: str = ""
    notes: tuple[str, ...] = ()
    ignored: tuple[str, ...] = ()

    @property
    def accepted(self) -> bool:
        """Return whether the order was accepted."""
        return self.status == "accepted"

    def as_dict(self) -> dict[str, Any]:
        """Return the result as JSON-ready data, as stored with the submission."""
        return {"status": self.status, "code": self.code, "message": self.message,
                "legal": self.legal, "orders": list(self.orders), "seq": self.seq,
                "line": self.line, "notes": list(self.notes), "ignored": list(self.ignored)}

    @classmethod
    def from_submission(cls, sub: Submission) -> SubmissionResult:
        """Return the stored result of an already processed submission."""
        data = sub.result or {}
        return cls(sub.id, sub.status, data.get("code", ""), data.get("message", ""),
                   data.get("legal", ""), tuple(data.get("orders", ())), data.get("seq", 0),
                   data.get("line", ""), tuple(data.get("notes", ())),
                   tuple(data.get("ignored", ())))


@dataclass(frozen=True)
class NewSeat:
    """A seat asked for when creating a game."""

    name: str
    email: str
    player: str = ""


def parse_seat(text: str) -> NewSeat:
    """Return the seat written as NAME=EMAIL, or raise ServiceError saying what is wrong."""
    name, sep, email = text.partition("=")
    name, email = name.strip().lower(), email.strip()
    if not sep or not SEAT_NAME.match(name):
        raise ServiceError(f"seat {text!r} must be NAME=EMAIL, the name a letter followed by "
                           "up to 23 letters, digits, '-' or '_'", "bad-seat")
    return NewSeat(name, seat_email(name, email))


def seat_email(seat: str, email: str) -> str:
    """Return the seat's address when it is one plain mailbox, or raise ServiceError."""
    try:
        return check_email(email, f"seat {seat}: the email address")
    except InputRefused as exc:
        raise ServiceError(str(exc), "bad-seat") from None


def checked_text(text: str, what: str, max_length: int, code: str) -> str:
    """Return `text` when it is one clean line (no control characters), or raise ServiceError."""
    try:
        return check_line(text, what, max_length)
    except InputRefused as exc:
        raise ServiceError(str(exc), code) from None


def create_game(store: Store, game_name: str, seats: Sequence[NewSeat],
                options: Mapping[str, str] | None = None, *, title: str | None = None,
                seed_hex: str | None = None, deadline_hours: int | None = None,
                reminder_hours: Sequence[int] = (24, 1),
                game_id: str | None = None, press: str = "private", absence_days: int = 14,
                master_email: str = "") -> LoadedGame:
    """Create a game with a fresh secret seed (or the given one) and its opening events, under
    a new random id or the given one (the random stream is keyed by the seed and the id)."""
    game = get_game(game_name)
    seats = _check_seats(game, seats)
    settings = _settings(press, absence_days, master_email.strip())
    title = checked_text(title or "", "the title", MAX_TITLE, "bad-title") or None
    try:
        values = game.resolve_options(options or {})
    except ValueError as exc:
        raise ServiceError(str(exc), "bad-option") from None
    seed = _seed_bytes(seed_hex)
    game_id = _chosen_game_id(store, game_id)
    store.create_game(game_id, game.name, game.version, title or game.title, seed.hex())
    created = GameCreated(game.name, title or game.title, game.version,
                          tuple(SeatInfo(s.name, s.email, s.player or s.name) for s in seats),
                          values, sha256_hex(seed), deadline_hours,
                          tuple(sorted(set(reminder_hours), reverse=True)))
    meta = apply_service_event(None, game_id, created)
    state = start_state(game, meta)
    opening = game.start(state, Rng.for_position(seed, game_id, 1))
    loaded = LoadedGame(game, meta, state, 0)
    append_decision(store, loaded, [created, *settings], opening, seed, "system", None)
    if master_email:
        store.add_outbox(game_id, [NewOutbox(loaded.seq, "*", "master-link")])
    return loaded


def _settings(press: str, absence_days: int, master_email: str) -> list[GameSettings]:
    """Return the table settings event, or none when both are the defaults."""
    if press not in PRESS_LEVELS:
        raise ServiceError(f"press must be one of {', '.join(PRESS_LEVELS)}, not {press!r}",
                           "bad-press")
    if not 0 <= absence_days <= 60:
        raise ServiceError("an absence may extend deadlines by 0 to 60 days", "bad-absence")
    if master_email and not MAILBOX.match(master_email):
        raise ServiceError(f"{master_email!r} is not an email address", "bad-master-email")
    if (press, absence_days, master_email) == ("private", 14, ""):
        return []
    return [GameSettings(press, absence_days, master_email)]


def _check_seats(game: Game[Any], seats: Sequence[NewSeat]) -> list[NewSeat]:
    """Return the seats with checked addresses and names, or raise ServiceError."""
    seats = [NewSeat(s.name, seat_email(s.name, s.email),
                     checked_text(s.player, f"seat {s.name}: the player's name", MAX_PLAYER,
                                  "bad-seat")) for s in seats]
    names = [seat.name for seat in seats]
    if len(set(names)) != len(names):
        raise ServiceError("every seat needs its own name", "bad-seat")
    if not game.min_players <= len(seats) <= game.max_players:
        wanted = (str(game.min_players) if game.min_players == game.max_players
                  else f"{game.min_players} to {game.max_players}")
        raise ServiceError(f"{game.title} is played by {wanted} players, not {len(seats)}",
                           "bad-seat-count")
    return seats


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


GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,31}")


def seed_game_id(seed_hex: str) -> str:
    """Return the game id derived from a fixed seed, so the same seed gives the same game."""
    return hashlib.sha256(b"pbem game id:" + _seed_bytes(seed_hex)).hexdigest()[:8]


def _chosen_game_id(store: Store, given: str | None) -> str:
    """Return the id a new game takes: the given one (checked), or a new random one."""
    if given is None:
        return _new_game_id(store)
    if not GAME_ID.fullmatch(given):
        raise ServiceError(f"a game id is 1 to 32 lower-case letters, digits and hyphens, not "
                           f"{given!r}", "bad-game-id")
    if store.get_game(given) is not None:
        raise ServiceError(f"there is a game {given} already; choose another id (a game made "
                           "from the same seed gets the same id unless --id is given)",
                           "game-exists")
    return given


def _new_game_id(store: Store) -> str:
    while True:
        game_id = secrets.token_hex(4)
        if store.get_game(game_id) is None:
            return game_id


def submit_order(store: Store, game_id: str, seat: str, body: str, *, source: str = "cli",
                 sender: str | None = None, idempotency_key: str | None = None,
                 prompt_key: str | None = None,
                 hand_over: Callable[[str], bool] | None = None) -> SubmissionResult:
    """Store an order first, then hand it over or process it; a duplicate returns the first.

    The one way in for orders of the terminal, the web and the API. `hand_over(id)` may queue
    the stored submission (True); otherwise it is processed here, as the queue would. Without
    `hand_over` nothing waits for a queue: the input is stored with its outcome, at once.
    """
    from service.orders.processing import process_submission

    if hand_over is None:
        return decide_at_once(store, store.new_submission(
            source, body, game_id=game_id, seat=seat, sender=sender,
            idempotency_key=idempotency_key, prompt_key=prompt_key))
    sub, created = store.add_submission(source, body, game_id=game_id, seat=seat,
                                        sender=sender, idempotency_key=idempotency_key,
                                        prompt_key=prompt_key)
    if sub.status != "received":
        return SubmissionResult.from_submission(sub)
    if created and hand_over is not None and hand_over(sub.id):
        return SubmissionResult(sub.id, "received")
    return process_submission(store, sub.id, known=sub)


HELP_WORDS = frozenset({"help", "?"})


def is_help_request(text: str) -> bool:
    """Return whether `text` asks what can be written now rather than giving an order."""
    return text.strip().lower().rstrip("?!. ") in HELP_WORDS or text.strip() == "?"


def help_now(store: Store, game_id: str, seat: str,
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


def decide_at_once(store: Store, sub: Submission) -> SubmissionResult:
    """Decide a one-order input not stored yet, and store it with its outcome in one go.

    One read of the game and one transaction: the input, its events, mail, deadlines and
    result. An input that breaks processing is stored all the same, with why, for recovery.
    """
    try:
        return process_order_submission(store, sub, stored=False)
    except DuplicateSubmission:
        earlier = store.submission_by_key(sub.source, sub.idempotency_key or "")
        if earlier is None:
            raise
        return _earlier(store, earlier)
    except Exception as exc:
        if store.get_submission(sub.id) is None:  # kept for recovery, with why it broke
            from service.orders.processing import printable

            kept, created = store.store_submission(sub)
            if created:
                store.note_submission_error(kept.id, printable(f"{type(exc).__name__}: {exc}"))
        raise


def _earlier(store: Store, earlier: Submission) -> SubmissionResult:
    """Return the outcome of the input stored first under the same key, deciding it if due."""
    if earlier.status != "received":
        return SubmissionResult.from_submission(earlier)
    from service.orders.processing import process_submission

    return process_submission(store, earlier.id, known=earlier)


def _store_new(store: Store, sub: Submission, result: SubmissionResult) -> SubmissionResult:
    """Store a new input with its result in one transaction; a taken key gives the first's."""
    kept, created = store.store_submission(sub, (result.status, result.as_dict()))
    return result if created else _earlier(store, kept)


def process_order_submission(store: Store, sub: Submission, *,
                             stored: bool = True) -> SubmissionResult:
    """Decide a one-order submission (not an email) and record its result, once.

    The text `help` is no order: it is answered with what the seat can write now. A
    submission not `stored` yet is stored with its outcome.
    """
    if sub.status != "received":
        return SubmissionResult.from_submission(sub)
    new = None if stored else sub
    try:
        if is_help_request(sub.body) and sub.game_id and store.get_game(sub.game_id):
            result = SubmissionResult(sub.id, "help",
                                      legal=help_now(store, sub.game_id, sub.seat or ""))
            if new is not None:
                return _store_new(store, new, result)
            return record_result(store, result)
        if len(sub.body.encode("utf-8", "replace")) > MAX_ORDER_BYTES:
            raise ServiceError(f"the order is longer than {MAX_ORDER_BYTES // 1024} KiB",
                               "order-too-long")
        actor = DEADLINE_ACTOR if sub.source == DEADLINE_ACTOR else (sub.seat or "")
        text, seq = decide_order(store, sub.game_id or "", sub.seat or "", sub.body,
                                 causation=sub.id, actor=actor, prompt_key=sub.prompt_key,
                                 answer=True, new_submission=new)
    except ResultStored:  # another run answered meanwhile, and nothing was appended
        return SubmissionResult.from_submission(store.get_submission(sub.id) or sub)
    except AlreadyDecided:  # another run decided it: its answer is in the log
        return _accepted_from_log(store, sub.id)
    except (RuleViolation, ServiceError) as exc:
        if new is not None:
            return _store_new(store, new, rejection(sub.id, exc))
        return record_result(store, rejection(sub.id, exc), refused_line=0,
                             rerun=lambda: _accepted_from_log(store, sub.id))
    # the answer was stored in the transaction that appended the order
    return SubmissionResult(sub.id, "accepted", orders=(text,), seq=seq)


def _accepted_from_log(store: Store, submission_id: str) -> SubmissionResult:
    """Record and return the result of a one-order submission whose order is in the log."""
    text, seq = _decided(store, submission_id, 0)
    return record_result(store, SubmissionResult(submission_id, "accepted", orders=(text,),
                                                 seq=seq))


def record_result(store: Store, result: SubmissionResult, refused_line: int | None = None,
                  rerun: Callable[[], SubmissionResult] | None = None) -> SubmissionResult:
    """Store a submission's result once and return the one stored (which may be earlier).

    A refusal of line `refused_line` is not stored if another run has decided that line
    meanwhile; `rerun` then builds the result again from what the log holds.
    """
    stored = store.set_submission_result(result.submission_id, result.status,
                                         result.as_dict(), unless_decided=refused_line)
    if stored:
        return result
    sub = store.get_submission(result.submission_id)
    if sub is None:
        raise ServiceError(f"no submission {result.submission_id!r}", "unknown-submission")
    if sub.status == "received" and rerun is not None:
        return rerun()
    return SubmissionResult.from_submission(sub)


def rejection(submission_id: str, exc: RuleViolation | ServiceError,
              orders: tuple[str, ...] = (), line: str = "") -> SubmissionResult:
    """Return the rejected result carrying the violation's code, message and legal orders."""
    legal = exc.legal if isinstance(exc, RuleViolation) else ""
    status = "partial" if orders else "rejected"
    return SubmissionResult(submission_id, status, exc.code, exc.message, legal, orders,
                            line=line)


def decide_order(store: Store, game_id: str, seat: str, body: str, *, causation: str,
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
            return _decided(store, causation, line)
    raise ServiceError("the game is too busy right now; the order was kept, try again",
                       "busy")


def _load_for_order(store: Store, game_id: str) -> LoadedGame:
    """Return the game an order is for, read once; an unknown game is the player's error."""
    try:
        return load_game(store, game_id) if game_id else _no_game(game_id)
    except UnknownGameId:
        return _no_game(game_id)


def _no_game(game_id: str) -> NoReturn:
    """Raise the player's error for an unknown game."""
    raise ServiceError(f"there is no game {game_id!r}", "unknown-game")


def _seed_of(store: Store, loaded: LoadedGame) -> bytes:
    """Return the game's secret seed, from the row read with the log when there is one."""
    row = loaded.row or store.get_game(loaded.meta.id)
    if row is None:
        _no_game(loaded.meta.id)
    return bytes.fromhex(row.seed)


def _decided(store: Store, causation: str, line: int) -> tuple[str, int]:
    """Return (text, seq) of a line that is in the log already."""
    for number, seq, text in store.decided_lines(causation):
        if number == line:
            return text, seq
    raise ServiceError("the order was decided, then could not be found", "lost-decision")


def _decide_once(store: Store, loaded: LoadedGame, seat: str, body: str,
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
    prompt = game.check_prompted(loaded.state, seat)
    if prompt_key is not None and prompt_key != prompt.key:
        raise StaleOrder("That order answers an earlier decision; the game has moved on.",
                         legal=game.help(prompt))
    order = read_order(game, body, seat, loaded.state)
    position = loaded.seq + 1
    events = game.decide(loaded.state, seat, order, Rng.for_position(seed, meta.id, position))
    text = game.format_order(order)
    accepted = OrderAccepted(seat, game.order_to_json(order), text, prompt.key)
    def result(last: int) -> tuple[str, str, dict[str, Any]]:
        return decision[0], "accepted", SubmissionResult(decision[0], "accepted",
                                                         orders=(text,), seq=last).as_dict()

    append_decision(store, loaded, [accepted], events, seed, actor, decision[0],
                    decision=decision, notify=notify,
                    answer=result if answer else None, submission=new_submission)
    return text, loaded.seq


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
