"""The application functions over the real store, on SQLite and on PostgreSQL."""
from __future__ import annotations

import json

import pytest
from sqlalchemy import text

from engine.core import canonical_json, encode
from engine.core.harness import choose_step, chooser_for
from service.audit.rerun import AuditRefused, audit
from service.audit.verify import verify
from service.cli.selfplay import check_played, play_to_end
from service.game.loading import LoadedGame, load_game
from service.orders.creation import NewSeat, create_game
from service.orders.processing import MAX_ORDER_BYTES, process_submission, submit_order
from service.orders.results import ServiceError
from service.store.records import Append
from service.store.store import GENESIS_HASH, Store, StoredEvent, event_hash

SEATS = [NewSeat("anna", "anna@example.org"), NewSeat("bruno", "bruno@example.org"),
         NewSeat("carla", "carla@example.org")]
SEED = "5e" * 32


def new_game(store: Store) -> LoadedGame:
    """A seeded Secret Masters game."""
    return create_game(store, "secret-masters", SEATS, seed_hex=SEED)


def first_legal(loaded: LoadedGame) -> tuple[str, str]:
    """A prompted seat and the text of one of its legal orders."""
    game = loaded.game
    prompt = game.prompts(loaded.state)[0]
    return prompt.seat, game.format_order(game.legal_orders(loaded.state, prompt.seat)[0])


def test_create_game_writes_its_opening_and_an_outbox_row_per_seat(store: Store) -> None:
    loaded = new_game(store)
    events = store.events(loaded.meta.id)
    assert events[0].type == "game.created"
    assert events[0].payload["seed_hash"] == loaded.meta.seed_hash
    assert SEED not in json.dumps([e.payload for e in events])
    assert {row.recipient for row in store.outbox_for_game(loaded.meta.id)} == \
        {"anna", "bruno", "carla"}
    assert store.get_game(loaded.meta.id).engine_version == loaded.game.version


def test_an_accepted_order_appends_order_then_game_events(store: Store) -> None:
    loaded = new_game(store)
    seat, text = first_legal(loaded)
    result = submit_order(store, loaded.meta.id, seat, text)
    assert result.accepted and result.orders == (text,)
    new = store.events(loaded.meta.id, after_seq=loaded.seq)
    assert new[0].type == "order.accepted" and new[0].payload["text"] == text
    assert len(new) > 1 and all(e.causation == result.submission_id for e in new)
    assert all(e.actor == seat for e in new if e.type != "deadline.set")
    deadlines = [e for e in new if e.type == "deadline.set"]
    assert deadlines and all(e.actor == "system" for e in deadlines)
    assert store.get_submission(result.submission_id).status == "accepted"


def test_a_duplicate_submission_is_recognised_and_decided_once(store: Store) -> None:
    loaded = new_game(store)
    seat, text = first_legal(loaded)
    first = submit_order(store, loaded.meta.id, seat, text, source="web",
                         idempotency_key="<m1@example.org>")
    seq = store.last_seq(loaded.meta.id)
    again = submit_order(store, loaded.meta.id, seat, text, source="web",
                         idempotency_key="<m1@example.org>")
    assert again == first
    assert store.last_seq(loaded.meta.id) == seq


def test_processing_a_submission_twice_changes_nothing(store: Store) -> None:
    loaded = new_game(store)
    seat, text = first_legal(loaded)
    result = submit_order(store, loaded.meta.id, seat, text)
    seq = store.last_seq(loaded.meta.id)
    assert process_submission(store, result.submission_id) == result
    assert store.last_seq(loaded.meta.id) == seq


def test_a_stale_order_is_refused_with_what_is_legal_now(store: Store) -> None:
    loaded = new_game(store)
    seat, text = first_legal(loaded)
    result = submit_order(store, loaded.meta.id, seat, text, prompt_key="r0.t0.old")
    assert not result.accepted and result.code == "stale-order"
    assert "moved on" in result.message and result.legal


