"""Mails each seat receives over a seeded game of each title, by notification preference.

Plays one seeded random game per title through the real store (orders one per submission,
now and then a deadline default) and counts the outbox rows that become emails, per seat:
with everyone on "every change" (the default), and the same game as it is mailed to players
on "only when I must act" (their other notices are held for one daily digest, not counted).
Answers to the players' own emails are not outbox rows and are not counted.

    .venv/bin/python bench/mailcount.py
"""
from __future__ import annotations

import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import get_game
from service.cli.selfplay import play_to_end
from service.game.loading import load_game
from service.orders.creation import NewSeat, create_game
from service.store.roles import EventLog
from service.store.store import Store

TABLES = {"secret-masters": 3, "freimaurerei": 2, "castle-of-the-devil": 5}
FIXED_IDS = {"secret-masters": "5e0c0001", "freimaurerei": "f4e10002",
             "castle-of-the-devil": "ca57e003"}
NAMES = ("anna", "bruno", "carla", "dora", "emil", "fritz", "greta", "hans")


def count(game: str, players: int, folder: Path) -> tuple[Counter[str], Counter[str], int]:
    """Return (mails per seat on "every change", on "only when I must act", orders)."""
    store = Store(f"sqlite:///{folder / game}.db")
    store.create_schema()
    seats = [NewSeat(name, f"{name}@example.org") for name in NAMES[:players]]
    loaded = create_game(store, game, seats, seed_hex="3a" * 32, game_id=FIXED_IDS[game])
    played = play_to_end(store, loaded, b"mailcount")
    every: Counter[str] = Counter()
    must_act: Counter[str] = Counter()
    for row in store.outbox_for_game(loaded.meta.id):
        every[row.recipient] += 1
        if row.kind != "turn" or _must_act(store, row.game_id, row.seq, row.recipient):
            must_act[row.recipient] += 1
    store.dispose()
    return every, must_act, played.orders


def _must_act(store: EventLog, game_id: str, seq: int, seat: str) -> bool:
    """Return whether the seat had a decision open just after `seq`."""
    then = load_game(store, game_id, upto=seq)
    return then.game.prompt_for(then.state, seat) is not None


def main() -> None:
    """Print the figures for every title."""
    with tempfile.TemporaryDirectory() as tmp:
        for game, players in TABLES.items():
            title = get_game(game).title
            every, must_act, orders = count(game, players, Path(tmp))
            for label, mails in (("every change", every), ("when I must act", must_act)):
                per_seat = ", ".join(f"{seat} {mails[seat]}" for seat in NAMES[:players])
                print(f"{title:20} {players}p  {orders:4} orders  {label:16} {per_seat}  "
                      f"(total {sum(mails.values())})")


if __name__ == "__main__":
    main()
