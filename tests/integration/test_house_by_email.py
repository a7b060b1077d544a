"""A practice game by email through the real queue, of every title: anna answers her emails,
the worker takes the house's decisions on the `house` queue after each commit that opens one,
each once however often it is queued, and the finished game passes the audit that chooses the
house's orders again.

Freimaurerei runs to hundreds of orders, so anna writes, as a player may, every step she can
foresee on lines of one reply (they are read in order): after each order she writes the next
one as long as the step drew nothing (no roll, no card: a reorganization's moves and `done`,
say) and left the decision with her; she declares the end as soon as she may."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine.core import Rng
from engine.core.contract import Game
from engine.core.harness import chooser_for
from service.audit.rerun import audit
from service.game.events import FORCED_ACTOR, HOUSE_ACTOR, STANDING_ACTOR
from service.game.loading import load_game
from service.orders.creation import NewSeat, create_game
from service.orders.house import ITERATIONS_SETTING, due_house
from workers import tasks

from .conftest import Pipeline, wait_for
from .mailplay import latest_email, reply_to, send, wait_settled

ANNA = NewSeat("anna", "anna@players.test")
MAX_ORDERS = 200
"""Replies anna writes at most."""
MOST_LINES = 20
"""Order lines anna writes in one reply at most (the mail intake reads up to 40)."""

Writer = Callable[[Game[Any], Any, Rng], list[Any]]
"""How anna writes a reply: (game, state, chooser) -> her orders, in the order written."""


def one_order(game: Game[Any], state: Any, chooser: Rng) -> list[Any]:
    """Return one legal order of anna's own drawing."""
    return [game.random_legal_order(state, "anna", chooser)]


def foreseen_orders(game: Game[Any], state: Any, chooser: Rng) -> list[Any]:
    """Return anna's orders up to the first whose outcome she cannot foresee: each a legal
    order of her drawing (`declare end` whenever she may), the next written only where the
    step before drew nothing and left the decision with her."""
    written: list[Any] = []
    while len(written) < MOST_LINES:
        legal = list(game.legal_orders(state, "anna")) if game.can_list(state, "anna") else []
        ending = [order for order in legal if game.format_order(order) == "declare end"]
        order = ending[0] if ending else game.random_legal_order(state, "anna", chooser)
        written.append(order)
        foresight = Rng(b"anna foresees")
        state = game.decide_and_fold(state, "anna", order, foresight)[1]
        if (foresight.draws or game.outcome(state) is not None
                or game.awaiting(state) != ("anna",)):
            break
    return written


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The worker's house thinks 3 iterations a decision (set before the worker starts)."""
    monkeypatch.setenv(ITERATIONS_SETTING, "3")
    yield


def house_settled(pipeline: Pipeline, game_id: str) -> bool:
    """Return whether the house owes nothing (or a person must act first)."""
    return not due_house(load_game(pipeline.store, game_id))


def test_a_practice_game_by_email_with_the_house_on_its_queue(pipeline: Pipeline) -> None:
    game_id = play_practice_game(pipeline, "secret-masters", ("bruno", "carla"),
                                 "0b5e7a11", "ba5e" * 16)  # pinned: the draws follow
    log = (pipeline.home.parent / "worker.log").read_text(errors="replace")
    assert "pbem.play_house" in log
    assert game_id


PRACTICE = [
    # title, house seats, pinned game id and seed (the draws, so the game's length, follow)
    ("masons", ("bruno",), "0ab5e7a1", "5a" * 32),
    ("castle-of-the-devil", ("bruno", "carla", "dora"), "0ca57e11", "ca57" * 16),
    ("illuminati", ("bruno",), "01dea7a1", "1dea" * 16),
    ("freimaurerei", ("bruno",), "0f4e1a11", "f4e1" * 16),
]
WRITERS: dict[str, Writer] = {"freimaurerei": foreseen_orders}
"""How anna writes her replies where one order a reply would take too long."""


@pytest.mark.parametrize(("title", "house", "game_id", "seed_hex"), PRACTICE,
                         ids=[row[0] for row in PRACTICE])
def test_a_practice_game_of_each_title_by_email_to_its_end(
        pipeline: Pipeline, title: str, house: tuple[str, ...], game_id: str,
        seed_hex: str) -> None:
    play_practice_game(pipeline, title, house, game_id, seed_hex)


def play_practice_game(pipeline: Pipeline, title: str, house: tuple[str, ...], game_id: str,
                       seed_hex: str) -> str:
    """Play a practice game of `title` by email: anna (who writes a legal order of her own
    drawing a reply, or the orders `WRITERS` names) against the house in `house`; check it
    ends, each house decision once, no mail to the house and the audit that chooses the
    house's orders again. Return the game's id."""
    write = WRITERS.get(title, one_order)
    store = pipeline.store
    loaded = create_game(store, title, [ANNA], seed_hex=seed_hex, house=house, game_id=game_id)
    game = loaded.game
    chooser = chooser_for(f"house-by-email:{title}".encode())
    tasks.enqueue_game_mail(game_id)
    tasks.enqueue_game_mail(game_id)  # queued twice: each decision is still taken once
    lines = 0
    for _ in range(MAX_ORDERS):
        wait_for(lambda: house_settled(pipeline, game_id), 120, what="the house to play")
        wait_settled(pipeline, game_id)
        loaded = load_game(store, game_id)
        if loaded.meta.finished:
            break
        assert "anna" in game.awaiting(loaded.state), "the house left a decision open"
        written = write(game, loaded.state, chooser)
        lines += len(written)
        before = loaded.seq
        send(pipeline, reply_to(latest_email(pipeline, ANNA.email, game_id), ANNA.email,
                                "\n".join(game.format_order(order) for order in written)))
        wait_for(lambda before=before: load_game(store, game_id).seq > before,
                 what="anna's order to land")
    wait_settled(pipeline, game_id)
    final = load_game(store, game_id)
    assert final.meta.finished, f"the {title} game did not end in {MAX_ORDERS} of anna's orders"
    played = [e for e in store.events(game_id)
              if e.type == "order.accepted" and e.actor == HOUSE_ACTOR]
    assert played, "the house played"
    # each decision once: a key may come back (an Illuminati free action leaves the turn open
    # under its key), but then at a new position, under a causation of its own
    keys = Counter((e.payload["seat"], e.payload["prompt_key"], e.causation) for e in played)
    assert max(keys.values()) == 1, "a house decision was appended twice"
    assert len({e.causation for e in played}) == len(played)
    recipients = {row.recipient for row in store.outbox_for_game(game_id)}
    assert recipients <= {"anna"}, "the house got mail"
    assert lines == sum(1 for e in store.events(game_id) if e.type == "order.accepted"
                        and e.payload["seat"] == "anna" and e.actor not in (
                            FORCED_ACTOR, STANDING_ACTOR)), "a line anna wrote was not taken"
    assert audit(store, game_id, house=True).house == len(played)
    return game_id
