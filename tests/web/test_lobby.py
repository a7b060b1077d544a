"""The lobby: game list, new games from the form, public game pages, rules, spectators, audit."""
from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.core import all_games
from service.game.loading import load_game
from service.seats import master
from service.store.store import Store

from .conftest import SEATS, new_game
from .helpers import play_to_the_end, post_form, text


def seat_fields(game: str) -> dict[str, str]:
    """Return the seat rows of the new-game form for the usual players."""
    data = {}
    for index, name in enumerate(SEATS[game]):
        data |= {f"seat-{index}-name": name, f"seat-{index}-player": name.title(),
                 f"seat-{index}-email": f"{name}@example.org"}
    return data


def test_the_lobby_lists_games_and_what_can_be_played(client: FlaskClient,
                                                      store: Store) -> None:
    empty = text(client.get("/"))
    assert "No games yet" in empty
    for game in all_games():
        assert game.title in empty
    loaded = new_game(store, title="Friday game")
    page = text(client.get("/"))
    assert "Friday game" in page and loaded.meta.id in page
    waiting = loaded.game.prompts(loaded.state)[0].seat
    assert waiting in page and "UTC" in page


@pytest.mark.parametrize("game", sorted(SEATS))
def test_a_game_is_created_from_the_form(client: FlaskClient, store: Store, game: str) -> None:
    form = text(client.get(f"/new?game={game}"))
    assert 'name="seat-0-name"' in form
    response = post_form(client, "/new", {"game": game, "title": "Club night",
                                          "deadline": "3d", "reminders": "12",
                                          **seat_fields(game)}, f"/new?game={game}")
    assert response.status_code == 303 and "/admin/games/" in response.headers["Location"]
    (row,) = store.list_games()
    meta = load_game(store, row.id).meta
    assert meta.title == "Club night" and meta.deadline_hours == 72
    assert meta.reminder_hours == (12,)
    assert [s.player for s in meta.seats] == [n.title() for n in SEATS[game]]
    assert {r.recipient for r in store.outbox_for_game(row.id)} == set(SEATS[game])
    master = text(client.get(response.headers["Location"]))
    assert "The game is created" in master and f"/play/{row.id}/" in master


def test_options_come_from_the_games_option_list(client: FlaskClient, store: Store) -> None:
    page = text(client.get("/new?game=secret-masters"))
    assert 'name="opt-long"' in page
    post_form(client, "/new", {"game": "secret-masters", "opt-long": "yes",
                               **seat_fields("secret-masters")})
    (row,) = store.list_games()
    assert load_game(store, row.id).meta.options == {"long": True}


def test_a_bad_form_is_shown_again_with_the_problem(client: FlaskClient, store: Store) -> None:
    data = seat_fields("secret-masters") | {"seat-2-email": "not-an-address",
                                            "title": "Kept title"}
    response = post_form(client, "/new", {"game": "secret-masters", **data})
    page = text(response)
    assert response.status_code == 400 and "not an email address" in page
    assert 'value="Kept title"' in page
    too_few = {k: v for k, v in seat_fields("secret-masters").items() if "seat-2" not in k}
    response = post_form(client, "/new", {"game": "secret-masters", **too_few})
    assert response.status_code == 400 and "played by 3" in text(response)
    response = post_form(client, "/new", {"game": "secret-masters", "deadline": "soon",
                                          **seat_fields("secret-masters")})
    assert response.status_code == 400 and "48h or 3d" in text(response)
    assert store.list_games() == []


def test_creating_games_needs_the_admin_token_when_one_is_set(app: Flask, client: FlaskClient,
                                                              store: Store) -> None:
    app.config["ADMIN_TOKEN"] = "letmein"
    response = client.get("/new")
    assert response.status_code == 302 and "/admin/login" in response.headers["Location"]
    wrong = post_form(client, "/admin/login", {"token": "guess", "next": "/new"},
                      "/admin/login")
    assert wrong.status_code == 401 and "not the admin token" in text(wrong)
    right = post_form(client, "/admin/login", {"token": "letmein", "next": "/new"},
                      "/admin/login")
    assert right.status_code == 303 and right.headers["Location"] == "/new"
    assert client.get("/new").status_code == 200
    post_form(client, "/admin/logout", {})
    assert client.get("/new").status_code == 302


def test_sign_in_never_sends_you_to_another_site(app: Flask, client: FlaskClient) -> None:
    app.config["ADMIN_TOKEN"] = "letmein"
    response = post_form(client, "/admin/login", {"token": "letmein",
                                                  "next": "//evil.example/x"}, "/admin/login")
    assert response.headers["Location"] == "/"


def test_the_public_game_page_shows_no_secrets(client: FlaskClient, store: Store) -> None:
    loaded = new_game(store)
    page = text(client.get(f"/games/{loaded.meta.id}"))
    assert "Anna" in page and "anna@example.org" not in page
    assert "received the" not in page and "<svg" not in page
    assert "not open to spectators" in page


def test_spectators_see_public_information_only(client: FlaskClient, store: Store) -> None:
    loaded = new_game(store)
    path = f"/games/{loaded.meta.id}/watch"
    assert client.get(path).status_code == 404
    master.set_spectators(store, loaded.meta.id, True)
    page = text(client.get(path))
    assert "<svg" in page and "as a spectator" in page
    assert "Only you see this" not in page
    for seat in loaded.meta.seat_names:
        faction = loaded.game.view(loaded.state, seat)["you"]["faction"]
        assert f"{seat} received the {faction.title()}" not in page


def test_rules_pages_for_every_game(client: FlaskClient) -> None:
    for game in all_games():
        response = client.get(f"/rules/{game.name}")
        assert response.status_code == 200 and "<h1" in text(response)
    assert client.get("/rules/chess").status_code == 404


def test_the_audit_of_a_finished_game(client: FlaskClient, store: Store) -> None:
    loaded = new_game(store)
    running = post_form(client, f"/games/{loaded.meta.id}/audit", {})
    assert "Hash chain intact" in text(running) and "not finished" in text(running)
    play_to_the_end(store, loaded.meta.id)
    page = text(client.get(f"/games/{loaded.meta.id}"))
    assert "The game is over" in page and "Verify" in page
    done = text(post_form(client, f"/games/{loaded.meta.id}/audit", {}))
    assert "Audit passed" in done
    assert re.search(r"\d+ orders re-run", done)


def test_audits_are_rate_limited(app: Flask, client: FlaskClient, store: Store) -> None:
    app.config["RATE_AUDIT"] = "2/600"
    loaded = new_game(store)
    codes = [post_form(client, f"/games/{loaded.meta.id}/audit", {}).status_code
             for _ in range(3)]
    assert codes == [200, 200, 429]


def test_the_lobby_pages_back_through_older_games(client: FlaskClient, store: Store,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from service.web import lobby

    monkeypatch.setattr(lobby, "PAGE", 2)
    made = [new_game(store).meta.id for _ in range(5)]
    shown: list[str] = []
    url = "/"
    while url:
        page = text(client.get(url))
        shown += [game_id for game_id in made if f"/games/{game_id}\"" in page]
        older = re.search(r'rel="next" href="([^"]+)"', page)
        url = older.group(1).replace("&amp;", "&") if older else ""
        assert len(shown) <= 5
    assert sorted(shown) == sorted(made) and len(shown) == 5
    assert client.get("/?before=nothere0").status_code == 404
