"""Games played through the service for archive tests, and ways to tamper with an archive."""
from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

from engine.core import canonical_json, get_game
from engine.core.harness import seat_names
from service.audit.archive import write_archive
from service.base import clock
from service.base.signing import Signer
from service.cli.selfplay import play_to_end
from service.game.loading import load_game
from service.game.witness import SignedLog
from service.orders.creation import NewSeat, create_game
from service.orders.processing import process_submission
from service.seats import master
from service.store.orderlog import OrderLog
from service.store.store import GENESIS_HASH, Store, event_hash
from service.sweeps.deadlines import sweep

Lines = list[dict[str, Any]]


def seats_for(game: str, count: int | None = None) -> list[NewSeat]:
    """Return seats for a game: the fewest it allows, or `count`."""
    names = seat_names(count or get_game(game).min_players)
    return [NewSeat(name, f"{name}@example.org", name.title()) for name in names]


def played(store: Store, game: str, seed: str, *, replace_after: int = 0,
           game_id: str | None = None) -> str:
    """Play a game to its end with random orders; replace the first seat after some orders.

    The game's random stream is keyed by its id as well as its seed: give `game_id` where a
    test depends on which cards the game deals."""
    loaded = create_game(store, game, seats_for(game), seed_hex=seed, game_id=game_id)
    if replace_after:
        play_some(store, loaded.meta.id, replace_after, seed)
        first = loaded.meta.seat_names[0]
        master.replace_seat(store, loaded.meta.id, first, "Dora", "dora@example.org")
    play_to_end(store, load_game(store, loaded.meta.id), bytes.fromhex(seed))
    return loaded.meta.id


def play_some(store: OrderLog, game_id: str, orders: int, seed: str) -> None:
    """Play `orders` random legal orders (fewer if the game ends first)."""
    from engine.core.harness import chooser_for
    from service.orders.processing import submit_order

    chooser = chooser_for(bytes.fromhex(seed) + b"some")
    for _ in range(orders):
        loaded = load_game(store, game_id)
        if not loaded.game.prompts(loaded.state):
            return
        prompt = chooser.choice(loaded.game.prompts(loaded.state))
        chosen = chooser.choice(list(loaded.game.legal_orders(loaded.state, prompt.seat)))
        result = submit_order(store, game_id, prompt.seat, loaded.game.format_order(chosen))
        assert result.accepted, result.message


def played_some(store: Store, game: str, seed: str, orders: int) -> str:
    """Create a game and play a few orders of it; return its id."""
    loaded = create_game(store, game, seats_for(game), seed_hex=seed)
    play_some(store, loaded.meta.id, orders, seed)
    return loaded.meta.id


def defaulted(store: Store, game: str, seed: str, start_orders: int = 4) -> str:
    """Play a few orders, then let every deadline pass until defaults end the game."""
    loaded = create_game(store, game, seats_for(game), seed_hex=seed, deadline_hours=24)
    play_some(store, loaded.meta.id, start_orders, seed)
    moment = clock.now()
    try:
        for _ in range(2000):
            if load_game(store, loaded.meta.id).meta.finished:
                return loaded.meta.id
            moment += timedelta(days=2)
            clock.set_now(moment)
            for sub_id in sweep(store).submissions:
                process_submission(store, sub_id)
    finally:
        clock.set_now(None)
    raise AssertionError("the deadline defaults did not end the game")


def export(store: SignedLog, game_id: str, path: Path, with_secrets: bool = False,
           signer: Signer | None = None) -> Path:
    """Write the game's archive to `path` (its last head signed by `signer`, if given) and
    return it."""
    with path.open("wb") as out:
        write_archive(store, game_id, out, with_secrets, signer)
    return path


def read_lines(path: Path) -> tuple[dict[str, Any], Lines]:
    """Return an archive's header and further lines (events, and any signed heads after
    them) as JSON objects."""
    lines = path.read_bytes().splitlines()
    return json.loads(lines[0]), [json.loads(line) for line in lines[1:]]


def write_lines(path: Path, header: dict[str, Any], events: Lines) -> Path:
    """Write an archive from JSON objects, as export does."""
    text = "".join(canonical_json(item) + "\n" for item in [header, *events])
    path.write_bytes(text.encode("utf-8"))
    return path


def rechain(header: dict[str, Any], events: Lines) -> None:
    """Recompute every hash and link, as a forger who controls the whole file would (signed
    heads, which need the service's key, are left as they are)."""
    prev, index = GENESIS_HASH, 0
    for item in events:
        if "signed_head" in item:
            continue
        index += 1
        item["seq"], item["prev_hash"] = index, prev
        item["hash"] = prev = event_hash(
            header["game_id"], index, item["type"], item["schema_version"], item["payload"],
            item["actor"], item["causation"], item["recorded_at"], prev)
    header["events"], header["last_hash"] = index, prev


def altered_bytes(path: Path, target: Path, change: Callable[[list[bytes]], None]) -> Path:
    """Copy an archive with its raw lines changed in place by `change`."""
    lines = path.read_bytes().splitlines(keepends=True)
    change(lines)
    target.write_bytes(b"".join(lines))
    return target
