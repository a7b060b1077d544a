"""Ceiling benchmark: a deployment on this machine under open-loop orders, steady then a burst.

Starts the service as it runs at scale, on this machine: PostgreSQL (a scratch schema of this
run in $PBEM_BENCH_PG_URL, named by --schema or $PBEM_BENCH_SCHEMA or fresh, refused if it
exists, dropped at the end), Redis (an empty database, --redis or $PBEM_BENCH_REDIS_URL,
default redis://127.0.0.1:6379/15, whose keys are deleted at the end), gunicorn serving the web app
(2 processes x 4 threads), three Celery workers (one for the `orders` queue, one for `mail`, one
for `house` as deploy/systemd/pbem-worker-house.service runs it, one process each: the
deployment split by queue; the house worker idles here, the games having no house seats, but
is running as in the deployment and its CPU is counted), beat, and `pbem smtpd` taking
mail in. Mail out goes by SMTP to a sink in this process (aiosmtpd, a real SMTP server that
notes when each message arrived). `--embedded` runs the same against the embedded default
instead: `pbem serve` (SQLite store, SQLite broker, web, mail listener and one worker with
the beat) in a temporary home.

It creates `--games` running Freimaurerei games (5 made by the service, the rest clones of
them, bench/hot/synth.py), then offers orders open-loop: at `--rate` per second for
`--seconds`, then a burst at `--burst-rate` for `--burst-seconds`, each a random legal order of
a game whose last order was decided, sent alternately as a player does, by SMTP to the seat's
reply address through `pbem smtpd`, and through the seat's web form. Then it waits until every
order is decided and every mail sent, and reads back from the store and the sink:

- `orders_per_s`, `mails_per_s`: orders decided and mails arrived during the steady phase,
  per second (they fall behind the offered rate where the ceiling is);
- `decide_p50_ms`, `decide_p95_ms`: an order stored (received) -> decided;
- `mail_p50_ms`, `mail_p95_ms`: an order decided -> the last mail it caused arrived at the
  sink (turn emails with their PDFs, and the answer to a mailed order);
- `burst_drain_s`: the end of the burst -> the last mail a burst order caused arrived;
- `cpu_ms_by_role`: the CPU time of every process over the run, read from /proc and summed
  per role: web, workers_orders, workers_mail, workers_house, beat, smtpd, postgres (the
  backends of this run's connections, found by their application_name; null if
  unreadable), redis (the whole server, which may serve others too); with --embedded: serve (web and mail listener) and
  workers (the worker with its beat);
- `cpu_ms_per_decided_order`: the CPU of the roles that take orders in and decide them (web,
  smtpd, the orders worker) per order decided; `cpu_ms_per_mailed_order`: the mail worker's
  CPU per order whose mails all arrived. With --embedded one worker does both, so both are all
  of serve's CPU, divided by the orders decided and by the orders mailed;
- `decide_only_cpu_ms`: the same as `cpu_ms_per_decided_order`, under the name the targets
  use; `cpu_ms_per_decided_and_mailed_order`: the CPU of every process of the deployment (all
  roles, the database and Redis included) per order whose mails all arrived, the figure to
  hold under 100 ms; `embedded_orders_per_s`: with --embedded, `orders_per_s` (else null);
- `baseline`, measured in the same run, half before the load and half after it: a bare SMTP
  round trip of a turn email's size to the sink (`smtp_ms`, `smtp_cpu_ms`, both ends being this
  process), and a bare one-row transaction on the same store (`one_row_ms`, `one_row_cpu_ms`);
  `decided_order_cpu_ratio` and `mailed_order_cpu_ratio` give the per-order CPU figures as
  multiples of them, which moves less with the machine's load than the times do;
- `bare`, measured in the same run (half before the load, half after it): the bare task of
  bench/bare.py, a Celery task on the same broker that inserts one row in the same store,
  renders one minimal WeasyPrint PDF and sends it with smtplib on a kept connection to a sink
  of its own, on one worker process: `task_cpu_ms` is the CPU per task of that worker and,
  scaled, of its PostgreSQL backend and the Redis server; `cpu_ratio_to_bare` is
  `cpu_ms_per_decided_and_mailed_order` over it;
- `statements_per_order`, `commits_per_order`: the SQL statements and commits on the store per
  order decided and mailed, over every process of the service, counted where the driver runs
  them by bench/sqlcount/sitecustomize.py (put first on the processes' PYTHONPATH), with
  `sql_per_order_by_role`, `broker_sql_per_order` (the embedded default's database broker,
  else null) and the bare task's own (`bare.statements_per_task`, `bare.commits_per_task`).

`--busy-cores N` runs N CPU-bound processes for the whole measurement (the bare task's
included), so that a figure "with the machine's other cores busy" is the benchmark's own load
and can be run again (`busy_cores` in the JSON line).

Ports (web, mail listener, sink, the bare task's sink) are free ones unless given by
--web-port, --smtp-port, --sink-port, --bare-sink-port or $PBEM_BENCH_<NAME>_PORT.

Every process started is stopped at the end, and the scratch schema dropped, on an error or
Ctrl-C too. When an order failed to be sent (the web form or the listener refused it), the
service's logs are copied out of the temporary home first and `logs_kept` names their
folder. The last line is one JSON object.

    .venv/bin/python bench/ceiling.py [--games 1000] [--rate 2] [--seconds 60]
        [--burst-rate 10] [--burst-seconds 20] [--embedded] [--bare-tasks 40] [--quick]

`--quick`: 20 games, 2 orders/s for 5 s, a burst of 5/s for 3 s, 10 bare tasks.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import smtplib
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from aiosmtpd.controller import Controller
from sqlalchemy import text
from sqlalchemy.engine import make_url

from bench.hot.synth import many_games
from bench.hot.timing import Took, median_took, timed
from bench.order import baseline as one_row_transaction
from bench.processes import free_port, stop
from bench.scratch import PG_URL, drop_pg_store, new_pg_store, own_redis, redis_url
from bench.smtp import message as turn_sized_message
from bench.soak_parts import message_key, percentile

KEY, DOMAIN = "fa5a2bb13782508b04eea2c0df1623ee44af7ca6ca7495cd2f6dbfac697e1615", "ceiling.test"
PBEM = [sys.executable, "-m", "service.cli.main"]
SQL_COUNTER = ROOT / "bench" / "sqlcount"
"""Put first on the PYTHONPATH of the service's processes: counts their SQL (sitecustomize)."""
NONCE = re.compile(r'name="nonce" value="([^"]+)-text"')
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
PLAYER_ID = re.compile(r"ceiling-(\d+)@players\.test")
IN_REPLY_TO = re.compile(rb"^In-Reply-To:\s*<ceiling-(\d+)@players\.test>",
                         re.IGNORECASE | re.MULTILINE)
