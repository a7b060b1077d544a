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


def test_a_worker_takes_tasks_ahead_only_from_the_polled_database_broker(tmp_path: Path) -> None:
    embedded = load_config({"PBEM_HOME": str(tmp_path), "PBEM_SECRET_KEY": "broker-test"})
    on_redis = load_config({"PBEM_HOME": str(tmp_path), "PBEM_SECRET_KEY": "broker-test",
                            "PBEM_BROKER_URL": "redis://127.0.0.1:6379/0"})
    assert make_celery(embedded).conf.worker_prefetch_multiplier > 1
    assert make_celery(on_redis).conf.worker_prefetch_multiplier == 1
