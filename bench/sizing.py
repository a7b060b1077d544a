"""Sizing: memory of each pbem process and disk of the store per thousand games.

Disk: plays --games games (Castle of the Devil, Secret Masters and Masons in turn, --orders random legal orders each, through
the real order path) into an empty SQLite store and into a new PostgreSQL database, and prints
each store's size beyond an empty one, and that of its backup (`pbem backup`), per thousand
games. Memory: starts gunicorn with deploy/gunicorn.conf.py (one web process), `pbem worker`
(concurrency 2), `pbem worker --beat` and `pbem smtpd` on that SQLite store, requests every
game's lobby line and a seat page of each, waits, and prints the resident (RSS) and
proportional (PSS, shared pages split) memory of each process from /proc/PID/smaps_rollup.
The last line is one JSON object of the figures.

    .venv/bin/python bench/sizing.py [--games 100] [--orders 20] [--no-postgres]
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from service.ops.backup import backup_to
from service.ops.upgrade import prepared
from service.store.store import Store
from tests import archives
from tests.stores import PG_URL, STRONG_KEY

GAMES = ("castle-of-the-devil", "secret-masters", "masons")
"""The games played, in turn (those whose every prompt lists its legal orders)."""
PBEM = [sys.executable, "-m", "service.cli.main"]


def play(url: str, games: int, orders: int) -> list[str]:
    """Create and play `games` games into the store at `url`; return their ids."""
    store = prepared(Store(url))
    names = GAMES
    played = []
    try:
        for index in range(games):
            game, seed = names[index % len(names)], f"{index + 1:064x}"
            try:
                played.append(archives.played_some(store, game, seed, orders))
            except ValueError:  # a random line of play with no legal order left: fewer orders
                played.append(archives.played_some(store, game, seed[::-1], orders // 2))
        return played
    finally:
        store.dispose()


def sqlite_bytes(path: Path) -> int:
    """Return the bytes of a SQLite store, its WAL checkpointed."""
    import sqlite3

    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path.stat().st_size


def pg_bytes(url: str) -> int:
    """Return pg_database_size of the store's database."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return int(connection.execute(text("SELECT pg_database_size(current_database())"))
                       .scalar_one())
    finally:
        engine.dispose()


def disk(games: int, orders: int, folder: Path, postgres: bool) -> dict[str, float]:
    """Return the store's and its backup's bytes per thousand games, per backend."""
    per = 1000 / games
    empty, full = folder / "empty.db", folder / "full.db"
    prepared(Store(f"sqlite:///{empty}")).dispose()
    play(f"sqlite:///{full}", games, orders)
    figures = {"sqlite_mb_per_1000": (sqlite_bytes(full) - sqlite_bytes(empty)) * per / 1e6,
               "sqlite_backup_mb_per_1000":
                   backup_to(f"sqlite:///{full}", folder / "b.db") * per / 1e6}
    if not postgres:
        return figures
    from bench.scratch import own_database

    with own_database(PG_URL) as url:
        prepared(Store(url)).dispose()
        before = pg_bytes(url)
        play(url, games, orders)
        figures["postgres_mb_per_1000"] = (pg_bytes(url) - before) * per / 1e6
        figures["postgres_dump_mb_per_1000"] = backup_to(url, folder / "b.dump") * per / 1e6
    return figures


def memory_of(pid: int) -> tuple[float, float]:
    """Return (RSS, PSS) in MB of one process."""
    values = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, _, rest = line.partition(":")
        values[name] = int(rest.split()[0])
    return values["Rss"] / 1024, values["Pss"] / 1024


def family(pid: int) -> list[int]:
    """Return the process and all its descendants."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        children = Path(f"/proc/{current}/task/{current}/children")
        if children.exists():
            todo += [int(child) for child in children.read_text().split()]
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def memory(home: Path, game_ids: list[str]) -> dict[str, list[tuple[float, float]]]:
    """Return (RSS, PSS) of each process of each part, after some requests."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_")}
    port = free_port()
    env.update(PBEM_HOME=str(home), PBEM_SECRET_KEY=STRONG_KEY, PYTHONPATH=str(ROOT),
               PBEM_WEB_BIND=f"127.0.0.1:{port}", PBEM_WEB_WORKERS="1")
    parts = {"web (gunicorn, 1 process, 4 threads)":
                 [str(Path(sys.executable).parent / "gunicorn"), "-c",
                  str(ROOT / "deploy" / "gunicorn.conf.py")],
             "worker (concurrency 2)": [*PBEM, "worker", "--concurrency", "2"],
             "beat (worker --beat, concurrency 1)": [*PBEM, "worker", "--beat",
                                                     "--concurrency", "1"],
             "smtpd": [*PBEM, "smtpd", "--port", str(free_port())]}
    running = {name: subprocess.Popen(argv, env=env, cwd=home, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL, start_new_session=True)
               for name, argv in parts.items()}
    try:
        time.sleep(20)
        for path in ["/", *[f"/games/{game_id}" for game_id in game_ids]]:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10).read()
            except OSError:
                pass
        time.sleep(5)
        return {name: [memory_of(pid) for pid in family(process.pid)]
                for name, process in running.items()}
    finally:
        for process in running.values():
            os.killpg(process.pid, signal.SIGTERM)
        for process in running.values():
            process.wait(timeout=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--orders", type=int, default=20)
    parser.add_argument("--no-postgres", action="store_true")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        started = time.monotonic()
        figures: dict[str, object] = dict(disk(options.games, options.orders, folder,
                                               not options.no_postgres))
        print(f"disk ({options.games} games of {options.orders} orders, "
              f"{time.monotonic() - started:.0f} s):")
        for name, value in figures.items():
            print(f"  {name:28} {value:8.1f}")
        home = folder / "home"
        home.mkdir()
        (folder / "full.db").rename(home / "pbem.db")
        store = Store(f"sqlite:///{home / 'pbem.db'}")
        ids = [row.id for row in store.list_games()][:50]
        store.dispose()
        for name, processes in memory(home, ids).items():
            print(f"  {name:40} " + ", ".join(f"RSS {rss:.0f} MB / PSS {pss:.0f} MB"
                                               for rss, pss in processes))
            figures[name] = processes
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
