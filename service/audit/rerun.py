"""The audit: every order of a finished game decided again against its revealed seed must give
the identical log."""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from engine.core import Game, Outcome, Rng, RuleViolation, Termination, encode, sha256_hex
from engine.core.house import PLAYERS, choose
from service.audit.archive import ArchiveError, chained, check_engine
from service.game.events import (
    HOUSE_ACTOR,
    SERVICE_EVENTS,
    GameCreated,
    GameFinished,
    OrderAccepted,
    SeedRevealed,
)
from service.game.loading import load_game, start_state
from service.game.meta import GameMeta, apply_service_event
from service.game.opentableevents import TableOpened
from service.game.seating import seating
from service.game.witness import AuditedLog
from service.orders.house import house_rng


class AuditRefused(Exception):
    """The game cannot be audited (yet); the message says why."""


@dataclass(frozen=True)
class AuditReport:
    """The outcome of re-running a game from its seed."""

    orders: int
    events: int
    draws: int
    finished: bool = True
    house: int = 0
    """The house's orders chosen again (an audit with `house` only)."""


ORDER_VERSION = SERVICE_EVENTS.version_of(OrderAccepted("", {}, "", ""))


AUDITED = frozenset({"order.accepted", "game.finished", "seed.revealed"})
"""The service events an audit reads after game.created; the others follow no random draw."""


class AuditFailure(AuditRefused):
    """The log does not follow from its orders and seed; `seq` is the first event that differs."""

    def __init__(self, seq: int, reason: str) -> None:
        super().__init__(f"seq {seq}: {reason}")
        self.seq = seq
        self.reason = reason


def audit(store: AuditedLog, game_id: str, *, house: bool = False) -> AuditReport:
    """Re-run every order of a finished game in the store against its revealed seed; with
    `house`, also choose every order of the house again (see `rerun_log`)."""
    meta = load_game(store, game_id).meta
    if not meta.finished or meta.revealed_seed is None:
        raise AuditRefused(f"game {game_id} is not finished: its seed stays secret until the "
                           "end, so its randomness cannot be audited yet (pbem verify checks "
                           "the log meanwhile)")
    try:
        return rerun_log(game_id, meta.revealed_seed,
                         chained(map(vars, store.iter_events(game_id))), house=house)
    except ArchiveError as exc:
        raise AuditFailure(exc.seq or 0, exc.message) from None


LogEntry = Mapping[str, Any]
"""One event as the audit reads it: at least its seq, type, schema_version and payload."""


_EXACT = frozenset({str, int, bool, type(None)})
"""The JSON value types whose equality is identity of meaning (unlike floats: -0.0 == 0.0)."""


