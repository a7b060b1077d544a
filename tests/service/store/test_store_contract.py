"""Contract tests of the event store: every check runs against SQLite and PostgreSQL.

PostgreSQL is found at $PBEM_TEST_PG_URL (default: the local `test` database). Each test gets
a fresh PostgreSQL schema that is dropped afterwards. Without a server the PostgreSQL cases
are skipped, except under CI (CI=true), where they fail.
"""
from __future__ import annotations

import multiprocessing
import queue
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import IntegrityError

from engine.core.canonical import canonical_json, sha256_hex
from service.store.records import Append
from service.store.roles import EventLog
from service.store.store import (
    GENESIS_HASH,
    NewEvent,
    NewOutbox,
    SeqConflict,
    Store,
    StoreError,
)
from tests.stores import open_store

GAME = "g-1"
RACE_ROUNDS = 20


@pytest.fixture(params=["sqlite", "sqlite-orders",
                        pytest.param("postgresql", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A store with one game, `GAME`, and an empty log."""
    opened = open_store(request.param, tmp_path)
    opened.create_game(GAME, "demo", "1.0", "Test game", "00ff" * 8)
    try:
        yield opened
    finally:
        opened.drop_schema()
        opened.dispose()


def _raw(store: Store, sql: str, **params: Any) -> None:
    """Run one SQL statement on a separate connection, outside the store's API."""
    connect_args = {"options": f"-csearch_path={store.schema}"} if store.schema else {}
    engine = create_engine(store.url, connect_args=connect_args)
    try:
        with engine.begin() as conn:
            conn.execute(text(sql), params)
    finally:
        engine.dispose()


def _events(*types: str, actor: str = "system") -> list[NewEvent]:
    """Return one simple event per type."""
    return [NewEvent(t, {"n": i, "type": t}, actor=actor) for i, t in enumerate(types)]


def _log_of(store: EventLog, count: int) -> None:
    """Append `count` events to GAME, one append each."""
    for seq in range(count):
        store.append(Append(GAME, seq, [NewEvent("step", {"i": seq}, actor="north",
                                          causation=f"sub-{seq}")]))


# -- appending and reading ---------------------------------------------------------------

def test_append_and_read_back_in_order(store: Store) -> None:
    new = [NewEvent("setup", {"seats": ["north", "south"], "note": "Zürich ♞"}),
           NewEvent("moved", {"from": "a1", "to": "a2"}, schema_version=2, actor="north",
                    causation="sub-1"),
           NewEvent("deadline_passed", {}, actor="deadline")]
    appended = store.append(Append(GAME, 0, new))
    read = store.events(GAME)
    assert read == appended
    assert [(e.seq, e.type, e.schema_version, e.payload, e.actor, e.causation) for e in read] \
        == [(i + 1, n.type, n.schema_version, n.payload, n.actor, n.causation)
            for i, n in enumerate(new)]


def test_seq_continuity_over_several_appends(store: Store) -> None:
    store.append(Append(GAME, 0, _events("a", "b")))
    store.append(Append(GAME, 2, _events("c")))
    store.append(Append(GAME, 3, _events("d", "e", "f")))
    read = store.events(GAME)
    assert [e.seq for e in read] == [1, 2, 3, 4, 5, 6]
    assert [e.type for e in read] == ["a", "b", "c", "d", "e", "f"]
    assert [e.prev_hash for e in read] == [GENESIS_HASH] + [e.hash for e in read[:-1]]
    assert store.last_seq(GAME) == 6


def test_empty_log_has_last_seq_zero(store: Store) -> None:
    assert store.last_seq(GAME) == 0
    assert store.events(GAME) == []
    assert store.event_rows(GAME) == []
    assert store.verify_chain(GAME) is None


def test_events_window_after_and_upto(store: Store) -> None:
    _log_of(store, 6)
    assert [e.seq for e in store.events(GAME, after_seq=2)] == [3, 4, 5, 6]
    assert [e.seq for e in store.events(GAME, after_seq=2, upto=4)] == [3, 4]
    assert [e.seq for e in store.events(GAME, upto=1)] == [1]


def test_event_rows_match_events_without_decoding(store: Store) -> None:
    _log_of(store, 5)
    rows = store.event_rows(GAME, after_seq=1)
    assert rows == [(e.seq, e.type, e.schema_version, canonical_json(e.payload), e.actor,
                     e.causation, e.hash) for e in store.events(GAME, after_seq=1)]
    assert all(isinstance(row, tuple) and isinstance(row[3], str) for row in rows)


def test_games_keep_separate_logs(store: Store) -> None:
    store.create_game("g-2", "demo", "1.0", "Other", "aa")
    store.append(Append(GAME, 0, _events("a", "b")))
    store.append(Append("g-2", 0, _events("x")))
    assert [e.type for e in store.events("g-2")] == ["x"]
    assert store.last_seq(GAME) == 2 and store.last_seq("g-2") == 1


def test_hash_follows_the_documented_formula(store: Store) -> None:
    first, second = store.append(Append(GAME, 0, [
        NewEvent("a", {"k": [1, 2.5, None]}, actor="north", causation="s1"), NewEvent("b", {})]))
    for event in (first, second):
        fields = {name: getattr(event, name) for name in (
            "game_id", "seq", "type", "schema_version", "payload", "actor", "causation",
            "recorded_at", "prev_hash")}
        assert event.hash == sha256_hex(canonical_json(fields))
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z", event.recorded_at)
    assert first.prev_hash == GENESIS_HASH and second.prev_hash == first.hash


# -- conflicts ---------------------------------------------------------------------------

def test_append_at_taken_seq_raises_and_writes_nothing(store: Store) -> None:
    store.append(Append(GAME, 0, _events("a", "b"), [NewOutbox(2, "north", "turn")]))
    before = store.events(GAME)
    with pytest.raises(SeqConflict) as caught:
        store.append(Append(GAME, 1, _events("late", "later"),
                            [NewOutbox(2, "south", "turn"), NewOutbox(3, "north", "reply")]))
    assert caught.value.game_id == GAME and caught.value.seq == 2
    assert "reload" in str(caught.value)
    assert store.events(GAME) == before
    assert [(o.seq, o.recipient) for o in store.outbox_for_game(GAME)] == [(2, "north")]


def test_expected_seq_ahead_of_the_log_raises(store: Store) -> None:
    store.append(Append(GAME, 0, _events("a")))
    with pytest.raises(SeqConflict):
        store.append(Append(GAME, 5, _events("skipping"), [NewOutbox(6, "north", "turn")]))
    assert store.last_seq(GAME) == 1
    assert store.outbox_for_game(GAME) == []


def test_append_to_unknown_game_raises(store: Store) -> None:
    with pytest.raises(StoreError):
        store.append(Append("no-such-game", 0, _events("a")))
    assert store.events("no-such-game") == []


# -- outbox ------------------------------------------------------------------------------

def test_outbox_rows_are_written_with_their_events(store: Store) -> None:
    store.append(Append(GAME, 0, _events("a", "b"),
                        [NewOutbox(1, "north", "invitation", {"link": "x"}),
                         NewOutbox(2, "south", "turn")]))
    rows = store.outbox_for_game(GAME)
    assert [(o.game_id, o.seq, o.recipient, o.kind, o.payload, o.status, o.attempts)
            for o in rows] == [(GAME, 1, "north", "invitation", {"link": "x"}, "pending", 0),
                               (GAME, 2, "south", "turn", {}, "pending", 0)]
    assert [o.id for o in store.pending_outbox()] == [o.id for o in rows]
    assert store.get_outbox(rows[0].id) == rows[0]


def test_duplicate_outbox_row_rolls_back_the_whole_append(store: Store) -> None:
    duplicate = [NewOutbox(1, "north", "turn"), NewOutbox(1, "north", "turn")]
    with pytest.raises(StoreError):
        store.append(Append(GAME, 0, _events("a"), duplicate))
    assert store.last_seq(GAME) == 0 and store.outbox_for_game(GAME) == []


def test_outbox_is_unique_per_game_seq_recipient_kind(store: Store) -> None:
    store.append(Append(GAME, 0, _events("a"), [NewOutbox(1, "north", "turn"),
                                         NewOutbox(1, "north", "reply"),
                                         NewOutbox(1, "south", "turn")]))
    assert len(store.outbox_for_game(GAME)) == 3
    with pytest.raises(IntegrityError):
        _raw(store, "INSERT INTO outbox (game_id, seq, recipient, kind, payload, status, "
                    "attempts, created_at) VALUES (:g, 1, 'north', 'turn', '{}', 'pending', 0, "
                    "'2024-01-01T00:00:00.000000Z')", g=GAME)
    assert len(store.outbox_for_game(GAME)) == 3


def test_outbox_row_must_name_an_event_of_the_same_append(store: Store) -> None:
    store.append(Append(GAME, 0, _events("a")))
    with pytest.raises(StoreError):
        store.append(Append(GAME, 1, _events("b"), [NewOutbox(1, "north", "turn")]))
    assert store.last_seq(GAME) == 1 and store.outbox_for_game(GAME) == []


def test_mark_outbox_sent_only_once(store: Store) -> None:
    store.append(Append(GAME, 0, _events("a"), [NewOutbox(1, "north", "turn"),
                                         NewOutbox(1, "south", "turn")]))
    first, second = store.pending_outbox()
    assert store.mark_outbox_sent(first.id) is True
    assert store.mark_outbox_sent(first.id) is False
    sent = store.get_outbox(first.id)
    assert sent is not None and sent.status == "sent" and sent.sent_at is not None
    assert [o.id for o in store.pending_outbox()] == [second.id]
    assert store.mark_outbox_sent(second.id, mailed=False) is True
    assert store.mark_outbox_sent(second.id) is False
    closed = store.get_outbox(second.id)
    assert closed is not None and closed.status == "closed" and closed.sent_at is not None
    assert store.pending_outbox() == []


def test_mark_outbox_failed_counts_attempts_and_stays_pending(store: Store) -> None:
    store.append(Append(GAME, 0, _events("a"), [NewOutbox(1, "north", "turn")]))
    (row,) = store.pending_outbox()
    store.mark_outbox_failed(row.id, "smtp timeout")
    store.mark_outbox_failed(row.id, "connection refused")
    again = store.get_outbox(row.id)
    assert again is not None
    assert (again.status, again.attempts, again.last_error) == ("pending", 2,
                                                                 "connection refused")
    assert store.mark_outbox_sent(row.id) is True


def test_pending_outbox_respects_limit(store: Store) -> None:
    store.append(Append(GAME, 0, _events("a"),
                        [NewOutbox(1, f"seat{i}", "turn") for i in range(5)]))
    assert [o.recipient for o in store.pending_outbox(limit=2)] == ["seat0", "seat1"]


def test_a_row_failed_for_good_is_never_claimed_queued_or_sent(store: Store) -> None:
    store.append(Append(GAME, 0, _events("a"), [NewOutbox(1, "north", "turn"),
                                         NewOutbox(1, "south", "turn")]))
    first, second = store.pending_outbox()
    assert store.fail_outbox(first.id, "550 no such user") is True
    assert store.fail_outbox(first.id, "again") is False
    failed = store.get_outbox(first.id)
    assert failed is not None and (failed.status, failed.last_error) == ("failed",
                                                                          "550 no such user")
    assert [o.id for o in store.failed_outbox(GAME)] == [first.id]
    assert [o.id for o in store.pending_outbox()] == [second.id]
    assert first.id not in store.stalled_outbox(-3600, 100)
    assert first.id not in store.pending_outbox_of_game(GAME)
    assert not store.claim_outbox(first.id, 60) and not store.mark_outbox_sent(first.id)


# -- appending after a known head ------------------------------------------------------------

def test_append_after_the_hash_read_checks_and_moves_the_head_at_once(store: Store) -> None:
    (first,) = store.append(Append(GAME, 0, _events("a")))
    (second,) = store.append(Append(GAME, 1, _events("b"), prev_hash=first.hash))
    assert second.prev_hash == first.hash and store.verify_chain(GAME) is None
    with pytest.raises(SeqConflict):
        store.append(Append(GAME, 1, _events("late"), prev_hash=first.hash))
    (third,) = store.append(Append(GAME, 2, _events("c"), prev_hash="f" * 64))  # a stale hash
    assert third.prev_hash == second.hash and store.verify_chain(GAME) is None
    assert store.log_end(GAME) == (3, third.hash)


def test_game_tail_reads_the_row_newest_snapshot_and_the_events_from_it(store: Store) -> None:
    _log_of(store, 6)
    tail = store.game_tail(GAME, lambda name: "1")
    assert tail is not None and tail.snapshot is None and [r[0] for r in tail.rows] == [
        1, 2, 3, 4, 5, 6]
    store.save_snapshot(GAME, 4, "1", {"at": 4})
    store.save_snapshot(GAME, 5, "2", {"other": "version"})
    tail = store.game_tail(GAME, lambda name: "1")
    assert tail is not None and tail.row.id == GAME and tail.row.head_seq == 6
    assert tail.snapshot == (4, {"at": 4}) and [r[0] for r in tail.rows] == [4, 5, 6]
    assert tail.rows[-1][6] == store.log_end(GAME)[1]
    assert store.game_tail("no-such-game", lambda name: "1") is None


# -- the hash chain ----------------------------------------------------------------------

def test_verify_chain_accepts_a_good_log(store: Store) -> None:
    _log_of(store, 8)
    assert store.verify_chain(GAME) is None


TAMPERING = {
    "payload": "UPDATE events SET payload = :forged WHERE game_id = :g AND seq = 4",
    "type": "UPDATE events SET type = 'forged' WHERE game_id = :g AND seq = 4",
    "actor": "UPDATE events SET actor = 'south' WHERE game_id = :g AND seq = 4",
    "causation": "UPDATE events SET causation = NULL WHERE game_id = :g AND seq = 4",
    "recorded_at": "UPDATE events SET recorded_at = '2000-01-01T00:00:00.000000Z' "
                   "WHERE game_id = :g AND seq = 4",
    "prev_hash": "UPDATE events SET prev_hash = :zero WHERE game_id = :g AND seq = 4",
    "deleted row": "DELETE FROM events WHERE game_id = :g AND seq = 4",
}


@pytest.mark.parametrize("sql", TAMPERING.values(), ids=TAMPERING.keys())
def test_verify_chain_names_the_first_tampered_seq(store: Store, sql: str) -> None:
    _log_of(store, 8)
    _raw(store, sql, g=GAME, zero=GENESIS_HASH, forged='{"i":99}')
    assert store.verify_chain(GAME) == 4


def test_verify_chain_catches_a_rewritten_hash(store: Store) -> None:
    _log_of(store, 6)
    _raw(store, "UPDATE events SET payload = :p, hash = :h WHERE game_id = :g AND seq = 5",
         g=GAME, p='{"i":7}', h="f" * 64)
    assert store.verify_chain(GAME) == 5


def test_verify_chain_catches_a_deleted_first_event(store: Store) -> None:
    _log_of(store, 3)
    _raw(store, "DELETE FROM events WHERE game_id = :g AND seq = 1", g=GAME)
    assert store.verify_chain(GAME) == 1


# -- snapshots ---------------------------------------------------------------------------

def test_snapshots_are_a_pure_cache(store: Store) -> None:
    _log_of(store, 5)
    store.append(Append(GAME, 5, _events("a"), [NewOutbox(6, "north", "turn")]))
    store.save_snapshot(GAME, 3, "1.0", {"board": [1, 2, 3]})
    before = (store.events(GAME), store.event_rows(GAME), store.outbox_for_game(GAME),
              store.get_game(GAME), store.verify_chain(GAME))
    store.delete_snapshots(GAME)
    assert store.latest_snapshot(GAME, "1.0") is None
    assert (store.events(GAME), store.event_rows(GAME), store.outbox_for_game(GAME),
            store.get_game(GAME), store.verify_chain(GAME)) == before


def _snapshot_seqs(store: EventLog) -> list[int]:
    found = [store.latest_snapshot(GAME, "1.0", upto) for upto in range(1, 2700)]
    return sorted({snap[0] for snap in found if snap is not None})


def test_pruning_keeps_the_newest_snapshots_and_the_oldest_of_each_thousand(
        store: Store) -> None:
    for seq in range(50, 2650, 50):  # as the service writes them: every 50 events
        store.save_snapshot(GAME, seq, "1.0", {"at": seq})
    assert _snapshot_seqs(store) == [50, 1000, 2000, 2500, 2550, 2600]
    store.save_snapshot(GAME, 2610, "2.0", {"other": "version"})  # pruned on its own
    assert _snapshot_seqs(store) == [50, 1000, 2000, 2500, 2550, 2600]


def test_an_append_with_a_snapshot_prunes_the_same_way(store: Store) -> None:
    _log_of(store, 1)
    head = store.events(GAME)[-1]
    for seq in range(2, 1302):
        head = store.append(Append(GAME, seq - 1, _events("e"), prev_hash=head.hash,
                                   snapshot=("1.0", {"at": seq}) if seq % 50 == 0 else None))[0]
    assert _snapshot_seqs(store) == [50, 1000, 1200, 1250, 1300]


def test_latest_snapshot_picks_newest_at_or_before_upto(store: Store) -> None:
    store.save_snapshot(GAME, 2, "1.0", {"at": 2})
    store.save_snapshot(GAME, 6, "1.0", {"at": 6})
    store.save_snapshot(GAME, 9, "2.0", {"at": 9, "v": 2})
    assert store.latest_snapshot(GAME, "1.0") == (6, {"at": 6})
    assert store.latest_snapshot(GAME, "1.0", upto=5) == (2, {"at": 2})
    assert store.latest_snapshot(GAME, "1.0", upto=6) == (6, {"at": 6})
    assert store.latest_snapshot(GAME, "1.0", upto=1) is None
    assert store.latest_snapshot(GAME, "2.0") == (9, {"at": 9, "v": 2})
    assert store.latest_snapshot(GAME, "3.0") is None


def test_save_snapshot_replaces_the_same_key(store: Store) -> None:
    store.save_snapshot(GAME, 4, "1.0", {"old": True})
    store.save_snapshot(GAME, 4, "1.0", {"new": True})
    assert store.latest_snapshot(GAME, "1.0") == (4, {"new": True})


def test_delete_snapshots_of_one_game_or_all(store: Store) -> None:
    store.create_game("g-2", "demo", "1.0", "Other", "aa")
    store.save_snapshot(GAME, 1, "1.0", {})
    store.save_snapshot("g-2", 1, "1.0", {})
    store.delete_snapshots(GAME)
    assert store.latest_snapshot(GAME, "1.0") is None
    assert store.latest_snapshot("g-2", "1.0") == (1, {})
    store.delete_snapshots()
    assert store.latest_snapshot("g-2", "1.0") is None


# -- submissions -------------------------------------------------------------------------

def test_submissions_dedupe_by_source_and_key(store: Store) -> None:
    first, created = store.add_submission("email", "orders A", sender="a@example.org",
                                          idempotency_key="<m1@example.org>")
    again, created_again = store.add_submission("email", "orders B",
                                                idempotency_key="<m1@example.org>")
    other_source, created_other = store.add_submission("web", "orders C",
                                                       idempotency_key="<m1@example.org>")
    assert (created, created_again, created_other) == (True, False, True)
    assert again == first and again.body == "orders A"
    assert other_source.id != first.id


def test_submissions_without_key_are_never_merged(store: Store) -> None:
    one, created_one = store.add_submission("web", "same body")
    two, created_two = store.add_submission("web", "same body")
    assert created_one and created_two and one.id != two.id


BODIES = {
    "unicode": "Zug: Läufer e4 → d5 ♝ 日本語 🎲\r\n",
    "control characters": "a\x00b\x01\x7f\tc\r\n\x1b[31m",
    "undecodable bytes": b"caf\xe9 \xff\xfe".decode("utf-8", "surrogateescape"),
    "very long": "ORDER move a1 a2\n" * 200_000,
    "empty": "",
}


@pytest.mark.parametrize("body", BODIES.values(), ids=BODIES.keys())
def test_submission_body_is_stored_verbatim(store: Store, body: str) -> None:
    row, _ = store.add_submission("email", body, game_id=GAME, seat="north")
    fetched = store.get_submission(row.id)
    assert fetched is not None and fetched.body == body and row.body == body
    assert (fetched.status, fetched.result, fetched.processed_at) == ("received", None, None)
    assert (fetched.game_id, fetched.seat, fetched.source) == (GAME, "north", "email")


def test_set_submission_result(store: Store) -> None:
    row, _ = store.add_submission("web", "x")
    store.set_submission_result(row.id, "rejected", {"violation": "not your turn"})
    done = store.get_submission(row.id)
    assert done is not None and done.status == "rejected"
    assert done.result == {"violation": "not your turn"} and done.processed_at is not None
    assert store.get_submission("missing") is None
    with pytest.raises(StoreError):
        store.set_submission_result("missing", "accepted", {})


# -- games -------------------------------------------------------------------------------

def test_game_registry(store: Store) -> None:
    game = store.get_game(GAME)
    assert game is not None
    assert (game.id, game.game, game.engine_version, game.title, game.seed, game.status) \
        == (GAME, "demo", "1.0", "Test game", "00ff" * 8, "active")
    assert store.get_game("unknown") is None
    with pytest.raises(StoreError):
        store.create_game(GAME, "demo", "1.0", "Again", "11")
    store.create_game("g-2", "demo", "1.0", "Second", "22")
    store.set_game_status(GAME, "finished")
    assert [(g.id, g.status) for g in store.list_games()] == [(GAME, "finished"),
                                                             ("g-2", "active")]
    with pytest.raises(StoreError):
        store.set_game_status("unknown", "finished")


def test_create_schema_is_idempotent_and_makes_the_folder(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "pbem.db"
    store = Store(f"sqlite:///{path}")
    store.create_schema()
    store.create_game(GAME, "demo", "1.0", "T", "00")
    store.create_schema()
    assert path.exists() and store.get_game(GAME) is not None
    assert store.dialect == "sqlite"
    store.dispose()


# -- two writers at the same moment ------------------------------------------------------

def _race_worker(url: str, db_schema: str | None, name: str, rounds: int,
                 barrier: Any, results: Any) -> None:
    """Append at the seq both writers saw, once per round, and report how it went."""
    store = Store(url, schema=db_schema)
    try:
        for round_ in range(rounds):
            barrier.wait(timeout=60)
            seen = store.last_seq(GAME)
            barrier.wait(timeout=60)  # both have read the same head before either writes
            try:
                claimed = NewEvent("claimed", {"round": round_}, actor=name)
                store.append(Append(GAME, seen, [claimed], [NewOutbox(seen + 1, name, "reply")]))
                results.put((round_, name, seen, "won"))
            except SeqConflict:
                results.put((round_, name, seen, "conflict"))
    finally:
        store.dispose()


def _run_race(store: Store, rounds: int) -> list[tuple[int, str, int, str]]:
    """Run two spawned writers against `store` and return their reports."""
    ctx = multiprocessing.get_context("spawn")
    barrier, results = ctx.Barrier(2), ctx.Queue()
    workers = [ctx.Process(target=_race_worker,
                           args=(store.url, store.schema, name, rounds, barrier, results))
               for name in ("north", "south")]
    for worker in workers:
        worker.start()
    reports = []
    try:
        for _ in range(2 * rounds):
            reports.append(results.get(timeout=120))
    except queue.Empty:
        pass
    for worker in workers:
        worker.join(timeout=60)
        if worker.is_alive():
            worker.terminate()
    assert [w.exitcode for w in workers] == [0, 0]
    return reports


def test_two_processes_racing_for_the_same_seq(store: Store) -> None:
    reports = _run_race(store, RACE_ROUNDS)
    assert len(reports) == 2 * RACE_ROUNDS
    for round_ in range(RACE_ROUNDS):
        mine = sorted(r[1:] for r in reports if r[0] == round_)
        assert [seen for _, seen, _ in mine] == [round_, round_]
        assert sorted(outcome for *_, outcome in mine) == ["conflict", "won"]
    log = store.events(GAME)
    assert [e.seq for e in log] == list(range(1, RACE_ROUNDS + 1))
    assert store.verify_chain(GAME) is None
    winners = {(r[2] + 1, r[1]) for r in reports if r[3] == "won"}
    assert {(e.seq, e.actor) for e in log} == winners
    assert {(o.seq, o.recipient) for o in store.outbox_for_game(GAME)} == winners


def test_sqlite_commits_survive_a_power_cut(tmp_path: Path) -> None:
    """An accepted order is durable: WAL with synchronous FULL on every connection."""
    store = open_store("sqlite", tmp_path)
    with store._engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL


def test_newest_games_page_back_by_age_and_filter_by_status(store: Store) -> None:
    for number in range(2, 6):
        store.create_game(f"g-{number}", "demo", "1.0", f"Game {number}", "00ff" * 8)
    store.set_game_status("g-3", "open")
    newest = [row.id for row in store.newest_games(10)]
    assert sorted(newest) == ["g-1", "g-2", "g-3", "g-4", "g-5"] and len(newest) == 5
    first = store.newest_games(2)
    rest = store.newest_games(10, before=first[-1])
    assert [row.id for row in first + rest] == newest
    assert [row.id for row in store.newest_games(10, status="open")] == ["g-3"]
    assert store.newest_games(10, before=store.get_game(newest[-1])) == []


def test_lobby_lines_are_read_back_only_at_the_head_they_were_made_at(store: Store) -> None:
    row = store.get_game(GAME)
    assert row is not None and store.lobby_lines([row]) == {}
    store.keep_lobby_lines([((GAME, row.head_seq, row.head_hash), '{"line": 1}')])
    assert store.lobby_lines([row]) == {GAME: '{"line": 1}'}
    store.append(Append(GAME, 0, _events("a")))
    moved = store.get_game(GAME)
    assert moved is not None and store.lobby_lines([moved]) == {}
    store.keep_lobby_lines([((GAME, moved.head_seq, moved.head_hash), '{"line": 2}')])
    assert store.lobby_lines([moved]) == {GAME: '{"line": 2}'}
    assert store.lobby_lines([row]) == {}


def test_signed_heads_are_noted_once_and_read_back_in_seq_order(store: Store) -> None:
    from service.base.signedhead import SignedHead

    heads = [SignedHead(seq, f"{seq:064x}", key, "c2lnbmF0dXJl") for seq, key in
             ((3, "bbbbbbbbbbbbbbbb"), (1, "aaaaaaaaaaaaaaaa"), (3, "aaaaaaaaaaaaaaaa"))]
    store.record_signed_heads(GAME, heads)
    store.record_signed_heads(GAME, [SignedHead(1, "f" * 64, "aaaaaaaaaaaaaaaa", "other")])
    store.record_signed_heads(GAME, [])
    assert list(store.iter_signed_heads(GAME, batch=2)) == [heads[1], heads[2], heads[0]]
    assert list(store.iter_signed_heads(GAME, upto=2)) == [heads[1]]
    assert list(store.iter_signed_heads("other00")) == []
