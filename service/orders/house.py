"""The house: the service's computer player, deciding the open decisions of the seats it plays.

A house decision goes through the normal order path: the engine's player (`engine.core.house`)
chooses an order from what the seat sees, with a random stream of its own
(`Rng.for_position(seed, "<id>/house", seq)`, keyed by the position of its `order.accepted`),
the rules decide it with the game's usual stream for that position, and it is appended with the
expected seq, actor `house`, the player's version and the iterations it searched. The append
also records the decision under a key of its own (`house_causation`: the game, the seat, the
decision and the position it is taken at, since a decision may stay open under the same key
after the seat's order, as after an Illuminati free action), so a task run twice, or two tasks for one decision, take effect once: the database
decides (a second append finds the seq taken or the decision recorded, and the decision closed).

How long the house thinks is `house_budget`: the game's CPU seconds by default, or exactly
PBEM_HOUSE_ITERATIONS iterations (tests, reproducible runs), which an audit can re-run.
"""
from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import Game, Rng
from engine.core.house import choose
from service.game.events import HOUSE_ACTOR, OrderAccepted
from service.game.loading import LoadedGame, load_game
from service.orders.appending import append_decision
from service.orders.results import ServiceError
from service.store.orderlog import OrderLog
from service.store.records import AlreadyDecided, SeqConflict

ITERATIONS_SETTING = "PBEM_HOUSE_ITERATIONS"
"""Search exactly this many iterations per decision, with no CPU limit (tests, demos)."""
SECONDS_SETTING = "PBEM_HOUSE_SECONDS"
"""The process CPU seconds the house may think per decision (default: the game's own)."""
CONFLICT_RETRIES = 8
MOST_AT_ONCE = 10_000
"""The most house decisions `play_due` takes in one call (a bound, never reached in play)."""


@dataclass(frozen=True)
class Budget:
    """How long the house thinks: a number of iterations, CPU seconds, or both (first wins)."""

    iterations: int | None
    cpu_seconds: float | None


@dataclass(frozen=True)
class HousePlay:
    """A decision the house took: its seat, decision, order, seq and iterations searched."""

    seat: str
    prompt_key: str
    text: str
    seq: int
    iterations: int
    causation: str
    """The key the decision was recorded under (its mail is found by it)."""


def house_budget(game: Game[Any], environ: Mapping[str, str] | None = None) -> Budget:
    """Return the house's budget for a decision of `game`, from the settings."""
    env = os.environ if environ is None else environ
    iterations = env.get(ITERATIONS_SETTING, "").strip()
    if iterations:
        if not iterations.isdigit() or int(iterations) < 1:
            raise ServiceError(f"{ITERATIONS_SETTING} is a whole number of iterations of at "
                               f"least 1, not {iterations!r}", "bad-setting")
        return Budget(int(iterations), None)
    seconds = env.get(SECONDS_SETTING, "").strip()
    try:
        cpu = float(seconds) if seconds else game.house_seconds
    except ValueError:
        raise ServiceError(f"{SECONDS_SETTING} is a number of seconds, not {seconds!r}",
                           "bad-setting") from None
    if not cpu > 0:
        raise ServiceError(f"{SECONDS_SETTING} must be more than 0", "bad-setting")
    return Budget(None, cpu)


def due_house(loaded: LoadedGame) -> list[tuple[str, str]]:
    """Return (seat, prompt key) of every open decision of a seat the house plays (none while
    the game is paused, over or waiting for its players)."""
    meta = loaded.meta
    if not meta.house or not meta.started or meta.paused or meta.finished:
        return []
    if loaded.state is None:
        return []
    return [(prompt.seat, prompt.key) for prompt in loaded.game.prompts(loaded.state)
            if prompt.seat in meta.house and not prompt.submitted]


def house_causation(game_id: str, seat: str, prompt_key: str, seq: int) -> str:
    """Return the key one house decision is recorded under (32 characters, as a submission's):
    the decision `prompt_key` of `seat` taken by the order accepted at `seq` (a decision that
    stays open under the same key after an order, as after an Illuminati free action, is
    taken again at a later position, under a key of its own)."""
    digest = hashlib.sha256(f"{game_id}/{seat}/{prompt_key}/{seq}".encode()).hexdigest()
    return "house-" + digest[:26]


def house_rng(seed: bytes, game_id: str, seq: int) -> Rng:
    """Return the house's random stream for the order accepted at `seq` (apart from the
    stream the rules decide that order with)."""
    return Rng.for_position(seed, f"{game_id}/house", seq)


def play_house(store: OrderLog, game_id: str, seat: str, prompt_key: str, *,
               budget: Budget | None = None) -> HousePlay | None:
    """Take the house's decision `prompt_key` of `seat` once; None when it is not (or no
    longer) the house's to take: the seat is not a house seat, the decision closed, the game
    paused or over, or another run took it already."""
    for _ in range(CONFLICT_RETRIES):
        loaded = load_game(store, game_id)
        if (seat, prompt_key) not in due_house(loaded):
            return None
        try:
            return _play_once(store, loaded, seat, prompt_key, budget)
        except SeqConflict:
            continue  # the game moved: read it again and see whether the decision is still open
        except AlreadyDecided:
            return None
    raise ServiceError("the game is too busy right now; the house will try again", "busy")


def _play_once(store: OrderLog, loaded: LoadedGame, seat: str, prompt_key: str,
               budget: Budget | None) -> HousePlay:
    """Choose, decide and append one house decision after the loaded seq."""
    game, meta = loaded.game, loaded.meta
    row = loaded.row or store.get_game(meta.id)
    if row is None:
        raise ServiceError(f"there is no game {meta.id!r}", "unknown-game")
    seed = bytes.fromhex(row.seed)
    position = loaded.seq + 1
    spend = budget or house_budget(game)
    choice = choose(game, loaded.state, seat, house_rng(seed, meta.id, position),
                    iterations=spend.iterations, cpu_seconds=spend.cpu_seconds)
    events = game.decide(loaded.state, seat, choice.order,
                         Rng.for_position(seed, meta.id, position))
    text = game.format_order(choice.order)
    accepted = OrderAccepted(seat, game.order_to_json(choice.order), text, prompt_key,
                             choice.player, choice.iterations)
    causation = house_causation(meta.id, seat, prompt_key, position)
    append_decision(store, loaded, [accepted], events, seed, HOUSE_ACTOR, causation,
                    decision=(causation, 0))
    return HousePlay(seat, prompt_key, text, position, choice.iterations, causation)


def play_due(store: OrderLog, game_id: str, *, budget: Budget | None = None,
             most: int = MOST_AT_ONCE) -> list[HousePlay]:
    """Take every house decision due now, in-process, and those they open in turn, until a
    person must act or the game ends; return what the house played."""
    played: list[HousePlay] = []
    for _ in range(most):
        due = due_house(load_game(store, game_id))
        if not due:
            break
        taken = play_house(store, game_id, *due[0], budget=budget)
        if taken is not None:
            played.append(taken)
    return played
