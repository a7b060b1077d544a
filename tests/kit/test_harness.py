"""The kit's reference game passes what every registered game passes: the shared harness, the
differential secrecy test, the tests of decisions answered at once and the completeness check,
while registered for the test."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core import all_games
from engine.core.atonce import check_answered_at_once, check_forced_public
from engine.core.contract import Audience
from engine.core.harness import HarnessFailure, play_random_game, seat_names, seeds
from engine.core.kit import Step
from engine.core.registry import GAME_MODULES
from tests.core.test_registry import declarations_are_complete, orders_read_back
from tests.harness.test_games import (
    no_answer_depends_on_hidden_information,
    random_games_keep_every_invariant,
)
from tests.kit.sealed_bid.events import BidSealed
from tests.kit.sealed_bid.game import SealedBid
from tests.kit.sealed_bid.state import State

PLAYERS = (2, 3, 4)


def test_it_is_never_offered_to_players() -> None:
    assert "sealed-bid" not in GAME_MODULES
    assert "sealed-bid" not in {game.name for game in all_games()}


def test_the_registry_knows_it_only_while_it_is_registered(sealed_bid: SealedBid) -> None:
    assert sealed_bid in all_games() and GAME_MODULES["sealed-bid"] == "tests.kit.sealed_bid"


@pytest.mark.parametrize("players", PLAYERS)
def test_random_games_keep_every_invariant(sealed_bid: SealedBid, players: int) -> None:
    random_games_keep_every_invariant(sealed_bid, players)


@pytest.mark.parametrize("players", PLAYERS)
def test_no_answer_depends_on_hidden_information(sealed_bid: SealedBid, players: int) -> None:
    assert sealed_bid.hidden_information
    no_answer_depends_on_hidden_information(sealed_bid, players)


@pytest.mark.parametrize("players", PLAYERS)
def test_answers_at_once_read_as_answers_by_hand(sealed_bid: SealedBid, players: int) -> None:
    """A bid by a standing answer, a lot taken by an answer ahead or at once as forced, and a
    bidder sitting out read to every other seat as the same answers given by hand."""
    played = play_random_game(sealed_bid, seat_names(players), next(seeds(1, base=4242)))
    assert check_answered_at_once(played) > 0


@pytest.mark.parametrize("players", PLAYERS)
def test_the_forced_choice_of_a_lot_follows_from_public_information(sealed_bid: SealedBid,
                                                                     players: int) -> None:
    played = play_random_game(sealed_bid, seat_names(players), next(seeds(1, base=4343)))
    assert check_forced_public(played) > 0  # the last round's single lot, taken at once


class SealedInPublic(SealedBid):
    """The leak `answering_public=False` guards against: a sealed bid told to the others, which
    a bidder sitting out never seals."""

    def visibility(self, event: Any) -> Audience:
        """Return a bid's audience with a public summary."""
        if isinstance(event, BidSealed):
            return Audience(frozenset({event.seat}), f"{event.seat} sealed a bid")
        audience: Audience = super().visibility(event)
        return audience


def test_the_test_finds_a_bidder_sitting_out_told_from_one_who_passed() -> None:
    played = play_random_game(SealedInPublic(), seat_names(3), next(seeds(1, base=4242)))
    with pytest.raises(HarnessFailure, match="by the standing answer 'sit-out: on'"):
        check_answered_at_once(played)


def test_every_declaration_is_complete(sealed_bid: SealedBid) -> None:
    declarations_are_complete(sealed_bid)
    orders_read_back(sealed_bid)


class SameKeyEveryRound(SealedBid):
    """The trap the kit closes: a key that does not number the rounds."""

    def prompt_key(self, state: State, step: Step) -> str:
        """Return the step's key alone, the same in every round."""
        return step.key


def test_the_harness_fails_a_key_that_comes_back_next_round() -> None:
    with pytest.raises(HarnessFailure, match="sealed-bid: the prompt key 'bid' opened again for "
                                              "(anna|bruno) after it closed"):
        play_random_game(SameKeyEveryRound(), seat_names(2), next(seeds(1)))
