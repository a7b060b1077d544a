"""Real parts for the pipeline tests: Redis, a Celery worker process, SMTP servers in and out.

Outgoing mail goes to `Outbox`, an aiosmtpd server in this process that keeps what it receives;
incoming mail goes over a real SMTP connection to the service's own listener. Under CI=true a
missing Redis fails these tests instead of skipping them.
"""
from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
import redis
from aiosmtpd.controller import Controller
from kombu import pools

from tests.stores import ready_store

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = os.environ.get("PBEM_TEST_REDIS_URL", "redis://127.0.0.1:6379/11")
AUTHSERV_ID = "mx.games.test"
"""The authserv-id of the relay the pipeline trusts (PBEM_TRUSTED_AUTHSERV_ID): the tests'
mail carries its Authentication-Results as OpenDMARC in front of the listener would add it."""
DOMAIN = "games.test"


def require_redis() -> None:
    """Skip (or, under CI, fail) when Redis does not answer."""
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        problem = f"Redis at {REDIS_URL} is not reachable: {exc}"
        if os.environ.get("CI") == "true":
            pytest.fail(problem + " (CI=true: the pipeline tests must run)")
        pytest.skip(problem)


def free_port() -> int:
    """Return a TCP port free on 127.0.0.1 right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for(check: Callable[[], Any], timeout: float = 30.0, what: str = "it") -> Any:
    """Poll `check` until it returns something true; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


@dataclass
class Outbox:
    """An SMTP server that keeps every message it accepts (the players' mail provider)."""

    received: list[tuple[list[str], bytes]] = field(default_factory=list)
    delay: float = 0.0
    connections: int = 0
    senders: list[str] = field(default_factory=list)
    """The envelope sender (MAIL FROM) of each kept message, in order."""
    refuse: set[str] = field(default_factory=set)
    """Recipients refused for good at RCPT TO (550), as a provider refuses an unknown user."""
    drops: int = 0
    """While above zero, each message is kept but the link dropped before the answer to DATA
    (the post-DATA window): the sender cannot know it arrived."""

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str,
                          options: list[str]) -> str:
        """Take any recipient but those in `refuse`."""
        if address.lower() in self.refuse:
            return "550 5.1.1 No such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        """Keep the message, unless the sender hung up while we were slow."""
        self.connections += 1
        if self.delay:
            await asyncio.sleep(self.delay)
            if server.transport is None or server.transport.is_closing():
                return "451 the client went away"
        self.received.append((list(envelope.rcpt_tos), bytes(envelope.original_content)))
        self.senders.append(str(envelope.mail_from))
        if self.drops > 0:
            self.drops -= 1
            server.transport.close()  # kept, never acknowledged
        return "250 OK kept"

    def messages(self, to: str | None = None) -> list[EmailMessage]:
        """Return the kept messages (to one address), oldest first."""
        result = []
        for recipients, raw in list(self.received):
            if to is None or any(to in r for r in recipients):
                result.append(message_from_bytes(raw, policy=policy.default))
        return result  # type: ignore[return-value]


@pytest.fixture
def outbox_server() -> Iterator[tuple[Outbox, int]]:
    """The players' mail server, on a free port."""
    keeper, port = Outbox(), free_port()
    controller = Controller(keeper, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield keeper, port
    finally:
        controller.stop()


class Worker:
    """A real Celery worker process (solo pool) that can be started, killed and restarted."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.env, self.log = env, log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the worker process."""
        argv = [sys.executable, "-m", "celery", "-A", "workers.app", "worker", "--pool", "solo",
                "--loglevel", "INFO", "--without-gossip", "--without-mingle",
                "--without-heartbeat", "--hostname", f"test-{time.monotonic_ns()}@%h"]
        handle = self.log.open("ab")
        self.process = subprocess.Popen(argv, env=self.env, cwd=ROOT, stdout=handle,
                                        stderr=subprocess.STDOUT, start_new_session=True)

    def kill(self) -> None:
        """Kill the worker at once (SIGKILL), as a crash would."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        """Stop the worker politely, then firmly."""
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


@dataclass
class Pipeline:
    """Everything running: the store, the worker, mail in (port) and mail out (keeper)."""

    env: dict[str, str]
    home: Path
    worker: Worker
    mail_out: Outbox
    smtp_in_port: int
    store: Any


@pytest.fixture
def pipeline(tmp_path: Path, outbox_server: tuple[Outbox, int],
             monkeypatch: pytest.MonkeyPatch) -> Iterator[Pipeline]:
    """The service with a worker on Redis, its SMTP listener, and the players' mail server."""
    keeper, out_port = outbox_server
    with running_pipeline(tmp_path, monkeypatch, keeper,
                          f"smtp://127.0.0.1:{out_port}?starttls=no") as running:
        yield running


@contextmanager
def running_pipeline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, keeper: Outbox,
                     smtp_url: str, *, home: Path | None = None, smtp_in_port: int = 0,
                     check_recipients: bool = False) -> Iterator[Pipeline]:
    """Run the service sending through `smtp_url`, its state in `home` (default: in tmp_path),
    its listener on `smtp_in_port` (default: a free one), refusing unsigned recipients as
    `pbem smtpd` does when `check_recipients`; `keeper` stands for the players' mail server."""
    require_redis()
    redis.Redis.from_url(REDIS_URL).flushdb()
    env = {"PBEM_HOME": str(home or tmp_path / "home"), "PBEM_BROKER_URL": REDIS_URL,
           "PBEM_SMTP_URL": smtp_url,
           "PBEM_SECRET_KEY": "test-secret-key", "PBEM_MAIL_DOMAIN": DOMAIN,
           "PBEM_TRUSTED_AUTHSERV_ID": AUTHSERV_ID,
           "PBEM_CLAIM_SECONDS": "4", "PBEM_VISIBILITY_TIMEOUT": "4"}
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    ready_store()
    from service.mail.smtpd import start_listener
    from workers import tasks
    from workers.app import app, transport_options
    from workers.mailin import check_recipient, store_and_queue

    app.conf.broker_url = REDIS_URL
    app.conf.broker_transport_options = {**transport_options(REDIS_URL), "visibility_timeout": 4}
    fresh_pools(app)  # a pool made earlier in this process would still publish to its broker
    tasks.config.cache_clear()
    tasks.store.cache_clear()
    worker = Worker({**os.environ, **env}, tmp_path / "worker.log")
    worker.start()
    port = smtp_in_port or free_port()
    listener = start_listener("127.0.0.1", port, DOMAIN,
                              lambda raw, sender, rcpts: " ".join(store_and_queue(raw, sender, rcpts)),
                              2 * 1024 * 1024, check_recipient if check_recipients else None)
    try:
        yield Pipeline(env, Path(env["PBEM_HOME"]), worker, keeper, port, tasks.store())
    finally:
        listener.stop()
        worker.stop()
        tasks.store().dispose()
        tasks.config.cache_clear()
        tasks.store.cache_clear()
        fresh_pools(app)
        redis.Redis.from_url(REDIS_URL).flushdb()


def fresh_pools(app: Any) -> None:
    """Drop the app's broker connections, so the next publish connects to the broker its
    configuration names now (Celery keeps the pool it made first, whatever the URL since)."""
    app._pool = None
    app.amqp._producer_pool = None
    pools.reset()
