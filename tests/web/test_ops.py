"""Operations: /healthz names a failing database or broker; /metrics counts the work."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

from service.base import metrics
from service.base.config import MAIL_QUEUE, ORDERS_QUEUE, TASK_QUEUES, load_config
from service.store.store import Store

from .conftest import new_game, seat_path

REDIS_URL = os.environ.get("PBEM_TEST_REDIS_URL", "redis://127.0.0.1:6379/11")
ROOT = Path(__file__).resolve().parents[2]


def sample(text: str, name: str, labels: str = "") -> float:
    """Return the value of one sample in a Prometheus text exposition (0 when absent)."""
    for line in text.splitlines():
        if line.startswith(f"{name}{labels} ") or (not labels and line.startswith(name + " ")):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


def test_health_names_what_fails(app: Flask, client: FlaskClient) -> None:
    assert client.get("/healthz").status_code == 200
    app.config["PBEM"] = app.config["PBEM"].__class__(
        **{**app.config["PBEM"].__dict__, "broker_url": "redis://127.0.0.1:1/0"})
    answer = client.get("/healthz")
    assert answer.status_code == 503
    body = answer.get_json()
    assert body["status"] == "failing" and body["database"] == "ok"
    assert "Connection" in body["broker"] or "Error" in body["broker"]
    outside = {"REMOTE_ADDR": "203.0.113.9"}
    told = client.get("/healthz", environ_base=outside).get_json()
    assert told == {"database": "ok", "broker": "failing", "status": "failing"}
    app.config["METRICS_TOKEN"] = "ops-token"
    with_token = client.get("/healthz", environ_base=outside,
                            headers={"Authorization": "Bearer ops-token"}).get_json()
    assert with_token["broker"] == body["broker"]


def test_health_reports_a_database_that_is_gone(app: Flask, client: FlaskClient,
                                                store: Store) -> None:
    db = Path(store.url.removeprefix("sqlite:///"))
    store.dispose()
    db.rename(db.with_suffix(".moved"))
    db.mkdir()  # a folder where the file was: nothing can open it
    answer = client.get("/healthz")
    assert answer.status_code == 503 and answer.get_json()["database"] != "ok"


def test_metrics_count_orders_and_show_the_sweep_lag(app: Flask, client: FlaskClient,
                                                     store: Store) -> None:
    before = client.get("/metrics").get_data(as_text=True)
    loaded = new_game(store)
    seat = loaded.game.prompts(loaded.state)[0].seat
    token = seat_path(app, loaded, seat).rsplit("/", 1)[1]
    path = f"/api/v1/games/{loaded.meta.id}/seats/{seat}/orders"
    order = loaded.game.format_order(loaded.game.legal_orders(loaded.state, seat)[0])
    headers = {"Authorization": f"Bearer {token}"}
    assert client.post(path, json={"text": order}, headers=headers).status_code == 200
    assert client.post(path, json={"text": "nonsense"}, headers=headers).status_code == 422
    after = client.get("/metrics").get_data(as_text=True)
    for result in ("accepted", "refused"):
        label = f'{{result="{result}"}}'
        assert sample(after, "pbem_orders_total", label) == sample(
            before, "pbem_orders_total", label) + 1
    assert sample(after, "pbem_sweep_lag_seconds") == -1
    metrics.record_sweep(app.config["PBEM"], time.time() - 30)
    lag = sample(client.get("/metrics").get_data(as_text=True), "pbem_sweep_lag_seconds")
    assert 29 <= lag < 600


def test_metrics_are_for_this_machine_or_a_token(app: Flask, client: FlaskClient) -> None:
    remote = {"REMOTE_ADDR": "203.0.113.9"}
    assert client.get("/metrics", environ_base=remote).status_code == 404
    app.config["METRICS_TOKEN"] = "scrape-me"
    assert client.get("/metrics", environ_base=remote,
                      headers={"Authorization": "Bearer scrape-me"}).status_code == 200


def test_queue_depth_is_read_from_redis(app: Flask, client: FlaskClient) -> None:
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError:
        if os.environ.get("CI") == "true":
            raise
        pytest.skip("Redis is not reachable")
    server = redis.Redis.from_url(REDIS_URL)
    server.delete(*TASK_QUEUES)
    server.rpush(ORDERS_QUEUE, b"a", b"b")
    server.rpush(MAIL_QUEUE, b"c")
    try:
        app.config["PBEM"] = app.config["PBEM"].__class__(
            **{**app.config["PBEM"].__dict__, "broker_url": REDIS_URL})
        text = client.get("/metrics").get_data(as_text=True)
        assert sample(text, "pbem_queue_depth", f'{{queue="{ORDERS_QUEUE}"}}') == 2
        assert sample(text, "pbem_queue_depth", f'{{queue="{MAIL_QUEUE}"}}') == 1
    finally:
        server.delete(*TASK_QUEUES, metrics.SWEEP_KEY)


def test_queue_depth_is_read_from_the_database_broker(tmp_path: Path) -> None:
    """The embedded broker keeps its queues in SQLite tables: they are counted there."""
    from kombu.connection import Connection

    url = f"sqla+sqlite:///{tmp_path / 'broker.db'}"
    config = load_config({"PBEM_HOME": str(tmp_path), "PBEM_BROKER_URL": url})
    assert metrics.queue_depth(config) == {name: 0 for name in TASK_QUEUES}
    with Connection(url) as connection:  # type: ignore[no-untyped-call]
        for name, count in ((ORDERS_QUEUE, 2), (MAIL_QUEUE, 3)):
            queue = connection.SimpleQueue(name)
            for n in range(count):
                queue.put({"n": n})
            queue.close()
    depth = metrics.queue_depth(config)
    assert (depth[ORDERS_QUEUE], depth[MAIL_QUEUE]) == (2, 3)


def test_latencies_are_observed_from_stored_times() -> None:
    before = sample(metrics.exposition(load_config()).decode(),
                    "pbem_order_decided_seconds_count")
    metrics.observe_since(metrics.DECIDED, "2026-11-26T10:00:00Z")
    metrics.observe_since(metrics.DECIDED, "not a time")  # ignored, never raised
    text = metrics.exposition(load_config()).decode()
    assert sample(text, "pbem_order_decided_seconds_count") == before + 1


COUNT_IN_CHILD = """
from service.base import metrics
from service.base.config import MAIL_QUEUE, ORDERS_QUEUE, TASK_QUEUES, load_config
metrics.count_order("accepted")
metrics.count_delivery("turn", "sent")
"""


def test_counts_of_other_processes_are_added_up(tmp_path: Path) -> None:
    folder = tmp_path / "prometheus"
    folder.mkdir()
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(folder)}
    for _ in range(2):
        subprocess.run([sys.executable, "-c", COUNT_IN_CHILD], env=env, cwd=ROOT, check=True,
                       timeout=60)
    show = ("import sys; from service.base import metrics; "
            "from service.base.config import load_config; "
            "sys.stdout.write(metrics.exposition(load_config()).decode())")
    shown = subprocess.run(
        [sys.executable, "-c", show],
        env={**env, "PBEM_HOME": str(tmp_path / "home")}, cwd=ROOT, check=True, timeout=60,
        capture_output=True, text=True).stdout
    assert sample(shown, "pbem_orders_total", '{result="accepted"}') == 2
    assert sample(shown, "pbem_deliveries_total", '{kind="turn",result="sent"}') == 2
