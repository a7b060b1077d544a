"""Random legal orders of long games, for the benchmarks that give orders (bench/flat.py)."""
from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench.scratch import PG_URL, drop_pg_store, new_pg_store

ROOT = Path(__file__).resolve().parents[2]
ORDERS_PER_REPEAT = 20
BASELINES_PER_ORDER = 3
SEATS = ("anna", "bruno", "carla")


@contextmanager
def order_store(kind: str) -> Iterator[Any]:
    """Yield a fresh store: "sqlite" a file in a temporary folder, "postgresql" (or "pg") a
    scratch schema of this run in $PBEM_BENCH_PG_URL."""
    from service.store.store import Store

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
        from service.orders.creation import NewSeat, create_game

        seats = [NewSeat(name, f"{name}@example.org") for name in SEATS]
        self.game_id = create_game(self.store, "secret-masters", seats, {"long": "yes"},
                                   seed_hex=f"{self.games + 1:064x}").meta.id
        self.games += 1

    def next(self) -> tuple[str, str, str]:
        """Return (game id, seat, order text) of a legal order of a running game."""
        from service.game.loading import load_game

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
