"""Playing a game through the service up to an open sealed decision, for the tests of whom
the table waits for (pages, the terminal, reminders, the game master's notices)."""
from __future__ import annotations

import random
from collections.abc import Callable

from engine.core import Prompt
from engine.core.rng import Rng
from service.game.loading import LoadedGame, load_game
from service.orders.processing import submit_order
from service.store.orderlog import OrderLog
from service.store.store import Store


def public_sealed(prompts: tuple[Prompt, ...]) -> bool:
    """Return whether a sealed decision of several seats is open, its answering public, and
    no answer in yet."""
    return (len(prompts) > 1 and all(p.simultaneous and p.answering_public for p in prompts)
            and not any(p.submitted for p in prompts))


def private_window(prompts: tuple[Prompt, ...]) -> bool:
    """Return whether a decision whose answering is private is open to several seats."""
    return len(prompts) > 1 and any(not p.answering_public for p in prompts)


def give(store: OrderLog, loaded: LoadedGame, seat: str, rng: random.Random) -> None:
    """Give one random legal order of `seat` through the service."""
    game, state = loaded.game, loaded.state
    if game.can_list(state, seat):
        order = rng.choice(list(game.legal_orders(state, seat)))
    else:
        order = game.random_legal_order(state, seat, Rng(rng.randbytes(16)))
    result = submit_order(store, loaded.meta.id, seat, game.format_order(order))
    assert result.accepted, result


def play_until(store: Store, game_id: str, wanted: Callable[[tuple[Prompt, ...]], bool],
               seed: int = 3, limit: int = 3000) -> LoadedGame:
    """Give random legal orders through the service until `wanted(prompts)`; return the game."""
    rng = random.Random(seed)
    for _ in range(limit):
        loaded = load_game(store, game_id)
        prompts = loaded.game.prompts(loaded.state)
        assert prompts, "the game ended before the decision wanted"
        if wanted(prompts):
            return loaded
        give(store, loaded, rng.choice(prompts).seat, rng)
    raise AssertionError("the decision wanted never opened")


def answer_sealed(store: Store, game_id: str, seats: tuple[str, ...],
                  seed: int = 5) -> LoadedGame:
    """Play to a public sealed decision, seal an answer for each of `seats`; return the game."""
    play_until(store, game_id, public_sealed, seed)
    rng = random.Random(seed)
    for seat in seats:
        give(store, load_game(store, game_id), seat, rng)
    return load_game(store, game_id)