def test_json_orders_are_read_like_text_orders(store: Store) -> None:
    loaded = new_game(store)
    game = loaded.game
    prompt = game.prompts(loaded.state)[0]
    order = game.legal_orders(loaded.state, prompt.seat)[0]
    body = canonical_json(game.order_to_json(order))
    result = submit_order(store, loaded.meta.id, prompt.seat, body, source="api")
    assert result.accepted and result.orders == (game.format_order(order),)


@pytest.mark.parametrize(("body", "code", "words"), [
    ("", "unreadable-order", "empty"),
    ("{not json", "unreadable-order", "not valid JSON"),
    ("[1, 2]", "unreadable-order", ""),
    ('{"kind": "teleport"}', "unreadable-order", "'teleport' is not an order"),
    ("x" * (MAX_ORDER_BYTES + 1), "order-too-long", "longer than"),
])
def test_bad_bodies_are_refused_clearly_and_kept(store: Store, body: str, code: str,
                                                 words: str) -> None:
    loaded = new_game(store)
    seat, _ = first_legal(loaded)
    result = submit_order(store, loaded.meta.id, seat, body)
    assert result.status == "rejected" and result.code == code and words in result.message
    assert store.get_submission(result.submission_id).body == body


def test_an_order_for_an_unknown_game_is_kept_and_refused(store: Store) -> None:
    result = submit_order(store, "nosuchgame", "anna", "pass")
    assert result.code == "unknown-game"
    assert store.get_submission(result.submission_id).body == "pass"


def test_a_conflicting_writer_makes_the_service_decide_again(store: Store) -> None:
    """Two submissions race for the same seq: the loser reloads and decides against the new state."""
    loaded = new_game(store)
    game = loaded.game
    prompt = game.prompts(loaded.state)[0]
    first, second = game.legal_orders(loaded.state, prompt.seat)[:2]
    rival, _ = store.add_submission("web", game.format_order(first), game_id=loaded.meta.id,
                                    seat=prompt.seat)
    mine, _ = store.add_submission("api", game.format_order(second), game_id=loaded.meta.id,
                                   seat=prompt.seat)
    original, attempts = store.append, []

    def append_after_the_rival(append: Append) -> object:
        attempts.append(append.expected_seq)
        if len(attempts) == 1:
            store.append = original  # type: ignore[method-assign]
            assert process_submission(store, rival.id).accepted
            store.append = append_after_the_rival  # type: ignore[method-assign]
        return original(append)

    store.append = append_after_the_rival  # type: ignore[method-assign]
    result = process_submission(store, mine.id)
    store.append = original  # type: ignore[method-assign]
    assert attempts[0] == loaded.seq
    accepted = [e for e in store.events(loaded.meta.id) if e.type == "order.accepted"]
    assert [e.causation for e in accepted] == [rival.id] + ([mine.id] if result.accepted else [])
    if not result.accepted:
        assert result.code in {"not-your-turn", "stale-order", "wrong-order-kind"}
    assert store.verify_chain(loaded.meta.id) is None


