"""Rated games of every title played through the service with random legal orders, between
players of a small pool, with pinned ids and seeds."""
from __future__ import annotations

from pathlib import Path

from engine.core import canonical_json, get_game
from engine.core.harness import choose_step, chooser_for, seat_names
from service.audit.archive import write_archive
from service.cli.selfplay import play_to_end
from service.game.events import DEADLINE_ACTOR
from service.game.loading import load_game
from service.orders.creation import NewSeat, create_game
from service.orders.processing import submit_order
from service.seats import master
from service.store.store import Store

POOL = ("ann", "ben", "cas", "dot", "eve", "fay")


def rated_game(store: Store, game: str, number: int, *, rated: bool = True,
               replace_after: int = 0) -> str:
    """Play game `number` of a title to its end between players drawn in turn from the pool;
    with `replace_after`, the first seat is handed to Gil after that many orders."""
    rules = get_game(game)
    count = rules.min_players + number % (min(rules.max_players, len(POOL)) - rules.min_players + 1)
    names = seat_names(count)
    players = [POOL[(number + i) % len(POOL)] for i in range(count)]
    seats = [NewSeat(name, f"{who}@example.org", who.title())
             for name, who in zip(names, players, strict=True)]
    seed = f"{number:02x}{game.encode().hex()}".ljust(64, "0")[:64]
    game_id = f"{sum(game.encode()) % 0x10000:04x}{number:04x}"
    loaded = create_game(store, game, seats, seed_hex=seed, game_id=game_id, rated=rated)
    if replace_after:
        play_some(store, game_id, replace_after, bytes.fromhex(seed) + b"some")
        master.replace_seat(store, game_id, names[0], "Gil", "gil@example.org")
    play_to_end(store, load_game(store, loaded.meta.id), bytes.fromhex(seed))
    return game_id


def export_all(store: Store, folder: Path) -> None:
    """Write every game's archive into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    for row in store.list_games():
        with (folder / f"{row.id}.pbem.jsonl").open("wb") as out:
            write_archive(store, row.id, out)


def play_some(store: Store, game_id: str, orders: int, seed: bytes) -> None:
    """Play up to `orders` random legal orders (now and then a deadline default)."""
    chooser = chooser_for(seed)
    for _ in range(orders):
        loaded = load_game(store, game_id)
        if not loaded.game.prompts(loaded.state):
            return
        prompt, chosen = choose_step(loaded.game, loaded.state, chooser)
        if chosen is prompt.default:
            body = canonical_json(loaded.game.order_to_json(chosen))
            result = submit_order(store, game_id, prompt.seat, body, source=DEADLINE_ACTOR)
        else:
            result = submit_order(store, game_id, prompt.seat, loaded.game.format_order(chosen),
                                  source="selfplay")
        assert result.accepted, result.message
