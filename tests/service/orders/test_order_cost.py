"""An order's reads stay the same however long its game is: counted, never timed.

Two games are set up identically except for the length of their logs (about 100 and 5,000
events of players' messages, each with its press emails in the outbox) and a snapshot at the
end of each, as the service keeps. The same orders are then given in both (one queued and decided as a
worker does, one decided at once as the terminal does), and every SQL statement SQLite runs
for each (the order itself, and the worker's reads of the mail it caused) is counted, with the steps of SQLite's virtual machine it takes (each row a statement reads
costs steps, so a read that grows with the log shows) and the rows of the log it reads.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import event

from service.game.events import PressSent
from service.game.loading import load_game, snapshot_of
from service.orders.appending import service_new
from service.orders.creation import NewSeat, create_game
from service.orders.processing import process_submission, submit_order
from service.seats.press import PRESS_KIND
from service.store.records import Append
from service.store.roles import EventLog
from service.store.store import NewOutbox, Store

SEATS = ("anna", "bruno", "carla")
VALUES = re.compile(r"'(?:[^']|'')*'|\b\d+(?:\.\d+)?\b")


class StatementLog:
    """Every SQL statement the store's SQLite connections run while it is recording."""

    def __init__(self, store: Store) -> None:
        self.recording = False
        self.statements: list[str] = []
        self.steps = 0
        event.listen(store._engine, "connect", self._trace)  # before the first connection

    def _trace(self, dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.set_trace_callback(self._seen)
        dbapi_connection.set_progress_handler(self._step, 1)

    def _step(self) -> int:
        """Count one step of SQLite's virtual machine: rows read cost steps."""
        if self.recording:
            self.steps += 1
        return 0

    def _seen(self, sql: str) -> None:
        if self.recording:  # the statement's shape: its values and their lengths vary
            self.statements.append(VALUES.sub("?", " ".join(sql.split()))[:120])

    @contextmanager
    def record(self) -> Iterator[list[str]]:
        """Record the statements run inside the block."""
        self.statements, self.steps, self.recording = [], 0, True
        try:
            yield self.statements
        finally:
            self.recording = False


def game_of_length(tmp_path: Path, events: int) -> tuple[Store, StatementLog, str]:
    """Return a store holding one game whose log is `events` long, snapshotted at its end."""
    store = Store(f"sqlite:///{tmp_path / f'{events}.db'}")
    statements = StatementLog(store)
    store.create_schema()
    seats = [NewSeat(name, f"{name}@players.test") for name in SEATS]
    loaded = create_game(store, "secret-masters", seats, seed_hex="c0" * 32,
                         notify="every")  # every seat mailed at every change, as it reads
    game_id, first = loaded.meta.id, loaded.seq + 1
    talk = [PressSent("anna", ("bruno", "carla"), f"message {n}", False, False)
            for n in range(events - loaded.seq)]
    store.append(Append(game_id, loaded.seq, [service_new(item, "anna", None) for item in talk],
                        [NewOutbox(seq, seat, PRESS_KIND) for seq in range(first, first + len(talk))
                         for seat in ("bruno", "carla")]))
    loaded = load_game(store, game_id)
    store.save_snapshot(game_id, loaded.seq, loaded.game.version,
                        snapshot_of(loaded, store.log_end(game_id)[1]))
    return store, statements, game_id


def order_reads(store: Store, statements: StatementLog, game_id: str,
                queued: bool) -> tuple[list[str], int, int]:
    """Give one order; return its statements, SQLite's steps, and the log rows it reads.

    `queued`: the input is stored, then decided as a worker does, which then reads the mail
    it caused; else it is decided at once, as the terminal does.
    """
    loaded = load_game(store, game_id)
    prompt = loaded.game.prompts(loaded.state)[0]
    order = loaded.game.format_order(loaded.game.legal_orders(loaded.state, prompt.seat)[0])
    tail = store.game_tail(game_id, lambda name: loaded.game.version)
    assert tail is not None
    with statements.record() as seen:
        if queued:
            sub, _ = store.add_submission("web", order, game_id=game_id, seat=prompt.seat)
            result = process_submission(store, sub.id)
            assert store.submission_outbox(sub.id)  # the worker's reads after the order
            store.get_submission(sub.id)
        else:
            result = submit_order(store, game_id, prompt.seat, order, source="cli")
        assert result.accepted, result.message
    return list(seen), statements.steps, len(tail.rows)


def test_an_order_reads_as_much_at_5000_events_as_at_100(tmp_path: Path) -> None:
    short_store, short_log, short_id = game_of_length(tmp_path, 100)
    long_store, long_log, long_id = game_of_length(tmp_path, 5000)
    try:
        assert long_store.log_end(long_id)[0] == 5000 and short_store.log_end(short_id)[0] == 100
        for queued, commits in ((True, 2), (False, 1)):
            short, short_steps, short_rows = order_reads(short_store, short_log, short_id,
                                                         queued)
            long, long_steps, long_rows = order_reads(long_store, long_log, long_id, queued)
            assert len(long) == len(short) and long == short
            assert long_rows == short_rows, "the read starts at the snapshot's own event"
            assert long_steps == short_steps, "no statement reads more rows in the longer game"
            assert sum(s.startswith("COMMIT") for s in long) == commits
    finally:
        short_store.dispose()
        long_store.dispose()


def test_a_turn_email_reads_only_its_own_seats_outbox_rows(tmp_path: Path) -> None:
    from service.base.config import load_config
    from service.mail.compose import compose_outbox

    store, statements, game_id = game_of_length(tmp_path, 400)
    try:
        result = submit_order(store, game_id, *first_order(store, game_id), source="cli")
        assert result.accepted
        row = next(r for r in store.outbox_for_game(game_id)
                   if r.seq > result.seq - 3 and r.kind == "turn" and r.recipient == "carla")
        with statements.record() as seen:
            assert compose_outbox(store, load_config(), row) is not None
        outbox_reads = [sql for sql in seen if "FROM outbox" in sql]
        assert outbox_reads and all("outbox.recipient" in sql for sql in outbox_reads), \
            outbox_reads
    finally:
        store.dispose()


def first_order(store: EventLog, game_id: str) -> tuple[str, str]:
    """Return the first prompted seat and its first legal order, as text."""
    loaded = load_game(store, game_id)
    prompt = loaded.game.prompts(loaded.state)[0]
    return prompt.seat, loaded.game.format_order(
        loaded.game.legal_orders(loaded.state, prompt.seat)[0])
