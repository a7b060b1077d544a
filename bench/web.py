"""Web benchmark: requests/s and 95th-percentile latency of the seat page and of order submission.

Runs gunicorn (deploy/gunicorn.conf.py) on a loopback port against PostgreSQL and Redis, with a
Celery worker deciding the queued orders, and drives it with 50 concurrent clients for a bounded
time. Each client plays its own Secret Masters game: it reads the page of the seat that must act
(timed), then sends one of the legal orders listed there through the page's form (timed).

    .venv/bin/python bench/web.py [--clients 50] [--seconds 20] [--inline]

--inline decides each order inside the web request instead of queueing it. Needs PostgreSQL:
the store is a scratch schema of this run in $PBEM_BENCH_PG_URL (--postgres), which the server
and the worker reach through the connection's search_path, dropped at the end. Redis at
--redis or $PBEM_BENCH_REDIS_URL (default redis://127.0.0.1:6379/13) must be an empty database;
the keys this run leaves in it are deleted at the end.

The baseline is a hello route of the same app (bench/page.py adds it) on the same server,
fetched by the same clients the same way (a new connection per request) for a quarter of the
time (at least 2 s) right before the players start: the server, the proxyless connections and
the request hooks without any work of a page's own, so load on the machine slows both. Beside
the latencies, the server's CPU (every gunicorn process, from /proc) per request answered in
each phase and the worker's CPU per order. The last line is one JSON object: `seat_page_ms`,
`seat_page_p95_ms`, `seat_page_rps`, `order_ms`, `order_p95_ms`, `order_rps`, `hello_ms`,
`hello_p95_ms`, `hello_rps` (the baseline), `seat_page_ratio` and `order_ratio` (medians to
hello's), `web_cpu_ms` (server CPU per request with the players), `web_baseline_cpu_ms` (per
hello), `web_cpu_ratio`, and `worker_cpu_ms_per_order`.

    .venv/bin/python bench/web.py --quick    (3 clients for 3 s)
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy.engine import make_url

from bench.processes import cpu_seconds, free_port, stop
from bench.scratch import PG_URL, drop_pg_store, new_pg_store, own_redis, redis_url

NONCE = re.compile(r'name="nonce" value="([^"]+)-text"')
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
LEGAL = re.compile(r"<li>([^<]+)</li>")


@dataclass
class Timings:
    """Latencies in seconds of one kind of request, and its failures."""

    seconds: list[float] = field(default_factory=list)
    failures: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, elapsed: float, ok: bool) -> None:
        """Record one request."""
        with self.lock:
            if ok:
                self.seconds.append(elapsed)
            else:
                self.failures += 1


def environment(home: Path, port: int, inline: bool, database: str,
                broker: str) -> dict[str, str]:
    """Return the environment of the server and the worker."""
    env = {**os.environ, "PBEM_HOME": str(home), "PBEM_DATABASE_URL": database,
           "PBEM_BROKER_URL": broker, "PBEM_SECRET_KEY": "505587253680b02a43acd0ba8ff885e8ac0b65dbd6ccb9633cfe0f600bc45058",
           "PBEM_BASE_URL": f"http://127.0.0.1:{port}", "PBEM_WEB_BIND": f"127.0.0.1:{port}",
           "PBEM_RATE_SUBMIT": "1000000/60", "PBEM_RATE_GUESS": "1000000/60",
           "PBEM_WEB_ACCESS_LOG": "/dev/null", "PBEM_WEB_LOG_LEVEL": "warning",
           "PBEM_MAIL_TO_FILES": "yes",  # the mail this measures is written, not relayed
           "PBEM_WEB_WORKERS": os.environ.get("PBEM_WEB_WORKERS", "4"),
           "PBEM_WEB_THREADS": os.environ.get("PBEM_WEB_THREADS", "8"),
           "PYTHONPATH": str(ROOT)}
    if inline:
        env["PBEM_INLINE_PROCESSING"] = "true"
    return env


def create_games(env: dict[str, str], count: int) -> list[str]:
    """Create `count` Secret Masters games; return their ids."""
    os.environ.update(env)
    from service.orders.creation import NewSeat, create_game
    from service.store.store import Store

    store = Store(env["PBEM_DATABASE_URL"])
    seats = [NewSeat(name, f"{name}@example.org") for name in ("anna", "bruno", "carla")]
    ids = [create_game(store, "secret-masters", seats).meta.id for _ in range(count)]
    store.dispose()
    return ids


def seat_links(env: dict[str, str], ids: list[str]) -> dict[str, dict[str, str]]:
    """Return every seat's private path, per game."""
    from service.base.tokens import signature
    from service.game.loading import load_game
    from service.store.store import Store

    store = Store(env["PBEM_DATABASE_URL"])
    key = env["PBEM_SECRET_KEY"].encode()
    links = {}
    for game_id in ids:
        meta = load_game(store, game_id).meta
        links[game_id] = {seat: f"/play/{game_id}/{seat}/"
                          f"{signature(key, game_id, seat, meta.generation(seat), 'web')}"
                          for seat in meta.seat_names}
    store.dispose()
    return links


