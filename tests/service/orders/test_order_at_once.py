"""An order given in-process is stored with its outcome in one transaction, and still once."""
from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.game.loading import LoadedGame, load_game
from service.orders.creation import NewSeat, create_game
from service.orders.processing import submit_order
from service.orders.results import SubmissionResult
from service.store.store import Store
from tests.stores import empty_store

SEATS = [NewSeat("anna", "anna@example.org"), NewSeat("bruno", "bruno@example.org")]


@pytest.fixture(params=["sqlite", "sqlite-orders",
                        pytest.param("postgresql", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """An empty store of each kind."""
    yield from empty_store(request.param, tmp_path)


def first_order(loaded: LoadedGame) -> tuple[str, str]:
    """Return the first prompted seat and one of its legal orders as text."""
    prompt = loaded.game.prompts(loaded.state)[0]
    order = loaded.game.legal_orders(loaded.state, prompt.seat)[0]
    return prompt.seat, loaded.game.format_order(order)


def test_an_accepted_order_is_stored_with_its_result(store: Store) -> None:
    loaded = create_game(store, "freimaurerei", SEATS, seed_hex="a1" * 32)
    seat, text = first_order(loaded)
    result = submit_order(store, loaded.meta.id, seat, text, source="cli")
    assert result.accepted
    sub = store.get_submission(result.submission_id)
    assert sub is not None and sub.status == "accepted" and sub.processed_at is not None
    assert SubmissionResult.from_submission(sub) == result
    assert [line for line, _, _ in store.decided_lines(sub.id)] == [0]
    assert store.submission_outbox(sub.id), "its mail was written with it"


def test_a_refused_order_is_stored_with_its_reason(store: Store) -> None:
    loaded = create_game(store, "freimaurerei", SEATS, seed_hex="a2" * 32)
    seat, _ = first_order(loaded)
    result = submit_order(store, loaded.meta.id, seat, "fly to the moon", source="cli")
    assert result.status == "rejected" and result.message
    sub = store.get_submission(result.submission_id)
    assert sub is not None and sub.body == "fly to the moon"
    assert SubmissionResult.from_submission(sub) == result
    assert load_game(store, loaded.meta.id).seq == loaded.seq


def test_one_key_given_twice_at_once_is_decided_once(store: Store) -> None:
    loaded = create_game(store, "freimaurerei", SEATS, seed_hex="a3" * 32)
    seat, text = first_order(loaded)
    results: list[SubmissionResult] = []

    def give() -> None:
        results.append(submit_order(store, loaded.meta.id, seat, text, source="api",
                                    idempotency_key=f"{loaded.meta.id}:{seat}:k1"))

    threads = [threading.Thread(target=give) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len({r.submission_id for r in results}) == 1
    assert all(r.accepted and r.seq == results[0].seq for r in results)
    after = load_game(store, loaded.meta.id)
    orders = [e for e in store.events(loaded.meta.id, loaded.seq) if e.type == "order.accepted"]
    assert len(orders) == 1 and after.seq == results[0].seq
