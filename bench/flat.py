"""Flat costs: what one order and one page read as a game's log and the number of games grow.

For each log length (100, 1,000 and 10,000 events; --full adds 100,000) one real game padded
with press events, each with its delivered email, and for each number of running games (100,
1,000 and 10,000) a store of real games and their clones. For every action it prints the SQL
statements sent, the rows fetched and the wall-clock time (the median of 3 runs):

- order: one in-process order, stored, decided and appended;
- outbox: what the worker reads after that order to queue its emails;
- seat page, history: the seat's page (a first visit, no cookie) and its newest history page;
- game page: the public page of the game (/games/<id>);
- watch: the spectators' page, once the game is open to them;
- replay: the seat's replay at the middle of the log (/play/.../replay/<seq>);
- replay round: the seat's jump to the start of a round (/play/.../replay?round=1), a search
  of the log answered by a redirect;
- api game, api seat, api history: the JSON API's reads of the game and of one seat;
- pdf: the seat's PDF download, rendered (one seat after another, each a first download);
- pdf cached: the same download again, read back from the PDF cache;
- game over, replay over: once the game has ended, its public page (which then shows its
  history) and its public replay at the middle of the log;
- lobby, api games: GET / and GET /api/v1/games, the games listed on the front page;
- my games: GET /me signed in as an address that plays 5 of the games;
- sweep: the deadline sweep through the deadlines projection (5 games due, the rest not);
- recover: the reads of the `recover` task (stalled deliveries, undecided orders, unanswered
  mail) with every email of every game delivered but 5.

Every page is read cold: the in-process caches of folded games, seat parts and lobby lines are
emptied before each run, as in a web worker that has not shown the game yet. Statements are
counted where the driver runs them (raw cursor reads included, transaction control left out).
Flat means the statements and rows stay the same from size to size, and the time nearly so;
the table at the end of each store's run marks what grew.

Every run of an action is timed next to its baseline, by turns, in wall clock and this
process's CPU time: for a page, GET /hello of the same app (a route answering a constant: the
same test client, request hooks, session and store opening, with nothing of the page's own
reads); for a store action (order, outbox, sweep, recover), a bare one-row read of the games
table on the same store. A baseline does not grow with the store, so its ratio shows what grows
while the machine's load, which slows both sides alike, cancels out. The last line is one JSON
object: per store, unit and size, `<store>_<events|games>_<size>_<action>_ms`, `..._cpu_ms`,
`..._baseline_ms`, `..._baseline_cpu_ms`, `..._ratio`, `..._cpu_ratio`, `..._statements` and
`..._rows` (spaces in an action's name become underscores).

Every store is a SQLite file in a temporary folder; with --postgres, the same runs follow on
PostgreSQL, each size in a scratch schema of its own made and dropped by this run (see
bench/README.md).

    .venv/bin/python bench/flat.py [--full] [--events N ...] [--games N ...]
                                   [--postgres [URL]] [--no-sqlite] [--quick]

`--quick`: 100 events and 100 games, on SQLite only.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import update

from bench.hot.order import Orders
from bench.hot.reads import ReadCounter, Reads
from bench.hot.synth import SEATS, long_game, many_games
from bench.hot.timing import Compared, Took
from bench.hot.webapp import web_app
from bench.scratch import PG_URL, drop_pg_store, new_pg_store
from service.base import clock
from service.base.tokens import signature
from service.game.kept import forget_games
from service.game.loading import load_game
from service.orders.processing import submit_order
from service.seats.master import end_game, set_spectators
from service.store.roles import EventLog
from service.store.schema import outbox as outbox_t
from service.store.store import Store
from service.sweeps import deadlines

KEY = "f6947f6421eaf219f9dc63d3e481a72dea5c896a86b7c82ecc0fdb8edac9edec"
START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
STALE_SECONDS, GIVE_UP_AFTER, RECOVER_BATCH = 60, 20, 100
"""As the `recover` task reads (workers/tasks.py)."""
PLAYER = "anna@example.org"
"""The address that signs in to "my games": it plays the real games, not their clones."""
Measured = tuple[Reads, Reads]
"""An action's median reads and times, and its baseline's, run by turns."""
Line = dict[str, Measured]


def _median(runs: list[Reads]) -> Reads:
    return Reads(int(statistics.median(r.statements for r in runs)),
                 int(statistics.median(r.rows for r in runs)),
                 statistics.median(r.seconds for r in runs),
                 statistics.median(r.cpu for r in runs))


def median_reads(counter: ReadCounter, actions: list[Callable[[], object]],
                 baseline: Callable[[], object]) -> Measured:
    """Return the median statements, rows, seconds and CPU over running each action once,
    each right after one run of `baseline`, and the baseline's medians."""
    runs, bases = [], []
    for action in actions:
        bases.append(counter.measure(baseline))
        runs.append(counter.measure(action))
    return _median(runs), _median(bases)


def one_row(store: Store) -> Callable[[], object]:
    """Return the baseline of a store action: a bare one-row read of the games table."""
    from sqlalchemy import select

    from service.store.schema import games as games_t

    def read() -> object:
        with store._engine.connect() as conn:
            return conn.execute(select(games_t).limit(1)).first()

    return read


