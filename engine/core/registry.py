"""The registry of games by short name."""
from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .contract import Game

# Short name -> module holding a `GAME` object. Adding a game is one line here.
GAME_MODULES: dict[str, str] = {
    "secret-masters": "engine.secret_masters",
    "castle-of-the-devil": "engine.castle_of_the_devil",
    "freimaurerei": "engine.freimaurerei",
    "illuminati": "engine.illuminati",
    "masons": "engine.masons",
}

_loaded: dict[str, Game[Any]] = {}


class UnknownGame(LookupError):
    """No game is registered under that name."""

    def __init__(self, name: str) -> None:
        super().__init__(f"no game called {name!r}; games: {', '.join(sorted(GAME_MODULES))}")
        self.name = name


def get_game(name: str, version: str | None = None) -> Game[Any]:
    """Return the registered game called `name` (its rules as of engine `version` when given),
    or raise UnknownGame (UnknownEngineVersion for a version whose rules are not kept)."""
    if name not in GAME_MODULES:
        raise UnknownGame(name)
    if name not in _loaded:
        module = importlib.import_module(GAME_MODULES[name])
        game: Game[Any] = module.GAME
        if game.name != name:
            raise RuntimeError(f"{GAME_MODULES[name]} registers {game.name!r}, not {name!r}")
        _loaded[name] = game
    return _loaded[name].at_version(version)


def all_games() -> list[Game[Any]]:
    """Return every registered game, by short name."""
    return [get_game(name) for name in sorted(GAME_MODULES)]


@contextmanager
def registered(name: str, module: str) -> Iterator[Game[Any]]:
    """Yield the game of `module`, registered as `name` (so known to the service too) until the
    with-block ends: for tests of a game never offered to players, like `tests/kit/`'s."""
    if name in GAME_MODULES:
        raise ValueError(f"a game called {name!r} is registered already")
    GAME_MODULES[name] = module
    try:
        yield get_game(name)
    finally:
        del GAME_MODULES[name]
        _loaded.pop(name, None)
