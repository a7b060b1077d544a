"""The parts the soak benchmark runs and breaks: its own PostgreSQL and Redis, gunicorn, two
Celery workers, beat, and the players' mail server that keeps every message it is sent.

PostgreSQL and Redis are private instances on free ports in a temporary folder, so that
restarting them disturbs nobody else on the machine.
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller

from bench.processes import free_port

ROOT = Path(__file__).resolve().parents[1]
PG_BIN = Path(os.environ.get("PBEM_SOAK_PG_BIN", "/usr/lib/postgresql/15/bin"))
TURN_ID = re.compile(r"<([0-9a-f]{8}\.n?\d+\.[a-z0-9_-]+\.[a-z0-9-]+)@")
"""A turn mail's Message-ID: its game, the seat's own number of the event ("n12") or the
log's seq, the seat and the kind (see `service.game.numbers.mail_number`)."""
REPLY_ID = re.compile(r"reply\.([0-9a-f]+)@")
MESSAGE_ID = re.compile(rb"^Message-ID:\s*(<[^>]+>)", re.IGNORECASE | re.MULTILINE)
IN_REPLY_TO = re.compile(rb"^In-Reply-To:\s*<soak-(\d+)@players\.test>",
                         re.IGNORECASE | re.MULTILINE)


def wait_until(check: Callable[[], bool], timeout: float, what: str) -> None:
    """Wait until `check()` is true, or raise after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not happen within {timeout:.0f} s")
        time.sleep(0.2)


def as_postgres(*argv: str) -> list[str]:
    """Return a command run as the postgres user when this process is root."""
    return ["runuser", "-u", "postgres", "--", *argv] if os.geteuid() == 0 else list(argv)


@dataclass
class Postgres:
    """A private PostgreSQL cluster (trust authentication) that can be restarted."""

    folder: Path
    port: int = field(default_factory=free_port)

    @property
    def url(self) -> str:
        """Return the SQLAlchemy URL of its database."""
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def start(self) -> None:
        """Create the cluster on first use, then start it and wait until it answers."""
        data = self.folder / "data"
        if not data.exists():
            self.folder.mkdir(parents=True, exist_ok=True)
            if os.geteuid() == 0:
                shutil.chown(self.folder, "postgres", "postgres")
            subprocess.run(as_postgres(str(PG_BIN / "initdb"), "-D", str(data), "-A", "trust",
                                       "-U", "postgres", "--no-sync"), check=True,
                           capture_output=True)
        options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
                   "-c max_connections=200")
        subprocess.run(as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(data), "-o", options,
                                   "-l", str(self.folder / "log"), "-w", "start"),
                       check=True, capture_output=True)

    def stop(self) -> None:
        """Stop the cluster quickly (open connections are cut, as in a restart)."""
        subprocess.run(as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(self.folder / "data"),
                                   "-m", "fast", "-w", "stop"), check=False, capture_output=True)

    def restart(self) -> None:
        """Stop and start again."""
        self.stop()
        self.start()


@dataclass
class Redis:
    """A private Redis without persistence: a restart loses every queued task."""

    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """Return its URL."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start it and wait until it answers."""
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_until(self.answers, 20, "Redis to answer")

    def answers(self) -> bool:
        """Return whether it answers a PING."""
        done = subprocess.run(["redis-cli", "-p", str(self.port), "ping"], capture_output=True,
                              check=False, text=True)
        return done.stdout.strip() == "PONG"

    def stop(self) -> None:
        """Stop it."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)

    def restart(self) -> None:
        """Stop and start again (empty)."""
        self.stop()
        self.start()


@dataclass
class Service:
    """One process of the service (gunicorn, a worker, beat), in its own process group."""

    name: str
    argv: list[str]
    env: dict[str, str]
    log: Path
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the process at a lower CPU priority than the load generator."""
        handle = self.log.open("ab")
        self.process = subprocess.Popen(["nice", "-n", "5", *self.argv], env=self.env, cwd=ROOT,
                                        stdout=handle, stderr=subprocess.STDOUT,
                                        start_new_session=True)

    def kill(self) -> None:
        """Kill the whole process group at once (SIGKILL), as a crash would."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        """Stop politely, then firmly."""
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.kill()


def services(env: dict[str, str], folder: Path, web_port: int) -> dict[str, Service]:
    """Return gunicorn (two processes), two Celery workers and beat, not yet started."""
    celery = [sys.executable, "-m", "celery", "-A", "workers.app"]
    worker = [*celery, "worker", "--pool", "solo", "--loglevel", "WARNING", "--without-gossip",
              "--without-mingle", "--without-heartbeat"]
    web_env = {**env, "PBEM_WEB_BIND": f"127.0.0.1:{web_port}", "PBEM_WEB_WORKERS": "2",
               "PBEM_WEB_ACCESS_LOG": str(folder / "access.log")}
    gunicorn = [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "deploy/gunicorn.conf.py")]
    return {
        "web": Service("web", gunicorn, web_env, folder / "web.log"),
        "worker-1": Service("worker-1", [*worker, "--hostname", "soak1@%h"], env,
                            folder / "worker-1.log"),
        "worker-2": Service("worker-2", [*worker, "--hostname", "soak2@%h"], env,
                            folder / "worker-2.log"),
        "beat": Service("beat", [*celery, "beat", "--loglevel", "WARNING", "--schedule",
                                 str(folder / "beat-schedule")], env, folder / "beat.log"),
    }


BASELINE = "baseline@players.test"
"""Where the benchmark's own baseline round trips go: counted apart from the service's mail."""


@dataclass
class MailKeeper:
    """The players' mail server: keeps, for each message, its key and when it arrived.

    While `drops` is above zero it plays a relay that drops the link after DATA: it keeps the
    message but hangs up before answering, so the sender cannot know it arrived and sends it
    again (the post-DATA window SMTP cannot close); the keys of those messages are noted.
    """

    arrivals: dict[str, list[float]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    copies: dict[str, int] = field(default_factory=dict)
    baseline: int = 0
    drops: int = 0
    dropped: set[str] = field(default_factory=set)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        """Note the message's keys (its outbox row, the order it answers) and its time."""
        if list(envelope.rcpt_tos) == [BASELINE]:
            with self.lock:
                self.baseline += 1
            return "250 OK kept"
        raw = bytes(envelope.original_content or b"")
        found, answered = MESSAGE_ID.search(raw), IN_REPLY_TO.search(raw)
        keys = [message_key(found.group(1).decode() if found else "")]
        if answered:
            keys.insert(0, f"answer:{answered.group(1).decode()}")
        with self.lock:
            for key in keys:
                self.arrivals.setdefault(key, []).append(time.monotonic())
            self.copies[keys[0]] = self.copies.get(keys[0], 0) + 1
            drop = self.drops > 0
            if drop:
                self.drops -= 1
                self.dropped.add(keys[0])
        if drop:
            server.transport.close()  # kept, never acknowledged
        return "250 OK kept"

    def drop_after_data(self, count: int) -> None:
        """Drop the link after DATA for the next `count` messages."""
        with self.lock:
            self.drops = count

    def snapshot(self) -> dict[str, list[float]]:
        """Return a copy of what arrived so far."""
        with self.lock:
            return {key: list(times) for key, times in self.arrivals.items()}

    def duplicated(self) -> tuple[int, int]:
        """Return how many messages repeated one that had arrived already: in all, and of
        those, copies of a message whose link was dropped after DATA."""
        with self.lock:
            extra = {key: count - 1 for key, count in self.copies.items() if count > 1}
            return sum(extra.values()), sum(n for key, n in extra.items() if key in self.dropped)


