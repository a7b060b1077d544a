"""The Celery application, configured from the service's configuration.

Production: PBEM_BROKER_URL=redis://host:6379/0. Embedded default: Celery's SQLAlchemy transport
on a SQLite file under the home folder, which needs no server. Deadlines are swept every minute
by the beat; no task is ever scheduled ahead (eta/countdown) beyond a retry's short backoff, which
stays far below the broker's visibility timeout.
"""
from __future__ import annotations

import os
from typing import Any

from celery import Celery
from celery.signals import (
    beat_init,
    setup_logging,
    task_failure,
    task_postrun,
    task_retry,
    worker_init,
)
from kombu.entity import Queue

from service.base.config import (
    HOUSE_QUEUE,
    MAIL_QUEUE,
    ORDERS_QUEUE,
    TASK_QUEUES,
    Config,
    load_config,
)

from . import embedded

VISIBILITY_TIMEOUT = int(os.environ.get("PBEM_VISIBILITY_TIMEOUT", "3600"))
"""Seconds before Redis hands an unacknowledged task to another worker."""
SWEEP_SECONDS = 60.0
BROKER_WATCH_SECONDS = 10.0
"""How often the beat asks whether the broker restarted (and lost its queues)."""


# Deciding orders (and the sweeps) goes before sending mail: a worker takes the next task
# from ORDERS_QUEUE while there is one, so a backlog of mail to render never holds up a game.
MAIL_TASKS = ("pbem.deliver", "pbem.deliver_reply")
HOUSE_TASKS = ("pbem.play_house",)
"""The house's decisions have a queue of their own: each spends seconds of CPU."""


def is_redis(broker_url: str) -> bool:
    """Return whether the broker is Redis (which keeps its queues in memory only)."""
    return broker_url.startswith(("redis://", "rediss://"))


def transport_options(broker_url: str) -> dict[str, Any]:
    """Return the broker's options: Redis takes a visibility timeout (SQLAlchemy takes none)."""
    if is_redis(broker_url):
        # Look for tasks of dead workers every ~10 s (kombu's default looks every ~100 s);
        # "round_robin": a worker takes from each queue in turn, so a backlog of orders never
        # starves the mail they cause (nor the other way round).
        return {"visibility_timeout": VISIBILITY_TIMEOUT, "unacked_restore_throttle": 1,
                "queue_order_strategy": "round_robin"}
    return {}


def prefetch(broker_url: str) -> int:
    """Return how many tasks each worker process takes ahead of its current one.

    On Redis one: a task waiting behind another in one worker could run in an idle one. On
    the database broker, which is polled, a few: a process that finishes a task starts the
    next one taken already instead of waiting for the next poll (the one worker of `pbem
    serve` is the only consumer, so nothing else could have run it sooner)."""
    return 1 if is_redis(broker_url) else 4


def make_celery(config: Config) -> Celery:
    """Return a Celery app for `config` (on the database broker, polled every 0.1 s)."""
    if not is_redis(config.broker_url):
        embedded.register()
    app = Celery("pbem", broker=config.broker_url, include=["workers.tasks", "workers.mailin"])
    app.conf.update(
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        task_ignore_result=True,
        worker_prefetch_multiplier=prefetch(config.broker_url),
        broker_connection_retry_on_startup=True,
        task_publish_retry_policy={"max_retries": 3, "interval_start": 0.2,
                                   "interval_step": 0.5, "interval_max": 1.0},
        broker_transport_options=transport_options(config.broker_url),
        task_queues=[Queue(name) for name in TASK_QUEUES],  # type: ignore[no-untyped-call]
        task_default_queue=ORDERS_QUEUE,
        task_routes={**{name: {"queue": MAIL_QUEUE} for name in MAIL_TASKS},
                     **{name: {"queue": HOUSE_QUEUE} for name in HOUSE_TASKS}},
        timezone="UTC",
        enable_utc=True,
        beat_schedule={
            "sweep-deadlines": {"task": "pbem.sweep_deadlines", "schedule": SWEEP_SECONDS},
            "recover": {"task": "pbem.recover", "schedule": SWEEP_SECONDS},
            "sweep-standings": {"task": "pbem.sweep_standings", "schedule": SWEEP_SECONDS},
            "poll-imap": {"task": "pbem.poll_imap", "schedule": SWEEP_SECONDS},
            # only Redis loses its queues on a restart: the database broker keeps them
            **({"watch-broker": {"task": "pbem.watch_broker",
                                 "schedule": BROKER_WATCH_SECONDS}}
               if is_redis(config.broker_url) else {}),
        },
        beat_schedule_filename=str(config.home / "celerybeat-schedule"),
    )
    return app


def prepare_broker(celery: Celery) -> None:
    """Declare the task queues now; on the database broker this creates its tables.

    `pbem serve` does it before any part starts, so that the worker creating the tables and
    a first command queueing a task never race for them.
    """
    with celery.connection_for_write() as connection:
        channel = connection.default_channel
        for queue in celery.conf.task_queues:
            queue(channel).declare()


app = make_celery(load_config())


DELIVERY_TASKS = {"pbem.deliver": "turn", "pbem.deliver_reply": "reply"}


@task_postrun.connect
def _count_done(sender: Any = None, retval: Any = None, state: str = "", **_: Any) -> None:
    """Count what a task did in the metrics: an order decided, an email sent, a sweep run."""
    from service.base import metrics

    name = getattr(sender, "name", "")
    if state != "SUCCESS":
        return
    if name == "pbem.process_submission" and isinstance(retval, dict):
        metrics.count_order(str(retval.get("status", "")))
    elif name in DELIVERY_TASKS and retval == "sent":
        metrics.count_delivery(DELIVERY_TASKS[name], "sent")
    elif name in DELIVERY_TASKS and retval == "refused":  # refused for good by the relay
        metrics.count_delivery(DELIVERY_TASKS[name], "failed")
    elif name == "pbem.sweep_deadlines":
        metrics.record_sweep(load_config())


@task_retry.connect
def _count_retry(sender: Any = None, **_: Any) -> None:
    """Count a delivery attempt that failed and is tried again, apart from the final results."""
    _count_delivery_result(sender, "retry")


@task_failure.connect
def _count_failed(sender: Any = None, **_: Any) -> None:
    """Count a delivery given up for good (its retries spent)."""
    _count_delivery_result(sender, "failed")


def _count_delivery_result(sender: Any, result: str) -> None:
    """Count a delivery task's result by the task's kind (turn, reply)."""
    from service.base import metrics

    name = getattr(sender, "name", "") or getattr(getattr(sender, "task", None), "name", "")
    if name in DELIVERY_TASKS:
        metrics.count_delivery(DELIVERY_TASKS[name], result)


@setup_logging.connect
def _structured_logs(**_: Any) -> None:
    """Log one JSON line per event instead of Celery's own format."""
    from service.base.logs import configure_logging

    configure_logging()


@worker_init.connect
@beat_init.connect
def _check_settings(**_: Any) -> None:
    """Refuse to start a worker or beat with a setting that cannot work, or on a database
    whose schema this version cannot run on (saying which, and what to do)."""
    from service.ops.startup import check_settings, opened

    config = load_config()
    check_settings(config)
    opened(config).dispose()
