"""Ratings benchmark: the leaderboard and a player's page at 1,000 and 10,000 players, against
a hello route of the same app, and the cost of applying one rated game.

Each size gets a SQLite store of its own (in a temporary folder). Synthetic rated games of
four players (drawn from `players` with a seeded stream) are kept as records, as the service
keeps a finished game's record, and applied by the service's own catch-up (`catch_up`: each
game rated with openskill against its players' stored lines), until every player has played.
Then, by turns and `--repeats` times, against GET /hello of the same app:

- `leaderboard`: GET /ratings/masons, the first page (50 lines and their records);
- `leaderboard_deep`: GET /ratings/masons?page=N, the last page;
- `player`: GET /players/<key> of the middle player (their lines, places and record);
- `api`: GET /api/v1/ratings/masons?limit=50.

Each figure is the median of the repeats, wall clock and this process's CPU time, with its
ratio to the hello route's. The last line is one JSON object of the figures by size, with
`apply_<players>_ms`, the mean wall clock of applying one game.

    .venv/bin/python bench/ratings.py [--players 1000 10000] [--repeats 9] [--quick]

`--quick` measures 200 players, 3 repeats.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy import insert

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.hot.timing import Took, compared, timed
from bench.hot.webapp import web_app

KEY = "5d1f0c7e2b9a48f3a6c0e1d2b3a4958677f8e9d0c1b2a3f4e5d6c7b8a9f0e1d2"
SEATS = 4


def synthetic_records(players: int, seed: int = 41) -> list[Any]:
    """Return rated Masons games of four players each until every player has played one."""
    from service.ratings.record import GameRecord, Side, Tally

    draw = random.Random(seed)
    keys = [f"{index:016x}" for index in range(players)]
    order = keys[:]
    draw.shuffle(order)
    records, number = [], 0
    while order or number * SEATS < players:
        table = [order.pop() for _ in range(min(SEATS, len(order)))]
        table += draw.sample(keys, SEATS - len(table))
        number += 1
        ranks = draw.sample(range(1, SEATS + 1), SEATS)
        records.append(GameRecord(
            f"{number:08x}", "masons", f"2026-01-01T00:00:00.{number:06d}Z", "",
            tuple(Side((key,), (1.0,), rank) for key, rank in zip(table, ranks, strict=True)),
            {key: f"Player {int(key, 16)}" for key in table},
            {key: Tally(started=1, finished=1) for key in table}))
    return records


def keep_records(store: Any, records: list[Any]) -> None:
    """Keep the records as finished games' records are kept (not yet applied)."""
    from service.ratings.stored import _add_tally, record_json
    from service.ratings.table import order_text
    from service.store.schema import rating_games

    with store.begin_write() as conn:
        for record in records:
            conn.execute(insert(rating_games).values(
                game_id=record.game_id, game=record.game, order_key=order_text(record),
                unrated="", record=record_json(record), applied=0))
            for player, tally in record.tallies.items():
                _add_tally(conn, player, record.names[player], tally)


def getter(client: Any, url: str) -> Any:
    """Return a GET of `url` that insists on 200."""
    def get() -> None:
        answer = client.get(url)
        if answer.status_code != 200:
            raise SystemExit(f"{url} answered {answer.status_code}")

    return get


def measure(players: int, repeats: int) -> dict[str, float]:
    """Fill a store with `players` rated players, print the figures and return them by key."""
    from service.ratings.stored import catch_up, leaderboard, player_count

    with tempfile.TemporaryDirectory(prefix="pbem-bench-ratings-") as folder:
        app = web_app(Path(folder), KEY)
        store = app.extensions["pbem.store"]
        try:
            records = synthetic_records(players)
            keep_records(store, records)
            started = time.perf_counter()
            catch_up(store)
            apply_ms = (time.perf_counter() - started) * 1000 / len(records)
            count = player_count(store, "masons")
            middle = leaderboard(store, "masons", 1, count // 2)[0].player
            client = app.test_client()
            paths = {"leaderboard": "/ratings/masons",
                     "leaderboard_deep": f"/ratings/masons?page={(count - 1) // 50 + 1}",
                     "player": f"/players/{middle}",
                     "api": "/api/v1/ratings/masons?limit=50"}
            actions = {name: getter(client, url) for name, url in paths.items()}
            hello = getter(client, "/hello")
            for action in (*actions.values(), hello):
                action()
            runs: dict[str, list[Took]] = {name: [] for name in (*actions, "hello")}
            for _ in range(repeats):
                runs["hello"].append(timed(hello))
                for name, action in actions.items():
                    runs[name].append(timed(action))
        finally:
            store.dispose()
    figures = {name: compared(runs[name], runs["hello"]) for name in actions}
    print(f"{count:>6} players, {len(records)} games applied at {apply_ms:.2f} ms each")
    out: dict[str, float] = {f"apply_{players}_ms": round(apply_ms, 3)}
    for name, item in figures.items():
        print("    " + item.line(name))
        out |= item.keys(f"{name}_{players}")
    return out


def main() -> None:
    """Measure every size and print the figures, the last line as JSON."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--quick", action="store_true", help="200 players, 3 repeats")
    args = parser.parse_args()
    sizes, repeats = ([200], 3) if args.quick else (args.players, args.repeats)
    figures: dict[str, float] = {}
    for players in sizes:
        figures |= measure(players, repeats)
    print(json.dumps(figures, sort_keys=True))


if __name__ == "__main__":
    main()
