"""`pbem bench`: how many orders a second this machine decides and mails, as configured.

Runs the order path as the workers run it - an order stored and decided, then each mail it
caused composed with its PDF, claimed, written out and marked sent - in as many processes as
the configured worker runs (`PBEM_WORKER_CONCURRENCY`, else one per core, at least two), each
process on Freimaurerei games of its own, for a few seconds after a warm-up. Everything is
made in a temporary home and removed at the end: a SQLite store there (the embedded
default), or, when PBEM_DATABASE_URL names PostgreSQL, a scratch schema `pbem_bench_<random>`
in that database, dropped at the end (the service's own tables are never touched). Mail goes
to files in the temporary home, so the figure leaves out the SMTP relay and the broker; it
is what the workers can decide and compose, beside the load the machine had meanwhile.
"""
from __future__ import annotations

import json
import multiprocessing
import os
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import click

from service.base.config import load_config, worker_processes

BENCH_GAMES = 6
"""Games per process: orders go to them in turn."""
SEATS = ("anna", "bruno")


def _process(args: tuple[str, str | None, str, float, int]) -> dict[str, float]:
    """Decide and mail orders for `seconds` in one process; return its counts and CPU."""
    url, schema, home, seconds, index = args
    from engine.core import get_game
    from service.mail.delivery import deliver
    from service.orders.creation import NewSeat, create_game
    from service.orders.processing import submit_order
    from service.pdf.render import warm_up
    from service.store.store import Store

    config = load_config({"PBEM_HOME": home, "PBEM_SECRET_KEY": "pbem-bench-" + "k" * 32,
                          "PBEM_DATABASE_URL": url})
    store = Store(url, schema=schema, pdf_folder=Path(home) / f"pdf-{index}")
    try:
        game = get_game("freimaurerei")
        games = [create_game(store, game.name, [NewSeat(n, f"{n}@bench.test") for n in SEATS],
                             seed_hex=f"{index:02x}{number:02x}" * 16).meta.id
                 for number in range(BENCH_GAMES)]
        warm_up()
        for outbox_id in [row.id for game_id in games for row in store.outbox_for_game(game_id)]:
            deliver(store, config, outbox_id)  # the opening mail, not counted
        return _orders(store, config, games, seconds, submit_order, deliver)
    finally:
        store.dispose()


def _orders(store: Any, config: Any, games: list[str], seconds: float, submit: Any,
            deliver: Any) -> dict[str, float]:
    """Play orders in turn on `games` for `seconds`; return orders, mails, wall and CPU."""
    from service.game.current import game_at

    orders = mails = 0
    cpu, started = time.process_time(), time.monotonic()
    while time.monotonic() - started < seconds:
        game_id = games[orders % len(games)]
        loaded = game_at(store, game_id)
        prompts = loaded.game.prompts(loaded.state)
        if not prompts:  # over: the bench plays on the next game
            games.remove(game_id)
            if not games:
                break
            continue
        seat = prompts[0].seat
        order = loaded.game.format_order(loaded.game.legal_orders(loaded.state, seat)[0])
        result = submit(store, game_id, seat, order, source="bench")
        for outbox_id in store.submission_outbox(result.submission_id):
            mails += deliver(store, config, outbox_id) == "sent"
        orders += 1
    return {"orders": orders, "mails": mails, "wall_s": time.monotonic() - started,
            "cpu_s": time.process_time() - cpu}


@click.command("bench")
@click.option("--seconds", default=10.0, show_default=True, help="How long each process plays.")
def bench_command(seconds: float) -> None:
    """Measure and print the orders a second this machine decides and mails, as configured."""
    config = load_config()
    processes = worker_processes()
    postgres = not config.database_url.startswith("sqlite")
    schema = f"pbem_bench_{uuid.uuid4().hex[:12]}" if postgres else None
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="pbem-bench-") as home:
        url = config.database_url if postgres else f"sqlite:///{Path(home) / 'bench.db'}"
        from service.store.store import Store

        scratch = Store(url, schema=schema, pdf_folder=Path(home) / "pdf")
        scratch.create_schema()
        try:
            with multiprocessing.get_context("spawn").Pool(processes) as pool:
                found = pool.map(_process, [(url, schema, home, seconds, index)
                                            for index in range(processes)])
        finally:
            scratch.drop_schema()
            scratch.dispose()
    orders = sum(part["orders"] for part in found)
    wall = max(part["wall_s"] for part in found)
    cpu_ms = 1000 * sum(part["cpu_s"] for part in found) / max(orders, 1)
    figures = {"store": "postgresql" if postgres else "sqlite", "processes": processes,
               "orders": orders, "mails": sum(part["mails"] for part in found),
               "orders_per_s": round(orders / wall, 1) if wall else 0.0,
               "cpu_ms_per_order": round(cpu_ms, 1),
               "load_average_1min": [round(load_before, 2), round(os.getloadavg()[0], 2)]}
    click.echo(f"{figures['orders_per_s']} orders a second decided and mailed by "
               f"{processes} processes on {figures['store']} ({figures['cpu_ms_per_order']} ms "
               f"of CPU an order; load average {load_before:.1f} -> {os.getloadavg()[0]:.1f}); "
               "the SMTP relay and the task broker are not included")
    click.echo(json.dumps(figures, sort_keys=True))
