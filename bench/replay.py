"""Replay benchmark: full-replay speed from the store, and loading the current state.

Builds one long Secret Masters game (at least --events events, 10,000 by default) through the
real service path, with random legal orders that steer clear of ending the game, then prints, in wall clock and in CPU time, each beside a baseline timed by turns with it:
- full replay from the store (read every row, decode, fold), events/s, median of several runs;
  its baseline reads the same rows and parses each payload's JSON, nothing else: the floor of
  any replay, so the ratio is what decoding and folding cost on top of it;
- the time to load the current state with snapshots (median, p95 and worst of many loads);
  its baseline is the same one read of the row, snapshot and tail, with their JSON parsed.
The last line is one JSON object of the figures.
Runs on SQLite (a temporary file) and, when reachable, on PostgreSQL (a scratch schema made
and dropped by this run; see bench/README.md).

    .venv/bin/python bench/replay.py [--events 10000] [--postgres URL] [--schema NAME]
                                     [--no-postgres]
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.hot.timing import Compared, Took, compared, median_took, timed, timed_result
from bench.scratch import PG_URL, drop_pg_store, new_pg_store
from engine.core import Rng, get_game
from engine.core.harness import chooser_for, seat_names
from engine.secret_masters.state import points
from service.game.loading import fold_rows, load_game, maybe_snapshot
from service.orders.creation import NewSeat, create_game
from service.orders.processing import submit_order
from service.store.roles import EventLog
from service.store.store import Store

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


def read_and_parse(store: EventLog, game_id: str, after: int = 0) -> int:
    """Read the game's event rows after `after` and parse each payload; return how many."""
    rows = store.event_rows(game_id, after)
    for row in rows:
        json.loads(row[3])
    return len(rows)


def time_full_replay(store: EventLog, game_id: str, runs: int = 5) -> tuple[int, Compared, Took]:
    """Return (events, full replay against reading and parsing the rows, reading alone)."""
    replays, bases, reads = [], [], []
    count = 0
    for _ in range(runs):
        bases.append(timed(lambda: read_and_parse(store, game_id)))
        rows, read = timed_result(lambda: store.event_rows(game_id))
        folded = timed(lambda: fold_rows(None, game_id, rows))  # noqa: B023 - called here
        replays.append(Took(read.wall + folded.wall, read.cpu + folded.cpu))
        reads.append(read)
        count = len(rows)
    return count, compared(replays, bases), median_took(reads)


def raw_load(store: EventLog, game_id: str, version: str) -> None:
    """Read the game's row, newest snapshot and the events after it, as a load does, and
    parse them, without decoding or folding anything: a load's floor."""
    tail = store.game_tail(game_id, lambda _name: version)
    for row in tail.rows if tail else []:
        json.loads(row[3])


def time_loads(store: EventLog, game_id: str, runs: int = 200) -> tuple[list[Took], list[Took]]:
    """Return the times of `runs` snapshot-based loads of the current state and of as many
    raw reads of the same rows, taken by turns."""
    loaded = load_game(store, game_id, use_snapshots=False)
    loaded.snapshot_seq = 0
    maybe_snapshot(store, loaded)
    version = loaded.game.version
    loads, bases = [], []
    for _ in range(runs):
        loads.append(timed(lambda: load_game(store, game_id)))
        bases.append(timed(lambda: raw_load(store, game_id, version)))
    return loads, bases


def report(label: str, store: Store, min_events: int) -> dict[str, float]:
    """Build the long game in `store`, print its figures and return them by JSON key."""
    started = time.perf_counter()
    game_id = build_long_game(store, min_events)
    built = time.perf_counter() - started
    events, full, read = time_full_replay(store, game_id)
    loads, bases = time_loads(store, game_id)
    load = compared(loads, bases)
    walls = sorted(t.wall for t in loads)
    p95, worst = walls[int(len(walls) * 0.95) - 1], walls[-1]
    print(f"[{label}] built a {events}-event game in {built:.1f} s through the service path")
    print(f"[{label}] full replay from the store: {events / full.path.wall:,.0f} events/s "
          f"({events / full.path.cpu:,.0f} of CPU); reading rows {read.wall * 1000:.1f} ms, "
          f"decoding and folding {(full.path.wall - read.wall) * 1000:.1f} ms")
    print(f"[{label}] {full.line('full replay')}")
    print(f"[{label}] {load.line('load with snapshots')}; p95 {p95 * 1000:.2f} ms, "
          f"worst {worst * 1000:.2f} ms over {len(loads)} loads")
    return ({f"{label}_events": events, f"{label}_replay_events_per_s":
             round(events / full.path.wall), f"{label}_replay_events_per_cpu_s":
             round(events / full.path.cpu), f"{label}_load_p95_ms": round(p95 * 1000, 3)}
            | full.keys(f"{label}_replay") | load.keys(f"{label}_load"))


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
        figures = report("sqlite", store, args.events)
        store.dispose()
    if not args.no_postgres:
        figures |= postgres_report(args)
    print(json.dumps(figures, sort_keys=True))


def postgres_report(args: argparse.Namespace) -> dict[str, float]:
    """Run the benchmark in a scratch schema of this run, if PostgreSQL is reachable."""
    try:
        store = new_pg_store(args.postgres, args.schema)
    except Exception as exc:  # noqa: BLE001 - report and carry on without PostgreSQL
        print(f"[postgresql] skipped: {exc.__class__.__name__}: {exc}")
        return {}
    try:
        return report("postgresql", store, args.events)
    finally:
        drop_pg_store(store)


if __name__ == "__main__":
    main()