def message_key(message_id: str) -> str:
    """Return 'row:<game.seq.seat.kind>' for turn mail, 'reply:<submission>' for answers."""
    turn, reply = TURN_ID.search(message_id), REPLY_ID.search(message_id)
    if reply:
        return f"reply:{reply.group(1)}"
    return f"row:{turn.group(1)}" if turn else f"other:{message_id}"


def start_mail_keeper() -> tuple[MailKeeper, Controller, int]:
    """Start the players' mail server on a free port."""
    keeper, port = MailKeeper(), free_port()
    controller = Controller(keeper, hostname="127.0.0.1", port=port)
    controller.start()
    return keeper, controller, port


def counts(engine: Any) -> dict[str, int]:
    """Return what is still undone: undecided submissions, unsent rows, unanswered mail."""
    from sqlalchemy import text

    queries = {
        "undecided": "SELECT count(*) FROM submissions WHERE status = 'received'",
        "unsent": "SELECT count(*) FROM outbox WHERE status = 'pending'",
        "unanswered": "SELECT count(*) FROM submissions WHERE source = 'email' "
                      "AND status <> 'received' AND replied_at IS NULL"}
    with engine.connect() as conn:
        return {name: int(conn.execute(text(sql)).scalar() or 0)
                for name, sql in queries.items()}