class _Rerun:
    """The state of one audit pass: the rules, the folded state and what is still expected."""

    def __init__(self, game_id: str, seed_hex: str, house: bool = False) -> None:
        self.game_id, self.seed_hex = game_id, seed_hex
        self.house = house
        """Whether the house's orders are chosen again (`house_orders` counts them)."""
        self.house_orders = 0
        self.actor = ""
        self.seed = bytes.fromhex(seed_hex)
        self.game: Game[Any] | None = None
        self.state: Any = None
        self.expected: list[Any] = []
        self.after: Any = None
        self.kinds: dict[type, tuple[str, int]] = {}
        self.decoded: dict[tuple[tuple[tuple[str, Any], ...], tuple[type, ...]], Any] = {}
        self.opened_at = 0
        self.table: GameMeta | None = None
        """An open table's service data, until its game.created."""
        self.seats: tuple[str, ...] = ()
        self.orders = self.draws = self.events = 0
        self.finished = False

    def take(self, entry: LogEntry) -> None:
        """Check one logged event against the re-run; raise AuditFailure where it differs."""
        self.events += 1
        seq, name = entry["seq"], entry["type"]
        self.actor = entry.get("actor", "")
        if seq != self.events:
            raise AuditFailure(self.events, f"event {self.events} is missing or out of order")
        try:
            if "." in name or not (self.expected or self._keeps_standing(seq, entry)):
                self._other(seq, name, entry)
                return
            again = self.expected.pop()  # a game event: it must be the next re-derived one
            kind = self.kinds.get(type(again)) or self._kind(again)
            if entry["schema_version"] == kind[1]:
                same = name == kind[0] and encode(again) == entry["payload"]
            else:  # written by an older schema: compare after upcasting
                same = self._upcast(name, entry["payload"], entry["schema_version"]) == again
        except (KeyError, TypeError, ValueError) as exc:
            raise AuditFailure(seq, f"the event cannot be read ({exc})") from None
        if not same:
            raise AuditFailure(seq, f"re-running the decision at seq {self.opened_at} "
                               f"gives different events from here on (expected {kind[0]}): "
                               "the log does not follow from its orders and seed")
        if not self.expected:
            self.state, self.after = self.after, None

    def _keeps_standing(self, seq: int, entry: LogEntry) -> bool:
        """Expect the events keeping a seat's standing answers when the game event `entry`,
        which no order led to, is the first of them; return whether it is.

        The standing command appends such events alone (`Game.keep_standing`: a topic the game
        keeps as its own state, private to the seat). They draw nothing, so they are re-derived
        from the answers the seat holds after the event: the game must give exactly these
        events for those answers from the state before it.
        """
        if self.game is None or self.state is None:
            return False
        event = self.game.events.load(entry["type"], entry["payload"], entry["schema_version"])
        after = self.game.evolve(self.state, event)
        for seat in self.seats:
            again = self.game.keep_standing(self.state, seat,
                                            self.game.kept_standing(after, seat))
            if again and again[0] == event:
                self._open(seq, again, self.game.fold(self.state, again))
                return True
        return False

    def _other(self, seq: int, name: str, entry: LogEntry) -> None:
        """Take the first event, a service event, or a game event nothing led to."""
        if self.game is None:
            self._created(entry)
        elif "." in name:
            self._service(seq, name, entry["schema_version"], entry["payload"])
        else:
            raise AuditFailure(seq, "this game event follows from no order or opening")

    def _kind(self, again: Any) -> tuple[str, int]:
        """Return (and remember) the stored type name and schema version of an event's class."""
        assert self.game is not None
        table = self.game.events
        kind = self.kinds[type(again)] = (table.name_of(again), table.version_of(again))
        return kind

    def _upcast(self, name: str, payload: dict[str, Any], version: int) -> Any:
        """Return a game event written at an older schema version, as the current one."""
        assert self.game is not None
        return self.game.events.load(name, payload, version)

    def _created(self, entry: LogEntry) -> None:
        """Start the re-run from the log's first event: game.created, or table.opened for a
        game that waited for its players."""
        seq, name, version, payload = (entry["seq"], entry["type"], entry["schema_version"],
                                       entry["payload"])
        if name not in ("game.created", "table.opened"):
            raise AuditFailure(seq, "a game's log must begin with game.created or "
                               "table.opened")
        item = SERVICE_EVENTS.load(name, payload, version)
        if sha256_hex(self.seed) != item.seed_hash:
            raise AuditFailure(seq, "the seed does not match the hash published when the "
                               "game was created")
        try:
            self.game = check_engine(item.game, item.engine_version)
        except ArchiveError as exc:
            raise AuditRefused(exc.message) from None
        if isinstance(item, TableOpened):
            self.table = apply_service_event(None, self.game_id, item, seq)
            return
        self._start(seq, item)

    def _start(self, seq: int, item: GameCreated) -> None:
        """Re-run the opening of the game that game.created at `seq` starts."""
        assert self.game is not None
        self.seats = tuple(seat.name for seat in item.seats)
        self.state = start_state(self.game, apply_service_event(None, self.game_id, item))
        opening = self.game.start(self.state, self._rng(seq))
        self._open(seq, opening, self.game.fold(self.state, opening))

    def _seated(self, seq: int, item: Any) -> None:
        """Follow a table's events until its game.created, whose seats must be those seated
        then, in the order drawn from the seed."""
        assert self.table is not None
        if not isinstance(item, GameCreated):
            self.table = apply_service_event(self.table, self.game_id, item, seq)
            return
        if list(item.seats) != seating(self.seed, self.game_id, seq, self.table.seats):
            raise AuditFailure(seq, "the seats are not those who joined, in the order drawn "
                               "from the seed")
        self.table = None
        self._start(seq, item)

    def _rng(self, seq: int) -> Rng:
        return Rng.for_position(self.seed, self.game_id, seq)

    def _open(self, seq: int, again: Sequence[Any], after: Any) -> None:
        """Expect the re-derived events of the decision at `seq` next in the log.

        `after` is the state they lead to; it becomes the audit's state once every one of
        them was found in the log.
        """
        self.expected, self.opened_at = list(reversed(again)), seq
        if self.expected:
            self.after = after
        else:
            self.state = after

    def _service(self, seq: int, name: str, version: int, payload: dict[str, Any]) -> None:
        """Follow a service event: re-decide an accepted order, check the end and the seed."""
        assert self.game is not None
        if self.expected:
            raise AuditFailure(seq, f"the decision at seq {self.opened_at} causes "
                               f"{len(self.expected)} more event(s) than the log holds")
        if self.table is not None:
            if name not in SERVICE_EVENTS.by_name:
                raise AuditFailure(seq, f"{name!r} is not an event of the service")
            self._seated(seq, SERVICE_EVENTS.load(name, payload, version))
            return
        if name == "order.accepted" and version == ORDER_VERSION:  # the common case, undecoded
            if self.house and self.actor == HOUSE_ACTOR:
                self._house(seq, payload)
            self._order(seq, payload["seat"], payload["order"], payload["text"])
            return
        if name not in AUDITED:
            if name not in SERVICE_EVENTS.by_name:
                raise AuditFailure(seq, f"{name!r} is not an event of the service")
            return  # deadlines, pauses, seats: the clock's and the game master's, not the dice's
        item = SERVICE_EVENTS.load(name, payload, version)
        if isinstance(item, OrderAccepted):
            if self.house and self.actor == HOUSE_ACTOR:
                self._house(seq, vars(item))
            self._order(seq, item.seat, item.order, item.text)
        elif isinstance(item, GameFinished):
            if not _same_end(self.game.outcome(self.state), item):
                raise AuditFailure(seq, "the recorded end of the game is not the one the "
                                   "replayed game reaches")
            self.finished = True
        elif isinstance(item, SeedRevealed) and item.seed != self.seed_hex:
            raise AuditFailure(seq, "the revealed seed is not the seed being audited")

    def _order(self, seq: int, seat: str, order_json: dict[str, Any], text: str) -> None:
        """Decide the accepted order again with the same random stream."""
        assert self.game is not None
        rng = self._rng(seq)
        try:
            order = self._order_of(order_json)
            again, after = self.game.decide_and_fold(self.state, seat, order, rng)
        except RuleViolation as exc:
            raise AuditFailure(seq, f"the order ({text}) is refused on re-run: {exc}") from None
        self._open(seq, again, after)
        self.orders += 1
        self.draws += rng.draws

    def _house(self, seq: int, accepted: Mapping[str, Any]) -> None:
        """Choose the house's order at `seq` again: the same player, searching the recorded
        number of iterations with the house's stream of that position, must choose it."""
        assert self.game is not None
        player, iterations = accepted.get("player", ""), accepted.get("iterations", 0)
        if player not in PLAYERS:
            raise AuditFailure(seq, f"the house's order was chosen by the player "
                               f"{player or '(not recorded)'}, and this service keeps the "
                               f"players {', '.join(PLAYERS)}: it cannot be chosen again")
        choice = choose(self.game, self.state, accepted["seat"],
                        house_rng(self.seed, self.game_id, seq), iterations=iterations,
                        cpu_seconds=None, player=player)
        if self.game.order_to_json(choice.order) != accepted["order"]:
            again = self.game.format_order(choice.order)
            raise AuditFailure(seq, f"the house chooses {again!r} again in {iterations} "
                               f"iterations, not the recorded {accepted['text']!r}")
        self.house_orders += 1

    def _order_of(self, order_json: dict[str, Any]) -> Any:
        """Return the order of an accepted order's JSON, decoding each distinct one once.

        Orders are frozen, so equal JSON may share one; the key holds each value's exact type
        (1, 1.0 and True are equal in Python but not to the rules), and only scalars that
        compare exactly are keyed.
        """
        assert self.game is not None
        kinds = tuple(map(type, order_json.values()))
        if not _EXACT.issuperset(kinds):  # lists, objects: decoded each time
            return self.game.order_from_json(order_json)
        key = (tuple(order_json.items()), kinds)
        order = self.decoded.get(key)
        if order is None:
            order = self.decoded[key] = self.game.order_from_json(order_json)
        return order

    def report(self, require_finished: bool) -> AuditReport:
        """Return the report once every event was taken; raise if the log stops short."""
        if self.expected:
            raise AuditFailure(self.events + 1, f"the decision at seq {self.opened_at} causes "
                               "events the log does not hold")
        if require_finished and not self.finished:
            raise AuditRefused("the log does not reach the end of the game")
        return AuditReport(self.orders, self.events, self.draws, self.finished,
                           self.house_orders)


