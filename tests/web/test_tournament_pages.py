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
