"""Tournaments on the web: the organiser's form, sign-up confirmed by a mailed link, the
standings page once the sweep seated the first round."""
from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from service.store.store import Store
from service.sweeps.standings import sweep_standings

from .helpers import post_form, text
from .test_open_games import mails


def sign_up(app: Flask, client: FlaskClient, path: str, name: str) -> str:
    """Sign up through the page and the mailed link; return the confirmation page."""
    asked = post_form(client, f"{path}/enter", {"name": name.title(),
                                                "email": f"{name}@example.org"}, page=path)
    assert asked.status_code == 303
    links = [m for to, _, body in mails(app) if f"{name}@example.org" in to
             for m in re.findall(r"https?://[^/\s]+(/tournaments/entry/[a-z2-7]+)", body)]
    assert links
    assert "Confirm my sign-up" in text(client.get(links[-1]))  # opening it enters nobody
    return text(post_form(client, links[-1], {}, page=links[-1]))


def test_organise_sign_up_and_see_the_standings(app: Flask, client: FlaskClient,
                                                store: Store) -> None:
    made = post_form(client, "/tournaments/new", {
        "name": "Winter cup", "game": "masons", "format": "swiss", "rounds": "2",
        "seats_per_game": "3", "players": "3"}, page="/tournaments/new")
    assert made.status_code == 303
    path = made.headers["Location"]
    assert "taking entrants (0 of 3)" in text(client.get(path))
    assert "Tournaments taking entrants" in text(client.get("/")) and path in text(
        client.get("/"))
    for name in ("ann", "ben", "cas"):
        assert "you are entrant" in sign_up(app, client, path, name)
    sweep_standings(store)
    page = text(client.get(path))
    assert "running, round 1" in page and "table 1" in page and "Ann" in page
    assert "Winter cup" in text(client.get("/tournaments"))
    refused = post_form(client, "/tournaments/new", {"game": "masons", "rounds": "x"},
                        page="/tournaments/new")
    assert refused.status_code == 400 and "rounds takes a whole number" in text(refused)


def test_the_new_game_form_makes_a_rated_game_and_an_open_table_with_terms(
        client: FlaskClient, store: Store) -> None:
    from service.game.loading import load_game

    fields = {"game": "secret-masters", "rated": "yes"}
    for index, name in enumerate(("anna", "bruno", "carla")):
        fields |= {f"seat-{index}-name": name, f"seat-{index}-email": f"{name}@example.org"}
    answer = post_form(client, "/new", fields, "/new?game=secret-masters")
    assert answer.status_code == 303
    game_id = answer.headers["Location"].split("/games/")[1].split("/")[0]
    assert load_game(store, game_id).meta.rated
    table = {"game": "masons", "seat-0-name": "anna", "seat-0-email": "anna@example.org",
             "open_seats": "2", "min_finished": "60", "min_rating": "2.5", "rated": "yes"}
    opened = post_form(client, "/new", table, "/new?game=masons")
    assert opened.status_code == 303
    game_id = opened.headers["Location"].split("/games/")[1].split("/")[0]
    terms = load_game(store, game_id).meta.table.terms  # type: ignore[union-attr]
    assert terms is not None and (terms.min_finished, terms.min_rating) == (60, 2.5)
    refused = post_form(client, "/new", {**table, "min_rating": "high"}, "/new?game=masons")
    assert refused.status_code == 400 and "the least rating is a number" in text(refused)


def test_sign_up_is_limited_per_tournament_and_per_address_not_per_network(
        app: Flask, client: FlaskClient, store: Store) -> None:
    app.config["RATE_JOIN"], app.config["RATE_JOIN_GAME"] = "2/3600", "6/3600"
    paths = []
    for name in ("Spring cup", "Summer cup"):
        made = post_form(client, "/tournaments/new", {
            "name": name, "game": "masons", "format": "swiss", "rounds": "2",
            "seats_per_game": "3", "players": "12"}, page="/tournaments/new")
        assert made.status_code == 303
        paths.append(made.headers["Location"])
    path, other = paths
    for n in range(6):  # a club: six players from one network address
        asked = post_form(client, f"{path}/enter", {"name": f"P{n}",
                                                    "email": f"p{n}@example.org"}, page=path)
        assert asked.status_code == 303, n
    over = post_form(client, f"{path}/enter", {"name": "P9", "email": "p9@example.org"},
                     page=path)
    assert over.status_code == 429 and "Too many requests" in text(over)
    assert post_form(client, f"{other}/enter", {"name": "P0", "email": "P0@example.org"},
                     page=other).status_code == 303
    again = post_form(client, f"{other}/enter", {"name": "P0", "email": "p0@Example.org"},
                      page=other)
    assert again.status_code == 429  # a third confirmation mail to one address in the hour
