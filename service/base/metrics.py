"""Prometheus metrics: orders decided and how long they waited, deliveries by result and how
long after their decision they went out, bounces, queue depth per queue and the sweeps.

Counters live in the process that does the work (a Celery worker, or the web process deciding
an order in the request). With PROMETHEUS_MULTIPROC_DIR set (gunicorn and the workers of one
node pointing at the same folder), the prometheus_client library writes them to files there and
`/metrics` adds up every process's files. Queue depth and sweep lag are read when scraped: the
length of the task queue in Redis, and the age of the last completed deadline sweep.
"""
from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import redis
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import REGISTRY, Collector

from service.base.config import TASK_QUEUES, Config

ORDERS = Counter("pbem_orders", "Orders decided, by result (accepted, refused, help).",
                 ["result"])
DELIVERIES = Counter("pbem_deliveries", "Deliveries by kind (turn, reply, channel: a notice "
                     "to a player's apprise channel) and result: sent, bounced (a bounce came "
                     "back), failed (refused or given up for good), retry (an attempt that "
                     "failed and is tried again).", ["kind", "result"])
LATENCY_BUCKETS = (0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900, 3600)
DECIDED = Histogram("pbem_order_decided_seconds", "From an order's arrival (stored) to its "
                    "decision.", buckets=LATENCY_BUCKETS)
MAILED = Histogram("pbem_mail_sent_seconds", "From the decision that caused an email to its "
                   "hand-over to the relay or the mail folder.", buckets=LATENCY_BUCKETS)
SWEEPS = Histogram("pbem_sweep_seconds", "How long a deadline sweep took.",
                   buckets=(0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60))
BOUNCES = Counter("pbem_bounces", "Bounces received for the service's deliveries, by kind "
                  "(permanent, temporary, other: not readable as either).", ["kind"])
STRANGER_MAIL = Counter(
    "pbem_stranger_mail", "Mail to addresses not proven to be a player's (answers at the "
    "public address and to held mail, join and tournament sign-up links), by kind (answer, "
    "join) and result: sent, "
    "unproven (no trusted DMARC or SPF pass), or over the budget of one address, domain or "
    "the service.", ["kind", "result"])
SWEEP_KEY = "pbem:sweep:last"
BROKER_RUN_KEY = "pbem:broker:run-id"
SWEEP_FILE = "sweep-last"


def count_order(status: str) -> None:
    """Count one decided order by its stored status."""
    result = {"accepted": "accepted", "help": "help"}.get(status, "refused")
    ORDERS.labels(result=result).inc()


def count_delivery(kind: str, result: str) -> None:
    """Count one delivery by its result: 'sent', 'bounced', 'failed' or 'retry'."""
    DELIVERIES.labels(kind=kind, result=result).inc()


def observe_since(histogram: Histogram, stored_at: str) -> None:
    """Observe the seconds from `stored_at` (UTC, ISO 8601, as the store writes) to now."""
    from datetime import UTC, datetime

    try:
        then = datetime.fromisoformat(stored_at)
    except ValueError:
        return
    if then.tzinfo is None:
        then = then.replace(tzinfo=UTC)
    histogram.observe(max(0.0, (datetime.now(UTC) - then).total_seconds()))


def count_bounce(kind: str) -> None:
    """Count one bounce by its kind."""
    BOUNCES.labels(kind=kind or "other").inc()


def count_stranger_mail(kind: str, result: str) -> None:
    """Count one mail to an unproven address by its result ('sent' or why it was not)."""
    STRANGER_MAIL.labels(kind=kind, result=result).inc()


def _redis(config: Config) -> redis.Redis | None:
    """Return a Redis client for the broker when the broker is Redis, else None."""
    if not config.broker_url.startswith(("redis://", "rediss://")):
        return None
    return redis.Redis.from_url(config.broker_url, socket_timeout=2, socket_connect_timeout=2)