@contextmanager
def bench_app(pg_url: str | None) -> Iterator[tuple[Any, Store]]:
    """Yield the web app and its store: a SQLite file in a temporary folder, or (with a URL)
    a PostgreSQL scratch schema of this run, dropped at the end."""
    with tempfile.TemporaryDirectory(prefix="pbem-flat-") as tmp:
        app = web_app(Path(tmp), KEY)
        store: Store = app.extensions["pbem.store"]
        if pg_url is not None:
            store.dispose()
            store = new_pg_store(pg_url)
            app.extensions["pbem.store"] = store
        try:
            yield app, store
        finally:
            if pg_url is not None:
                drop_pg_store(store)
            else:
                store.dispose()


def cold() -> None:
    """Empty the in-process caches pages keep of folded games, seat parts and lobby lines."""
    from service.web.lobbylines import forget_lines
    from service.web.seatparts import forget_parts

    forget_games()
    forget_parts()
    forget_lines()


def seat_sig(store: EventLog, game_id: str, seat: str) -> str:
    """Return the seat's signature: its link's last part and its API bearer token."""
    meta = load_game(store, game_id).meta
    return signature(KEY.encode(), game_id, seat, meta.generation(seat), "web")


def page_reads(app: Any, counter: ReadCounter, url: str, headers: dict[str, str] | None = None,
               times: int = 3, status: int = 200) -> Measured:
    """Return the median reads of `times` cold GETs of `url`, each from a new client, and of
    as many GETs of /hello (the baseline) by turns with them."""
    return median_reads(counter, [partial(_get_cold, app, url, headers, status)] * times,
                        partial(_get_cold, app, "/hello"))


def by_events(size: int, pg_url: str | None) -> Line:
    """Build a game of `size` events; return what each action read."""
    with bench_app(pg_url) as (app, store):
        counter = ReadCounter(store._engine)
        game_id = long_game(store, size)
        ordered, results = _orders(store, counter, game_id)
        line = {"order": ordered,
                "outbox": median_reads(counter, [partial(store.submission_outbox,
                                                         r.submission_id) for r in results],
                                       one_row(store))}
        sigs = {seat.name: seat_sig(store, game_id, seat.name) for seat in SEATS}
        link = f"/play/{game_id}/anna/{sigs['anna']}"
        api = f"/api/v1/games/{game_id}"
        bearer = {"Authorization": f"Bearer {sigs['anna']}"}
        line["seat page"] = page_reads(app, counter, link)
        line["history"] = page_reads(app, counter, link + "/history")
        line["game page"] = page_reads(app, counter, f"/games/{game_id}")
        set_spectators(store, game_id, True)
        line["watch"] = page_reads(app, counter, f"/games/{game_id}/watch")
        line["replay"] = page_reads(app, counter, f"{link}/replay/{size // 2}")
        line["replay round"] = page_reads(app, counter, f"{link}/replay?round=1", status=303)
        line["api game"] = page_reads(app, counter, api)
        line["api seat"] = page_reads(app, counter, api + "/seats/anna", bearer)
        line["api history"] = page_reads(app, counter, api + "/seats/anna/history", bearer)
        line["pdf"] = median_reads(counter, [
            partial(_get_cold, app, f"/play/{game_id}/{seat}/{sig}/snapshot.pdf")
            for seat, sig in sigs.items()],  # each seat's first download renders its PDF
            partial(_get_cold, app, "/hello"))
        line["pdf cached"] = page_reads(app, counter, link + "/snapshot.pdf")
        end_game(store, game_id, "measured")
        line["game over"] = page_reads(app, counter, f"/games/{game_id}")
        line["replay over"] = page_reads(app, counter, f"/games/{game_id}/replay/{size // 2}")
    return line


def _orders(store: Store, counter: ReadCounter, game_id: str) -> tuple[Measured, list[Any]]:
    """Give three orders in the long game; return their median reads and their results."""
    orders = Orders(store)
    orders.game_id = game_id
    picked = [orders.next()]
    results: list[Any] = []

    def order() -> None:
        pending = picked.pop() if picked else orders.next()
        results.append(submit_order(store, *pending, source="bench"))

    ordered = median_reads(counter, [order, order, order], one_row(store))
    if not all(result.accepted for result in results) or orders.game_id != game_id:
        raise SystemExit("an order of the long game was refused or it ended")
    return ordered, results


def by_games(size: int, pg_url: str | None) -> Line:
    """Build a store of `size` running games; return what each action read."""
    with bench_app(pg_url) as (app, store):
        clock.set_now(START)
        try:
            made, _ = many_games(store, size)
            _stall(store, made)
            counter = ReadCounter(store._engine)
            line = {"lobby": page_reads(app, counter, "/"),
                    "api games": page_reads(app, counter, "/api/v1/games"),
                    "my games": median_reads(counter, [partial(_my_games, app)] * 3,
                                             partial(_get_cold, app, "/hello"))}
            clock.set_now(START + timedelta(hours=24, minutes=1))
            line["sweep"] = median_reads(counter, [lambda: deadlines.sweep(store)],
                                         one_row(store))
            line["recover"] = median_reads(counter, [lambda: _recover_reads(store)] * 3,
                                           one_row(store))
        finally:
            clock.set_now(None)
    return line


