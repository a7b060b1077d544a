"""Seat page benchmark: requests/s of one seat's page under gunicorn, as a share of a hello route.

Builds one Secret Masters game in a SQLite file of its own (in a temporary folder, removed
afterwards), grows its log to the asked length with mail-setting events (cheap to fold, as
long as any other) and snapshots it as the worker would, then serves it with gunicorn
(deploy/gunicorn.conf.py, 127.0.0.1, a free port) from an app that also answers /hello with a
constant. Clients fetch the hello route and the seat page by turns, for the same time each, a
new connection per request; the seat page keeps its session cookie, as a returning player's
browser does. Nothing outside the temporary folder is touched: no shared database, no Redis.

The baseline is the hello route: the same gunicorn server, app, request hooks, clients and
connections, with nothing of the page's own work, served in the same rounds, so load on the
machine slows both; the page's requests/s is given as a share of hello's. Beside the rates,
the server's CPU time (every gunicorn process, read from /proc) per request served, for the page
and for hello, and their ratio: what one page costs the server, which other processes on the
machine disturb less than the rates. Each figure is the median of 3 rounds. The last line is
one JSON object: per length, `seat_page_<events>_rps`, `..._baseline_rps`, `..._share`,
`..._cpu_ms` (server CPU per page), `..._baseline_cpu_ms` (per hello) and `..._cpu_ratio`.

    .venv/bin/python bench/page.py [--events 100 1000 10000 100000] [--seconds 6] [--quick]

`--quick`: a game of 100 events, 1 s per round. Prints `name value baseline ratio` lines;
`measure_seat_page(events)` returns (seat page requests/s, hello requests/s) for
bench/ratios.py, `measure_seat_page_cpu(events)` also the server CPU per request of each.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from flask import Flask

from bench.processes import cpu_seconds, free_port, stop
from service.game.loading import load_game, maybe_snapshot
from service.game.witness import AuditedLog
from service.orders.creation import NewSeat, create_game
from service.store.records import Append
from service.store.store import NewEvent, Store

CLIENTS = 4
SECONDS = 6.0
SEATS = ("anna", "bruno", "carla")
SECRET = "53d4003509aa12cfe5aea70608796d988250156bb5e42b47921342d7789c1bad"


def bench_app() -> Flask:
    """Return the service's app with a /hello route (the baseline), for gunicorn."""
    from service.web.app import create_app

    app = create_app()

    @app.get("/hello")
    def hello() -> str:
        return "hello"

    return app


def grow_log(store: AuditedLog, game_id: str, events: int) -> None:
    """Append mail-setting changes until the log holds `events` events, then snapshot it."""
    last = store.last_seq(game_id)
    while last < events:
        batch = [NewEvent("seat.preferences", {"seat": "bruno", "notify": kind,
                                               "mute_press": False, "timezone": ""},
                          actor="bruno")
                 for kind in ("every", "digest") * 500][:events - last]
        store.append(Append(game_id, last, batch))
        last += len(batch)
    loaded = load_game(store, game_id, use_snapshots=False)
    maybe_snapshot(store, loaded, store.log_end(game_id)[1])


def seat_path(home: Path, events: int) -> str:
    """Create the game in the home's database, grow it, and return anna's page path."""
    from service.base.tokens import signature

    store = Store(f"sqlite:///{home / 'pbem.db'}")
    store.create_schema()
    try:
        loaded = create_game(store, "secret-masters",
                             [NewSeat(name, f"{name}@example.org") for name in SEATS],
                             seed_hex="ab" * 32)
        grow_log(store, loaded.meta.id, events)
        meta = load_game(store, loaded.meta.id).meta
        sig = signature(SECRET.encode(), meta.id, "anna", meta.generation("anna"), "web")
        return f"/play/{meta.id}/anna/{sig}"
    finally:
        store.dispose()


