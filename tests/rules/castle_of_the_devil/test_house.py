"""The house's own plan in Castle of the Devil (engine/castle_of_the_devil/house.py): it
proclaims when its own hand wins, collects duel tokens by offers, duels for a tie (a draw from
the pile) when its tokens match a table all on the defender's side, and, against seats that
only give their deadline defaults, it finishes and wins the game."""
from __future__ import annotations

import hashlib

from engine.castle_of_the_devil import GAME
from engine.castle_of_the_devil.orders import ClaimOrder, DuelOrder, OfferOrder, TokenOrder
from engine.core import Rng
from engine.core.house import choose

from .helpers import deal, given, when, with_tokens


def chosen(state: object, seat: str) -> object:
    return choose(GAME, state, seat, Rng(b"plan"), iterations=8, cpu_seconds=None).order


def test_the_house_proclaims_when_its_own_hand_holds_the_three_keys() -> None:
    state = given(deal(hands=[("key", "key", "key"), ("goblet",), ("bag-key",),
                              ("bag-goblet",)], pile=("seal", "dagger")))
    assert chosen(state, "anna") == ClaimOrder("order")


def test_without_tokens_it_offers_its_least_wanted_object_and_never_a_key() -> None:
    state = given(deal(hands=[("key", "tome"), ("goblet",), ("bag-key",), ("bag-goblet",)]))
    order = chosen(state, "anna")
    assert isinstance(order, OfferOrder) and order.obj == "tome"


def test_with_tokens_for_a_tie_it_duels_and_plays_them_after_the_reveal() -> None:
    state = with_tokens(given(deal(
        hands=[("key",), ("goblet",), ("bag-key",), ("bag-goblet",)],
        professions=("bodyguard", "swordsman", "hypnotist", "alchemist"))), anna=2)
    order = chosen(state, "anna")
    assert isinstance(order, DuelOrder)
    state = GAME.fold(state, when(state, "anna", order))
    for seat in GAME.awaiting(state):
        state = GAME.fold(state, when(state, seat, GAME.prompt_for(state, seat).default))
    assert GAME.awaiting(state) == ("anna",)
    assert chosen(state, "anna") == TokenOrder(2)


def test_against_deadline_defaults_the_house_finishes_the_game_and_wins() -> None:
    seats = ("anna", "bruno", "carla", "dieter")
    seed = hashlib.sha256(b"castle-house-vs-defaults").digest()
    state = GAME.initial_state(seats, GAME.default_options())
    state = GAME.fold(state, GAME.start(state, Rng.for_position(seed, "castle-house", 0)))
    for position in range(1, 1201):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.awaiting(state)[0]
        if seat == "carla":
            order = choose(GAME, state, seat, Rng.for_position(seed, "house", position),
                           iterations=4, cpu_seconds=None).order
        else:
            prompt = GAME.prompt_for(state, seat)
            assert prompt is not None
            order = prompt.default
        state = GAME.decide_and_fold(state, seat, order,
                                     Rng.for_position(seed, "castle-house", position))[1]
    outcome = GAME.outcome(state)
    assert outcome is not None and "carla" in outcome.winners
