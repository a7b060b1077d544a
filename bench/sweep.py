"""Deadline sweep cost at 1,000 and 10,000 running games: flat per due deadline.

    .venv/bin/python bench/sweep.py [--games 1000 10000] [--due 10] [--postgres [URL]]

Each size gets its own store (a SQLite file in a temporary folder, or a PostgreSQL schema of
its own, made and dropped by this run; see bench/README.md): `--due` real games whose
deadlines are due now, and the rest of the running games as registry rows with open deadlines
not due for days (the sweep must not read them).

Each sweep runs next to its baseline, by turns: loading the due games once each (`load_game`,
snapshot and tail), the work a sweep cannot do without whatever else the store holds. It is of
the same kind and size as the sweep's own reads on the same store, so a busy machine slows both
alike, and the ratio says what the sweep costs beyond it: flat when the sweep reads only the due
rows, growing with the running games if it read them all. Every figure is the median of
`--repeats` sweeps (3), in wall clock and this process's CPU time. The last line is one JSON
object: per store and size, `<store>_<games>_sweep_ms`, `..._cpu_ms`, `..._baseline_ms`,
`..._baseline_cpu_ms`, `..._ratio`, `..._cpu_ratio` and `..._games_read`.

    .venv/bin/python bench/sweep.py --quick    (100 running games, 3 due, SQLite only)
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import update

from bench.hot.timing import Compared, compared, timed, timed_result
from bench.scratch import PG_URL, drop_pg_store, new_pg_store
from service.base import clock
from service.game.loading import load_game
from service.orders.creation import NewSeat, create_game
from service.store.schema import deadlines as deadlines_t
from service.store.schema import games as games_t
from service.store.store import Store
from service.sweeps import deadlines

START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
SEATS = [NewSeat("anna", "anna@example.org"), NewSeat("bruno", "bruno@example.org")]


def fill(store: Store, running: int, due: int) -> list[str]:
    """Create `due` real games due now and registry rows for the other running games; return
    the real games' ids (random hex, so a filler id never tells them apart)."""
    clock.set_now(START)
    real = [create_game(store, "freimaurerei", SEATS, seed_hex=f"{number + 1:064x}",
                        deadline_hours=48).meta.id for number in range(due)]
    games, rows = [], []
    for number in range(running - due):
        game_id = f"x{number:07d}"  # never hex: no real id is like it
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
    return real


def measure(store: Store, due: list[str], repeats: int = 3) -> tuple[Compared, int]:
    """Return the medians of `repeats` sweeps with the reminders of the real games `due` due
    and of their baseline (loading those games), run by turns, and the games a sweep read."""
    clock.set_now(START + timedelta(hours=24, minutes=1))

    def baseline() -> None:
        for game_id in due:
            load_game(store, game_id)

    sweeps, bases, games = [], [], 0
    for _ in range(repeats):
        with store._writer.begin() as conn:
            conn.execute(update(deadlines_t).where(deadlines_t.c.game_id.in_(due))
                         .values(next_at="2026-11-24T12:00:00Z"))
        bases.append(timed(baseline))
        report, took = timed_result(lambda: deadlines.sweep(store))
        sweeps.append(took)
        games = report.games
    return compared(sweeps, bases), games


def run(label: str, make: Callable[[], Store], sizes: list[int], due: int,
        repeats: int) -> dict[str, float]:
    """Measure every size on a fresh store from `make`; return the figures by JSON key."""
    figures: dict[str, float] = {}
    for size in sizes:
        store = make()
        try:
            real = fill(store, size, due)
            item, read = measure(store, real, repeats)
            print(f"[{label}] {size:>6} running games, {due} due: {read} games read, "
                  f"{item.path.wall * 1000 / max(read, 1):.1f} ms per due game; baseline: "
                  f"loading the {due} due games", flush=True)
            print("    " + item.line("sweep"), flush=True)
            figures |= item.keys(f"{label}_{size}_sweep") | {
                f"{label}_{size}_sweep_games_read": read}
        finally:
            clock.set_now(None)
            if store.schema:
                drop_pg_store(store)
            else:
                store.dispose()
    return figures


def main() -> None:
    """Run the benchmark on SQLite and, when asked, on PostgreSQL."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--due", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true",
                        help="100 running games, 3 due, SQLite only")
    parser.add_argument("--postgres", nargs="?", const=PG_URL,
                        help="also on PostgreSQL at URL (default $PBEM_BENCH_PG_URL), each size "
                             "in a scratch schema of its own")
    args = parser.parse_args()
    if args.quick:
        args.games, args.due, args.postgres = [100], 3, None
    with tempfile.TemporaryDirectory() as tmp:
        counter = iter(range(100))

        def sqlite_store() -> Store:
            store = Store(f"sqlite:///{Path(tmp) / f'sweep-{next(counter)}.db'}")
            store.create_schema()
            return store

        figures = run("sqlite", sqlite_store, args.games, args.due, args.repeats)
    if args.postgres:
        def pg_store() -> Store:
            store: Store = new_pg_store(args.postgres)
            return store

        figures |= run("postgresql", pg_store, args.games, args.due, args.repeats)
    print(json.dumps(figures, sort_keys=True))


if __name__ == "__main__":
    main()
