"""The order path's append sent at once (service/store/statements.py), on SQLite and PostgreSQL.

An append that names the head it read (`prev_hash`) is written by plain driver statements in
one go (one pipeline on PostgreSQL), and only checked afterwards. These tests hold it to what
the statement-by-statement append promises: the same rows, and in every rare case (a line
decided before, a taken idempotency key, a result stored meanwhile, a moved head) the same
precise error with nothing of the attempt left behind.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from service.store.orderlog import LogWithInbox
from service.store.records import Append, DeadlineRow
from service.store.roles import EventLog
from service.store.schema import deadlines as deadlines_t
from service.store.schema import decisions as decisions_t
from service.store.schema import events as events_t
from service.store.schema import outbox as outbox_t
from service.store.schema import snapshots as snapshots_t
from service.store.schema import submissions as submissions_t
from service.store.store import (
    AlreadyDecided,
    DuplicateSubmission,
    NewEvent,
    NewOutbox,
    ResultStored,
    SeqConflict,
    Store,
)
from tests.stores import open_store

VARYING = {"recorded_at", "created_at", "processed_at", "received_at", "hash", "prev_hash", "id",
           "idempotency_key", "causation"}  # times, and what names the game or submission


@pytest.fixture(params=["sqlite", "sqlite-orders",
                        pytest.param("postgresql", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A store with two empty games, `fast` and `slow`, each with one first event."""
    opened = open_store(request.param, tmp_path)
    for game in ("fast", "slow"):
        opened.create_game(game, "demo", "1.0", "Test game", "00ff" * 8)
        opened.append(Append(game, 0, [NewEvent("started", {"n": 0}, actor="system")]))
    try:
        yield opened
    finally:
        opened.drop_schema()
        opened.dispose()


def _head(store: EventLog, game: str) -> tuple[int, str]:
    row = store.get_game(game)
    assert row is not None
    return row.head_seq, row.head_hash


def _rows(store: Store, game: str) -> dict[str, list[dict[str, Any]]]:
    """Every row the game has in the append's tables, without what differs between games."""
    found = {}
    with store.connect() as conn:
        for table in (events_t, outbox_t, decisions_t, deadlines_t, snapshots_t):
            query = select(table).where(table.c.game_id == game)
            found[table.name] = sorted(
                ({k: v for k, v in row._mapping.items() if k not in VARYING}
                 for row in conn.execute(query)), key=repr)
        query = select(submissions_t).where(submissions_t.c.game_id == game)
        found["submissions"] = sorted(
            ({k: v for k, v in row._mapping.items() if k not in VARYING}
             for row in conn.execute(query)), key=repr)
    hashes = {item.seq: item.hash for item in store.events(game)}
    for delivery in found["outbox"]:  # the head it was written for, told as "its event's"
        if delivery["head_hash"] is not None:
            delivery["head_hash"] = ("its event" if delivery["head_hash"] == hashes.get(
                delivery["seq"]) else delivery["head_hash"])
    for snapshot in found["snapshots"]:  # the hash it ends on, told as "the log's head"
        state = json.loads(snapshot["state"])
        state["hash"] = "head" if state["hash"] == store.log_end(game)[1] else state["hash"]
        snapshot["state"] = state
    for rows in found.values():
        for row in rows:
            for key in ("game_id", "submission_id"):
                row.pop(key, None)
    return found


def _everything(store: LogWithInbox, game: str, prev_hash: str | None, sub_id: str) -> None:
    """One append of each kind of row, for game `game`."""
    sub = store.new_submission("api", "place blue", game_id=game, seat="anna",
                               idempotency_key=f"key-{game}")
    sub = type(sub)(**{**sub.__dict__, "id": sub_id})
    store.append(Append(
        game, 1, [NewEvent("placed", {"agent": "blue"}, actor="anna", causation=sub_id),
                  NewEvent("turn", {"next": "bruno"}, actor="system")],
        [NewOutbox(2, "anna", "turn", {"seq": 2}), NewOutbox(3, "bruno", "turn")],
        decision=(sub_id, 0),
        deadlines=[DeadlineRow(game, "bruno", "p3", "2030-01-01T00:00:00.000000Z", 3,
                               "2030-01-01T00:00:00.000000Z")],
        result=(sub_id, "accepted", {"orders": ["place blue"]}),
        prev_hash=prev_hash, submission=sub, snapshot=("1.0", {"state": {"n": 3}})))


def test_the_append_at_once_writes_the_rows_the_checked_append_writes(store: Store) -> None:
    _everything(store, "fast", _head(store, "fast")[1], "s" * 32)
    _everything(store, "slow", None, "t" * 32)
    assert _rows(store, "fast") == _rows(store, "slow")
    assert store.verify_chain("fast") is None and _head(store, "fast") == store.log_end("fast")
    sub = store.get_submission("s" * 32)
    assert sub is not None and sub.status == "accepted" and sub.body == "place blue"
    assert store.latest_snapshot("fast", "1.0") is not None


