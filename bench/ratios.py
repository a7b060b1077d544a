"""Hot paths against bare baselines, measured in one run: the service's speed targets.

Each round measures every path right next to its baseline (an order and a one-row transaction
on the same store, a turn email and a minimal WeasyPrint PDF, the seat page and a hello route
of the same gunicorn server, `pbem order` and `python -c pass`); the rounds repeat (3 by
default) and every figure is the median over them, its ratio the median of the rounds'
ratios, so load from other processes on the machine hits path and baseline alike.

Prints one line per figure, `name value baseline ratio` (seconds, or requests/s for the seat
page, whose ratio is its share of the hello route), and last one JSON object.

    .venv/bin/python bench/ratios.py [--repeats 3] [--events 100] [--no-postgres]

PostgreSQL stores are scratch schemas of this run in $PBEM_BENCH_PG_URL (see bench/README.md);
everything else lives in temporary folders.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.hot.timing import Figure, figure
from bench.order import measure_cli_order, measure_order
from bench.page import measure_seat_page
from bench.pdf import measure_email_pdf

Pair = tuple[float, float]


def python_start() -> float:
    """Return the seconds of `python -c pass`: the floor of any command."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - started


def cli_pair() -> Pair:
    """Return the seconds of `pbem order` and of `python -c pass` (the median of one run
    before it and two after it)."""
    before = python_start()
    command = measure_cli_order()
    return command, statistics.median([before, python_start(), python_start()])


def library_floor() -> Pair:
    """Return the seconds of `python -c "import sqlalchemy"` and of `python -c pass`: what a
    command that needs the full store pays before it does anything of its own (an order on
    the embedded store does not)."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import sqlalchemy"], check=True)
    return time.perf_counter() - started, python_start()


def rounds(args: argparse.Namespace) -> dict[str, list[Pair]]:
    """Measure every path and its baseline once per round; return the pairs per path."""
    paths: dict[str, Callable[[], Pair]] = {
        "order_sqlite_s": lambda: measure_order("sqlite", 1),
        "email_pdf_s": lambda: measure_email_pdf(1),
        "seat_page_rps": lambda: measure_seat_page(args.events),
        "cli_order_s": cli_pair,
        "cli_floor_s": library_floor,
    }
    if not args.no_postgres:
        paths["order_pg_s"] = lambda: measure_order("postgresql", 1)
    pairs: dict[str, list[Pair]] = {name: [] for name in paths}
    for number in range(args.repeats):
        for name, measure in paths.items():
            pairs[name].append(measure())
        print(f"# round {number + 1} of {args.repeats} done", file=sys.stderr, flush=True)
    return pairs


def summary(figures: dict[str, Figure]) -> dict[str, float | None]:
    """Return the JSON summary: the ratios with targets, and the figures behind them."""
    def ratio(name: str) -> float | None:
        return round(figures[name].ratio, 4) if name in figures else None

    result: dict[str, float | None] = {
        "order_sqlite_ratio": ratio("order_sqlite_s"),
        "order_pg_ratio": ratio("order_pg_s"),
        "seat_page_share": ratio("seat_page_rps"),
        "email_pdf_ratio": ratio("email_pdf_s"),
        "cli_order_s": round(figures["cli_order_s"].value, 4),
        "cli_order_ratio": ratio("cli_order_s"),
        "cli_floor_s": round(figures["cli_floor_s"].value, 4),
    }
    for name, item in figures.items():
        result[name] = round(item.value, 6)
        result[name.rsplit("_", 1)[0] + "_baseline"] = round(item.baseline, 6)
    result["load_average_1min"] = round(os.getloadavg()[0], 2)
    return result


def main() -> None:
    """Run the rounds and print the figures, then the JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="rounds (medians over them)")
    parser.add_argument("--events", type=int, default=100,
                        help="length of the game whose seat page is served")
    parser.add_argument("--no-postgres", action="store_true")
    args = parser.parse_args()
    figures = {name: figure(name, pairs) for name, pairs in rounds(args).items()}
    for item in figures.values():
        print(item.line())
    print(json.dumps(summary(figures), sort_keys=True))


if __name__ == "__main__":
    main()