def drain(engine: Any, limit: float) -> float:
    """Wait until nothing is undone (or `limit` s pass); return when it ended."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            undone = any(counts(engine).values())
        except Exception:  # noqa: BLE001 - PostgreSQL may still be coming back
            undone = True
        if not undone:
            break
        time.sleep(1)
    return time.monotonic()


def percentile(values: list[float], share: float) -> float:
    """Return the `share` quantile of `values` (0 when empty)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def read_back(engine: Any) -> tuple[dict[str, Any], dict[str, int], list[Any]]:
    """Return the submissions, the accepted orders per submission, and the outbox rows."""
    import json

    from sqlalchemy import text

    with engine.connect() as conn:
        subs = {row.id: row for row in conn.execute(text(
            "SELECT id, source, status, result, replied_at FROM submissions"))}
        applied: dict[str, int] = {}
        # A player's own orders only: forced and standing decisions (and the house's or a
        # deadline's) that an order caused share its causation without doubling it.
        for (cause,) in conn.execute(text(
                "SELECT causation FROM events WHERE type = 'order.accepted' "
                "AND actor NOT IN ('forced', 'standing', 'house', 'deadline')")):
            applied[cause] = applied.get(cause, 0) + 1
        rows = list(conn.execute(text(
            "SELECT game_id, seq, recipient, kind, status FROM outbox")))
    subs = {key: {"source": row.source, "status": row.status, "replied": bool(row.replied_at),
                  "seq": json.loads(row.result or "{}").get("seq", 0)}
            for key, row in subs.items()}
    return subs, applied, rows


def still_undone(engine: Any) -> list[str]:
    """Describe the outbox rows still pending and the submissions still undecided or
    unanswered, with what the store knows of their tries, for a run that did not drain."""
    from sqlalchemy import text

    outbox = ("SELECT 'outbox ' || id || ' ' || game_id || '.' || seq || ' ' || recipient "
              "|| ' ' || kind || ': attempts ' || attempts || ', claimed until ' || "
              "COALESCE(claimed_until, '-') || ', queued until ' || "
              "COALESCE(queued_until, '-') || ', error ' || COALESCE(last_error, '-') "
              "FROM outbox WHERE status = 'pending'")
    inputs = ("SELECT 'submission ' || id || ' ' || source || ' ' || status || ': attempts ' "
              "|| attempts || ', reply claimed until ' || "
              "COALESCE(reply_claimed_until, '-') || ', error ' || COALESCE(last_error, '-') "
              "FROM submissions WHERE status = 'received' "
              "OR (source = 'email' AND replied_at IS NULL)")
    queries = (outbox, inputs)
    with engine.connect() as conn:
        return [str(row[0]) for sql in queries for row in conn.execute(text(sql))]