def wait_until_up(base: str, timeout: float = 30.0) -> None:
    """Wait for the server to answer."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if requests.get(base + "/healthz", timeout=2).ok:
                return
        except requests.RequestException:
            pass
        time.sleep(0.2)
    raise SystemExit("the server did not start")


def hello(base: str, until: float, times: Timings) -> None:
    """Fetch the hello route on a new connection per request until the time is up."""
    session = requests.Session()
    session.headers["Connection"] = "close"
    while time.monotonic() < until:
        start = time.perf_counter()
        try:
            ok = session.get(f"{base}/hello", timeout=10).status_code == 200
        except requests.RequestException:
            ok = False
        times.add(time.perf_counter() - start, ok)


def play(base: str, game_id: str, links: dict[str, str], until: float, seed: int,
         page_times: Timings, order_times: Timings, api_times: Timings) -> None:
    """Read the acting seat's page and send a legal order, until the time is up."""
    rng = random.Random(seed)
    session = requests.Session()
    # A new connection per request, as from a reverse proxy, so every gunicorn worker serves.
    session.headers["Connection"] = "close"
    while time.monotonic() < until:
        start = time.perf_counter()
        waiting = session.get(f"{base}/api/v1/games/{game_id}", timeout=10).json()["waiting_for"]
        api_times.add(time.perf_counter() - start, True)
        if not waiting:
            return
        path = base + links[rng.choice(waiting)]
        start = time.perf_counter()
        page = session.get(path, timeout=10)
        page_times.add(time.perf_counter() - start, page.status_code == 200)
        legal, nonce, csrf = LEGAL.findall(page.text), NONCE.search(page.text), \
            CSRF.search(page.text)
        if not (legal and nonce and csrf):
            continue
        start = time.perf_counter()
        sent = session.post(path + "/orders", allow_redirects=False, timeout=10, data={
            "csrf_token": csrf.group(1), "nonce": nonce.group(1) + "-b", "mode": "text",
            "text": rng.choice(legal)})
        order_times.add(time.perf_counter() - start, sent.status_code == 303)


def report(name: str, timings: Timings, seconds: float) -> dict[str, float]:
    """Print requests/s and latency percentiles of one kind of request; return them by key."""
    values = sorted(timings.seconds)
    if not values:
        print(f"{name:18} no successful requests ({timings.failures} failed)")
        return {}
    p95 = values[int(0.95 * (len(values) - 1))]
    figures = {"ms": round(statistics.median(values) * 1000, 3), "p95_ms": round(p95 * 1000, 3),
               "rps": round(len(values) / seconds, 2)}
    print(f"{name:18} {len(values) / seconds:8.1f} req/s   median {statistics.median(values) * 1000:7.1f} ms"
          f"   p95 {p95 * 1000:7.1f} ms   ({len(values)} ok, {timings.failures} failed)")
    return figures


