"""Every registered game declares itself completely: each event type has an evolver, an account
and an audience; each order kind a grammar rule, a canonical text, form texts and a step that
takes it; and whether it hides information, with its secrecy hooks when it does."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core import all_games
from engine.core.contract import Game
from engine.core.kit import KitGame, missing_declarations
from engine.core.probing import missing_secrecy

KIT_GAMES = [game for game in all_games() if isinstance(game, KitGame)]


def declarations_are_complete(game: KitGame[Any]) -> None:
    """Fail unless every declaration of `game` is complete and its tables hold them all."""
    assert missing_declarations(game) == []
    for cls, spec in game.EVENTS.specs.items():
        assert callable(spec.describe) and callable(spec.audience), cls
        assert cls in game.EVENTS.evolvers, cls
    assert set(game.events.by_name.values()) == set(game.EVENTS.specs)
    assert set(game.orders.by_name.values()) == set(game.ORDERS.specs)


def orders_read_back(game: KitGame[Any]) -> None:
    """Fail unless the canonical text of each order kind begins with a word the grammar reads."""
    for spec in game.ORDERS.specs.values():
        if spec.kind == "default":
            continue
        head = spec.syntax.split()[0]
        assert head in game.GRAMMAR.rules or game.GRAMMAR.fallback is not None, spec.kind


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.name)
def test_every_game_declares_its_hidden_information(game: Game[Any]) -> None:
    assert isinstance(type(game).hidden_information, bool)
    assert missing_secrecy(game) == []


@pytest.mark.parametrize("game", KIT_GAMES, ids=lambda game: game.name)
def test_every_declaration_is_complete(game: KitGame[Any]) -> None:
    declarations_are_complete(game)


@pytest.mark.parametrize("game", KIT_GAMES, ids=lambda game: game.name)
def test_every_order_reads_back_from_its_canonical_text(game: KitGame[Any]) -> None:
    """The canonical text of each order kind begins with a word the grammar reads."""
    orders_read_back(game)
