"""Order benchmark: one order through the service, as a ratio to a bare one-row transaction.

For SQLite (a temporary file) and PostgreSQL (a schema of its own, dropped at the end) it plays
one Secret Masters game in-process: each repeat times one order (stored, decided, its events,
outbox rows, deadlines and result written) and, interleaved with it, one bare one-row
transaction on the same store with the same durability settings. It also times the `pbem order`
command as a whole against `python -c pass`, and counts the SQL work of one order on
PostgreSQL on the wire (connection checkouts, round trips, statements), decided at once as the
terminal does and stored first then decided as a worker does. Each figure is a median, in wall
clock and in CPU time (of this process; of the command's process for `pbem order`), printed
beside its baseline's and their ratios; the last line is one JSON object (`order_sqlite_ms`,
`order_sqlite_cpu_ms`, `order_sqlite_baseline_ms`, ..., `order_sqlite_ratio`,
`order_sqlite_cpu_ratio`, the same for `order_pg` and `cli_order`, and the wire counts). The
machine's load moves both sides of a ratio; run it a few times and compare medians.

    .venv/bin/python bench/order.py [--repeats 31] [--no-postgres] [--profile sqlite]
"""
from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sqlalchemy import Column, Integer, MetaData, String, Table, event

from bench.hot.timing import (
    Compared,
    Took,
    children_cpu,
    compared,
    median_took,
    timed,
    timed_result,
)
from bench.scratch import PG_URL  # $PBEM_BENCH_PG_URL, as every benchmark reads it
from engine.core import Rng
from engine.core.harness import choose_step, chooser_for, seat_names
from service.game.loading import load_game
from service.orders.appending import LogWithOutbox
from service.orders.creation import NewSeat, create_game
from service.orders.processing import submit_order
from service.store.roles import EventLog
from service.store.store import Store

GAME = "secret-masters"
_BASELINE = Table("bench_baseline", MetaData(), Column("id", Integer, primary_key=True),
                  Column("note", String(40)))


@contextmanager
def opened_store(kind: str) -> Iterator[Store]:
    """Yield a fresh store of `kind` (sqlite or postgresql), removed afterwards."""
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            store = Store(f"sqlite:///{tmp}/bench.db")
            store.create_schema()
            try:
                yield store
            finally:
                store.dispose()
        return
    name = f"bench_order_{uuid.uuid4().hex[:12]}"
    store = Store(PG_URL, schema=name)
    store.create_schema()  # a fresh random name: this run created it, so it may drop it
    try:
        yield store
    finally:
        store.drop_schema()
        store.dispose()


def baseline(store: Store) -> Callable[[], None]:
    """Return a bare one-row write transaction on the store's own writer engine."""
    writer = store._writer  # the same engine, pragmas and BEGIN as an append
    with writer.begin() as conn:
        _BASELINE.create(conn, checkfirst=True)
    counter = iter(range(1, 10**9))

    def run() -> None:
        with writer.begin() as conn:
            conn.execute(_BASELINE.insert().values(id=next(counter), note="one row"))

    return run


def next_order(store: EventLog, game_id: str, chooser: Rng) -> tuple[str, str]:
    """Return (seat, order text) of a legal order that does not end the game."""
    loaded = load_game(store, game_id)
    game = loaded.game
    for _ in range(50):
        prompt, order = choose_step(game, loaded.state, chooser)
        if order is prompt.default:  # a deadline's default cannot be written as an order
            order = chooser.choice(game.legal_orders(loaded.state, prompt.seat))
        after = game.fold(loaded.state, game.decide(loaded.state, prompt.seat, order,
                                                      Rng(b"probe")))
        if game.outcome(after) is None:
            return prompt.seat, game.format_order(order)
    raise RuntimeError("every order tried ends the game")


def new_game(store: LogWithOutbox) -> str:
    """Create a 3-seat game and return its id."""
    seats = [NewSeat(name, f"{name}@bench.test") for name in seat_names(3)]
    return create_game(store, GAME, seats, {"long": "yes"}, seed_hex="be" * 32).meta.id


def measure_order(kind: str, repeats: int) -> tuple[float, float]:
    """Return the median wall-clock seconds of one order and of the bare transaction."""
    times = measure_order_times(kind, repeats)
    return times.path.wall, times.base.wall