MESSAGE_ID = re.compile(rb"^Message-ID:\s*(<[^>]+>)", re.IGNORECASE | re.MULTILINE)
BASELINE_RUNS = 10


# -- the mail sink and the CPU of processes ---------------------------------------------------

@dataclass
class Sink:
    """The players' mail server: notes when each message arrived (wall clock, epoch seconds)
    under its keys (its outbox row or answer, and the player's order it answers)."""

    arrivals: dict[str, float] = field(default_factory=dict)
    times: list[float] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        """Note the message's keys and its arrival."""
        now = time.time()
        raw = bytes(envelope.original_content or envelope.content or b"")
        found, answered = MESSAGE_ID.search(raw), IN_REPLY_TO.search(raw)
        keys = [message_key(found.group(1).decode() if found else f"<none-{now}>")]
        if answered:
            keys.append(f"answer:{answered.group(1).decode()}")
        with self.lock:
            for key in keys:
                self.arrivals.setdefault(key, now)
            self.times.append(now)
        return "250 OK"

    def snapshot(self) -> tuple[dict[str, float], list[float]]:
        """Return the arrivals by key and every arrival time so far."""
        with self.lock:
            return dict(self.arrivals), list(self.times)


def proc_cpu(pid: int) -> float | None:
    """Return the CPU seconds (user and system) of one process, or None if it is gone or
    unreadable."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def process_tree(pid: int) -> list[int]:
    """Return `pid` and every process below it (Linux /proc)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        try:
            for task in Path(f"/proc/{current}/task").iterdir():
                todo += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


def tree_of(pid: int) -> Callable[[], list[int]]:
    """Return a finder of `pid` and every process below it."""
    return lambda: process_tree(pid)


class Roles:
    """Samples the CPU of every process of each role twice a second, so that a process that
    ends between two phase marks still counts with its last reading."""

    def __init__(self, finders: dict[str, Callable[[], list[int]]]) -> None:
        self.finders = finders
        self.seen: dict[str, dict[int, float]] = {role: {} for role in finders}
        self.unreadable: set[str] = set()
        self.lock = threading.Lock()
        self.halt = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def sample(self) -> None:
        """Read the CPU of every process of every role now."""
        for role, find in self.finders.items():
            try:
                pids = find()
            except Exception:  # noqa: BLE001 - a role that cannot be listed is reported so
                self.unreadable.add(role)
                continue
            readings = {pid: proc_cpu(pid) for pid in pids}
            if pids and all(value is None for value in readings.values()):
                self.unreadable.add(role)
            with self.lock:
                for pid, value in readings.items():
                    if value is not None:
                        self.seen[role][pid] = value

    def mark(self) -> dict[str, dict[int, float]]:
        """Return a reading of every role now."""
        self.sample()
        with self.lock:
            return {role: dict(pids) for role, pids in self.seen.items()}

    def _run(self) -> None:
        while not self.halt.wait(0.5):
            self.sample()

    def start(self) -> None:
        """Start sampling in the background."""
        self.thread.start()

    def stop(self) -> None:
        """Stop sampling."""
        self.halt.set()
        self.thread.join(timeout=5)

    def used(self, before: dict[str, dict[int, float]],
             after: dict[str, dict[int, float]]) -> dict[str, float | None]:
        """Return the CPU seconds each role used between two marks (None: unreadable)."""
        return {role: None if role in self.unreadable else
                sum(value - before[role].get(pid, 0.0) for pid, value in after[role].items())
                for role in self.finders}


# -- the deployment ---------------------------------------------------------------------------

@dataclass
class Deployment:
    """The running service: its store (as this process opens it), its ports and processes."""

    store: Any
    web_port: int
    smtp_port: int
    processes: dict[str, subprocess.Popen[bytes]]
    finders: dict[str, Callable[[], list[int]]]
    decide_roles: tuple[str, ...]
    mail_roles: tuple[str, ...]
    bare: Bare
    """The bare task's worker on the same broker and store."""


def start(argv: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    """Start a process of the service in its own session, its output to `log`."""
    return subprocess.Popen(argv, env=env, cwd=ROOT, stdout=log.open("ab"),
                            stderr=subprocess.STDOUT, start_new_session=True)


def base_env(home: Path, sink_port: int, web_port: int) -> dict[str, str]:
    """Return the settings every process of the service runs with."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PBEM_", "PROMETHEUS"))}
    env.update(PBEM_HOME=str(home), PBEM_SECRET_KEY=KEY, PBEM_MAIL_DOMAIN=DOMAIN,
               PBEM_SMTP_URL=f"smtp://127.0.0.1:{sink_port}?starttls=no",
               PBEM_BASE_URL=f"http://127.0.0.1:{web_port}", PBEM_RATE_SUBMIT="1000000/60",
               PBEM_RATE_GUESS="1000000/60", PBEM_LOG_LEVEL="WARNING",
               PYTHONPATH=f"{SQL_COUNTER}{os.pathsep}{ROOT}",
               PBEM_BENCH_SQL_COUNTS=str(counts_folder(home)))
    return env


def counts_folder(home: Path, name: str = "sql-counts") -> Path:
    """Return the folder where the processes started with `home` write their SQL counts."""
    folder = home / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def read_counts(folder: Path) -> dict[int, dict[str, tuple[int, int]]]:
    """Return each process's (statements, commits) per store, as written to `folder` (see
    bench/sqlcount/sitecustomize.py), after waiting for the processes' next writes."""
    time.sleep(0.6)
    found: dict[int, dict[str, tuple[int, int]]] = {}
    for path in folder.glob("*.json"):
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        found[int(path.stem)] = {kind: (int(pair["statements"]), int(pair["commits"]))
                                 for kind, pair in data.items()}
    return found


