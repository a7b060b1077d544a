"""Deadline sweep cost at 1,000 and 10,000 running games: flat per due deadline.

    .venv/bin/python bench/sweep.py [--games 1000 10000] [--due 10] [--postgres [URL]]

Each size gets its own store (a SQLite file in a temporary folder, or a PostgreSQL schema of
its own, made and dropped by this run; see bench/README.md): `--due` real games whose
deadlines are due now, and the rest of the running games as registry rows with open deadlines
not due for days (the sweep must not read them). Prints the median of 3 sweeps per size.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import update

from bench.scratch import PG_URL, drop_pg_store, new_pg_store
from service.base import clock
from service.log.schema import deadlines as deadlines_t
from service.log.schema import games as games_t
from service.log.store import Store
from service.orders.creation import NewSeat, create_game
from service.sweeps import deadlines

START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
SEATS = [NewSeat("anna", "anna@example.org"), NewSeat("bruno", "bruno@example.org")]


def fill(store: Store, running: int, due: int) -> None:
    """Create `due` real games due now and registry rows for the other running games."""
    clock.set_now(START)
    for number in range(due):
        create_game(store, "freimaurerei", SEATS, seed_hex=f"{number + 1:064x}",
                    deadline_hours=48)
    games, rows = [], []
    for number in range(running - due):
        game_id = f"f{number:07d}"
        games.append({"id": game_id, "game": "freimaurerei", "engine_version": "1",
                      "title": "filler", "seed": "00", "created_at": "2026-11-23T12:00:00Z",
                      "status": "active"})
        rows.append({"game_id": game_id, "seat": "anna", "prompt_key": "k",
                     "due": "2026-12-30T12:00:00Z", "seq": 1,
                     "next_at": "2026-12-29T12:00:00Z"})
    with store._writer.begin() as conn:
        for start in range(0, len(games), 1000):
            conn.execute(games_t.insert(), games[start:start + 1000])
            conn.execute(deadlines_t.insert(), rows[start:start + 1000])


def measure(store: Store) -> tuple[float, int]:
    """Return the median seconds of 3 sweeps with the real games' reminders due, and games read."""
    clock.set_now(START + timedelta(hours=24, minutes=1))
    times, games = [], 0
    for _ in range(3):
        with store._writer.begin() as conn:
            conn.execute(update(deadlines_t).where(~deadlines_t.c.game_id.like("f%"))
                         .values(next_at="2026-11-24T12:00:00Z"))
        started = time.perf_counter()
        report = deadlines.sweep(store)
        times.append(time.perf_counter() - started)
        games = report.games
    return statistics.median(times), games


def run(label: str, make: object, sizes: list[int], due: int) -> None:
    """Measure every size on a fresh store from `make`."""
    for size in sizes:
        store = make()  # type: ignore[operator]
        try:
            fill(store, size, due)
            seconds, read = measure(store)
            print(f"[{label}] {size:>6} running games, {due} due: sweep {seconds * 1000:7.1f} ms "
                  f"({read} games read, {seconds * 1000 / max(read, 1):.1f} ms per due game)")
        finally:
            clock.set_now(None)
            if store.schema:
                drop_pg_store(store)
            else:
                store.dispose()


def main() -> None:
    """Run the benchmark on SQLite and, when asked, on PostgreSQL."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--due", type=int, default=10)
    parser.add_argument("--postgres", nargs="?", const=PG_URL,
                        help="also on PostgreSQL at URL (default $PBEM_BENCH_PG_URL), each size "
                             "in a scratch schema of its own")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        counter = iter(range(100))

        def sqlite_store() -> Store:
            store = Store(f"sqlite:///{Path(tmp) / f'sweep-{next(counter)}.db'}")
            store.create_schema()
            return store

        run("sqlite", sqlite_store, args.games, args.due)
    if args.postgres:
        def pg_store() -> Store:
            store: Store = new_pg_store(args.postgres)
            return store

        run("postgresql", pg_store, args.games, args.due)


if __name__ == "__main__":
    main()
