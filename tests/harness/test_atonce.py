"""The differential secrecy test of decisions answered at once, on every registered game:
standing answers, answers ahead and forced decisions change nothing another seat sees, and
whether a decision is forced never depends on hidden information (engine/core/atonce.py)."""
from __future__ import annotations

import pytest

from engine.core import all_games, get_game
from engine.core.atonce import check_answered_at_once, check_forced_public
from engine.core.harness import play_random_game, seat_names, seeds, table_size

CASES = [(game.name, players) for game in all_games()
         for players in sorted({game.min_players, table_size(game, 4)})]
"""Every game at its smallest table and its largest up to four."""


@pytest.mark.parametrize(("name", "players"), CASES)
def test_answers_at_once_read_as_answers_by_hand(name: str, players: int) -> None:
    """Every other seat reads the same log and sees the same view whether a seat answers by
    a standing answer, an answer ahead or a forced decision, or by hand when asked."""
    game = get_game(name)
    for seed in seeds(1, base=4242):
        played = play_random_game(game, seat_names(players), seed)
        made = check_answered_at_once(played)
        if game.standing_topics():
            assert made > 0, f"{name} has standing answers but none was ever compared"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_forced_decisions_follow_from_public_information(name: str, players: int) -> None:
    """A decision is forced, or asked, alike in every reader's hidden variant of a state."""
    game = get_game(name)
    if not game.hidden_information:
        pytest.skip(f"{name} hides nothing")
    for seed in seeds(1, base=4343):
        played = play_random_game(game, seat_names(players), seed)
        check_forced_public(played)
