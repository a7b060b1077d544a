"""Games recorded by an earlier engine, kept as fixtures: their logs must still verify and
audit after any change to the rules code (the log is the record; the code must keep reading it).

A recording is JSON lines: first the `games` row, then every `events` row as stored. Record new
ones with `python -m tests.recorded GAME PLAYERS COUNT` (it plays seeded random games through the
service into a scratch store and writes `tests/fixtures/recorded/<game>-<players>p-<n>.jsonl`).
"""
from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from sqlalchemy import insert, select

from service.store.schema import events, games
from service.store.store import Store

FOLDER = Path(__file__).parent / "fixtures" / "recorded"
EVENT_COLUMNS = ("game_id", "seq", "type", "schema_version", "payload", "actor", "causation",
                 "recorded_at", "prev_hash", "hash")
GAME_COLUMNS = ("id", "game", "engine_version", "title", "seed", "created_at", "status")


def record(store: Store, game_id: str, path: Path) -> None:
    """Write the games row and every event row of `game_id` to `path`."""
    with store._engine.connect() as conn:
        game = conn.execute(select(games).where(games.c.id == game_id)).mappings().one()
        rows = conn.execute(select(events).where(events.c.game_id == game_id)
                            .order_by(events.c.seq)).mappings().all()
    with path.open("w", encoding="utf-8") as out:
        out.write(json.dumps({name: game[name] for name in GAME_COLUMNS}, sort_keys=True) + "\n")
        for row in rows:
            out.write(json.dumps({name: row[name] for name in EVENT_COLUMNS},
                                 sort_keys=True) + "\n")


def restore(store: Store, path: Path) -> str:
    """Insert a recording into `store` exactly as it was stored; return the game id."""
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    game: dict[str, Any] = lines[0]
    last = lines[-1]
    with store._engine.begin() as conn:
        conn.execute(insert(games).values(**game, head_seq=last["seq"], head_hash=last["hash"]))
        conn.execute(insert(events), lines[1:])
    return str(game["id"])


def recordings() -> list[Path]:
    """Return every recorded game."""
    return sorted(FOLDER.glob("*.jsonl"))


def main(name: str, players: int, count: int) -> None:
    """Play `count` seeded random games of `name` through the service and record each."""
    from engine.core import get_game
    from engine.core.harness import seat_names
    from service.cli.selfplay import game_seed, play_to_end
    from service.orders.creation import NewSeat, create_game

    FOLDER.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{tmp}/record.db")
        store.create_schema()
        get_game(name)
        for index in range(count):
            seats = [NewSeat(seat, f"{seat}@example.org") for seat in seat_names(players)]
            seed = game_seed("recorded", index)
            loaded = create_game(store, name, seats, {}, seed_hex=seed.hex())
            play_to_end(store, loaded, seed)
            path = FOLDER / f"{name}-{players}p-{index}.jsonl"
            record(store, loaded.meta.id, path)
            print(path)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
