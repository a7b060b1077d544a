"""The differential secrecy test of decisions answered at once, on every registered game:
standing answers, answers ahead and forced decisions change nothing another seat sees, and
whether a decision is forced never depends on hidden information (engine/core/atonce.py);
and the test fails games that leak either way."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core import Audience, all_games, get_game
from engine.core.atonce import check_answered_at_once, check_forced_public
from engine.core.harness import HarnessFailure, play_random_game, seat_names, seeds, table_size
from engine.illuminati import events as ev
from engine.illuminati.game import Illuminati
from engine.illuminati.state import Phase

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


class SealedInPublic(Illuminati):
    """The leak the test is for: an answer sealed by hand shows a public line, which a seat
    whose standing order answered does not."""

    def visibility(self, event: Any) -> Audience:
        """Return the answer's audience with a public summary."""
        if isinstance(event, ev.AnswerSealed):
            return Audience(frozenset({event.answer.seat}), "An answer was sealed.")
        audience: Audience = super().visibility(event)
        return audience


class SettingInPublic(Illuminati):
    """A standing answer whose setting the others see summarised."""

    def visibility(self, event: Any) -> Audience:
        """Return the setting's audience with a public summary."""
        if isinstance(event, ev.StandingPassSet):
            return Audience(frozenset({event.seat}), "A standing order was set.")
        audience: Audience = super().visibility(event)
        return audience


class ForcedFromTheHand(Illuminati):
    """A forced decision told from a hand: a seat that can only pass the reaction window
    because it holds no Assassination or Murphy's Law is passed for at once."""

    def forced_order(self, state: Any, seat: str) -> Any:
        """Return `pass` where the seat's legal answers to the reaction are that alone."""
        if state.phase is Phase.REACTION and self.is_deciding(state, seat):
            legal = self.legal_orders(state, seat)
            return legal[0] if len(legal) == 1 else None
        return super().forced_order(state, seat)


@pytest.mark.parametrize(("leaky", "found"), [
    (SealedInPublic, "reads the log differently when"),
    (SettingInPublic, "sees [a-z]+ set 'windows: "),
])
def test_the_test_finds_a_standing_answer_that_shows(leaky: type[Illuminati],
                                                     found: str) -> None:
    played = play_random_game(leaky(), seat_names(4), next(seeds(1, base=4242)))
    with pytest.raises(HarnessFailure, match=found):
        check_answered_at_once(played)


def test_the_test_finds_a_forced_decision_told_from_a_hand() -> None:
    played = play_random_game(ForcedFromTheHand(), seat_names(4), next(seeds(1, base=4343)))
    with pytest.raises(HarnessFailure, match="forced depends on what"):
        check_forced_public(played)