def counted(before: dict[int, dict[str, tuple[int, int]]],
            after: dict[int, dict[str, tuple[int, int]]],
            pids: set[int] | None = None) -> dict[str, tuple[int, int]]:
    """Return the statements and commits per store between two readings (of `pids` only,
    when given)."""
    total: dict[str, tuple[int, int]] = {}
    for pid, kinds in after.items():
        if pids is not None and pid not in pids:
            continue
        for kind, (statements, commits) in kinds.items():
            old = before.get(pid, {}).get(kind, (0, 0))
            got = total.get(kind, (0, 0))
            total[kind] = (got[0] + statements - old[0], got[1] + commits - old[1])
    return total


def close_opening_mail(store: Any) -> None:
    """Settle the games' opening emails before the service starts: the benchmark measures the
    mail its orders cause, not a first delivery of every game's welcome."""
    with store._writer.begin() as conn:
        conn.execute(text("UPDATE outbox SET status = 'closed' WHERE status = 'pending'"))


@contextmanager
def scaled(args: argparse.Namespace, home: Path, sink_port: int) -> Iterator[Deployment]:
    """Yield the scaled deployment on PostgreSQL and Redis; stop it and drop its schema."""
    home.mkdir(parents=True, exist_ok=True)
    with own_redis(args.redis) as client:
        store = new_pg_store(args.postgres, args.schema)
        processes: dict[str, subprocess.Popen[bytes]] = {}
        try:
            many_games(store, args.games, real=min(5, args.games))
            close_opening_mail(store)
            app_name = f"pbem_ceiling_{uuid.uuid4().hex[:8]}"
            database = make_url(args.postgres).update_query_dict(
                {"options": f"-csearch_path={store.schema}", "application_name": app_name}
            ).render_as_string(hide_password=False)
            web_port, smtp_port = args.web_port or free_port(), args.smtp_port or free_port()
            env = base_env(home, sink_port, web_port) | {
                "PBEM_DATABASE_URL": database, "PBEM_BROKER_URL": args.redis}
            web_env = env | {"PBEM_WEB_BIND": f"127.0.0.1:{web_port}", "PBEM_WEB_WORKERS": "2",
                             "PBEM_WEB_THREADS": "4", "PBEM_WEB_ACCESS_LOG": "/dev/null",
                             "PBEM_WEB_LOG_LEVEL": "warning"}
            celery = [sys.executable, "-m", "celery", "-A", "workers.app"]
            worker = [*celery, "worker", "--loglevel", "WARNING", "--concurrency",
                      str(args.concurrency), "--without-gossip", "--without-mingle"]
            processes["web"] = start([sys.executable, "-m", "gunicorn", "-c",
                                      str(ROOT / "deploy/gunicorn.conf.py")], web_env,
                                     home / "web.log")
            if args.workers == "split":  # a worker per queue: a fixed share each
                processes["workers_orders"] = start(
                    [*worker, "-Q", "orders,celery", "--hostname", "ceiling-orders@%h"], env,
                    home / "worker-orders.log")
                processes["workers_mail"] = start(
                    [*worker, "-Q", "mail", "--hostname", "ceiling-mail@%h"], env,
                    home / "worker-mail.log")
                processes["workers_house"] = start(
                    [*worker, "-Q", "house", "--hostname", "ceiling-house@%h"], env,
                    home / "worker-house.log")
            else:  # as `pbem worker` runs: every queue, taken in turn
                processes["workers"] = start([*worker, "--hostname", "ceiling-shared@%h"], env,
                                             home / "worker.log")
            processes["beat"] = start([*celery, "beat", "--loglevel", "WARNING", "--schedule",
                                       str(home / "beat-schedule")], env, home / "beat.log")
            processes["smtpd"] = start([*PBEM, "smtpd", "--port", str(smtp_port)], env,
                                       home / "smtpd.log")
            redis_pid = int(client.info("server")["process_id"])

            def backends() -> list[int]:
                with store._engine.connect() as conn:
                    return [int(row[0]) for row in conn.execute(text(
                        "SELECT pid FROM pg_stat_activity WHERE application_name = :name"),
                        {"name": app_name})]

            finders: dict[str, Callable[[], list[int]]] = {
                name: tree_of(process.pid) for name, process in processes.items()}
            finders["postgres"] = backends
            finders["redis"] = lambda: [redis_pid]
            bare_name = f"pbem_ceiling_bare_{uuid.uuid4().hex[:8]}"
            bare_store = make_url(args.postgres).update_query_dict(
                {"options": f"-csearch_path={store.schema}", "application_name": bare_name}
            ).render_as_string(hide_password=False)
            bare = Bare.start(env, args.redis, bare_store, home, args.bare_sink_port, {
                "postgres": lambda: backends_of(bare_name), "redis": lambda: [redis_pid]})
            processes["bare"] = bare.process

            def backends_of(name: str) -> list[int]:
                with store._engine.connect() as conn:
                    return [int(row[0]) for row in conn.execute(text(
                        "SELECT pid FROM pg_stat_activity WHERE application_name = :name"),
                        {"name": name})]

            wait_up(web_port, smtp_port, processes)
            deciding = ("workers_orders",) if args.workers == "split" else ("workers",)
            mailing = ("workers_mail",) if args.workers == "split" else ("workers",)
            yield Deployment(store, web_port, smtp_port, processes, finders,
                             ("web", "smtpd", *deciding), mailing, bare)
        finally:
            for process in processes.values():
                stop(process)
            if "bare" in processes:
                bare.sink.stop()
            drop_pg_store(store)


