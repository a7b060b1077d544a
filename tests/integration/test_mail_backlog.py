"""On Redis, a worker that decides an order leaves its mail to the mail queue, unless that
queue is behind: then it sends the mail itself, so mail keeps pace with deciding under load.

Real parts: a private Redis as the broker, a SQLite store, and an SMTP server in process for
the players' provider; the tasks run in place (eagerly).
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from aiosmtpd.controller import Controller

from service.base.config import MAIL_QUEUE
from tests.integration.conftest import Outbox, free_port
from tests.integration.test_mail_inline import mail_an_order, new_game, tasks_on
from tests.privateredis import PrivateRedis


@pytest.fixture
def on_redis(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, str, Outbox]]:
    """The worker's tasks on a private Redis, a SQLite store, and the players' mail server."""
    server = PrivateRedis()
    server.start()
    keeper, port = Outbox(), free_port()
    provider = Controller(keeper, hostname="127.0.0.1", port=port)
    provider.start()
    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("PBEM_SECRET_KEY", "backlog-test")
    monkeypatch.setenv("PBEM_BROKER_URL", server.url)
    monkeypatch.setenv("PBEM_SMTP_URL", f"smtp://127.0.0.1:{port}?starttls=no")
    for name in ("PBEM_DATABASE_URL", "PBEM_MAIL_TO_FILES"):
        monkeypatch.delenv(name, raising=False)
    from workers.app import transport_options

    try:
        with tasks_on(server.url, transport_options(server.url)) as tasks:
            assert not tasks.mail_inline()
            yield tasks, server.url, keeper
    finally:
        provider.stop()
        server.stop()


def waiting_mail(url: str) -> int:
    """Return how many tasks wait in the mail queue."""
    return int(redis.Redis.from_url(url).llen(MAIL_QUEUE))


def test_the_mail_queue_takes_the_mail_while_it_keeps_up(
        on_redis: tuple[Any, str, Outbox]) -> None:
    tasks, url, provider = on_redis
    game_id = new_game(tasks)
    sent = len(provider.received)
    sub_id = mail_an_order(tasks, game_id)
    assert tasks.process_submission.apply(args=[sub_id]).result["status"] == "accepted"
    assert len(provider.received) == sent  # nothing sent by the deciding worker
    assert 0 < waiting_mail(url) <= tasks.MAIL_BACKLOG


def test_a_deciding_worker_sends_its_own_mail_while_the_queue_is_behind(
        on_redis: tuple[Any, str, Outbox]) -> None:
    tasks, url, provider = on_redis
    behind = new_game(tasks)
    others = [mail_an_order(tasks, new_game(tasks)) for _ in range(tasks.MAIL_BACKLOG)]
    for sub_id in others:  # their mail waits in the queue: no mail worker runs here
        tasks.process_submission.apply(args=[sub_id])
    backlog = waiting_mail(url)
    assert backlog > tasks.MAIL_BACKLOG
    sent = len(provider.received)
    sub_id = mail_an_order(tasks, behind)
    assert tasks.process_submission.apply(args=[sub_id]).result["status"] == "accepted"
    assert waiting_mail(url) == backlog  # nothing more queued: sent here, once
    assert len(provider.received) > sent
    rows = tasks.store().outbox_for_game(behind)
    assert {row.status for row in rows} <= {"sent", "closed"}
    for row in rows:
        assert tasks.deliver.apply(args=[row.id]).result == "already-sent"
