"""Hot paths against bare baselines, measured in one run: the service's speed targets.

Each round measures every path right next to its baseline (an order and a one-row transaction
on the same store, a turn email and a minimal WeasyPrint PDF, the seat page and a hello route
of the same gunicorn server, `pbem order` and `python -c pass`); the rounds repeat (3 by
default) and every figure is the median over them, its ratio the median of the rounds'
ratios, so load from other processes on the machine hits path and baseline alike.

Every path is also measured in CPU time beside its baseline's: this process's CPU for an order
and a turn email, the command's process for `pbem order` and the library floor, and the server's
CPU per request (every gunicorn process, from /proc) for the seat page and hello. The CPU time
leaves out the time other processes held the machine, so its ratio moves less than the wall
clock's.

Prints one line per figure, `name value baseline ratio` (seconds, or requests/s for the seat
page, whose ratio is its share of the hello route; `..._cpu` lines in CPU seconds, the seat
page's per request), and last one JSON object: the wall-clock keys (`order_sqlite_ratio`,
`order_sqlite_s`, `order_sqlite_baseline`, ...), and beside each path `<path>_cpu_ms`,
`<path>_cpu_baseline_ms` and `<path>_cpu_ratio` (`order_sqlite_cpu_ms`, `seat_page_cpu_ms`,
...).

    .venv/bin/python bench/ratios.py [--repeats 3] [--events 100] [--no-postgres] [--quick]

`--quick`: one round, no PostgreSQL, the seat page for 1 s.

PostgreSQL stores are scratch schemas of this run in $PBEM_BENCH_PG_URL (see bench/README.md);
everything else lives in temporary folders.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.hot.timing import Compared, Figure, compared, figure
from bench.order import command_took, measure_cli_times, measure_order_times, python_start_times
from bench.page import measure_seat_page_cpu
from bench.pdf import measure_email_pdf_times

Pair = tuple[float, float]
Measured = tuple[Pair, Pair]
"""One round of a path: (value, baseline) in wall clock (or requests/s), and in CPU seconds."""


def pairs_of(found: Compared) -> Measured:
    """Return the wall-clock and the CPU pairs of a path timed beside its baseline."""
    return (found.path.wall, found.base.wall), (found.path.cpu, found.base.cpu)


def cli_pair() -> Measured:
    """Return `pbem order` (the median of 5 commands) against `python -c pass` (the median of
    one run before them and two after), in wall clock and the commands' CPU."""
    before = python_start_times(1)
    command = measure_cli_times(5)
    return pairs_of(compared(command, before + python_start_times(2)))


def library_floor() -> Measured:
    """Return `python -c "import sqlalchemy"` against `python -c pass`: what a command that
    needs the full store pays before it does anything of its own (an order on the embedded
    store does not)."""
    floor = command_took([sys.executable, "-c", "import sqlalchemy"])
    return pairs_of(Compared(floor, python_start_times(1)[0]))


def seat_page(events: int, seconds: float, rounds: int) -> Measured:
    """Return the seat page's and hello's requests/s, and the server's CPU per request."""
    found = measure_seat_page_cpu(events, seconds, rounds)
    return (found.page_rps, found.hello_rps), (found.page_cpu, found.hello_cpu)


def rounds(args: argparse.Namespace) -> dict[str, list[Measured]]:
    """Measure every path and its baseline once per round; return the pairs per path."""
    seconds, served = (1.0, 1) if args.quick else (6.0, 3)
    paths: dict[str, Callable[[], Measured]] = {
        "order_sqlite_s": lambda: pairs_of(measure_order_times("sqlite", 1)),
        "email_pdf_s": lambda: pairs_of(measure_email_pdf_times(1)),
        "seat_page_rps": lambda: seat_page(args.events, seconds, served),
        "cli_order_s": cli_pair,
        "cli_floor_s": library_floor,
    }
    if not args.no_postgres:
        paths["order_pg_s"] = lambda: pairs_of(measure_order_times("postgresql", 1))
    pairs: dict[str, list[Measured]] = {name: [] for name in paths}
    for number in range(args.repeats):
        for name, measure in paths.items():
            pairs[name].append(measure())
        print(f"# round {number + 1} of {args.repeats} done", file=sys.stderr, flush=True)
    return pairs


def cpu_keys(name: str, item: Figure) -> dict[str, float]:
    """Return the CPU figures of one path: milliseconds of the path and of its baseline, and
    the median of the rounds' ratios."""
    base = name.rsplit("_", 1)[0]
    return {f"{base}_cpu_ms": round(item.value * 1000, 3),
            f"{base}_cpu_baseline_ms": round(item.baseline * 1000, 3),
            f"{base}_cpu_ratio": round(item.ratio, 4)}


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
    parser.add_argument("--quick", action="store_true",
                        help="one round, no PostgreSQL, the seat page for 1 s")
    args = parser.parse_args()
    if args.quick:
        args.repeats, args.no_postgres = 1, True
    measured = rounds(args)
    figures = {name: figure(name, [wall for wall, _ in pairs])
               for name, pairs in measured.items()}
    cpu = {name: figure(name.rsplit("_", 1)[0] + "_cpu", [used for _, used in pairs])
           for name, pairs in measured.items()}
    for name, item in figures.items():
        print(item.line())
        print(cpu[name].line())
    result = summary(figures)
    for name, item in cpu.items():
        result |= cpu_keys(name, item)
    print(json.dumps(result, sort_keys=True))


if __name__ == "__main__":
    main()