def record_sweep(config: Config, moment: float | None = None) -> None:
    """Note that a deadline sweep just completed (in Redis with a Redis broker, else a file)."""
    stamp = str(moment if moment is not None else time.time())
    client = _redis(config)
    if client is not None:
        client.set(SWEEP_KEY, stamp)
        return
    config.home.mkdir(parents=True, exist_ok=True)
    temporary = config.home / f".{SWEEP_FILE}.{os.getpid()}"
    temporary.write_text(stamp)
    temporary.replace(config.home / SWEEP_FILE)


def last_sweep(config: Config) -> float | None:
    """Return when the last deadline sweep completed (seconds since the epoch), or None."""
    client = _redis(config)
    if client is not None:
        value = client.get(SWEEP_KEY)
        return float(value) if value else None
    path: Path = config.home / SWEEP_FILE
    try:
        return float(path.read_text())
    except (FileNotFoundError, ValueError):
        return None


def queue_depth(config: Config) -> dict[str, int]:
    """Return how many tasks wait in each queue, on Redis or on the database broker."""
    client = _redis(config)
    if client is not None:
        return {name: int(client.llen(name)) for name in TASK_QUEUES}
    return _database_queue_depth(config.broker_url)


def _database_queue_depth(url: str) -> dict[str, int]:
    """Return the visible messages per queue of kombu's database broker (its own tables)."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.exc import DBAPIError

    engine = create_engine(url.removeprefix("sqla+"))
    try:
        with engine.connect() as conn:
            rows = conn.execute(text(
                "SELECT q.name, COUNT(m.id) FROM kombu_queue q LEFT JOIN kombu_message m "
                "ON m.queue_id = q.id AND m.visible GROUP BY q.name")).all()
    except DBAPIError:  # no tables yet: nothing was ever queued
        rows = []
    finally:
        engine.dispose()
    found = {str(name): int(count) for name, count in rows}
    return {name: found.get(name, 0) for name in TASK_QUEUES}


def broker_restarted(config: Config) -> str | None:
    """Return the Redis broker's run id if it started anew since it was last noted, else None
    (None also with another broker).

    Redis keeps its queues in memory only, so a restart loses every queued task. The
    server's run id (new at every start) is noted in Redis itself (`note_broker_run`), which
    a restart empties too; until it is noted, every call answers the new run id.
    """
    client = _redis(config)
    if client is None:
        return None
    run_id = str(client.info("server")["run_id"])
    seen = client.get(BROKER_RUN_KEY)
    return None if isinstance(seen, bytes) and seen.decode() == run_id else run_id


def note_broker_run(config: Config, run_id: str) -> None:
    """Note that what the broker run `run_id` lost has been queued again."""
    client = _redis(config)
    if client is not None:
        client.set(BROKER_RUN_KEY, run_id)


class LiveCollector(Collector):
    """Reads queue depth and sweep lag when scraped."""

    def __init__(self, config: Config) -> None:
        self.config = config

    def collect(self) -> Iterator[GaugeMetricFamily]:
        """Yield the gauges that can be read now (a broker that is down gives none)."""
        try:
            depth, last = queue_depth(self.config), last_sweep(self.config)
        except Exception:  # noqa: BLE001 - /healthz reports the broker; metrics stay up
            return
        gauge = GaugeMetricFamily("pbem_queue_depth", "Tasks waiting, per queue.",
                                  labels=["queue"])
        for name, count in depth.items():
            gauge.add_metric([name], count)
        yield gauge
        lag = GaugeMetricFamily("pbem_sweep_lag_seconds", "Seconds since the last completed "
                                "deadline sweep (it runs every minute); -1 before the first.",
                                value=time.time() - last if last is not None else -1.0)
        yield lag


def exposition(config: Config) -> bytes:
    """Return the metrics in the Prometheus text format, from every process of this node."""
    registry: CollectorRegistry
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    else:
        registry = REGISTRY
    live = CollectorRegistry()
    live.register(LiveCollector(config))
    return generate_latest(registry) + generate_latest(live)
