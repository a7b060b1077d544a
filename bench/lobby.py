"""Lobby benchmark: the front page read cold at 1,000 and 10,000 games, against a hello route.

Each size gets a store of its own (a SQLite file in a temporary folder): 5 games made by the
service and clones of them up to the size (bench/hot/synth.py). The service's web app gets a
`/hello` route answering a constant, the baseline: the same app, its request hooks and the same
test client, with nothing of the lobby's own work. Then, by turns and `--repeats` times:

- `lobby`: GET / with the process's caches of folded games and lobby lines emptied first, as
  in a web worker that has not shown the lobby yet (the lines other processes stored in the
  database are there: the games did not move since they were last listed);
- `lobby_unlisted`: the same with the stored lines deleted too, as after every listed game
  moved: each game on the page is folded and its line stored again;
- `lobby_warm`: GET / again, every cache full;
- `hello`: GET /hello.

Each figure is the median of the repeats, in wall clock and in this process's CPU time, with
its ratio to the hello route's median. The last line is one JSON object: per size,
`lobby_<games>_ms`, `..._cpu_ms`, `..._baseline_ms`, `..._baseline_cpu_ms`, `..._ratio`,
`..._cpu_ratio`, the same for `lobby_unlisted_<games>` and `lobby_warm_<games>`, and the statements and rows a cold lobby
read (`lobby_<games>_statements`, `lobby_<games>_rows`).

    .venv/bin/python bench/lobby.py [--games 1000 10000] [--repeats 9] [--quick]

`--quick` measures 100 games, 3 repeats.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import delete

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.hot.reads import ReadCounter
from bench.hot.synth import many_games
from bench.hot.timing import Took, compared, timed
from bench.hot.webapp import web_app
from service.store.schema import lobby_lines

KEY = "76973b0b5e5cfd5eeed3b551e4f959a64969da64bcafa4beb7066e69b5eef5ed"


def cold() -> None:
    """Empty the in-process caches the lobby keeps: folded games and lobby lines."""
    from service.game.kept import forget_games
    from service.web.lobbylines import forget_lines

    forget_games()
    forget_lines()


def getter(client: Any, url: str, empty: bool = False,
           store: Any = None) -> Callable[[], None]:
    """Return a GET of `url` that insists on 200 (first emptying the caches, if `empty`, and
    deleting the stored lobby lines of the benchmark's own store, if `store`)."""
    def get() -> None:
        if empty:
            cold()
        if store is not None:
            with store._writer.begin() as conn:
                conn.execute(delete(lobby_lines))
        answer = client.get(url)
        if answer.status_code != 200:
            raise SystemExit(f"{url} answered {answer.status_code}")

    return get


def measure(games: int, repeats: int) -> dict[str, float]:
    """Fill a store with `games` games, print the lobby's figures and return them by key."""
    with tempfile.TemporaryDirectory(prefix="pbem-bench-lobby-") as folder:
        app = web_app(Path(folder), KEY)
        store = app.extensions["pbem.store"]
        try:
            many_games(store, games)
            client = app.test_client()
            unlisted = getter(client, "/", empty=True, store=store)
            lobby, warm, hello = (getter(client, "/", empty=True), getter(client, "/"),
                                  getter(client, "/hello"))
            for action in (unlisted, lobby, warm, hello):
                action()
            runs: dict[str, list[Took]] = {"cold": [], "unlisted": [], "warm": [], "hello": []}
            for _ in range(repeats):
                runs["hello"].append(timed(hello))
                runs["unlisted"].append(timed(unlisted))
                runs["cold"].append(timed(lobby))
                runs["warm"].append(timed(warm))
            counted = ReadCounter(store._engine).measure(lobby)
        finally:
            store.dispose()
    figures = {name: compared(runs[name], runs["hello"])
               for name in ("cold", "unlisted", "warm")}
    print(f"{games:>6} games: a cold lobby reads {counted.statements} statements, "
          f"{counted.rows} rows")
    for name, item in figures.items():
        print("    " + item.line(f"lobby {name}"))
    return (figures["cold"].keys(f"lobby_{games}")
            | figures["unlisted"].keys(f"lobby_unlisted_{games}")
            | figures["warm"].keys(f"lobby_warm_{games}")
            | {f"lobby_{games}_statements": counted.statements,
               f"lobby_{games}_rows": counted.rows})


def main() -> None:
    """Measure every size and print the figures, the last line as JSON."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--quick", action="store_true", help="100 games, 3 repeats")
    args = parser.parse_args()
    sizes, repeats = ([100], 3) if args.quick else (args.games, args.repeats)
    figures: dict[str, float] = {}
    for games in sizes:
        figures |= measure(games, repeats)
    print(json.dumps(figures, sort_keys=True))


if __name__ == "__main__":
    main()