def _same_end(result: Outcome | None, item: GameFinished) -> bool:
    """Return whether a recorded end is the replayed game's: its winners, reason and scores,
    and (where recorded) why it ended, which a deadline default may have brought about; or
    the game master's end of a game its rules had not ended, with no winner."""
    if item.termination == Termination.GAME_MASTER.value:
        return result is None and not item.winners and not item.scores
    if result is None or (tuple(result.winners), result.reason, dict(result.scores)) \
            != (tuple(item.winners), item.reason, dict(item.scores)):
        return False
    return item.termination in ("", result.termination.value,
                                Termination.DEADLINE_DEFAULTS.value)


def rerun_log(game_id: str, seed_hex: str, events: Iterable[LogEntry], *,
              require_finished: bool = True, house: bool = False) -> AuditReport:
    """Re-run a log, streamed in seq order, from its seed; raise AuditFailure where it differs.

    The same check serves the store and an archive: every opening and accepted order is
    decided again with the same random stream and must give exactly the logged events, the
    recorded end must be the replayed one, and the revealed seed the audited one. With
    `house`, every order the house gave (actor `house`) is also chosen again, by running its
    player for the recorded iterations on the house's stream of that position: it must be
    the recorded order (the first that is not names its seq).
    """
    rerun = _Rerun(game_id, seed_hex, house)
    take = rerun.take
    for batch in _batches(events):
        for entry in batch:
            take(entry)
    return rerun.report(require_finished)


BATCH = 64
"""Events read (parsed, hash-checked) before they are re-run: alternating the two jobs event by
event measured some 8% slower than a few dozen at a time, which stay in the CPU's caches."""


def _batches(events: Iterable[LogEntry]) -> Iterator[list[LogEntry]]:
    """Yield the events in lists of up to BATCH, in order.

    When reading an event fails, the events read before it are yielded first and the error is
    raised after them, so a difference among those is still the one reported, as it is when
    each event is re-run as soon as it is read.
    """
    stream = iter(events)
    while True:
        batch: list[LogEntry] = []
        try:
            batch.extend(islice(stream, BATCH))
        except Exception:
            yield batch
            raise
        if not batch:
            return
        yield batch