def fetch(port: int, path: str, cookie: str) -> tuple[int, str]:
    """GET `path` on a new connection; return the status and any new session cookie."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path, headers={"Cookie": cookie} if cookie else {})
        response = conn.getresponse()
        response.read()
        set_cookie = response.getheader("Set-Cookie") or ""
        return response.status, set_cookie.split(";", 1)[0] or cookie
    finally:
        conn.close()


def rate(port: int, path: str, seconds: float, clients: int = CLIENTS) -> float:
    """Return the successful requests/s of `clients` threads fetching `path` for `seconds`."""
    return counted_rate(port, path, seconds, clients)[0]


def counted_rate(port: int, path: str, seconds: float,
                 clients: int = CLIENTS) -> tuple[float, int]:
    """Return the successful requests/s of `clients` threads fetching `path` for `seconds`,
    and the requests answered (successful or not)."""
    done = [0] * clients
    until = time.monotonic() + seconds

    failed, answered = [0] * clients, [0] * clients

    def client(index: int) -> None:
        cookie = ""
        while time.monotonic() < until:
            try:
                status, cookie = fetch(port, path, cookie)
            except OSError:  # a connection the loaded server reset or refused: count it
                failed[index] += 1
                time.sleep(0.05)
                continue
            done[index] += status == 200
            answered[index] += 1

    threads = [threading.Thread(target=client, args=(index,)) for index in range(clients)]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if sum(failed):
        print(f"# {path}: {sum(failed)} requests failed to connect", file=sys.stderr)
    return sum(done) / (time.monotonic() - began), sum(answered)


def serve(home: Path, port: int) -> subprocess.Popen[bytes]:
    """Start gunicorn on the home's database and wait until it answers."""
    env = {**os.environ, "PBEM_HOME": str(home), "PBEM_SECRET_KEY": SECRET,
           "PBEM_DATABASE_URL": f"sqlite:///{home / 'pbem.db'}",
           "PBEM_WEB_BIND": f"127.0.0.1:{port}", "PBEM_WEB_WORKERS": "2",
           "PBEM_WEB_THREADS": "4", "PBEM_WEB_ACCESS_LOG": str(home / "access.log"),
           "PYTHONPATH": str(ROOT)}
    for name in ("PBEM_BROKER_URL", "PBEM_SMTP_URL", "PROMETHEUS_MULTIPROC_DIR"):
        env.pop(name, None)
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "deploy/gunicorn.conf.py"),
         "bench.page:bench_app()"], env=env, cwd=ROOT, stdout=(home / "gunicorn.log").open("ab"),
        stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if fetch(port, "/hello", "")[0] == 200:
                return server
        except OSError:
            time.sleep(0.2)
    stop(server)
    raise RuntimeError(f"gunicorn did not answer; see {home / 'gunicorn.log'}")


@dataclass(frozen=True)
class PageFigures:
    """The seat page and hello under one server: requests/s and server CPU seconds per request
    (medians over the rounds)."""

    page_rps: float
    hello_rps: float
    page_cpu: float
    hello_cpu: float

    def keys(self, name: str) -> dict[str, float]:
        """Return the JSON figures of one length under `name`."""
        return {f"{name}_rps": round(self.page_rps, 2),
                f"{name}_baseline_rps": round(self.hello_rps, 2),
                f"{name}_share": round(self.page_rps / self.hello_rps, 4),
                f"{name}_cpu_ms": round(self.page_cpu * 1000, 3),
                f"{name}_baseline_cpu_ms": round(self.hello_cpu * 1000, 3),
                f"{name}_cpu_ratio": round(self.page_cpu / self.hello_cpu, 3)
                if self.hello_cpu > 0 else float("nan")}


def served(server: subprocess.Popen[bytes], port: int, path: str,
           seconds: float) -> tuple[float, float]:
    """Return the requests/s of `path` and the server's CPU seconds per request answered."""
    before = cpu_seconds(server.pid)
    rps, answered = counted_rate(port, path, seconds)
    return rps, (cpu_seconds(server.pid) - before) / max(answered, 1)


def measure_seat_page(events: int, seconds: float = SECONDS,
                      rounds: int = 3) -> tuple[float, float]:
    """Return (seat page requests/s, hello requests/s) under gunicorn for a game of `events`
    events: medians of `rounds` interleaved runs of `seconds` each."""
    found = measure_seat_page_cpu(events, seconds, rounds)
    return found.page_rps, found.hello_rps


def measure_seat_page_cpu(events: int, seconds: float = SECONDS,
                          rounds: int = 3) -> PageFigures:
    """Return the seat page's and hello's requests/s and server CPU per request under
    gunicorn for a game of `events` events: medians of `rounds` interleaved runs."""
    with tempfile.TemporaryDirectory(prefix="pbem-bench-page-") as folder:
        home = Path(folder)
        path = seat_path(home, events)
        port = free_port()
        server = serve(home, port)
        try:
            rate(port, path, 1.0)  # every worker loads the game once
            rate(port, "/hello", 1.0)
            pages, hellos = [], []
            for _ in range(rounds):
                hellos.append(served(server, port, "/hello", seconds))
                pages.append(served(server, port, path, seconds))
        finally:
            stop(server)
    middle = rounds // 2
    return PageFigures(sorted(p[0] for p in pages)[middle], sorted(h[0] for h in hellos)[middle],
                       sorted(p[1] for p in pages)[middle], sorted(h[1] for h in hellos)[middle])


def main() -> None:
    """Measure the seat page at each asked length and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, nargs="+", default=[100, 1000, 10000, 100000])
    parser.add_argument("--seconds", type=float, default=SECONDS)
    parser.add_argument("--quick", action="store_true", help="100 events, 1 s per round")
    args = parser.parse_args()
    if args.quick:
        args.events, args.seconds = [100], 1.0
    figures: dict[str, float] = {}
    for events in args.events:
        found = measure_seat_page_cpu(events, args.seconds)
        print(f"seat_page_rps_{events}_events {found.page_rps:.1f} {found.hello_rps:.1f} "
              f"{found.page_rps / found.hello_rps:.3f}")
        print(f"seat_page_server_cpu_ms_{events}_events {found.page_cpu * 1000:.3f} "
              f"{found.hello_cpu * 1000:.3f} {found.page_cpu / max(found.hello_cpu, 1e-9):.2f}",
              flush=True)
        figures |= found.keys(f"seat_page_{events}")
    print(json.dumps(figures, sort_keys=True))


if __name__ == "__main__":
    main()
