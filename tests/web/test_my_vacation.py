"""Vacation days on "my games": what is left, and days booked in every game at once."""
from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from flask.testing import FlaskClient

from service.base import clock
from service.game.loading import load_game
from service.store.store import Store

from .conftest import new_game
from .helpers import post_form, text


@pytest.fixture
def signed_in(client: FlaskClient) -> Iterator[FlaskClient]:
    """The client signed in as anna's address, on a clock fixed in November 2026."""
    clock.set_now(datetime(2026, 11, 23, 12, tzinfo=UTC))
    with client.session_transaction() as session:
        session["me"] = "anna@example.org"
    yield client
    clock.set_now(None)


def test_my_games_shows_the_days_left_and_books_them_everywhere(signed_in: FlaskClient,
                                                                  store: Store) -> None:
    first = new_game(store, vacation=True)
    second = new_game(store, "freimaurerei", vacation=True)
    page = text(signed_in.get("/me"))
    assert "Vacation days left in 2026: 14 of 14." in page
    answer = post_form(signed_in, "/me/vacation", {"first": "2026-12-24", "last": "2026-12-26"},
                       "/me")
    assert answer.status_code == 303
    page = text(signed_in.get(answer.headers["Location"]))
    assert "Vacation booked from 2026-12-24 to 2026-12-26" in page
    assert "Vacation days left in 2026: 11 of 14." in page
    assert "Booked ahead: 2026-12-24, 2026-12-25, 2026-12-26." in page
    for game_id in (first.meta.id, second.meta.id):
        assert load_game(store, game_id).meta.vacation_booked["anna"] == {
            "2026-12-24", "2026-12-25", "2026-12-26"}


def test_a_booking_that_is_refused_says_why(signed_in: FlaskClient, store: Store) -> None:
    new_game(store, vacation=True)
    answer = post_form(signed_in, "/me/vacation", {"first": "2026-12-01", "last": "2026-12-31"},
                       "/me")
    page = text(signed_in.get(answer.headers["Location"]))
    assert "that needs 31 more vacation days" in page
    assert "that needs" not in text(signed_in.get("/me"))  # said once
    assert "Not booked" not in text(signed_in.get("/me?booked=Not+booked"))
