"""Web benchmark: requests/s and 95th-percentile latency of the seat page and of order submission.

Runs gunicorn (deploy/gunicorn.conf.py) on a loopback port against PostgreSQL and Redis, with a
Celery worker deciding the queued orders, and drives it with 50 concurrent clients for a bounded
time. Each client plays its own Secret Masters game: it reads the page of the seat that must act
(timed), then sends one of the legal orders listed there through the page's form (timed).

    .venv/bin/python bench/web.py [--clients 50] [--seconds 20] [--inline]

--inline decides each order inside the web request instead of queueing it. Needs PostgreSQL:
a database of this run is created through $PBEM_BENCH_PG_ADMIN_URL (named by --database, or a
fresh pbem_bench_* name; an existing database is refused) and dropped at the end, without
FORCE. Redis at --redis or $PBEM_BENCH_REDIS_URL (default redis://127.0.0.1:6379/13) must be
an empty database; the keys this run leaves in it are deleted at the end.
"""
from __future__ import annotations

import argparse
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

from bench.processes import free_port, stop
from bench.scratch import PG_ADMIN_URL, own_database, own_redis, redis_url

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
           "PBEM_BROKER_URL": broker, "PBEM_SECRET_KEY": "bench-secret",
           "PBEM_BASE_URL": f"http://127.0.0.1:{port}", "PBEM_WEB_BIND": f"127.0.0.1:{port}",
           "PBEM_RATE_SUBMIT": "1000000/60", "PBEM_RATE_GUESS": "1000000/60",
           "PBEM_WEB_ACCESS_LOG": "/dev/null", "PBEM_WEB_LOG_LEVEL": "warning",
           "PBEM_WEB_WORKERS": os.environ.get("PBEM_WEB_WORKERS", "4"),
           "PBEM_WEB_THREADS": os.environ.get("PBEM_WEB_THREADS", "8")}
    if inline:
        env["PBEM_INLINE_PROCESSING"] = "true"
    return env


def create_games(env: dict[str, str], count: int) -> list[str]:
    """Create `count` Secret Masters games; return their ids."""
    os.environ.update(env)
    from service.log.store import Store
    from service.orders.creation import NewSeat, create_game

    store = Store(env["PBEM_DATABASE_URL"])
    store.create_schema()
    seats = [NewSeat(name, f"{name}@example.org") for name in ("anna", "bruno", "carla")]
    ids = [create_game(store, "secret-masters", seats).meta.id for _ in range(count)]
    store.dispose()
    return ids


def seat_links(env: dict[str, str], ids: list[str]) -> dict[str, dict[str, str]]:
    """Return every seat's private path, per game."""
    from service.base.tokens import signature
    from service.game.loading import load_game
    from service.log.store import Store

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


def play(base: str, game_id: str, links: dict[str, str], until: float, seed: int,
         page_times: Timings, order_times: Timings) -> None:
    """Read the acting seat's page and send a legal order, until the time is up."""
    rng = random.Random(seed)
    session = requests.Session()
    # A new connection per request, as from a reverse proxy, so every gunicorn worker serves.
    session.headers["Connection"] = "close"
    while time.monotonic() < until:
        waiting = session.get(f"{base}/api/v1/games/{game_id}", timeout=10).json()["waiting_for"]
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


def report(name: str, timings: Timings, seconds: float) -> None:
    """Print requests/s and latency percentiles of one kind of request."""
    values = sorted(timings.seconds)
    if not values:
        print(f"{name:18} no successful requests ({timings.failures} failed)")
        return
    p95 = values[int(0.95 * (len(values) - 1))]
    print(f"{name:18} {len(values) / seconds:8.1f} req/s   median {statistics.median(values) * 1000:7.1f} ms"
          f"   p95 {p95 * 1000:7.1f} ms   ({len(values)} ok, {timings.failures} failed)")


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
    parser.add_argument("--database", help="name of the database this run creates "
                                           "(default: a fresh pbem_bench_* name)")
    parser.add_argument("--redis", default=redis_url(13), help="an empty Redis database")
    args = parser.parse_args()
    if not 1 <= args.clients <= 200 or not 1 <= args.seconds <= 300:
        raise SystemExit("keep it bounded: 1-200 clients, 1-300 seconds")
    with own_redis(args.redis), own_database(PG_ADMIN_URL, args.database) as database:
        serve_and_run(args, database)


def serve_and_run(args: argparse.Namespace, database: str) -> None:
    """Start the server and the worker on the run's database, drive them, stop them."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="pbem-bench-") as folder:
        home = Path(folder)
        env = environment(home, port, args.inline, database, args.redis)
        ids = create_games(env, args.clients)
        links = seat_links(env, ids)
        python = str(Path(sys.executable))
        server = start([python, "-m", "gunicorn", "-c", str(ROOT / "deploy/gunicorn.conf.py")],
                       env, home / "gunicorn.log")
        # The worker (deciding orders, rendering every email's PDF) yields the CPU to the web,
        # as it would on a node of its own.
        worker = start(["nice", "-n", "15", python, "-m", "celery", "-A", "workers.app",
                        "worker", "--loglevel",
                        "WARNING", "--concurrency", "2", "--without-gossip", "--without-mingle"],
                       env, home / "worker.log")
        try:
            base = f"http://127.0.0.1:{port}"
            wait_until_up(base)
            run(base, ids, links, args)
        finally:
            stop(server)
            stop(worker)


def run(base: str, ids: list[str], links: dict[str, dict[str, str]],
        args: argparse.Namespace) -> None:
    """Drive the clients and print the figures."""
    page_times, order_times = Timings(), Timings()
    began = time.monotonic()
    until = began + args.seconds
    threads = [threading.Thread(target=play, args=(base, game_id, links[game_id], until, index,
                                                   page_times, order_times))
               for index, game_id in enumerate(ids)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=args.seconds + 60)
    elapsed = time.monotonic() - began
    mode = "decided in the request" if args.inline else "queued to the worker"
    print(f"pbem web benchmark: gunicorn {os.environ.get('PBEM_WEB_WORKERS', '4')} workers x "
          f"{os.environ.get('PBEM_WEB_THREADS', '8')} threads, PostgreSQL, Redis; "
          f"{args.clients} clients for {elapsed:.0f} s; orders {mode}")
    report("seat page (GET)", page_times, elapsed)
    report("order (POST)", order_times, elapsed)


if __name__ == "__main__":
    main()
