"""A Redis restart loses every queued task: recovery queues those deliveries again at once.

Runs a private Redis (no persistence, on a free port) as the broker and restarts it for
real. A delivery queued before the restart is queued again by the next recovery run, not
five minutes later; one queued after the restart is left alone, since the queue still holds
it. The beat's frequent broker check does that within seconds of the restart, and queues
again every undecided submission too, however young.
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis

from service.base.config import MAIL_QUEUE, ORDERS_QUEUE
from service.orders.creation import NewSeat, create_game
from service.store.store import Store
from tests.integration.conftest import free_port, fresh_pools
from tests.privateredis import PrivateRedis as BaseRedis
from tests.stores import ready_store


class PrivateRedis(BaseRedis):
    """A private Redis whose mail queue can be counted."""

    def queued(self, queue: str = MAIL_QUEUE) -> int:
        return int(redis.Redis.from_url(self.url).llen(queue))


@pytest.fixture
def broker(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, PrivateRedis]]:
    """The worker's tasks on a private Redis and a SQLite store of their own."""
    server = PrivateRedis()
    server.start()
    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("PBEM_BROKER_URL", server.url)
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    from workers import tasks
    from workers.app import app

    previous = app.conf.broker_url
    app.conf.broker_url = server.url
    fresh_pools(app)
    tasks.config.cache_clear()
    tasks.store.cache_clear()
    ready_store()
    try:
        yield tasks, server
    finally:
        tasks.store().dispose()
        tasks.config.cache_clear()
        tasks.store.cache_clear()
        app.conf.broker_url = previous
        fresh_pools(app)
        server.stop()


def _new_game(store: Store) -> tuple[str, list[int]]:
    """Create a game; return its id and its pending outbox rows (the welcome mail)."""
    game_id = create_game(store, "secret-masters",
                          [NewSeat(name, f"{name}@players.test") for name in
                           ("anna", "bruno", "carla")]).meta.id
    return game_id, [row.id for row in store.outbox_for_game(game_id)
                     if row.status == "pending"]


def test_deliveries_queued_before_a_broker_restart_are_queued_again_at_once(
        broker: tuple[Any, PrivateRedis]) -> None:
    tasks, server = broker
    tasks.recover()  # the beat's first run: the broker is new to it, and nothing is queued
    _, rows = _new_game(tasks.store())
    tasks.queue_deliveries(rows)
    assert rows and server.queued() == len(rows)
    tasks.recover()
    assert server.queued() == len(rows)  # the queue holds them: nothing is queued twice
    server.stop()
    server.start()  # empty: every queued task is gone
    assert server.queued() == 0
    tasks.recover()
    assert server.queued() == len(rows)
    tasks.recover()
    assert server.queued() == len(rows)  # queued again once, not at every run


def test_the_broker_check_requeues_lost_inputs_and_mail_within_seconds(
        broker: tuple[Any, PrivateRedis]) -> None:
    tasks, server = broker
    assert tasks.watch_broker() is not None  # the first check: the broker is new to it
    game_id, rows = _new_game(tasks.store())
    sub, _ = tasks.store().add_submission("api", "help", game_id=game_id, seat="anna")
    tasks.queue_deliveries(rows)
    tasks.process_submission.delay(sub.id)
    assert (server.queued(), server.queued(ORDERS_QUEUE)) == (len(rows), 1)
    assert tasks.watch_broker() is None  # no restart: the check does nothing
    assert (server.queued(), server.queued(ORDERS_QUEUE)) == (len(rows), 1)
    server.stop()
    server.start()  # empty: every queued task is gone, the submission is seconds old
    assert tasks.watch_broker() == {"deliveries": len(rows), "submissions": 1, "replies": 0,
                                    "notices": 0}
    assert (server.queued(), server.queued(ORDERS_QUEUE)) == (len(rows), 1)
    assert tasks.watch_broker() is None  # caught up: once, not at every check


def test_the_broker_is_watched_only_when_it_can_lose_its_queues(tmp_path: Path) -> None:
    from service.base.config import load_config
    from workers.app import make_celery

    for url, watched in (("redis://127.0.0.1:6379/0", True),
                         (f"sqla+sqlite:///{tmp_path / 'broker.db'}", False)):
        config = load_config({"PBEM_HOME": str(tmp_path), "PBEM_BROKER_URL": url,
                              "PBEM_SECRET_KEY": "watch"})
        schedule = make_celery(config).conf.beat_schedule
        assert ("watch-broker" in schedule) is watched and "recover" in schedule


def test_deliveries_the_queue_refused_are_left_to_the_next_recovery(
        broker: tuple[Any, PrivateRedis]) -> None:
    tasks, server = broker
    from workers.app import app

    tasks.recover()
    _, rows = _new_game(tasks.store())
    app.conf.broker_url = f"redis://127.0.0.1:{free_port()}/0"  # out of reach, for a moment
    fresh_pools(app)
    with pytest.raises(Exception):  # noqa: B017 - whichever error kombu gives up with
        tasks.queue_deliveries(rows)
    app.conf.broker_url = server.url
    fresh_pools(app)
    tasks.recover()  # the rows are in no queue: not left alone for the queued time
    assert rows and server.queued() == len(rows)
