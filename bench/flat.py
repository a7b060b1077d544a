"""Flat costs: what one order and one page read as a game's log and the number of games grow.

For each log length (100, 1,000 and 10,000 events; --full adds 100,000) one real game padded
with press events, each with its delivered email, and for each number of running games (100,
1,000 and 10,000) a store of real games and their clones. Each line prints, per action, the SQL
statements sent, the rows fetched and the wall-clock time (the median of 3 runs):

- order: one in-process order, stored, decided and appended;
- outbox: what the worker reads after that order to queue its emails;
- seat page (a first visit, no cookie) and history page: one GET each through the app;
- lobby: GET /, the games listed on the front page;
- sweep: the deadline sweep through the deadlines projection (5 games due, the rest not);
- recover: the reads of the `recover` task (stalled deliveries, undecided orders, unanswered
  mail) with every email of every game delivered but 5.

Flat means the statements and rows stay the same from line to line, and the time nearly so.
Every store is a SQLite file in a temporary folder.

    .venv/bin/python bench/flat.py [--full] [--events N ...] [--games N ...]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import update

from bench.hot.order import Orders
from bench.hot.reads import ReadCounter, Reads
from bench.hot.synth import long_game, many_games
from service import clock, deadlines
from service.games import submit_order
from service.loading import load_game
from service.schema import outbox as outbox_t
from service.store import Store
from service.tokens import signature

KEY = "bench-flat-key"
START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
STALE_SECONDS, GIVE_UP_AFTER, RECOVER_BATCH = 60, 20, 100
"""As the `recover` task reads (workers/tasks.py)."""


def median_reads(counter: ReadCounter, actions: list[Callable[[], object]]) -> Reads:
    """Return the median statements, rows and seconds over running each action once."""
    runs = [counter.measure(action) for action in actions]
    return Reads(int(statistics.median(r.statements for r in runs)),
                 int(statistics.median(r.rows for r in runs)),
                 statistics.median(r.seconds for r in runs))


def web_app(folder: Path) -> Any:
    """Return the service's web app on the SQLite store in `folder`."""
    os.environ.update(PBEM_HOME=str(folder), PBEM_SECRET_KEY=KEY,
                      PBEM_DATABASE_URL=f"sqlite:///{folder / 'pbem.db'}")
    from service.web import create_app

    return create_app({"TESTING": True})


def seat_link(store: Store, game_id: str, seat: str) -> str:
    """Return the private path of a seat's page."""
    meta = load_game(store, game_id).meta
    sig = signature(KEY.encode(), game_id, seat, meta.generation(seat), "web")
    return f"/play/{game_id}/{seat}/{sig}"


def by_events(size: int) -> str:
    """Build a game of `size` events; return its line of figures."""
    with tempfile.TemporaryDirectory(prefix="pbem-flat-") as tmp:
        folder = Path(tmp)
        app = web_app(folder)
        store: Store = app.extensions["pbem.store"]
        counter = ReadCounter(store._engine)
        game_id = long_game(store, size)
        orders = Orders(store)
        orders.game_id = game_id
        picked = [orders.next() for _ in range(1)]
        results: list[Any] = []

        def order() -> None:
            pending = picked.pop() if picked else orders.next()
            results.append(submit_order(store, *pending, source="bench"))

        ordered = median_reads(counter, [order, order, order])
        if not all(result.accepted for result in results) or orders.game_id != game_id:
            raise SystemExit("an order of the long game was refused or it ended")
        outbox = median_reads(counter, [partial(store.submission_outbox, r.submission_id)
                                        for r in results])
        client = app.test_client()
        link = seat_link(store, game_id, "anna")
        seat = median_reads(counter, [lambda: _ok(app.test_client().get(link))] * 3)
        history = median_reads(counter, [lambda: _ok(client.get(link + "/history"))] * 3)
        store.dispose()
    return (f"{size:>7,} events | order {ordered.text()} | outbox {outbox.text()} | "
            f"seat page {seat.text()} | history {history.text()}")


def by_games(size: int) -> str:
    """Build a store of `size` running games; return its line of figures."""
    with tempfile.TemporaryDirectory(prefix="pbem-flat-") as tmp:
        folder = Path(tmp)
        app = web_app(folder)
        store: Store = app.extensions["pbem.store"]
        clock.set_now(START)
        try:
            made, _ = many_games(store, size)
            _stall(store, made)
            counter = ReadCounter(store._engine)
            lobby = median_reads(counter, [lambda: _ok(app.test_client().get("/"))] * 3)
            clock.set_now(START + timedelta(hours=24, minutes=1))
            swept = median_reads(counter, [lambda: deadlines.sweep(store)])
            recovered = median_reads(counter, [lambda: _recover_reads(store)] * 3)
        finally:
            clock.set_now(None)
            store.dispose()
    return (f"{size:>7,} games  | lobby {lobby.text()} | sweep {swept.text()} | "
            f"recover {recovered.text()}")


def _stall(store: Store, made: list[str]) -> None:
    """Leave one email of each real game undelivered, its queueing long expired."""
    with store._writer.begin() as conn:
        for game_id in made:
            conn.execute(update(outbox_t).where(outbox_t.c.game_id == game_id)
                         .values(status="pending", created_at="2026-01-01T00:00:00Z",
                                 queued_until="2026-01-01T00:00:00Z"))


def _recover_reads(store: Store) -> tuple[int, int, int]:
    """Read what the `recover` task reads; return how many of each it found."""
    return (len(store.stalled_outbox(STALE_SECONDS, GIVE_UP_AFTER, RECOVER_BATCH)),
            len(store.received_submissions(STALE_SECONDS, RECOVER_BATCH)),
            len(store.unreplied_submissions("email")))


def _ok(answer: Any) -> None:
    if answer.status_code != 200:
        raise SystemExit(f"a page answered {answer.status_code}")


def main() -> None:
    """Print one line per size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="also 100,000 events")
    parser.add_argument("--events", type=int, nargs="*", default=None)
    parser.add_argument("--games", type=int, nargs="*", default=None)
    args = parser.parse_args()
    events = args.events if args.events is not None else [100, 1_000, 10_000] + (
        [100_000] if args.full else [])
    games = args.games if args.games is not None else [100, 1_000, 10_000]
    for size in events:
        print(by_events(size), flush=True)
    for size in games:
        print(by_games(size), flush=True)


if __name__ == "__main__":
    main()