def start(argv: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    """Start a child process in its own session, its output to `log`."""
    return subprocess.Popen(argv, env=env, cwd=ROOT, stdout=log.open("ab"),
                            stderr=subprocess.STDOUT, start_new_session=True)


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--inline", action="store_true", help="decide orders in the request")
    parser.add_argument("--postgres", default=PG_URL,
                        help="the database the scratch schema is made in")
    parser.add_argument("--redis", default=redis_url(13), help="an empty Redis database")
    parser.add_argument("--quick", action="store_true", help="3 clients for 3 s")
    args = parser.parse_args()
    if args.quick:
        args.clients, args.seconds = 3, 3.0
    if not 1 <= args.clients <= 200 or not 1 <= args.seconds <= 300:
        raise SystemExit("keep it bounded: 1-200 clients, 1-300 seconds")
    with own_redis(args.redis):
        store = new_pg_store(args.postgres)
        try:
            database = make_url(args.postgres).update_query_dict(
                {"options": f"-csearch_path={store.schema}"}).render_as_string(
                    hide_password=False)
            serve_and_run(args, database)
        finally:
            drop_pg_store(store)


def serve_and_run(args: argparse.Namespace, database: str) -> None:
    """Start the server and the worker on the run's database, drive them, stop them."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="pbem-bench-") as folder:
        home = Path(folder)
        env = environment(home, port, args.inline, database, args.redis)
        ids = create_games(env, args.clients)
        links = seat_links(env, ids)
        python = str(Path(sys.executable))
        server = start([python, "-m", "gunicorn", "-c", str(ROOT / "deploy/gunicorn.conf.py"),
                        "bench.page:bench_app()"], env, home / "gunicorn.log")
        # The worker (deciding orders, rendering every email's PDF) yields the CPU to the web,
        # as it would on a node of its own.
        worker = start(["nice", "-n", "15", python, "-m", "celery", "-A", "workers.app",
                        "worker", "--loglevel",
                        "WARNING", "--concurrency", "2", "--without-gossip", "--without-mingle"],
                       env, home / "worker.log")
        try:
            base = f"http://127.0.0.1:{port}"
            wait_until_up(base)
            run(base, ids, links, args, server, worker)
        finally:
            stop(server)
            stop(worker)


def run(base: str, ids: list[str], links: dict[str, dict[str, str]], args: argparse.Namespace,
        server: subprocess.Popen[bytes], worker: subprocess.Popen[bytes]) -> None:
    """Drive the hello clients, then the players; print the figures and the JSON line."""
    hello_times = Timings()
    seconds = max(2.0, args.seconds / 4)
    cpu = cpu_seconds(server.pid)
    began = time.monotonic()
    threads = [threading.Thread(target=hello, args=(base, began + seconds, hello_times))
               for _ in ids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 60)
    hello_elapsed = time.monotonic() - began
    hello_cpu = (cpu_seconds(server.pid) - cpu) / max(
        len(hello_times.seconds) + hello_times.failures, 1)
    page_times, order_times, api_times = Timings(), Timings(), Timings()
    cpu, worker_cpu = cpu_seconds(server.pid), cpu_seconds(worker.pid)
    began = time.monotonic()
    until = began + args.seconds
    threads = [threading.Thread(target=play, args=(base, game_id, links[game_id], until, index,
                                                   page_times, order_times, api_times))
               for index, game_id in enumerate(ids)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=args.seconds + 60)
    elapsed = time.monotonic() - began
    served = sum(len(t.seconds) + t.failures for t in (page_times, order_times, api_times))
    web_cpu = (cpu_seconds(server.pid) - cpu) / max(served, 1)
    orders = len(order_times.seconds)
    worker_used = (cpu_seconds(worker.pid) - worker_cpu) / max(orders, 1)
    mode = "decided in the request" if args.inline else "queued to the worker"
    print(f"pbem web benchmark: gunicorn {os.environ.get('PBEM_WEB_WORKERS', '4')} workers x "
          f"{os.environ.get('PBEM_WEB_THREADS', '8')} threads, PostgreSQL, Redis; "
          f"{args.clients} clients for {elapsed:.0f} s; orders {mode}")
    figures: dict[str, float] = {}
    for name, key, timings, took in (("hello (baseline)", "hello", hello_times, hello_elapsed),
                                     ("seat page (GET)", "seat_page", page_times, elapsed),
                                     ("order (POST)", "order", order_times, elapsed)):
        figures |= {f"{key}_{k}": v for k, v in report(name, timings, took).items()}
    for key in ("seat_page", "order"):
        if f"{key}_ms" in figures and figures.get("hello_ms"):
            figures[f"{key}_ratio"] = round(figures[f"{key}_ms"] / figures["hello_ms"], 3)
    figures |= {"web_cpu_ms": round(web_cpu * 1000, 3),
                "web_baseline_cpu_ms": round(hello_cpu * 1000, 3),
                "web_cpu_ratio": round(web_cpu / hello_cpu, 3) if hello_cpu > 0 else float("nan"),
                "worker_cpu_ms_per_order": round(worker_used * 1000, 3)}
    print(f"server CPU per request {web_cpu * 1000:.2f} ms (hello {hello_cpu * 1000:.2f} ms, "
          f"ratio {figures['web_cpu_ratio']}); worker CPU per order {worker_used * 1000:.1f} ms")
    print(json.dumps(figures, sort_keys=True))


if __name__ == "__main__":
    main()
