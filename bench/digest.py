"""Digest sweep cost at 100 and 1,000 running games: it follows the waiting digests only.

    .venv/bin/python bench/digest.py [--games 100 1000] [--waiting 10] [--postgres URL]

Each size gets its own store (a SQLite file in a temporary folder, or a PostgreSQL schema of
its own, dropped afterwards) with that many real running Secret Masters games; in `--waiting`
of them one seat asked for the digest only and has held news. Every figure is the median of
5 runs and is printed with its ratio to a bare baseline query of the same run (one games row
read by its key), so machines compare:
- `sweep`: the hourly digest sweep before the digest is due (it reads the waiting seats and
  their games and adds nothing: the cost paid every hour);
- `due`: the one sweep that adds the waiting digests;
- `every game`: what the sweep did before, reading the log and outbox of every running game.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import select

from engine.core.harness import choose_step, chooser_for
from service.base import clock
from service.game.loading import load_game
from service.log.schema import games as games_t
from service.log.store import Store
from service.orders.creation import NewSeat, create_game
from service.orders.processing import submit_order
from service.sweeps.digests import queue_due_digests
from service.table.seatcommands import answer

START = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
SEATS = [NewSeat("anna", "anna@example.org"), NewSeat("bruno", "bruno@example.org"),
         NewSeat("carla", "carla@example.org")]
RUNS = 5


def fill(store: Store, running: int, waiting: int) -> list[str]:
    """Create the running games; give `waiting` of them held news for bruno's digest."""
    clock.set_now(START)
    ids = [create_game(store, "secret-masters", SEATS, seed_hex=f"{number + 1:064x}").meta.id
           for number in range(running)]
    for game_id in ids[:waiting]:
        answer(store, game_id, "bruno", "notify digest", f"bench:{game_id}")
        chooser = chooser_for(game_id.encode())
        for _ in range(6):
            loaded = load_game(store, game_id)
            prompt, order = choose_step(loaded.game, loaded.state, chooser)
            submit_order(store, game_id, prompt.seat,
                         json.dumps(loaded.game.order_to_json(order)))
    return ids


def every_game(store: Store) -> int:
    """Read what the sweep read before: every running game's state and outbox."""
    read = 0
    for row in store.list_games():
        if row.status == "active":
            load_game(store, row.id, row=row)
            store.outbox_for_game(row.id)
            read += 1
    return read


def median(work: Callable[[], object]) -> float:
    """Return the median seconds of RUNS calls of `work`."""
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def measure(store: Store, ids: list[str], label: str, waiting: int) -> None:
    """Print the figures of one filled store."""
    def baseline() -> None:
        with store._engine.connect() as conn:
            conn.execute(select(games_t.c.id).where(games_t.c.id == ids[-1])).first()

    base = median(baseline)
    clock.set_now(START + timedelta(days=1, hours=-4))  # 05:00 UTC: digests not due yet
    hourly = median(lambda: queue_due_digests(store, clock.now()))
    read = queue_due_digests(store, clock.now()).games
    scan = median(lambda: every_game(store))
    clock.set_now(START + timedelta(days=1))
    started = time.perf_counter()
    added = len(queue_due_digests(store, clock.now()).added)
    due = time.perf_counter() - started
    print(f"[{label}] {len(ids):>5} running games, {waiting} with a waiting digest; "
          f"baseline query {base * 1e6:.0f} us")
    for name, seconds, note in (("sweep", hourly, f"{read} games read"),
                                ("due", due, f"{added} digests added"),
                                ("every game", scan, f"{len(ids)} games read")):
        print(f"    {name:<11} {seconds * 1000:8.1f} ms = {seconds / base:9.0f} x baseline"
              f"  ({note})")


def run(label: str, make: Callable[[], Store], sizes: list[int], waiting: int) -> None:
    """Measure every size on a fresh store from `make`."""
    for size in sizes:
        store = make()
        try:
            measure(store, fill(store, size, waiting), label, waiting)
        finally:
            store.drop_schema()
            store.dispose()
            clock.set_now(None)


def main() -> None:
    """Parse the arguments and run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--waiting", type=int, default=10)
    parser.add_argument("--postgres", help="also measure on this PostgreSQL URL")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        def sqlite() -> Store:
            store = Store(f"sqlite:///{folder}/{uuid.uuid4().hex}.db")
            store.create_schema()
            return store

        run("sqlite", sqlite, args.games, args.waiting)
    if args.postgres:
        def postgres() -> Store:
            store = Store(args.postgres, schema=f"bench_{uuid.uuid4().hex[:12]}")
            store.create_schema()
            return store

        run("postgresql", postgres, args.games, args.waiting)


if __name__ == "__main__":
    main()
