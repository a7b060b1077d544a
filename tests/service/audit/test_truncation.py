"""A log cut short or rewritten (its end included) no longer agrees with the recorded head."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from sqlalchemy import text

from service.audit.verify import verify
from service.game.loading import LoadedGame, load_game
from service.orders.creation import NewSeat, create_game
from service.orders.processing import submit_order
from service.store.store import GENESIS_HASH, Store, event_hash
from tests.stores import open_store

SEATS = [NewSeat("anna", "anna@example.org"), NewSeat("bruno", "bruno@example.org")]


def played(store: Store, orders: int = 3) -> tuple[LoadedGame, int]:
    """A game after some orders, and the seq where its last order's append began."""
    loaded = create_game(store, "freimaurerei", SEATS, seed_hex="55" * 32)
    before = loaded.seq
    for _ in range(orders):
        now = load_game(store, loaded.meta.id)
        before = now.seq
        seat = now.game.prompts(now.state)[0].seat
        order = now.game.legal_orders(now.state, seat)[0]
        assert submit_order(store, loaded.meta.id, seat, now.game.format_order(order)).accepted
    return load_game(store, loaded.meta.id), before


def run(store: Store, sql: str, **values: object) -> None:
    """Run one statement as someone with write access to the database would."""
    with store._writer.begin() as conn:
        conn.execute(text(sql), values)


def test_the_head_is_recorded_with_every_append(store: Store) -> None:
    loaded, _ = played(store)
    row = store.get_game(loaded.meta.id)
    assert (row.head_seq, row.head_hash) == store.log_end(loaded.meta.id)
    assert row.head_seq == loaded.seq
    assert verify(store, loaded.meta.id).ok


def test_removing_the_last_append_is_detected(store: Store) -> None:
    loaded, cut = played(store)
    for table in ("outbox", "decisions", "events"):
        run(store, f"DELETE FROM {table} WHERE game_id = :g AND seq > :s", g=loaded.meta.id,
            s=cut)
    assert store.verify_chain(loaded.meta.id) is None
    report = verify(store, loaded.meta.id)
    assert not report.ok and "removed or rewritten" in report.problem
    assert f"seq {loaded.seq}" in report.problem and report.first_bad_seq == cut + 1


def test_rewriting_an_event_and_its_chain_is_detected(store: Store) -> None:
    loaded, _ = played(store)
    rechain_from(store, loaded.meta.id, 3, move_head=False)
    assert store.verify_chain(loaded.meta.id) is None
    report = verify(store, loaded.meta.id)
    assert not report.ok and "removed or rewritten" in report.problem


def test_a_cut_log_with_its_head_put_back_is_caught_by_the_outbox(tmp_path: Path) -> None:
    store = open_store("sqlite", tmp_path)
    loaded, _ = played(store)
    cut = store.outbox_end(loaded.meta.id) - 1  # any prefix of a chain is a sound chain
    store.dispose()
    raw = sqlite3.connect(tmp_path / "data" / "pbem.db")  # foreign keys off, as by hand
    raw.execute("DELETE FROM events WHERE game_id = ? AND seq > ?", (loaded.meta.id, cut))
    seq, digest = raw.execute("SELECT seq, hash FROM events WHERE game_id = ? ORDER BY seq "
                              "DESC LIMIT 1", (loaded.meta.id,)).fetchone()
    raw.execute("UPDATE games SET head_seq = ?, head_hash = ? WHERE id = ?",
                (seq, digest, loaded.meta.id))
    raw.commit()
    raw.close()
    report = verify(store, loaded.meta.id)
    assert not report.ok and "end of the log was removed" in report.problem


def rechain_from(store: Store, game_id: str, edited: int, *, move_head: bool = True) -> None:
    """Edit event `edited` and recompute every hash after it (and the recorded head)."""
    prev = GENESIS_HASH
    for e in store.events(game_id):
        payload = dict(e.payload, forged=True) if e.seq == edited else e.payload
        digest = event_hash(e.game_id, e.seq, e.type, e.schema_version, payload, e.actor,
                            e.causation, e.recorded_at, prev)
        run(store, "UPDATE events SET payload = :p, prev_hash = :ph, hash = :h "
            "WHERE game_id = :g AND seq = :s", p=json.dumps(payload, sort_keys=True,
                                                          separators=(",", ":")),
            ph=prev, h=digest, g=e.game_id, s=e.seq)
        prev = digest
    if not move_head:
        return
    end = store.log_end(game_id)
    run(store, "UPDATE games SET head_seq = :s, head_hash = :h WHERE id = :g", s=end[0],
        h=end[1], g=game_id)


def test_a_rewrite_with_every_hash_and_the_head_recomputed_is_caught_by_the_mail(
        store: Store) -> None:
    loaded, _ = played(store)
    mailed = [row.seq for row in store.outbox_for_game(loaded.meta.id) if row.head_hash]
    rechain_from(store, loaded.meta.id, 2)
    assert store.verify_chain(loaded.meta.id) is None
    report = verify(store, loaded.meta.id)
    first_mailed_after = min(seq for seq in mailed if seq >= 2)
    assert not report.ok and report.first_bad_seq == first_mailed_after
    assert "which the log no longer holds there" in report.problem


def test_a_snapshot_of_an_event_the_log_no_longer_holds_is_a_failure(store: Store) -> None:
    loaded, _ = played(store, orders=30)
    snapshot = store.latest_snapshot(loaded.meta.id, loaded.game.version)
    assert snapshot is not None
    rechain_from(store, loaded.meta.id, snapshot[0])
    run(store, "UPDATE outbox SET head_hash = NULL WHERE game_id = :g", g=loaded.meta.id)
    report = verify(store, loaded.meta.id)
    assert not report.ok and report.first_bad_seq == snapshot[0]
    assert f"the snapshot at seq {snapshot[0]}" in report.problem