@contextmanager
def embedded(args: argparse.Namespace, home: Path, sink_port: int) -> Iterator[Deployment]:
    """Yield `pbem serve` on the embedded default in `home`; stop it."""
    from service.store.store import Store

    home.mkdir(parents=True, exist_ok=True)
    store = Store(f"sqlite:///{home / 'pbem.db'}")
    store.create_schema()
    processes: dict[str, subprocess.Popen[bytes]] = {}
    try:
        many_games(store, args.games, real=min(5, args.games))
        close_opening_mail(store)
        web_port, smtp_port = args.web_port or free_port(), args.smtp_port or free_port()
        env = base_env(home, sink_port, web_port)
        processes["serve"] = start([*PBEM, "serve", "--port", str(web_port), "--smtp-port",
                                    str(smtp_port)], env, home / "serve.log")
        serve_pid = processes["serve"].pid
        finders: dict[str, Callable[[], list[int]]] = {
            "serve": lambda: [serve_pid],
            "workers": lambda: [pid for pid in process_tree(serve_pid) if pid != serve_pid]}
        bare = Bare.start(env, f"sqla+sqlite:///{home / 'broker.db'}",
                          f"sqlite:///{home / 'pbem.db'}", home, args.bare_sink_port, {})
        processes["bare"] = bare.process
        wait_up(web_port, smtp_port, processes)
        yield Deployment(store, web_port, smtp_port, processes, finders, ("serve", "workers"),
                         ("serve", "workers"), bare)
    finally:
        for process in processes.values():
            stop(process)
        if "bare" in processes:
            bare.sink.stop()
        store.dispose()


class BareSink:
    """The bare task's mail sink (aiosmtpd): counts the mails that arrived."""

    def __init__(self, port: int) -> None:
        self.count = 0
        self.arrived = threading.Condition()
        self.controller = Controller(self, hostname="127.0.0.1", port=port or free_port())
        self.controller.start()
        self.port = int(self.controller.port)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        """Count one mail."""
        with self.arrived:
            self.count += 1
            self.arrived.notify_all()
        return "250 OK"

    def wait_for(self, count: int, limit: float) -> None:
        """Wait until `count` mails arrived in all, at most `limit` seconds."""
        with self.arrived:
            if not self.arrived.wait_for(lambda: self.count >= count, timeout=limit):
                raise SystemExit(f"the bare task sent {self.count} of {count} mails in "
                                 f"{limit:g} s; see bare.log")

    def stop(self) -> None:
        """Stop the sink."""
        self.controller.stop()


@dataclass
class Bare:
    """The bare task's worker (bench/bare.py, one process) on the deployment's broker and
    store, its sink, and the processes whose CPU it costs (the worker and, with PostgreSQL and
    Redis, its database backend and the Redis server)."""

    process: subprocess.Popen[bytes]
    broker: str
    sink: BareSink
    counts: Path
    """Where the bare worker writes its SQL counts."""
    finders: dict[str, Callable[[], list[int]]]
    sent: int = 0
    sql: list[tuple[int, int]] = field(default_factory=list)
    """The statements and commits on the store of each measured batch."""

    @classmethod
    def start(cls, env: dict[str, str], broker: str, database: str, home: Path, sink_port: int,
              finders: dict[str, Callable[[], list[int]]]) -> Bare:
        """Create the bare table in the store and start the bare worker."""
        from sqlalchemy import create_engine

        from bench.bare import QUEUE, create_table

        engine = create_engine(database)
        try:
            create_table(engine)
        finally:
            engine.dispose()
        sink = BareSink(sink_port)
        process = start([sys.executable, "-m", "celery", "-A", "bench.bare", "worker",
                         "--loglevel", "WARNING", "-Q", QUEUE, "--concurrency", "1",
                         "--without-gossip", "--without-mingle", "--hostname",
                         f"ceiling-bare-{uuid.uuid4().hex[:6]}@%h"],
                        env | {"PBEM_BENCH_SQL_COUNTS": str(counts_folder(home, "sql-bare")),
                               "PBEM_BARE_BROKER_URL": broker, "PBEM_BARE_DATABASE_URL": database,
                               "PBEM_BARE_SMTP_PORT": str(sink.port)}, home / "bare.log")
        return cls(process, broker, sink, home / "sql-bare", {"worker": lambda: process_tree(process.pid), **finders})

    def run(self, count: int, limit: float = 300.0) -> tuple[float, float]:
        """Queue `count` bare tasks, wait for their mails; return (wall, CPU of every process
        involved) in seconds."""
        from bench.bare import QUEUE, TASK, app

        if app.conf.broker_url != self.broker:
            if self.broker.startswith("sqla+"):
                from workers.embedded import register

                register()
            app.conf.broker_url = self.broker
        roles = Roles(self.finders)
        sql_before = read_counts(self.counts)
        before, began = roles.mark(), time.perf_counter()
        for _ in range(count):
            app.send_task(TASK, args=[self.sent], queue=QUEUE)
            self.sent += 1
        self.sink.wait_for(self.sent, limit)
        wall = time.perf_counter() - began
        used = roles.used(before, roles.mark())
        self.sql.append(counted(sql_before, read_counts(self.counts)).get("store", (0, 0)))
        if any(value is None for value in used.values()):
            raise SystemExit(f"the bare task's processes could not be read: {used}")
        return wall, sum(value or 0.0 for value in used.values())


