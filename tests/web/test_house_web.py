"""The house on the web: a game against the house from the new-game form, the game master's
buttons that hand a seat to the house and take it back, and the seat tables that mark it."""
from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.game.loading import load_game
from service.orders.house import ITERATIONS_SETTING, due_house
from service.store.store import Store

from .conftest import new_game
from .helpers import post_form, text
from .test_admin import master_path


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The house thinks 2 iterations a decision (the web decides in the request here)."""
    monkeypatch.setenv(ITERATIONS_SETTING, "2")


def test_play_against_the_house_from_the_form(client: FlaskClient, store: Store) -> None:
    page = text(client.get("/new?game=secret-masters"))
    assert "Play against the house" in page
    fields = {"game": "secret-masters", "against_house": "yes", "house_seats": "2",
              "seat-0-name": "anna", "seat-0-email": "anna@example.org"}
    answer = post_form(client, "/new", fields, "/new?game=secret-masters")
    assert answer.status_code == 303, text(answer)
    game_id = answer.headers["Location"].split("/games/")[1].split("/")[0]
    loaded = load_game(store, game_id)
    assert loaded.meta.humans == ("anna",) and loaded.meta.house == {"house1", "house2"}
    # the house played what it owed as the game was made: only anna is asked now
    assert due_house(loaded) == []
    assert {p.seat for p in loaded.game.prompts(loaded.state) if not p.submitted} == {"anna"}
    public = text(client.get(f"/games/{game_id}"))
    assert public.count('class="pill house"') == 2
    lobby = text(client.get("/"))
    assert "the house plays house1, house2" in lobby
    api = client.get(f"/api/v1/games/{game_id}").get_json()
    assert {s["name"]: s["house"] for s in api["seats"]} == {
        "anna": False, "house1": True, "house2": True}
    fields |= {"seat-1-name": "bruno", "seat-1-email": "bruno@example.org"}
    refused = post_form(client, "/new", fields, "/new?game=secret-masters")
    assert refused.status_code == 400 and "one player" in text(refused)


def test_the_master_hands_a_seat_to_the_house_and_takes_it_back(app: Flask,
                                                                client: FlaskClient,
                                                                store: Store) -> None:
    loaded = new_game(store)
    path = master_path(app, loaded)
    page = text(client.get(path))
    assert "Hand bruno to the house" in page
    handed = post_form(client, f"{path}/house", {"seat": "bruno", "house": "yes"}, path)
    assert handed.status_code == 200 and "The house plays bruno" in text(handed)
    assert load_game(store, loaded.meta.id).meta.house == {"bruno"}
    assert "Take bruno back from the house" in text(handed)
    back = post_form(client, f"{path}/house", {"seat": "bruno", "house": "no"}, path)
    assert back.status_code == 200 and "no longer plays bruno" in text(back)
    assert load_game(store, loaded.meta.id).meta.house == frozenset()