def test_snapshots_are_a_pure_cache(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("service.game.loading.SNAPSHOT_EVERY", 25)
    loaded = new_game(store)
    chooser = chooser_for(b"snapshots")
    while loaded.seq < 60 and loaded.game.prompts(loaded.state):
        prompt, order = choose_step(loaded.game, loaded.state, chooser)
        if order is prompt.default:
            continue
        submit_order(store, loaded.meta.id, prompt.seat, loaded.game.format_order(order))
        loaded = load_game(store, loaded.meta.id)
    cached = load_game(store, loaded.meta.id)
    assert cached.snapshot_seq > 0, "a snapshot should have been written"
    store.delete_snapshots(loaded.meta.id)
    fresh = load_game(store, loaded.meta.id)
    assert fresh.snapshot_seq == 0
    assert encode(fresh.state) == encode(cached.state) and fresh.meta == cached.meta
    assert verify(store, loaded.meta.id).ok


def test_a_whole_game_plays_verifies_and_audits(store: Store) -> None:
    loaded = new_game(store)
    played = play_to_end(store, loaded, b"whole-game")
    check_played(store, played.game_id)
    finished = load_game(store, played.game_id)
    assert finished.meta.finished and finished.meta.revealed_seed == SEED
    assert store.get_game(played.game_id).status == "finished"
    kinds = {row.kind for row in store.outbox_for_game(played.game_id)}
    assert kinds == {"turn", "final", "held"}  # new games mail a seat only when it must act


def test_audit_catches_a_forged_random_outcome_even_with_a_rebuilt_chain(store: Store) -> None:
    """Someone with database access rewrites a secret draw, recomputes every hash after it and
    the head the games table records: verify tells from the heads the mail was written for;
    when those are rewritten too, verify cannot tell, the audit against the revealed seed can."""
    played = play_to_end(store, new_game(store), b"forged")
    assert audit(store, played.game_id).orders > 0
    rows = store.events(played.game_id)
    target = next(r for r in rows if r.type == "markers-drawn")
    markers = dict(target.payload["markers"])
    given = next(colour for colour, count in markers.items() if count > 0)
    other = next(colour for colour in markers if colour != given)
    markers[given], markers[other] = markers[given] - 1, markers[other] + 1
    forged = {**target.payload, "markers": markers}
    assert forged != target.payload
    _rewrite_from(store, rows, target.seq, forged)
    store.delete_snapshots(played.game_id)
    assert "rewritten" in verify(store, played.game_id).problem
    head_seq, head_hash = store.log_end(played.game_id)
    with store._writer.begin() as conn:
        conn.execute(text("UPDATE games SET head_seq = :s, head_hash = :h WHERE id = :g"),
                     {"s": head_seq, "h": head_hash, "g": played.game_id})
    mailed = verify(store, played.game_id)
    assert not mailed.ok and "which the log no longer holds" in mailed.problem
    with store._writer.begin() as conn:
        conn.execute(text("UPDATE outbox SET head_hash = NULL WHERE game_id = :g"),
                     {"g": played.game_id})
    assert verify(store, played.game_id).ok
    with pytest.raises(AuditRefused, match="different events"):
        audit(store, played.game_id)


def test_audit_catches_a_seed_that_does_not_match_its_published_hash(store: Store) -> None:
    played = play_to_end(store, new_game(store), b"seed")
    rows = store.events(played.game_id)
    revealed = next(r for r in rows if r.type == "seed.revealed")
    _rewrite_from(store, rows, revealed.seq, {"seed": "77" * 32})
    with pytest.raises(AuditRefused, match="does not match the hash"):
        audit(store, played.game_id)


def _rewrite_from(store: Store, rows: list[StoredEvent], seq: int, payload: dict[str, object]) -> None:
    """Replace one event's payload and recompute the hash chain from it on, in raw SQL."""
    from sqlalchemy import create_engine, text

    connect_args = {"options": f"-csearch_path={store.schema}"} if store.schema else {}
    engine = create_engine(store.url, connect_args=connect_args)
    prev = rows[seq - 2].hash if seq > 1 else GENESIS_HASH
    try:
        with engine.begin() as conn:
            for row in rows[seq - 1:]:
                body = payload if row.seq == seq else row.payload
                digest = event_hash(row.game_id, row.seq, row.type, row.schema_version, body,
                                    row.actor, row.causation, row.recorded_at, prev)
                conn.execute(text("UPDATE events SET payload = :p, prev_hash = :ph, hash = :h "
                                  "WHERE game_id = :g AND seq = :s"),
                             {"p": canonical_json(body), "ph": prev, "h": digest,
                              "g": row.game_id, "s": row.seq})
                prev = digest
    finally:
        engine.dispose()


def test_bad_seats_and_options_are_refused(store: Store) -> None:
    with pytest.raises(ServiceError, match="its own name"):
        create_game(store, "secret-masters", [SEATS[0], SEATS[0], SEATS[1]])
    with pytest.raises(ServiceError, match="played by 3 players"):
        create_game(store, "secret-masters", SEATS[:2])
    with pytest.raises(ServiceError, match="no option"):
        create_game(store, "secret-masters", SEATS, {"speed": "fast"})
    assert store.list_games() == []
