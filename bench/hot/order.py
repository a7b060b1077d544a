"""One order through the service in-process, against a bare one-row transaction on the same
store (same file or schema, same durability settings); and `pbem order` as a whole command."""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench.hot.timing import seconds
from bench.scratch import PG_URL, drop_pg_store, new_pg_store

ROOT = Path(__file__).resolve().parents[2]
ORDERS_PER_REPEAT = 20
BASELINES_PER_ORDER = 3
SEATS = ("anna", "bruno", "carla")


@contextmanager
def order_store(kind: str) -> Iterator[Any]:
    """Yield a fresh store: "sqlite" a file in a temporary folder, "postgresql" (or "pg") a
    scratch schema of this run in $PBEM_BENCH_PG_URL."""
    from service.store import Store

    if kind in ("pg", "postgresql"):
        store = new_pg_store(PG_URL)
        try:
            yield store
        finally:
            drop_pg_store(store)
        return
    with tempfile.TemporaryDirectory(prefix="pbem-ratios-") as folder:
        store = Store(f"sqlite:///{Path(folder) / 'order.db'}")
        store.create_schema()
        try:
            yield store
        finally:
            store.dispose()


class Orders:
    """Random legal orders of one long game after another, each chosen before it is timed."""

    def __init__(self, store: Any, seed: bytes = b"bench-ratios") -> None:
        from engine.core.harness import chooser_for

        self.store, self.chooser, self.game_id = store, chooser_for(seed), ""
        self.games = 0

    def _new_game(self) -> None:
        from service.games import NewSeat, create_game

        seats = [NewSeat(name, f"{name}@example.org") for name in SEATS]
        self.game_id = create_game(self.store, "secret-masters", seats, {"long": "yes"},
                                   seed_hex=f"{self.games + 1:064x}").meta.id
        self.games += 1

    def next(self) -> tuple[str, str, str]:
        """Return (game id, seat, order text) of a legal order of a running game."""
        from service.loading import load_game

        while True:
            if self.game_id:
                loaded = load_game(self.store, self.game_id)
                prompts = loaded.game.prompts(loaded.state)
                if prompts:
                    prompt = self.chooser.choice(prompts)
                    order = self.chooser.choice(
                        list(loaded.game.legal_orders(loaded.state, prompt.seat)))
                    return self.game_id, prompt.seat, loaded.game.format_order(order)
            self._new_game()


def one_row(store: Any) -> None:
    """Write one row in one transaction, as the store writes: a game's registry row."""
    store.create_game(uuid.uuid4().hex[:8], "bench", "1", "baseline", "00")


def measure_order(kind: str, repeats: int = 3) -> tuple[float, float]:
    """Return the median seconds of one in-process order and of a bare one-row transaction."""
    from service.games import submit_order

    with order_store(kind) as store:
        orders = Orders(store)
        one_row(store)
        pending = orders.next()
        submit_order(store, *pending, source="bench")  # warm: imports, caches, pool
        pairs = []
        for _ in range(repeats):
            order_times, base_times = [], []
            for _ in range(ORDERS_PER_REPEAT):
                game_id, seat, text = orders.next()
                started = time.perf_counter()
                result = submit_order(store, game_id, seat, text, source="bench")
                order_times.append(time.perf_counter() - started)
                if not result.accepted:
                    raise SystemExit(f"a legal order was refused: {result.message}")
                base_times += [seconds(lambda: one_row(store))
                               for _ in range(BASELINES_PER_ORDER)]
            pairs.append((statistics.median(order_times), statistics.median(base_times)))
    return statistics.median(o for o, _ in pairs), statistics.median(b for _, b in pairs)


def _cli_environment(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_")}
    env.update(PBEM_HOME=str(home), PBEM_SECRET_KEY="bench-ratios",
               PYTHONPATH=str(ROOT))
    return env


def measure_cli_order() -> float:
    """Return the seconds `pbem order` takes as a whole command, in a home of its own."""
    with tempfile.TemporaryDirectory(prefix="pbem-ratios-cli-") as folder:
        home = Path(folder)
        env = _cli_environment(home)
        saved = {k: os.environ.get(k) for k in env if k.startswith("PBEM_")}
        os.environ.update({k: v for k, v in env.items() if k.startswith("PBEM_")})
        try:
            from service.config import load_config
            from service.store import Store

            store = Store(load_config().database_url)
            store.create_schema()
            game_id, seat, text = Orders(store).next()
            store.dispose()
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
        argv = [str(Path(sys.executable).with_name("pbem")), "order", game_id, seat, text]
        done: list[subprocess.CompletedProcess[bytes]] = []
        took = seconds(lambda: done.append(subprocess.run(argv, env=env, cwd=ROOT,
                                                          capture_output=True, check=False)))
        if done[0].returncode != 0:
            raise SystemExit(f"pbem order failed: {done[0].stderr.decode()[-500:]}")
        return took
