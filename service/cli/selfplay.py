"""Self-play through the real store: `pbem selfplay` (throughput) and `pbem demo` (a first look)."""
from __future__ import annotations

import hashlib
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import click

from engine.core import canonical_json, get_game
from engine.core.harness import choose_step, chooser_for, seat_names
from service.audit.rerun import AuditRefused, audit
from service.audit.verify import verify
from service.game.events import DEADLINE_ACTOR
from service.game.loading import LoadedGame, load_game
from service.game.witness import SignedLog
from service.orders.creation import NewSeat, create_game
from service.orders.processing import submit_order
from service.orders.results import ServiceError
from service.store.orderlog import OrderLog
from service.store.store import Store

MAX_ORDERS = 20_000


@dataclass(frozen=True)
class PlayedGame:
    """A self-played game: its id, how many orders and events it took."""

    game_id: str
    orders: int
    events: int


def play_to_end(store: OrderLog, loaded: LoadedGame, seed: bytes) -> PlayedGame:
    """Play random legal orders (now and then a deadline default) until the game ends."""
    game, game_id, chooser = loaded.game, loaded.meta.id, chooser_for(seed)
    for orders in range(MAX_ORDERS):
        if not game.prompts(loaded.state):
            return PlayedGame(game_id, orders, loaded.seq)
        prompt, chosen = choose_step(game, loaded.state, chooser)
        if chosen is prompt.default:
            body, source = canonical_json(game.order_to_json(chosen)), DEADLINE_ACTOR
        else:
            body, source = game.format_order(chosen), "selfplay"
        result = submit_order(store, game_id, prompt.seat, body, source=source)
        if not result.accepted:
            raise ServiceError(f"a legal order was refused in game {game_id}: {body!r} by "
                               f"{prompt.seat}: {result.message}")
        loaded = load_game(store, game_id)
    raise ServiceError(f"game {game_id} did not end after {MAX_ORDERS} orders")


def check_played(store: SignedLog, game_id: str) -> None:
    """Verify and audit a finished game, raising ServiceError on any failure."""
    report = verify(store, game_id)
    if not report.ok:
        raise ServiceError(f"game {game_id} fails verification: {report.problem}")
    try:
        audit(store, game_id)
    except AuditRefused as exc:
        raise ServiceError(f"game {game_id} fails its audit: {exc}") from None


def game_seed(base: str, index: int) -> bytes:
    """Return the secret seed of self-played game `index` of a run seeded with `base`."""
    return hashlib.sha256(f"selfplay:{base}:{index}".encode()).digest()


@click.command("selfplay")
@click.argument("game")
@click.option("--games", "count", default=10, show_default=True, help="How many games.")
@click.option("--players", type=int, help="Seats per game (default: every allowed count in "
              "turn).")
@click.option("--seed", default="0", show_default=True, help="Seed of the whole run.")
@click.option("--database", metavar="URL", help="Store to play in (default: a temporary "
              "SQLite file, removed afterwards).")
def selfplay_command(game: str, count: int, players: int | None, seed: str,
                     database: str | None) -> None:
    """Play GAME to the end with random legal orders, verify and audit each, print speed."""
    from service.cli.common import friendly_errors

    with friendly_errors(), tempfile.TemporaryDirectory() as tmp:
        rules = get_game(game)
        counts = [players] if players else list(range(rules.min_players,
                                                      rules.max_players + 1))
        if players and not rules.min_players <= players <= rules.max_players:
            raise ServiceError(f"{rules.title} is played by {rules.min_players} to "
                               f"{rules.max_players} players")
        store = Store(database or f"sqlite:///{Path(tmp) / 'selfplay.db'}")
        store.create_schema()
        started, events, orders = time.perf_counter(), 0, 0
        for index in range(count):
            played = _play_one(store, game, counts[index % len(counts)], game_seed(seed, index))
            events, orders = events + played.events, orders + played.orders
        elapsed = time.perf_counter() - started
        store.dispose()
    click.echo(f"{count} games of {game} played, verified and audited: {orders} orders, "
               f"{events} events in {elapsed:.2f} s")
    click.echo(f"{count / elapsed:.2f} games/s, {events / elapsed:.0f} events/s")


def _play_one(store: Store, game: str, players: int, seed: bytes) -> PlayedGame:
    seats = [NewSeat(name, f"{name}@example.org") for name in seat_names(players)]
    loaded = create_game(store, game, seats, seed_hex=seed.hex())
    played = play_to_end(store, loaded, seed)
    check_played(store, played.game_id)
    return played


@click.command("demo")
@click.option("--game", "game_name", default="secret-masters", show_default=True)
def demo_command(game_name: str) -> None:
    """Play a short demonstration game to its end and say where to read it."""
    from service.cli.common import friendly_errors, open_store

    with friendly_errors():
        store = open_store(create=True)
        rules = get_game(game_name)
        seed = hashlib.sha256(f"demo:{time.time_ns()}".encode()).digest()
        seats = [NewSeat(name, f"{name}@example.org")
                 for name in seat_names(rules.min_players)]
        loaded = create_game(store, game_name, seats, title=f"{rules.title} demo")
        played = play_to_end(store, loaded, seed)
        check_played(store, played.game_id)
    meta = load_game(store, played.game_id).meta
    gid = played.game_id
    click.echo(f"Played a demo game of {rules.title}: id {gid}, {played.orders} orders, "
               f"{played.events} events, won by {', '.join(meta.winners or ()) or 'nobody'}.")
    click.echo(f"Its log is in {store.url}. Look at it with:")
    for line in (f"pbem log {gid}", f"pbem log {gid} --as {seats[0].name}",
                 f"pbem show {gid} --as {seats[0].name}", f"pbem verify {gid}",
                 f"pbem audit {gid}"):
        click.echo(f"  {line}")
