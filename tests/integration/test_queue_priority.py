"""Deciding and mailing share a worker fairly: the two queues and their turns, on a real Redis.

The worker's app routes deliveries to the `mail` queue and everything else to `orders`, and
asks Redis for the queues in turn. With a backlog of both, a worker takes one of each in turn,
so a burst of orders never holds back the mail of the orders decided before it.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import redis
from celery import Celery
from kombu import Consumer

from service.base.config import MAIL_QUEUE, OLD_QUEUE, ORDERS_QUEUE, load_config
from workers.app import make_celery

from .conftest import REDIS_URL, require_redis


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> Iterator[Celery]:
    """The service's Celery app on the tests' Redis database, its queues removed after."""
    require_redis()
    monkeypatch.setenv("PBEM_HOME", str(tmp_path))
    monkeypatch.setenv("PBEM_BROKER_URL", REDIS_URL)
    client = redis.Redis.from_url(REDIS_URL)
    queues = (ORDERS_QUEUE, MAIL_QUEUE, OLD_QUEUE)
    assert not any(client.exists(name) for name in queues), "the tests' Redis holds tasks"
    celery = make_celery(load_config())
    try:
        yield celery
    finally:
        client.delete(*queues)  # only the queues this test filled


def test_deliveries_go_to_the_mail_queue_and_the_rest_to_orders(app: Celery) -> None:
    route = app.amqp.router.route
    assert route({}, "pbem.deliver")["queue"].name == MAIL_QUEUE
    assert route({}, "pbem.deliver_reply")["queue"].name == MAIL_QUEUE
    for name in ("pbem.process_submission", "pbem.sweep_deadlines", "pbem.recover"):
        assert route({}, name)["queue"].name == ORDERS_QUEUE


def test_a_worker_takes_orders_and_mail_in_turn(app: Celery) -> None:
    for number in range(5):
        app.send_task("pbem.deliver", args=[number])
    for number in range(5):
        app.send_task("pbem.process_submission", args=[f"order-{number}"])
    received: list[str] = []

    def take(body: Any, message: Any) -> None:
        received.append(message.headers["task"])
        message.ack()

    with app.connection_for_read() as conn:
        queues = list(app.amqp.queues.values())
        with Consumer(conn, queues, callbacks=[take], prefetch_count=1,
                      accept=["json"]):
            while len(received) < 10:
                conn.drain_events(timeout=5)
    for start in range(0, 10, 2):  # every pair holds one of each: neither queue waits
        assert sorted(received[start:start + 2]) == ["pbem.deliver",
                                                     "pbem.process_submission"], received


def test_a_task_queued_by_an_earlier_version_is_still_read(app: Celery) -> None:
    assert OLD_QUEUE in app.amqp.queues and app.conf.task_default_queue == ORDERS_QUEUE


def test_a_worker_can_serve_chosen_queues_only(tmp_path: Any,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A deployment that wants a fixed share of deciding and mailing runs workers per queue."""
    from click.testing import CliRunner

    from workers.commands import _worker_argv, worker_command

    monkeypatch.setenv("PBEM_HOME", str(tmp_path))
    argv = _worker_argv(1, False, "mail")
    assert argv[argv.index("--queues") + 1] == "mail"
    assert "--queues" not in _worker_argv(1, False)
    refused = CliRunner().invoke(worker_command, ["--queues", "orders,letters"])
    assert refused.exit_code == 2 and "no queue 'letters'" in refused.output
