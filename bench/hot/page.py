"""A seat's page under gunicorn, against a hello route of the same app on the same server.

Clients keep their connection open and send no cookie, so every page is a first visit (the
worst case: the page shows the latest news without knowing what the seat saw before).
"""
from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench.hot.order import Orders

ROOT = Path(__file__).resolve().parents[2]
CLIENTS = 4
SECONDS = 1.0
ROUNDS = 6
KEY = "bench-ratios-key"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _environment(home: Path, port: int) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PBEM_", "PROMETHEUS"))}
    env.update(PBEM_HOME=str(home), PBEM_SECRET_KEY=KEY, PBEM_WEB_BIND=f"127.0.0.1:{port}",
               PBEM_WEB_WORKERS="2", PBEM_WEB_THREADS="4", PBEM_WEB_ACCESS_LOG="/dev/null",
               PBEM_WEB_LOG_LEVEL="warning", PBEM_LOG_LEVEL="WARNING",
               PBEM_BASE_URL=f"http://127.0.0.1:{port}", PYTHONPATH=str(ROOT))
    return env


def seat_path(env: dict[str, str], events: int) -> str:
    """Build a game of at least `events` events in the home of `env`; return a seat's path."""
    from service.games import submit_order
    from service.loading import load_game
    from service.store import Store
    from service.tokens import signature

    store = Store(f"sqlite:///{Path(env['PBEM_HOME']) / 'pbem.db'}")
    store.create_schema()
    orders = Orders(store, b"bench-page")
    orders.next()
    while store.last_seq(orders.game_id) < events:
        submit_order(store, *orders.next(), source="bench")
    meta = load_game(store, orders.game_id).meta
    seat = meta.seat_names[0]
    store.dispose()
    sig = signature(KEY.encode(), meta.id, seat, meta.generation(seat), "web")
    return f"/play/{meta.id}/{seat}/{sig}"


def _hammer(port: int, path: str, until: float, counts: list[int], failures: list[int]) -> None:
    """Request `path` over one kept-alive connection until `until`; count the answers.

    A connection the server closes (a worker recycled after max_requests) is opened again.
    """
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    done = failed = 0
    while time.monotonic() < until:
        try:
            conn.request("GET", path)
            answer = conn.getresponse()
            answer.read()
        except (http.client.HTTPException, ConnectionError):
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            continue
        if answer.status == 200:
            done += 1
        else:
            failed += 1
        if (answer.getheader("Connection") or "").lower() == "close":
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.close()
    counts.append(done)
    failures.append(failed)


def requests_per_second(port: int, path: str, seconds: float = SECONDS) -> float:
    """Return the successful requests/s of CLIENTS clients asking for `path` for `seconds`."""
    counts: list[int] = []
    failures: list[int] = []
    until = time.monotonic() + seconds
    threads = [threading.Thread(target=_hammer, args=(port, path, until, counts, failures))
               for _ in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if len(counts) != CLIENTS or any(failures):
        raise SystemExit(f"{path}: {sum(failures)} requests failed, "
                         f"{CLIENTS - len(counts)} clients broke off")
    return sum(counts) / seconds


def _wait_until_up(port: int, process: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("gunicorn did not start")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/bench/hello")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("gunicorn did not answer")


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def measure_seat_page(events: int = 100) -> tuple[float, float]:
    """Return the requests/s of a seat's page and of the hello route, measured alternately."""
    with tempfile.TemporaryDirectory(prefix="pbem-ratios-page-") as folder:
        port = _free_port()
        env = _environment(Path(folder), port)
        path = seat_path(env, events)
        argv = [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "deploy/gunicorn.conf.py"),
                "bench.hot.helloapp:app"]
        log = (Path(folder) / "gunicorn.log").open("wb")
        server = subprocess.Popen(argv, env=env, cwd=ROOT, stdout=log,
                                  stderr=subprocess.STDOUT, start_new_session=True)
        try:
            _wait_until_up(port, server)
            requests_per_second(port, path, 1.0)  # warm every worker
            requests_per_second(port, "/bench/hello", 1.0)
            page = hello = 0.0
            for _ in range(ROUNDS):
                page += requests_per_second(port, path)
                hello += requests_per_second(port, "/bench/hello")
        finally:
            _stop(server)
            log.close()
    return page / ROUNDS, hello / ROUNDS