def measure_order_times(kind: str, repeats: int) -> Compared:
    """Return the medians (wall clock and CPU) of one order and of the bare transaction,
    interleaved on the same store."""
    with opened_store(kind) as store:
        game_id = new_game(store)
        bare = baseline(store)
        chooser = chooser_for(b"bench-order")
        orders, bares = [], []
        for index in range(repeats + 2):
            seat, text = next_order(store, game_id, chooser)
            base = timed(bare)
            result, took = timed_result(partial(submit_order, store, game_id, seat, text,
                                                source="bench"))
            if not result.accepted:
                raise RuntimeError(f"a legal order was refused: {result.message}")
            if index >= 2:  # the first orders warm caches and pools
                bares.append(base)
                orders.append(took)
    return compared(orders, bares)


def count_order_sql(kind: str, orders: int = 5, queued: bool = False) -> dict[str, float]:
    """Return the mean checkouts, round trips and statements of one order on PostgreSQL.

    Counted on the wire (libpq's protocol trace of every connection checked out): a
    statement is an Execute or simple Query message sent, a round trip a ReadyForQuery
    awaited; the pool's ping at each checkout is one more round trip, counted with the
    checkouts. `queued`: the input is stored first and then decided, as the web and a
    worker do.
    """
    import psycopg

    from service.orders.processing import process_submission

    if kind != "postgresql":
        raise ValueError("the wire count is for PostgreSQL")
    with opened_store(kind) as store, tempfile.TemporaryFile("w+") as trace:
        game_id = new_game(store)
        chooser = chooser_for(b"bench-order-count")
        checkouts = 0

        def checkout(dbapi_connection: Any, *_: Any) -> None:
            nonlocal checkouts
            checkouts += 1
            dbapi_connection.pgconn.trace(trace.fileno())
            dbapi_connection.pgconn.set_trace_flags(psycopg.pq.Trace.SUPPRESS_TIMESTAMPS)

        def checkin(dbapi_connection: Any, *_: Any) -> None:
            if dbapi_connection is not None:
                dbapi_connection.pgconn.untrace()

        planned = [next_order(store, game_id, chooser)]
        for _ in range(orders):
            seat, text = planned.pop()
            event.listen(store._engine.pool, "checkout", checkout)
            event.listen(store._engine.pool, "checkin", checkin)
            try:
                if queued:
                    sub, _ = store.add_submission("bench", text, game_id=game_id, seat=seat)
                    process_submission(store, sub.id, known=sub)
                else:
                    submit_order(store, game_id, seat, text, source="bench")
            finally:
                event.remove(store._engine.pool, "checkout", checkout)
                event.remove(store._engine.pool, "checkin", checkin)
            planned.append(next_order(store, game_id, chooser))
        trace.seek(0)
        messages = [line.split("\t")[:3] for line in trace.read().splitlines()]
    sent = [m[2] for m in messages if len(m) == 3 and m[0] == "F"]
    received = [m[2] for m in messages if len(m) == 3 and m[0] == "B"]
    return {"checkouts": checkouts / orders,
            "round_trips": (received.count("ReadyForQuery") + checkouts) / orders,
            "statements": (sent.count("Execute") + sent.count("Query")) / orders}


def measure_cli_order(repeats: int = 5) -> float:
    """Return the median wall-clock seconds of a whole `pbem order` command."""
    return median_took(measure_cli_times(repeats)).wall


