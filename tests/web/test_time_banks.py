"""Time banks on the web: chosen on the new-game form, shown to the table, the seat, the game
master and the API."""
from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from service.game.loading import load_game
from service.store.store import Store
from service.web.links import master_signature

from .conftest import new_game, seat_path
from .helpers import post_form, text
from .test_api import auth


def test_the_form_gives_every_seat_a_time_bank(client: FlaskClient, store: Store) -> None:
    fields = {"game": "secret-masters", "time_bank": "2d"}
    for index, name in enumerate(("anna", "bruno", "carla")):
        fields |= {f"seat-{index}-name": name, f"seat-{index}-email": f"{name}@example.org"}
    answer = post_form(client, "/new", fields, "/new?game=secret-masters")
    assert answer.status_code == 303
    game_id = answer.headers["Location"].split("/games/")[1].split("/")[0]
    assert load_game(store, game_id).meta.bank("anna") == 48
    fields["time_bank"] = "forever"
    refused = post_form(client, "/new", fields, "/new?game=secret-masters")
    assert refused.status_code == 400 and "the time bank takes hours or days" in text(refused)


def test_the_table_the_seat_and_the_master_see_each_bank(app: Flask, client: FlaskClient,
                                                         store: Store) -> None:
    loaded = new_game(store, time_bank_hours=72)
    game_page = text(client.get(f"/games/{loaded.meta.id}"))
    assert "<th>Time bank</th>" in game_page and game_page.count("3 days") >= 3
    seat = loaded.game.prompts(loaded.state)[0].seat
    seat_page = text(client.get(seat_path(app, loaded, seat)))
    assert 'id="time-bank">Your time bank: 3 days' in seat_page
    with app.test_request_context():
        master = f"/admin/games/{loaded.meta.id}/{master_signature(loaded.meta)}"
    assert '<td data-label="Time bank" class="small">3 days</td>' in text(client.get(master))
    listed = client.get(f"/api/v1/games/{loaded.meta.id}").get_json()
    assert {s["time_bank_hours"] for s in listed["seats"]} == {72}
    view = client.get(f"/api/v1/games/{loaded.meta.id}/seats/{seat}",
                      headers=auth(app, loaded, seat)).get_json()
    assert view["time_bank_hours"] == 72


def test_a_game_without_banks_shows_none(app: Flask, client: FlaskClient, store: Store) -> None:
    loaded = new_game(store)
    assert "Time bank" not in text(client.get(f"/games/{loaded.meta.id}"))
    listed = client.get(f"/api/v1/games/{loaded.meta.id}").get_json()
    assert {s["time_bank_hours"] for s in listed["seats"]} == {None}