def wait_up(web_port: int, smtp_port: int, processes: dict[str, subprocess.Popen[bytes]],
            limit: float = 120.0) -> None:
    """Wait until the web answers and the mail listener takes connections."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        dead = [name for name, process in processes.items() if process.poll() is not None]
        if dead:
            raise SystemExit(f"{', '.join(dead)} stopped while starting; see its log")
        try:
            if requests.get(f"http://127.0.0.1:{web_port}/healthz", timeout=2).ok:
                with smtplib.SMTP("127.0.0.1", smtp_port, timeout=5) as client:
                    client.noop()
                time.sleep(2)  # the workers connect to the broker meanwhile
                return
        except (requests.RequestException, OSError):
            pass
        time.sleep(0.3)
    raise SystemExit("the service did not start")


# -- the players ------------------------------------------------------------------------------

@dataclass
class Players:
    """The load generator: which games may take an order, and what was sent."""

    deployment: Deployment
    ready: list[str]
    sent: int = 0
    missed: int = 0
    failed: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)
    in_flight: set[str] = field(default_factory=set)

    def next_order(self, game_id: str, rng: random.Random) -> tuple[Any, str, str] | None:
        """Return (seat info, seat, order text) of a random legal order, or None at the end."""
        from service.game.loading import load_game

        loaded = load_game(self.deployment.store, game_id)
        prompts = loaded.game.prompts(loaded.state)
        if not prompts:
            return None
        seat = rng.choice(prompts).seat
        order = rng.choice(list(loaded.game.legal_orders(loaded.state, seat)))
        info = next(item for item in loaded.meta.seats if item.name == seat)
        return info, seat, loaded.game.format_order(order)

    def send(self, number: int, game_id: str, channel: str) -> None:
        """Send one order of the game, by mail or the web form; the game is busy until its
        order is decided (the tracker frees it)."""
        try:
            chosen = self.next_order(game_id, random.Random(number))
            if chosen is None:
                return
            info, seat, order = chosen
            if channel == "mail":
                self._mail(number, game_id, seat, info.email, order)
            else:
                self._web(game_id, seat, order)
            with self.lock:
                self.sent += 1
                self.in_flight.add(game_id)
        except Exception as exc:  # noqa: BLE001 - count it, free the game, keep the load going
            print(f"# order {number} to {game_id} failed: {exc}", file=sys.stderr, flush=True)
            with self.lock:
                self.failed += 1
                self.ready.append(game_id)

    def _mail(self, number: int, game_id: str, seat: str, sender: str, order: str) -> None:
        from service.base.tokens import reply_address

        mail = EmailMessage()
        mail["From"], mail["To"] = sender, reply_address(KEY.encode(), DOMAIN, game_id, seat, 0)
        mail["Subject"] = "Re: your move"
        mail["Message-ID"] = f"<ceiling-{number}@players.test>"
        mail.set_content(order + "\n")
        with smtplib.SMTP("127.0.0.1", self.deployment.smtp_port, timeout=30) as client:
            client.send_message(mail)

    def _web(self, game_id: str, seat: str, order: str) -> None:
        from service.base.tokens import signature

        page = (f"http://127.0.0.1:{self.deployment.web_port}/play/{game_id}/{seat}/"
                f"{signature(KEY.encode(), game_id, seat, 0, 'web')}")
        with requests.Session() as session:
            got = session.get(page, timeout=30)
            nonce, csrf = NONCE.search(got.text), CSRF.search(got.text)
            if got.status_code != 200 or not (nonce and csrf):
                raise RuntimeError(f"the seat page answered {got.status_code} without a form")
            posted = session.post(page + "/orders", allow_redirects=False, timeout=30, data={
                "csrf_token": csrf.group(1), "nonce": nonce.group(1) + "-b", "mode": "text",
                "text": order})
            if posted.status_code != 303:
                raise RuntimeError(f"the order form answered {posted.status_code}")

    def track(self, halt: threading.Event) -> None:
        """Free every game whose order was decided, four times a second."""
        while not halt.wait(0.25):
            with self.deployment.store._engine.connect() as conn:
                waiting = {row[0] for row in conn.execute(text(
                    "SELECT DISTINCT game_id FROM submissions WHERE status = 'received'"))}
            with self.lock:
                done = self.in_flight - waiting
                self.in_flight -= done
                self.ready.extend(sorted(done))

    def offer(self, rate: float, seconds: float, first: int, pool: ThreadPoolExecutor) -> int:
        """Offer orders at `rate` per second for `seconds`, open-loop; return the next number."""
        began = time.monotonic()
        count = int(rate * seconds)
        for index in range(count):
            delay = began + index / rate - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            with self.lock:
                game_id = self.ready.pop(0) if self.ready else None
            if game_id is None:
                self.missed += 1
                continue
            number = first + index
            pool.submit(self.send, number, game_id, "mail" if number % 2 == 0 else "web")
        return first + count


def undone(store: Any) -> int:
    """Return the orders not yet decided, the mails not yet sent and the answers not yet sent."""
    queries = ("SELECT count(*) FROM submissions WHERE status = 'received'",
               "SELECT count(*) FROM outbox WHERE status = 'pending'",
               ("SELECT count(*) FROM submissions WHERE source = 'email' "
                "AND status <> 'received' AND replied_at IS NULL"))
    with store._engine.connect() as conn:
        return sum(int(conn.execute(text(sql)).scalar() or 0) for sql in queries)


def drain(store: Any, limit: float) -> float:
    """Wait until nothing is undone, at most `limit` seconds; return when (epoch seconds)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and undone(store):
        time.sleep(0.5)
    return time.time()


# -- reading back -----------------------------------------------------------------------------

def epoch(stamp: str) -> float:
    """Return a store timestamp (ISO 8601, Z) as epoch seconds."""
    return datetime.fromisoformat(stamp).timestamp()


@dataclass(frozen=True)
class Order:
    """One order as the store and the sink saw it (epoch seconds)."""

    received: float
    decided: float | None
    mailed: float | None
    caused_mail: bool = True
    """False: the order caused no mail at all (its seats' notices held for their digests)."""


def read_orders(store: Any, since: float, arrivals: dict[str, float]) -> list[Order]:
    """Return every order the players sent, with when it was decided and when the last mail it
    caused arrived (None when a mail is missing)."""
    with store._engine.connect() as conn:
        subs = list(conn.execute(text(
            "SELECT id, source, received_at, processed_at, status, replied_at, body "
            "FROM submissions WHERE source IN ('email', 'web')")))
        decided = list(conn.execute(text(
            "SELECT submission_id, game_id, seq, last_seq FROM decisions")))
        rows = list(conn.execute(text(
            "SELECT game_id, seq, recipient, kind FROM outbox WHERE status = 'sent'")))
    sent: dict[tuple[str, int], list[str]] = {}
    for row in rows:
        sent.setdefault((row.game_id, row.seq), []).append(
            f"row:{row.game_id}.{row.seq}.{row.recipient}.{row.kind}")
    keys: dict[str, list[str]] = {}
    for item in decided:
        for seq in range(item.seq, item.last_seq + 1):
            keys.setdefault(item.submission_id, []).extend(sent.get((item.game_id, seq), []))
    arrivals = logged_arrivals(store, arrivals)
    orders = []
    for sub in subs:
        if epoch(sub.received_at) < since:
            continue
        expected = list(keys.get(sub.id, []))
        body = bytes(sub.body).decode("utf-8", "replace")
        player = PLAYER_ID.search(body)
        if sub.source == "email" and player:
            expected.append(f"answer:{player.group(1)}")
        mailed = None
        if expected and all(key in arrivals for key in expected):
            mailed = max(arrivals[key] for key in expected)
        orders.append(Order(epoch(sub.received_at),
                            epoch(sub.processed_at) if sub.processed_at else None, mailed,
                            caused_mail=bool(expected)))
    return orders


