"""Illuminati on the web: an attack given by the form's fields, money in number fields."""
from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from engine.illuminati.rules_actions import goal_choices
from engine.illuminati.state import Phase
from service.games import submit_order
from service.loading import load_game
from service.store import Store

from .conftest import new_game, seat_path
from .helpers import nonce_of, post_form, prompt_key_of, text


def _to_a_turn(store: Store, game_id: str) -> str:
    """Play deadline defaults until a player's turn is open; return that seat."""
    for _ in range(20):
        loaded = load_game(store, game_id)
        if loaded.state.phase is Phase.TURN:
            return str(loaded.state.turn.seat)
        prompt = loaded.game.prompts(loaded.state)[0]
        text = f"goal {goal_choices(loaded.state)[0]}" if loaded.state.phase is Phase.GOAL \
            else "pass"
        assert submit_order(store, game_id, prompt.seat, text).accepted
    raise AssertionError("no turn opened")


def test_an_attack_by_the_form_with_money_in_number_fields(app: Flask, client: FlaskClient,
                                                             store: Store) -> None:
    loaded = new_game(store, "illuminati")
    seat = _to_a_turn(store, loaded.meta.id)
    loaded = load_game(store, loaded.meta.id)
    path = seat_path(app, loaded, seat)
    html = text(client.get(path))
    assert 'type="number"' in html and "Attack a group" in html
    prompt = loaded.game.prompt_for(loaded.state, seat)
    assert prompt is not None
    index = next(i for i, form in enumerate(prompt.forms) if form.kind == "attack")
    own = loaded.state.player(seat).illuminati
    target = loaded.state.uncontrolled[0]
    response = post_form(client, path + "/orders", {
        "mode": "form", "form": str(index), "nonce": nonce_of(html),
        "prompt_key": prompt_key_of(html), "f-purpose": "control", "f-target": target,
        "f-group": own, "f-from_group": "0", "f-from_illuminati": "2"}, path)
    assert response.status_code == 303
    page = text(client.get(response.headers["Location"]))
    assert "Accepted:" in page, page
    after = load_game(store, loaded.meta.id).state
    assert after.attack is not None and after.attack.spent == 2
    assert after.attack.target == target and after.attack.group == own
