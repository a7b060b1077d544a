"""The ratings by mail at the public address: `ratings TITLE` and `me`."""
from __future__ import annotations

from pathlib import Path

from service.ratings.record import player_key
from service.ratings.stored import catch_up
from service.store.store import Store
from tests.service.mail.test_public_address import _config, _write
from tests.service.ratings.games import rated_game


def test_ratings_and_me_by_mail(store: Store, tmp_path: Path) -> None:
    config = _config(tmp_path)
    assert "No rated game of masons has ended yet." in _write(store, config, "ratings masons")
    rated_game(store, "masons", 1, replace_after=4)
    catch_up(store)
    best = _write(store, config, "ratings Masons")
    assert "the best 3 of 3" in best and "Gil" in best and "@" not in best.split("https")[0]
    assert "https://g.example.org/ratings/masons" in best
    gil = _write(store, config, "me", "gil@example.org")
    assert player_key("gil@example.org") in gil
    assert "started 1 games that ended, finished 1" in gil and "masons: rating" in gil
    ben = _write(store, config, "me", "ben@example.org")
    assert "replaced 1" in ben and "No rated game yet." in ben
    assert "You have no ended game here yet." in _write(store, config, "me", "new@players.test")
    # other senders: an address not proven to play here is answered at most 3 times an hour
    assert "Write `ratings TITLE`, TITLE one of" in _write(store, config, "ratings chess",
                                                           "ida@players.test")
    assert "ratings TITLE" in _write(store, config, "help", "ida@players.test")