def logged_arrivals(store: Any, arrivals: dict[str, float]) -> dict[str, float]:
    """Return the arrivals with each turn mail keyed by the log's seq of its event: its
    Message-ID names the seat's own number of it ("n12", see `service.game.numbers`)."""
    from service.game.numbers import mailed_seq

    keyed = {}
    for key, when in arrivals.items():
        if key.startswith("row:") and key.count(".") == 3:
            game_id, number, seat, kind = key[4:].split(".")
            key = f"row:{game_id}.{mailed_seq(store, game_id, seat, number)}.{seat}.{kind}"
        keyed[key] = when
    return keyed


def measure_baselines(bare_transaction: Callable[[], None],
                      sink_port: int) -> tuple[list[Took], list[Took]]:
    """Return BASELINE_RUNS bare SMTP round trips to the sink and one-row transactions on the
    store, run by turns."""
    mail = turn_sized_message()

    def smtp() -> None:
        with smtplib.SMTP("127.0.0.1", sink_port, timeout=10) as client:
            client.send_message(mail, to_addrs=["baseline@players.test"])

    smtp()
    bare_transaction()
    sends, rows = [], []
    for _ in range(BASELINE_RUNS):
        sends.append(timed(smtp))
        rows.append(timed(bare_transaction))
    return sends, rows


def ms(value: float) -> float:
    """Return seconds as milliseconds, rounded."""
    return round(value * 1000, 1)