def _nothing_more(store: Store, before: dict[str, list[dict[str, Any]]],
                  head: tuple[int, str]) -> None:
    assert _rows(store, "fast") == before and _head(store, "fast") == head


def test_a_line_decided_before_raises_and_leaves_nothing(store: Store) -> None:
    seq, head = _head(store, "fast")
    (first,) = store.append(Append("fast", seq, [NewEvent("a", {})], decision=("d" * 32, 0),
                                   prev_hash=head))
    before, now = _rows(store, "fast"), _head(store, "fast")
    with pytest.raises(AlreadyDecided):
        store.append(Append("fast", first.seq, [NewEvent("b", {})],
                            [NewOutbox(first.seq + 1, "x", "turn")],
                            decision=("d" * 32, 0), prev_hash=first.hash))
    _nothing_more(store, before, now)


def test_a_taken_key_raises_and_leaves_nothing(store: Store) -> None:
    taken, _ = store.add_submission("api", "x", game_id="fast", seat="anna",
                                    idempotency_key="k1")
    before, head = _rows(store, "fast"), _head(store, "fast")
    sub = store.new_submission("api", "y", game_id="fast", seat="anna", idempotency_key="k1")
    with pytest.raises(DuplicateSubmission):
        store.append(Append("fast", head[0], [NewEvent("b", {})], decision=(sub.id, 0),
                            result=(sub.id, "accepted", {}), submission=sub, prev_hash=head[1]))
    _nothing_more(store, before, head)
    assert store.get_submission(sub.id) is None and store.get_submission(taken.id) is not None


def test_a_result_stored_meanwhile_raises_and_leaves_nothing(store: Store) -> None:
    sub, _ = store.add_submission("api", "x", game_id="fast", seat="anna")
    assert store.set_submission_result(sub.id, "rejected", {"why": "first"})
    before, head = _rows(store, "fast"), _head(store, "fast")
    with pytest.raises(ResultStored):
        store.append(Append("fast", head[0], [NewEvent("b", {})], decision=(sub.id, 0),
                            result=(sub.id, "accepted", {}), prev_hash=head[1]))
    _nothing_more(store, before, head)
    stored = store.get_submission(sub.id)
    assert stored is not None and stored.result == {"why": "first"}


def test_a_moved_head_raises_a_conflict_and_a_stale_hash_is_chained_right(store: Store) -> None:
    seq, head = _head(store, "fast")
    store.append(Append("fast", seq, [NewEvent("a", {})], prev_hash=head))
    before, now = _rows(store, "fast"), _head(store, "fast")
    with pytest.raises(SeqConflict):
        store.append(Append("fast", seq, [NewEvent("late", {})], [NewOutbox(seq + 1, "x", "turn")],
                            prev_hash=head))
    _nothing_more(store, before, now)
    (chained,) = store.append(Append("fast", now[0], [NewEvent("b", {})], prev_hash="f" * 64))
    assert chained.prev_hash == now[1] and store.verify_chain("fast") is None


def _numbered(store: Store, game: str, prev_hash: str | None) -> None:
    """Append three events of which anna may not know the first and third, bruno the second
    (as two appends, so the second continues the counts the first wrote)."""
    events = [NewEvent("secret", {"n": n}, actor="system") for n in range(3)]
    store.append(Append(game, 1, events[:2], hidden=[(2, "anna"), (3, "bruno")],
                        prev_hash=prev_hash))
    head = _head(store, game)[1] if prev_hash is not None else None
    store.append(Append(game, 3, events[2:], hidden=[(4, "anna")], prev_hash=head))


def test_both_appends_count_each_readers_hidden_events(store: Store) -> None:
    from service.game.numbers import number_of, seq_of

    _numbered(store, "fast", _head(store, "fast")[1])
    _numbered(store, "slow", None)
    for game in ("fast", "slow"):
        with store.connect() as conn:
            # anna knows events 1 and 3 (her 1 and 2); bruno 1, 2 and 4
            assert [number_of(conn, game, "anna", seq) for seq in (1, 2, 3, 4)] == [1, 1, 2, 2]
            assert [seq_of(conn, game, "anna", n) for n in (1, 2)] == [1, 3]
            assert [seq_of(conn, game, "bruno", n) for n in (1, 2, 3)] == [1, 2, 4]
            assert number_of(conn, game, "carla", 4) == 4 and number_of(conn, game, None, 3) == 3
        assert store.reader_seq(game, "anna", 2) == 3 and store.reader_seq(game, "bruno", 3) == 4
