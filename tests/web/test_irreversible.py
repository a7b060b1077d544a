"""Orders that cannot be undone: listed last, never pre-selected, confirmed on the web."""
from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from service.game.loading import load_game
from service.orders.irreversible import help_irreversible_last
from service.store.store import Store

from .conftest import new_game, seat_path
from .helpers import nonce_of, post_form, text


def castle_turn(store: Store) -> tuple[str, str]:
    """Return a Castle of the Devil game id and the seat whose turn it is."""
    loaded = new_game(store, "castle-of-the-devil")
    return loaded.meta.id, loaded.game.prompts(loaded.state)[0].seat


def test_the_claim_is_the_last_form_and_example(app: Flask, client: FlaskClient,
                                                store: Store) -> None:
    game_id, seat = castle_turn(store)
    loaded = load_game(store, game_id)
    prompt = loaded.game.prompt_for(loaded.state, seat)
    assert prompt is not None and prompt.forms[0].kind == "claim"  # the engine lists it first
    page = text(client.get(seat_path(app, loaded, seat)))
    kinds = re.findall(r'<form class="order" method="post" action="[^"]+/orders">.*?'
                       r'name="form" value="(\d+)"', page, re.DOTALL)
    assert kinds and kinds[-1] == "0" and kinds[0] != "0"  # form 0 (the claim) drawn last
    assert 'placeholder="claim' not in page
    assert "I am sure: this cannot be undone" in page
    helped = help_irreversible_last(loaded.game.help(prompt))
    written = [line.split()[0] for line in helped.splitlines() if re.match(r"^  \S", line)]
    assert written[-1] == "claim" and written[0] != "claim"
    assert "for example: claim" not in helped.split("You can write:")[1].split("\n  ")[1]


def test_a_claim_without_confirmation_is_not_sent(app: Flask, client: FlaskClient,
                                                  store: Store) -> None:
    game_id, seat = castle_turn(store)
    loaded = load_game(store, game_id)
    path = seat_path(app, loaded, seat)
    nonce = nonce_of(text(client.get(path)))
    post_form(client, path + "/orders", {"mode": "text", "text": "claim order",
                                         "nonce": nonce}, path)
    page = text(client.get(path))
    assert "cannot be undone: tick" in page and ">claim order</textarea>" in page
    assert load_game(store, game_id).seq == loaded.seq
    assert not [s for s in store.received_submissions(-3600)]


def test_declaring_the_end_of_freimaurerei_needs_a_confirmation_too() -> None:
    from engine.freimaurerei.orders import ORDERS, DeclareEndOrder
    from service.orders.irreversible import is_irreversible

    assert is_irreversible(ORDERS.spec(DeclareEndOrder).kind)
    assert is_irreversible(ORDERS.text(DeclareEndOrder()))
    assert not is_irreversible("done") and not is_irreversible("dues")
