"""The embedded default's broker (a SQLite database): ready before any part of `pbem serve`."""
from __future__ import annotations

import sqlite3
from pathlib import Path

from service.base.config import TASK_QUEUES, load_config
from workers.app import make_celery, prepare_broker


def test_preparing_the_broker_creates_its_tables_and_queues(tmp_path: Path) -> None:
    config = load_config({"PBEM_HOME": str(tmp_path), "PBEM_SECRET_KEY": "broker-test"})
    assert config.broker_url.startswith("sqla+sqlite:")
    prepare_broker(make_celery(config))
    prepare_broker(make_celery(config))  # a second start finds them made
    with sqlite3.connect(tmp_path / "broker.db") as db:
        queues = {name for (name,) in db.execute("SELECT name FROM kombu_queue")}
        assert db.execute("SELECT count(*) FROM kombu_message").fetchone() == (0,)
    assert queues == set(TASK_QUEUES)


def test_the_embedded_broker_is_polled_often_and_carries_tasks(tmp_path: Path) -> None:
    from workers.embedded import POLL_SECONDS, Transport

    config = load_config({"PBEM_HOME": str(tmp_path), "PBEM_SECRET_KEY": "broker-test"})
    celery = make_celery(config)
    with celery.connection_for_write() as connection:
        assert isinstance(connection.transport, Transport)
        assert connection.transport.polling_interval == POLL_SECONDS < 1
        queue = connection.SimpleQueue("bench-roundtrip")
        queue.put({"n": 1})
        got = queue.get(timeout=5)
        assert got.payload == {"n": 1}
        got.ack()
        queue.close()
