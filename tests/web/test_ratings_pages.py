"""The ratings' pages: the titles, a leaderboard, a player's page; names and keys, never
addresses."""
from __future__ import annotations

from flask.testing import FlaskClient

from service.ratings.record import player_key
from service.ratings.stored import catch_up
from service.store.store import Store
from tests.service.ratings.games import rated_game


def test_leaderboard_and_player_pages(client: FlaskClient, store: Store) -> None:
    rated_game(store, "masons", 1, replace_after=4)
    catch_up(store)
    titles = client.get("/ratings").get_data(as_text=True)
    assert "/ratings/masons" in titles and "3 players" in titles
    board = client.get("/ratings/masons").get_data(as_text=True)
    for name in ("Cas", "Dot", "Gil"):
        assert name in board
    assert "@example.org" not in board
    assert 'data-label="Finished">1/1<' in board  # the reliability record beside the rating
    ben = client.get(f"/players/{player_key('ben@example.org')}").get_data(as_text=True)
    assert "Started 1 games that ended, finished 0" in ben and "replaced 1" in ben
    assert "No rated game yet." in ben  # replaced before a fifth of the game: unrated there
    gil = client.get(f"/players/{player_key('gil@example.org')}").get_data(as_text=True)
    assert "masons" in gil and "@example.org" not in gil
    assert client.get("/players/0123456789abcdef").status_code == 404
    assert client.get("/players/nobody").status_code == 404
    assert client.get("/ratings/no-such-game").status_code == 404