def report(args: argparse.Namespace, deployment: Deployment, roles: Roles, marks: list[Any],
           phases: dict[str, float], players: Players, sink: Sink,
           base: tuple[Took, Took], sql_marks: list[dict[int, dict[str, tuple[int, int]]]],
           bare_sql: dict[str, tuple[int, int]], bare: BareFigures) -> dict[str, Any]:
    """Print the figures and return them as the JSON summary."""
    arrivals, times = sink.snapshot()
    orders = read_orders(deployment.store, phases["steady"], arrivals)
    cpu = roles.used(marks[0], marks[-1])
    steady, burst, burst_end = phases["steady"], phases["burst"], phases["burst_end"]
    decided = [o for o in orders if o.decided is not None]
    mailed = [o for o in decided if o.mailed is not None]
    mailless = [o for o in decided if not o.caused_mail]
    in_steady = [o for o in decided if steady <= o.decided < burst]  # type: ignore[operator]
    mails_steady = [t for t in times if steady <= t < burst]
    burst_orders = [o for o in orders if burst <= o.received < burst_end + 1]
    in_burst = [o for o in decided if burst <= o.decided < burst_end]  # type: ignore[operator]
    mails_burst = [t for t in times if burst <= t < burst_end]
    burst_mailed = [o.mailed for o in burst_orders if o.mailed is not None]
    decide = [o.decided - o.received for o in decided]  # type: ignore[operator]
    mail = [o.mailed - o.decided for o in mailed]  # type: ignore[operator]

    def total(names: tuple[str, ...]) -> float:
        return sum(cpu[name] or 0.0 for name in set(names))

    per_decided = total(deployment.decide_roles) / max(len(decided), 1)
    per_mailed = total(deployment.mail_roles) / max(len(mailed), 1)
    smtp_base, row_base = base
    figures: dict[str, Any] = {
        "mode": "embedded" if args.embedded else "scaled",
        "games": args.games, "offered_rate": args.rate, "seconds": args.seconds,
        "burst_rate": args.burst_rate, "burst_seconds": args.burst_seconds,
        "orders_sent": players.sent, "orders_not_sent_no_free_game": players.missed,
        "orders_failed_to_send": players.failed, "orders_decided": len(decided),
        "orders_mailed": len(mailed), "orders_causing_no_mail": len(mailless),
        "mails": len(times),
        "orders_per_s": round(len(in_steady) / args.seconds, 2),
        "mails_per_s": round(len(mails_steady) / args.seconds, 2),
        "decide_p50_ms": ms(statistics.median(decide)) if decide else None,
        "decide_p95_ms": ms(percentile(decide, 0.95)) if decide else None,
        "mail_p50_ms": ms(statistics.median(mail)) if mail else None,
        "mail_p95_ms": ms(percentile(mail, 0.95)) if mail else None,
        "burst_orders": len(burst_orders),
        "burst_orders_per_s": round(len(in_burst) / args.burst_seconds, 2),
        "burst_mails_per_s": round(len(mails_burst) / args.burst_seconds, 2),
        "burst_drain_s": round(max(burst_mailed) - burst_end, 1) if burst_mailed else None,
        "drained_s_after_burst": round(phases["drained"] - burst_end, 1),
        "cpu_ms_by_role": {role: None if value is None else ms(value)
                           for role, value in cpu.items()},
        "cpu_ms_per_decided_order": ms(per_decided),
        "cpu_ms_per_mailed_order": ms(per_mailed),
        "baseline": {"smtp_ms": ms(smtp_base.wall), "smtp_cpu_ms": ms(smtp_base.cpu),
                     "one_row_ms": ms(row_base.wall), "one_row_cpu_ms": ms(row_base.cpu)},
        "load_average_1min": round(os.getloadavg()[0], 2),
        "busy_cores": args.busy_cores,
    }
    every_role = sum(value for value in cpu.values() if value is not None)
    figures["decide_only_cpu_ms"] = figures["cpu_ms_per_decided_order"]
    figures["cpu_ms_per_decided_and_mailed_order"] = ms(every_role / max(len(mailed), 1))
    figures["embedded_orders_per_s"] = figures["orders_per_s"] if args.embedded else None
    figures["bare"] = {"tasks": bare.tasks, "task_ms": ms(bare.wall / bare.tasks),
                       "task_cpu_ms": ms(bare.cpu / bare.tasks),
                       "tasks_per_s": round(bare.tasks / bare.wall, 1)}
    figures["cpu_ratio_to_bare"] = round(every_role / max(len(mailed), 1) * bare.tasks
                                         / bare.cpu, 2) if bare.cpu > 0 and mailed else None
    # mail keeping up under load: mails per decided order while the burst lasts, against the
    # same in the steady phase (1.0: the burst's mail went out as fast as its orders came)
    steady_share = len(mails_steady) / max(len(in_steady), 1)
    figures["burst_mail_keeps_up"] = (
        round(len(mails_burst) / len(in_burst) / steady_share, 2)
        if in_burst and steady_share else None)
    figures["decided_order_cpu_ratio"] = round(per_decided / row_base.cpu, 1) \
        if row_base.cpu > 0 else None
    figures["mailed_order_cpu_ratio"] = round(per_mailed / smtp_base.cpu, 1) \
        if smtp_base.cpu > 0 else None
    print(f"{figures['mode']}: {args.games} games; {players.sent} orders sent "
          f"({players.missed} not sent: no free game; {players.failed} failed), "
          f"{len(decided)} decided, {len(mailed)} with all their mail and {len(mailless)} "
          f"causing none (news held for the seats' next turn email), {len(times)} mails")
    print(f"steady {args.rate:g}/s for {args.seconds:g} s: {figures['orders_per_s']} orders "
          f"decided/s, {figures['mails_per_s']} mails/s")
    print(f"received -> decided: p50 {figures['decide_p50_ms']} ms, p95 "
          f"{figures['decide_p95_ms']} ms; decided -> mailed: p50 {figures['mail_p50_ms']} ms, "
          f"p95 {figures['mail_p95_ms']} ms")
    print(f"burst {args.burst_rate:g}/s for {args.burst_seconds:g} s ({len(burst_orders)} "
          f"orders): {figures['burst_orders_per_s']} decided/s and "
          f"{figures['burst_mails_per_s']} mails/s while it lasted "
          f"({figures['burst_mail_keeps_up']} of the steady mails per order); its mail drained "
          f"{figures['burst_drain_s']} s after its end")
    print("CPU by role over the run: " + ", ".join(
        f"{role} {'unreadable' if value is None else f'{value:.0f} ms'}"
        for role, value in figures["cpu_ms_by_role"].items()))
    print(f"CPU per decided order {figures['cpu_ms_per_decided_order']} ms "
          f"({figures['decided_order_cpu_ratio']}x a one-row transaction's "
          f"{figures['baseline']['one_row_cpu_ms']} ms); per mailed order "
          f"{figures['cpu_ms_per_mailed_order']} ms ({figures['mailed_order_cpu_ratio']}x a "
          f"bare SMTP round trip's {figures['baseline']['smtp_cpu_ms']} ms)")
    figures.update(sql_figures(roles, marks, sql_marks, max(len(mailed), 1)))
    bare_statements, bare_commits = bare_sql.get("store", (0, 0))
    figures["bare"]["statements_per_task"] = round(bare_statements / bare.tasks, 2)
    figures["bare"]["commits_per_task"] = round(bare_commits / bare.tasks, 2)
    print(f"SQL on the store per decided and mailed order over every process: "
          f"{figures['statements_per_order']} statements, {figures['commits_per_order']} "
          f"commits (the bare task: {figures['bare']['statements_per_task']}, "
          f"{figures['bare']['commits_per_task']}); by role: " + ", ".join(
              f"{role} {pair['statements']}/{pair['commits']}"
              for role, pair in figures["sql_per_order_by_role"].items()))
    if figures["broker_sql_per_order"] is not None:
        print(f"SQL on the database broker per order: "
              f"{figures['broker_sql_per_order']['statements']} statements, "
              f"{figures['broker_sql_per_order']['commits']} commits (idle polling included)")
    print(f"CPU per decided and mailed order over every process "
          f"{figures['cpu_ms_per_decided_and_mailed_order']} ms: "
          f"{figures['cpu_ratio_to_bare']}x the bare task's "
          f"{figures['bare']['task_cpu_ms']} ms (a row, a minimal PDF, a mail on a kept "
          f"connection; {bare.tasks} tasks, {figures['bare']['tasks_per_s']}/s on one process)")
    return figures


def sql_figures(roles: Roles, marks: list[Any],
                sql_marks: list[dict[int, dict[str, tuple[int, int]]]],
                orders: int) -> dict[str, Any]:
    """Return the SQL statements and commits per order decided and mailed: on the store over
    every process, per role, and on the embedded default's database broker."""
    before, after = sql_marks[0], sql_marks[-1]
    store = counted(before, after).get("store", (0, 0))
    broker = counted(before, after).get("broker")
    by_role = {}
    for role, pids in marks[-1].items():
        pair = counted(before, after, set(pids)).get("store")
        if pair is not None:
            by_role[role] = {"statements": round(pair[0] / orders, 1),
                             "commits": round(pair[1] / orders, 1)}
    return {"statements_per_order": round(store[0] / orders, 1),
            "commits_per_order": round(store[1] / orders, 1),
            "sql_per_order_by_role": by_role,
            "broker_sql_per_order": None if broker is None else {
                "statements": round(broker[0] / orders, 1),
                "commits": round(broker[1] / orders, 1)}}


