"""Replay benchmark: full-replay speed from the store, and loading the current state.

Builds one long Secret Masters game (at least --events events, 10,000 by default) through the
real service path, with random legal orders that steer clear of ending the game, then prints:
- full replay from the store (read every row, decode, fold), events/s, best of several runs;
- the same split into reading the rows and folding them;
- the time to load the current state with snapshots (median and worst of many loads).
Runs on SQLite (a temporary file) and, when reachable, on PostgreSQL (a scratch schema made
and dropped by this run; see bench/README.md).

    .venv/bin/python bench/replay.py [--events 10000] [--postgres URL] [--schema NAME]
                                     [--no-postgres]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.scratch import PG_URL, drop_pg_store, new_pg_store
from engine.core import Rng, get_game
from engine.core.harness import chooser_for, seat_names
from engine.secret_masters.state import points
from service.game.loading import fold_rows, load_game, maybe_snapshot
from service.log.store import Store
from service.orders.creation import NewSeat, create_game
from service.orders.processing import submit_order

DEFAULT_PG = PG_URL
GAME = "secret-masters"


def endless_order(game: Any, state: Any, chooser: Rng) -> tuple[str, Any]:
    """Return a prompted seat and a legal order keeping the strongest faction weakest."""
    prompt = chooser.choice(game.prompts(state))
    best: list[Any] = []
    best_score = None
    for order in game.legal_orders(state, prompt.seat):
        after = game.fold(state, game.decide(state, prompt.seat, order, Rng(b"probe")))
        totals = points(after.board).values()
        score = (game.outcome(after) is not None, max(totals), sum(totals))
        if best_score is None or score < best_score:
            best, best_score = [order], score
        elif score == best_score:
            best.append(order)
    return prompt.seat, chooser.choice(best)


def build_long_game(store: Store, min_events: int) -> str:
    """Play one game through the service until its log holds at least `min_events` events."""
    seats = [NewSeat(name, f"{name}@example.org") for name in seat_names(3)]
    loaded = create_game(store, GAME, seats, {"long": "yes"}, seed_hex="ab" * 32)
    game, chooser = loaded.game, chooser_for(b"bench-replay")
    while loaded.seq < min_events:
        if not game.prompts(loaded.state):
            sys.exit(f"the game ended at {loaded.seq} events; use another seed")
        seat, order = endless_order(game, loaded.state, chooser)
        result = submit_order(store, loaded.meta.id, seat, game.format_order(order),
                              source="bench")
        if not result.accepted:
            sys.exit(f"a legal order was refused: {result.message}")
        loaded = load_game(store, loaded.meta.id)
    return loaded.meta.id


def time_full_replay(store: Store, game_id: str, runs: int = 5) -> tuple[int, float, float]:
    """Return (events, best full replay seconds, best seconds spent reading rows alone)."""
    best_full = best_read = float("inf")
    count = 0
    for _ in range(runs):
        started = time.perf_counter()
        rows = store.event_rows(game_id)
        read = time.perf_counter() - started
        fold_rows(None, game_id, rows)
        full = time.perf_counter() - started
        best_full, best_read, count = min(best_full, full), min(best_read, read), len(rows)
    return count, best_full, best_read


def time_loads(store: Store, game_id: str, runs: int = 200) -> list[float]:
    """Return the seconds each of `runs` snapshot-based loads of the current state took."""
    loaded = load_game(store, game_id, use_snapshots=False)
    loaded.snapshot_seq = 0
    maybe_snapshot(store, loaded)
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        load_game(store, game_id)
        times.append(time.perf_counter() - started)
    return times


def report(label: str, store: Store, min_events: int) -> None:
    """Build the long game in `store` and print its figures."""
    started = time.perf_counter()
    game_id = build_long_game(store, min_events)
    built = time.perf_counter() - started
    events, full, read = time_full_replay(store, game_id)
    loads = sorted(time_loads(store, game_id))
    p95 = loads[int(len(loads) * 0.95) - 1]
    print(f"[{label}] built a {events}-event game in {built:.1f} s through the service path")
    print(f"[{label}] full replay from the store: {events / full:,.0f} events/s "
          f"({full * 1000:.1f} ms; reading rows {read * 1000:.1f} ms, "
          f"decoding and folding {(full - read) * 1000:.1f} ms)")
    print(f"[{label}] load current state with snapshots: median "
          f"{statistics.median(loads) * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms, "
          f"worst {loads[-1] * 1000:.2f} ms over {len(loads)} loads")


def main() -> None:
    """Run the benchmark on SQLite and, if reachable, PostgreSQL."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--postgres", default=DEFAULT_PG)
    parser.add_argument("--schema", help="name of the scratch schema (default: a fresh one)")
    parser.add_argument("--no-postgres", action="store_true")
    args = parser.parse_args()
    get_game(GAME)
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{Path(tmp) / 'bench.db'}")
        store.create_schema()
        report("sqlite", store, args.events)
        store.dispose()
    if args.no_postgres:
        return
    try:
        store = new_pg_store(args.postgres, args.schema)
    except Exception as exc:  # noqa: BLE001 - report and carry on without PostgreSQL
        print(f"[postgresql] skipped: {exc.__class__.__name__}: {exc}")
        return
    try:
        report("postgresql", store, args.events)
    finally:
        drop_pg_store(store)


if __name__ == "__main__":
    main()
