"""Every registered game declares itself completely: each event type has an evolver, an account
and an audience; each order kind a grammar rule, a canonical text, form texts and a step that
takes it."""
from __future__ import annotations

import pytest

from engine.core import all_games
from engine.core.kit import KitGame, missing_declarations

KIT_GAMES = [game for game in all_games() if isinstance(game, KitGame)]


@pytest.mark.parametrize("game", KIT_GAMES, ids=lambda game: game.name)
def test_every_declaration_is_complete(game: KitGame) -> None:  # type: ignore[type-arg]
    assert missing_declarations(game) == []
    for cls, spec in game.EVENTS.specs.items():
        assert callable(spec.describe) and callable(spec.audience), cls
        assert cls in game.EVENTS.evolvers, cls
    assert set(game.events.by_name.values()) == set(game.EVENTS.specs)
    assert set(game.orders.by_name.values()) == set(game.ORDERS.specs)


@pytest.mark.parametrize("game", KIT_GAMES, ids=lambda game: game.name)
def test_every_order_reads_back_from_its_canonical_text(game: KitGame) -> None:  # type: ignore[type-arg]
    """The canonical text of each order kind begins with a word the grammar reads."""
    for spec in game.ORDERS.specs.values():
        if spec.kind == "default":
            continue
        head = spec.syntax.split()[0]
        assert head in game.GRAMMAR.rules or game.GRAMMAR.fallback is not None, spec.kind