@dataclass(frozen=True)
class BareFigures:
    """The bare tasks of the run: how many, their wall clock and their CPU over every process
    involved, in seconds."""

    tasks: int
    wall: float
    cpu: float


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Start the deployment, offer the load, drain, read back; stop everything."""
    sink, sink_port = Sink(), args.sink_port or free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=sink_port)
    controller.start()
    with ExitStack() as stack:
        stack.callback(controller.stop)
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="pbem-ceiling-")))
        deploy = embedded if args.embedded else scaled
        deployment = stack.enter_context(deploy(args, folder / "home", sink_port))
        roles = Roles(deployment.finders)
        roles.start()
        stack.callback(roles.stop)
        stack.enter_context(busy_cores(args.busy_cores))
        bare_transaction = one_row_transaction(deployment.store)
        sends, rows = measure_baselines(bare_transaction, sink_port)
        deployment.bare.run(3)  # warm: imports, fonts, connections
        bare_runs = [deployment.bare.run(args.bare_tasks // 2)]
        ids = [row.id for row in deployment.store.list_games()]
        random.Random(1).shuffle(ids)
        players = Players(deployment, ids)
        halt = threading.Event()
        tracker = threading.Thread(target=players.track, args=(halt,), daemon=True)
        tracker.start()
        stack.callback(halt.set)
        phases: dict[str, float] = {}
        marks = [roles.mark()]
        sql_marks = [read_counts(counts_folder(folder / "home"))]
        phases["steady"] = time.time()
        with ThreadPoolExecutor(max_workers=32) as pool:
            number = players.offer(args.rate, args.seconds, 0, pool)
            phases["burst"] = time.time()
            players.offer(args.burst_rate, args.burst_seconds, number, pool)
            phases["burst_end"] = time.time()
        phases["drained"] = drain(deployment.store, args.drain)
        marks.append(roles.mark())
        sql_marks.append(read_counts(counts_folder(folder / "home")))
        more_sends, more_rows = measure_baselines(bare_transaction, sink_port)
        bare_runs.append(deployment.bare.run(args.bare_tasks - args.bare_tasks // 2))
        base = (median_took(sends + more_sends), median_took(rows + more_rows))
        bare_sql = {"store": (sum(pair[0] for pair in deployment.bare.sql[1:]),
                              sum(pair[1] for pair in deployment.bare.sql[1:]))}
        figures = report(args, deployment, roles, marks, phases, players, sink, base,
                         sql_marks, bare_sql,
                      BareFigures(args.bare_tasks, sum(run[0] for run in bare_runs),
                                  sum(run[1] for run in bare_runs)))
        figures["logs_kept"] = keep_logs(folder / "home") if players.failed else None
        return figures


def _spin() -> None:
    """Keep one core busy until killed (the load `--busy-cores` puts on the machine)."""
    while True:
        pass


@contextmanager
def busy_cores(count: int) -> Iterator[None]:
    """Run `count` CPU-bound processes meanwhile (for the whole measurement, the bare task's
    included), so that a figure under load does not hang on what else the machine runs."""
    import multiprocessing

    spinners = [multiprocessing.get_context("fork").Process(target=_spin, daemon=True)
                for _ in range(count)]
    for spinner in spinners:
        spinner.start()
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.join()


def keep_logs(home: Path) -> str:
    """Copy the service's logs out of the temporary home (removed at the end) into a folder
    that stays, so that an order the service failed can be traced; return its path."""
    kept = Path(tempfile.mkdtemp(prefix="pbem-ceiling-logs-"))
    for log in home.glob("*.log"):
        shutil.copy2(log, kept / log.name)
    print(f"some orders failed: the service's logs are kept in {kept}")
    return str(kept)


def main() -> None:
    """Parse the arguments, run, and print the JSON line last."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=2.0, help="orders/s, steady phase")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--burst-rate", type=float, default=10.0)
    parser.add_argument("--burst-seconds", type=float, default=20.0)
    parser.add_argument("--drain", type=float, default=900.0,
                        help="the longest wait for the backlog to drain, in seconds")
    parser.add_argument("--workers", choices=("split", "shared"), default="split",
                        help="scaled: a worker per queue (split), or one worker taking every "
                        "queue in turn (shared)")
    parser.add_argument("--concurrency", type=int, default=1,
                        help="scaled: processes of each worker")
    parser.add_argument("--busy-cores", type=int, default=0,
                        help="CPU-bound processes run meanwhile, one core each (the machine's "
                        "other cores busy: a load of the benchmark's own)")
    parser.add_argument("--embedded", action="store_true",
                        help="`pbem serve` on the embedded default (SQLite store and broker)")
    parser.add_argument("--postgres", default=PG_URL, help="where the scratch schema is made")
    parser.add_argument("--redis", default=redis_url(15),
                        help="an empty Redis database (default $PBEM_BENCH_REDIS_URL or db 15)")
    parser.add_argument("--schema", default=os.environ.get("PBEM_BENCH_SCHEMA"),
                        help="scaled: the name of the scratch schema, which must not exist yet "
                        "(default $PBEM_BENCH_SCHEMA or a fresh pbem_bench_... name)")
    for name in ("web", "smtp", "sink", "bare-sink"):
        variable = f"PBEM_BENCH_{name.upper().replace('-', '_')}_PORT"
        parser.add_argument(f"--{name}-port", type=int, default=int(os.environ.get(variable, "0")),
                            help=f"the {name} port on 127.0.0.1 (default ${variable} or a free "
                            "one)")
    parser.add_argument("--bare-tasks", type=int, default=40,
                        help="bare tasks measured, half before the load and half after it")
    parser.add_argument("--quick", action="store_true",
                        help="20 games, 2/s for 5 s, a burst of 5/s for 3 s")
    args = parser.parse_args()
    if args.quick:
        args.games, args.rate, args.seconds = 20, 2.0, 5.0
        args.burst_rate, args.burst_seconds = 5.0, 3.0
        args.bare_tasks = 10
    if args.bare_tasks < 2:
        raise SystemExit("measure at least 2 bare tasks (half before the load, half after)")
    if args.games < 1 or args.rate <= 0 or args.burst_rate <= 0 or args.seconds <= 0:
        raise SystemExit("give at least one game and positive rates and durations")

    def interrupted(*_: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupted)  # stopped from outside: clean up as on Ctrl-C
    print(json.dumps(run(args), sort_keys=True))


if __name__ == "__main__":
    main()
