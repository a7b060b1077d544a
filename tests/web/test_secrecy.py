"""Secrets on the web: canaries planted in a game's state reach only their owners' pages.

Every hidden item of the state becomes a unique marker; each seat's page, its API answer and
the spectator page are rendered from that state, and no marker may reach anyone else.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.core import Canaries
from service.game.current import PageGame
from service.game.kept import forget_games
from service.game.loading import LoadedGame
from service.seats import master
from service.store.store import Store
from service.web import links
from service.web.seatparts import forget_parts

from .conftest import SEATS, new_game, seat_path
from .helpers import text


def planted_game(store: Store, game: str, monkeypatch: pytest.MonkeyPatch, *,
                 house: bool = False) -> tuple[LoadedGame, Canaries]:
    """Create a game and make the web read it with canaries planted in its state; with
    `house`, every seat but the first is handed to the house."""
    loaded = new_game(store, game)
    for seat in loaded.meta.seat_names[1:] if house else ():
        master.house_seat(store, loaded.meta.id, seat)
    master.set_spectators(store, loaded.meta.id, True)
    loaded = links.load_game(store, loaded.meta.id)
    canaries = Canaries()
    real_load = links.load_game
    planted = loaded.game.plant_canaries(real_load(store, loaded.meta.id).state, canaries)

    def load_planted(*args: Any, **kwargs: Any) -> LoadedGame:
        fresh = real_load(*args, **kwargs)
        fresh.state = planted
        return fresh

    monkeypatch.setattr(links, "load_game", load_planted)
    real_read = links.read_game

    def read_planted(*args: Any, **kwargs: Any) -> PageGame:
        fresh = real_read(*args, **kwargs)
        return PageGame(fresh.row, replace(fresh.loaded, state=planted))

    # The seat pages read through the page cache: start it empty so it holds planted parts only.
    forget_games()
    forget_parts()
    monkeypatch.setattr(links, "read_game", read_planted)  # the public game page's read too
    return loaded, canaries


@pytest.mark.parametrize("house", [False, True], ids=["people", "house"])
@pytest.mark.parametrize("game", sorted(SEATS))
def test_canaries_reach_only_their_owners(app: Flask, client: FlaskClient, store: Store,
                                          game: str, house: bool,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    loaded, canaries = planted_game(store, game, monkeypatch, house=house)
    pages: dict[str | None, str] = {}
    for seat in loaded.meta.seat_names:
        path = seat_path(app, loaded, seat)
        token = {"Authorization": "Bearer " + path.rsplit("/", 1)[1]}
        api = client.get(f"/api/v1/games/{loaded.meta.id}/seats/{seat}", headers=token)
        pages[seat] = text(client.get(path)) + text(api)
    pages[None] = text(client.get(f"/games/{loaded.meta.id}/watch")) + text(
        client.get(f"/games/{loaded.meta.id}"))
    assert canaries.owners, "the game planted nothing: the test proves nothing"
    for marker, owners in canaries.owners.items():
        for reader, page in pages.items():
            if marker in page:
                assert reader in owners, f"{marker} of {sorted(owners)} reaches {reader}"
        if owners:
            assert any(marker in pages[owner] for owner in owners), f"{marker} shown to none"
