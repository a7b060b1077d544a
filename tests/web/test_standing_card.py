"""The seat page's standing answers card: list, set and clear, private to the seat; the API
gives the seat's standing answers too."""
from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from engine.core.registry import registered
from service.game.loading import load_game
from service.orders.creation import NewSeat, create_game
from service.store.store import Store

from .conftest import SEED, new_game, seat_path
from .helpers import post_form, text


def test_the_card_sets_lists_and_clears_standing_answers(app: Flask, client: FlaskClient,
                                                         store: Store) -> None:
    loaded = new_game(store, "masons")
    anna = seat_path(app, loaded, "anna")
    html = text(client.get(anna))
    assert 'id="standing"' in html and "None: you are asked at every decision." in html
    post_form(client, anna + "/standing", {"text": "swap none / towers shore", "nonce": "n" * 12},
              page=anna)
    html = text(client.get(anna))
    assert "<li>swap: none</li>" in html and "<li>towers: nearest the shore</li>" in html
    assert load_game(store, loaded.meta.id).meta.standing["anna"]
    assert "<li>swap: none</li>" not in text(client.get(seat_path(app, loaded, "bruno")))
    post_form(client, anna + "/standing", {"clear": "yes", "nonce": "m" * 12}, page=anna)
    assert load_game(store, loaded.meta.id).meta.standing["anna"] == ()


def test_the_card_lists_the_games_own_standing_answers(app: Flask, client: FlaskClient,
                                                       store: Store) -> None:
    loaded = new_game(store, "secret-masters")
    html = text(client.get(seat_path(app, loaded, "anna")))
    assert 'id="standing"' in html and "vote: neither" in html and "towers" not in html


def test_a_game_without_standing_answers_has_no_card(app: Flask, client: FlaskClient,
                                                     store: Store) -> None:
    with registered("sealed-bid", "tests.kit.plain_bid") as game:
        assert not game.standing_topics()
        seats = [NewSeat(name, f"{name}@example.org", name.capitalize())
                 for name in ("anna", "bruno")]
        loaded = create_game(store, "sealed-bid", seats, seed_hex=SEED)
        assert 'id="standing"' not in text(client.get(seat_path(app, loaded, "anna")))


def test_the_card_sets_and_clears_illuminatis_standing_answer_to_windows(
        app: Flask, client: FlaskClient, store: Store) -> None:
    loaded = new_game(store, "illuminati")
    anna = seat_path(app, loaded, "anna")
    html = text(client.get(anna))
    assert "<li>windows: pass only</li>" in html  # how new games start
    assert "windows: off | on | unless attacked | pass only" in html
    post_form(client, anna + "/standing", {"text": "windows unless attacked", "nonce": "n" * 12},
              page=anna)
    html = text(client.get(anna))
    assert "<li>windows: unless attacked</li>" in html
    assert load_game(store, loaded.meta.id).state.player("anna").auto_pass == "unless-attacked"
    bruno = text(client.get(seat_path(app, loaded, "bruno")))
    assert "unless attacked</li>" not in bruno and "<li>windows: pass only</li>" in bruno
    token = seat_path(app, loaded, "anna").rsplit("/", 1)[1]
    api = client.get(f"/api/v1/games/{loaded.meta.id}/seats/anna",
                     headers={"Authorization": f"Bearer {token}"}).get_json()
    assert api["standing"] == ["windows: unless attacked"]
    post_form(client, anna + "/standing", {"clear": "yes", "nonce": "m" * 12}, page=anna)
    assert "None: you are asked at every decision." in text(client.get(anna))
    assert load_game(store, loaded.meta.id).state.player("anna").auto_pass == "off"


def test_the_api_sets_changes_and_clears_standing_answers(app: Flask, client: FlaskClient,
                                                         store: Store) -> None:
    loaded = new_game(store, "illuminati")
    token = seat_path(app, loaded, "bruno").rsplit("/", 1)[1]
    auth = {"Authorization": f"Bearer {token}"}
    seat = f"/api/v1/games/{loaded.meta.id}/seats/bruno"
    answer = client.post(seat + "/standing", json={"text": "windows: on"}, headers=auth)
    assert answer.status_code == 200 and answer.get_json()["standing"] == ["windows: on"]
    assert load_game(store, loaded.meta.id).state.player("bruno").auto_pass == "on"
    client.post(seat + "/standing", json={"text": "windows unless attacked"}, headers=auth)
    assert client.get(seat, headers=auth).get_json()["standing"] == [
        "windows: unless attacked"]
    wrong = client.post(seat + "/standing", json={"text": "windows never"}, headers=auth)
    assert wrong.status_code == 422 and wrong.get_json()["code"] == "bad-standing"
    assert "windows: off | on | unless attacked | pass only" in wrong.get_json()["detail"]
    cleared = client.post(seat + "/standing", json={"text": "clear"}, headers=auth)
    assert cleared.get_json()["standing"] == []
    assert load_game(store, loaded.meta.id).state.player("bruno").auto_pass == "off"
    other = seat_path(app, loaded, "anna").rsplit("/", 1)[1]
    assert client.post(seat + "/standing", json={"text": "windows on"},
                       headers={"Authorization": f"Bearer {other}"}).status_code == 401