def measure_cli_times(repeats: int = 5) -> list[Took]:
    """Return the wall clock and the CPU (of the command's process) of each of `repeats`
    whole `pbem order` commands on a fresh SQLite home.

    The project's bytecode is compiled first, as `scripts/setup` and an installed service
    have it (a machine with PYTHONDONTWRITEBYTECODE would otherwise compile every module of
    the command on every run).
    """
    subprocess.run([sys.executable, "-m", "compileall", "-q", "engine", "service", "workers"],
                   cwd=ROOT, check=True, capture_output=True)
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "PBEM_HOME": tmp, "PBEM_SECRET_KEY": "7be707a6546a7ace9fea357263136fa116b3e35e4f95687686b60bd027a6ddb3",
               "PBEM_BROKER_URL": "memory://", "PYTHONPATH": str(ROOT)}
        for name in ("PBEM_DATABASE_URL", "PBEM_SMTP_URL"):
            env.pop(name, None)
        previous = {k: os.environ.get(k) for k in ("PBEM_HOME", "PBEM_DATABASE_URL")}
        os.environ["PBEM_HOME"] = tmp
        os.environ.pop("PBEM_DATABASE_URL", None)
        try:
            store = Store(f"sqlite:///{tmp}/pbem.db")
            store.create_schema()
            game_id = new_game(store)
            chooser = chooser_for(b"bench-cli")
            times = []
            for _ in range(repeats):
                seat, text = next_order(store, game_id, chooser)
                wait_for_announcers(game_id)
                times.append(command_took([sys.executable, "-m", "service.cli.main", "order",
                                           game_id, seat, text], env))
            store.dispose()
        finally:
            for key, value in previous.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
    return times


def command_took(argv: list[str], env: dict[str, str] | None = None) -> Took:
    """Run a command to its end; return its wall clock and the CPU its process used."""
    cpu, started = children_cpu(), time.perf_counter()
    done = subprocess.run(argv, env=env, capture_output=True, check=False)
    took = Took(time.perf_counter() - started, children_cpu() - cpu)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.decode())
    return took


def wait_for_announcers(game_id: str, limit: float = 20.0) -> None:
    """Wait until no `pbem announce` of the game runs any more (Linux: read from /proc).

    Each accepted `pbem order` leaves a detached process that tells the task queue; it runs
    after the command has answered. Timing the next command while it still runs would time
    the two together on a small machine.
    """
    needle = f"service.cli.main\0announce\0{game_id}".encode()
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        running = False
        for entry in Path("/proc").glob("[0-9]*/cmdline"):
            try:
                running = needle in entry.read_bytes()
            except OSError:  # ended meanwhile
                continue
            if running:
                break
        if not running:
            return
        time.sleep(0.05)


def measure_python_start(repeats: int = 5) -> float:
    """Return the median wall-clock seconds of `python -c pass`."""
    return median_took(python_start_times(repeats)).wall


def python_start_times(repeats: int = 5) -> list[Took]:
    """Return the wall clock and CPU of each of `repeats` runs of `python -c pass`."""
    return [command_took([sys.executable, "-c", "pass"]) for _ in range(repeats)]


def profile_orders(kind: str, orders: int = 30) -> None:
    """Print the top of a cProfile of `orders` orders on `kind`."""
    with opened_store(kind) as store:
        game_id = new_game(store)
        chooser = chooser_for(b"bench-order-profile")
        planned = [next_order(store, game_id, chooser)]
        profile = cProfile.Profile()
        for _ in range(orders):
            seat, text = planned.pop()
            profile.enable()
            submit_order(store, game_id, seat, text, source="bench")
            profile.disable()
            planned.append(next_order(store, game_id, chooser))
    pstats.Stats(profile).sort_stats("cumulative").print_stats(35)


def main() -> None:
    """Measure and print each figure, then one JSON object of them all."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeats", type=int, default=31)
    parser.add_argument("--profile", choices=["sqlite", "postgresql"])
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--cli-repeats", type=int, default=5)
    args = parser.parse_args()
    if args.profile:
        profile_orders(args.profile)
        return
    figures: dict[str, Compared] = {"order_sqlite": measure_order_times("sqlite", args.repeats)}
    counts: dict[str, float] = {}
    if not args.no_postgres:
        figures["order_pg"] = measure_order_times("postgresql", args.repeats)
        for queued in (False, True):
            name = "order_pg_sql_queued" if queued else "order_pg_sql"
            found = count_order_sql("postgresql", queued=queued)
            print(name + " " + " ".join(f"{k}={v:g}" for k, v in found.items()))
            counts |= {f"{name}_{k}": v for k, v in found.items()}
    before = python_start_times(1)
    cli = measure_cli_times(args.cli_repeats)
    figures["cli_order"] = compared(cli, before + python_start_times(2))
    summary: dict[str, float] = {"load_average_1min": round(os.getloadavg()[0], 2)} | counts
    for name, item in figures.items():
        print(item.line(name))
        summary |= item.keys(name)
    print(json.dumps(summary, sort_keys=True))

if __name__ == "__main__":
    main()
