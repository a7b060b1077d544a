"""Digest sweep cost at 100 and 1,000 running games: it follows the waiting digests only.

    .venv/bin/python bench/digest.py [--games 100 1000] [--waiting 10] [--postgres URL]

Each size gets its own store (a SQLite file in a temporary folder, or a PostgreSQL schema of
its own, dropped afterwards) with that many real running Secret Masters games; in `--waiting`
of them one seat asked for the digest only and has held news. Every figure is the median of
5 runs, in wall clock and in CPU time, each run next to one of its baseline:
- `sweep`: the hourly digest sweep before the digest is due (it reads the waiting seats and
  their games and adds nothing: the cost paid every hour);
- `due`: the one sweep that adds the waiting digests;
- `every game`: what the sweep did before, reading the log and outbox of every running game.

The baseline is loading the waiting games once each (`load_game`, snapshot and tail): the work
a digest sweep cannot do without, whatever else the store holds. It is of the same kind and
size as the sweep's own reads, so a busy machine slows it as it slows the sweep, and the ratio
says what the sweep costs beyond it: about 1 when it follows the waiting digests, growing with
the running games when it reads them all. (A single indexed read, the baseline before, is a
few microseconds that the machine's noise dominates.) The last line is one JSON object.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.hot.timing import Compared, compared, timed, timed_result
from engine.core.harness import choose_step, chooser_for
from service.base import clock
from service.game.loading import load_game
from service.orders.creation import NewSeat, create_game
from service.orders.processing import submit_order
from service.seats.seatcommands import answer
from service.store.store import Store
from service.sweeps.digests import queue_due_digests

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


def measure(store: Store, ids: list[str], label: str, waiting: int) -> dict[str, float]:
    """Print the figures of one filled store; return them by JSON key."""
    waited = ids[:waiting]

    def baseline() -> None:
        for game_id in waited:
            load_game(store, game_id)

    def interleaved(work: Callable[[], object]) -> Compared:
        paths, bases = [], []
        for _ in range(RUNS):
            bases.append(timed(baseline))
            paths.append(timed(work))
        return compared(paths, bases)

    clock.set_now(START + timedelta(days=1, hours=-4))  # 05:00 UTC: digests not due yet
    hourly = interleaved(lambda: queue_due_digests(store, clock.now()))
    read = queue_due_digests(store, clock.now()).games
    scan = interleaved(lambda: every_game(store))
    clock.set_now(START + timedelta(days=1))
    base = timed(baseline)
    report, took = timed_result(lambda: queue_due_digests(store, clock.now()))
    due = Compared(took, base)
    print(f"[{label}] {len(ids):>5} running games, {waiting} with a waiting digest; baseline: "
          f"loading the {waiting} waiting games")
    figures: dict[str, float] = {}
    for name, key, item, note in (
            ("sweep", "sweep", hourly, f"{read} games read"),
            ("due", "due", due, f"{len(report.added)} digests added"),
            ("every game", "every_game", scan, f"{len(ids)} games read")):
        print(f"    {item.line(name)}  ({note})")
        figures |= item.keys(f"{label}_{len(ids)}_{key}")
    return figures


def run(label: str, make: Callable[[], Store], sizes: list[int],
        waiting: int) -> dict[str, float]:
    """Measure every size on a fresh store from `make`; return the figures by JSON key."""
    figures: dict[str, float] = {}
    for size in sizes:
        store = make()
        try:
            figures |= measure(store, fill(store, size, waiting), label, waiting)
        finally:
            store.drop_schema()
            store.dispose()
            clock.set_now(None)
    return figures


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

        figures = run("sqlite", sqlite, args.games, args.waiting)
    if args.postgres:
        def postgres() -> Store:
            store = Store(args.postgres, schema=f"bench_{uuid.uuid4().hex[:12]}")
            store.create_schema()
            return store

        figures |= run("postgresql", postgres, args.games, args.waiting)
    print(json.dumps(figures, sort_keys=True))


if __name__ == "__main__":
    main()