def _get_cold(app: Any, url: str, headers: dict[str, str] | None = None,
              status: int = 200) -> None:
    """GET `url` from a new client with the in-process caches emptied; insist on `status`."""
    cold()
    _ok(app.test_client().get(url, headers=headers or {}), url, status)


def _my_games(app: Any) -> None:
    """GET /me signed in as PLAYER, cold; insist that it lists the player's real games."""
    from service.web.me import ME_KEY

    client = app.test_client()
    with client.session_transaction() as session:
        session[ME_KEY] = PLAYER
    cold()
    answer = client.get("/me")
    _ok(answer, "/me")
    if answer.get_data(as_text=True).count("/play/") < 5:
        raise SystemExit("my games did not list the player's games")


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


def _ok(answer: Any, url: str, status: int = 200) -> None:
    if answer.status_code != status:
        raise SystemExit(f"{url} answered {answer.status_code}")


def print_line(label: str, line: Line) -> None:
    """Print what each action of one size read."""
    print(label, flush=True)
    for action, (reads, base) in line.items():
        ratio = reads.seconds / base.seconds if base.seconds > 0 else float("nan")
        cpu_ratio = reads.cpu / base.cpu if base.cpu > 0 else float("nan")
        print(f"    {action:<12} {reads.text()}   baseline {base.seconds * 1000:6.2f} ms "
              f"({base.cpu * 1000:6.2f} ms CPU)   ratio {ratio:7.1f} (CPU {cpu_ratio:7.1f})",
              flush=True)


def line_keys(prefix: str, line: Line) -> dict[str, float]:
    """Return one size's figures by JSON key."""
    figures: dict[str, float] = {}
    for action, (reads, base) in line.items():
        name = f"{prefix}_{action.replace(' ', '_')}"
        figures |= Compared(Took(reads.seconds, reads.cpu), Took(base.seconds, base.cpu)).keys(
            name) | {f"{name}_statements": reads.statements, f"{name}_rows": reads.rows}
    return figures


def print_table(label: str, unit: str, lines: dict[int, Line]) -> None:
    """Print statements/rows of every action by size, marking the actions that grew."""
    if not lines:
        return
    sizes = sorted(lines)
    print(f"[{label}] statements/rows by {unit}: " + " ".join(f"{s:>13,}" for s in sizes))
    for action in lines[sizes[0]]:
        cells = [lines[size][action][0] for size in sizes]
        grew = any((c.statements, c.rows) != (cells[0].statements, cells[0].rows)
                   for c in cells)
        text = " ".join(f"{f'{c.statements}/{c.rows}':>13}" for c in cells)
        print(f"    {action:<12} {' ' * (len(unit) + 19)}{text}{'  <- grew' if grew else ''}")


def run(label: str, pg_url: str | None, events: list[int],
        games: list[int]) -> dict[str, float]:
    """Measure every size on fresh stores of one kind, print the lines and tables, and return
    the figures by JSON key."""
    by_event: dict[int, Line] = {}
    for size in events:
        by_event[size] = by_events(size, pg_url)
        print_line(f"[{label}] {size:,} events", by_event[size])
    by_game: dict[int, Line] = {}
    for size in games:
        by_game[size] = by_games(size, pg_url)
        print_line(f"[{label}] {size:,} games", by_game[size])
    print_table(label, "events", by_event)
    print_table(label, "games", by_game)
    figures: dict[str, float] = {}
    for size, line in by_event.items():
        figures |= line_keys(f"{label}_events_{size}", line)
    for size, line in by_game.items():
        figures |= line_keys(f"{label}_games_{size}", line)
    return figures


def main() -> None:
    """Print what each action read at each size, on SQLite and (if asked) PostgreSQL."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="also 100,000 events")
    parser.add_argument("--events", type=int, nargs="*", default=None)
    parser.add_argument("--games", type=int, nargs="*", default=None)
    parser.add_argument("--postgres", nargs="?", const=PG_URL,
                        help="also on PostgreSQL at URL (default $PBEM_BENCH_PG_URL), each "
                             "size in a scratch schema of its own")
    parser.add_argument("--no-sqlite", action="store_true", help="only on PostgreSQL")
    parser.add_argument("--quick", action="store_true", help="100 events, 100 games, SQLite")
    args = parser.parse_args()
    if args.quick:
        args.events, args.games, args.postgres, args.no_sqlite = [100], [100], None, False
    events = args.events if args.events is not None else [100, 1_000, 10_000] + (
        [100_000] if args.full else [])
    games = args.games if args.games is not None else [100, 1_000, 10_000]
    figures: dict[str, float] = {}
    if not args.no_sqlite:
        figures |= run("sqlite", None, events, games)
    if args.postgres:
        figures |= run("postgresql", args.postgres, events, games)
    print(json.dumps(figures, sort_keys=True))


if __name__ == "__main__":
    main()
