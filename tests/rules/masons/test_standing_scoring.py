"""Standing scoring answers a player would choose, on the rules' scoring example made sealed
(how new games score: every seat at once): play my best card here; play only where it is worth
it; keep the cards of a colour for the final scoring. New games score sealed; every game
created before keeps its recorded `scoring` option."""
from __future__ import annotations

from typing import Any

from engine.masons import GAME
from engine.masons import events as ev
from engine.masons.orders import DiscardOrder, PassOrder, PlayOrder
from engine.masons.scoring import score_cards
from engine.masons.state import State

from .helpers import city, deal, given, houses, of_type, towers, walls, when
from .test_scoring import CITY_X, EAST_WALLS, HANDS, OUTLINE_TOWERS, SHORE_TOWERS

SEATS = ("anna", "bruno", "carla", "dieter")


def sealed_example() -> State:
    """Return the scoring example's board with the scoring sealed."""
    return given(
        deal(hands=HANDS), city(1, (6,)), city(2, (20,)), city(3, (36,)), city(4, CITY_X),
        towers(**OUTLINE_TOWERS, **SHORE_TOWERS, t32="white"), walls(*EAST_WALLS),
        houses((38, "pink"), (39, "pink"), (52, "pink"), (53, "pink"), (40, "blue"),
               (41, "blue"), (54, "blue"), (5, "pink"), (7, "pink"), (0, "red"), (16, "blue")),
        ev.ScoringStarted(4, SEATS), turn_of=None, options={"scoring": "sealed"})


def answer(state: State, seat: str, text: str) -> Any:
    applied = GAME.standing_order(state, seat, GAME.read_standing(text, seat, state))
    assert applied is not None and not applied.reason, (seat, text)
    return applied.order


def most(state: State, seat: str) -> int:
    """Return the most any legal play of the seat scores in the city being scored."""
    scored = state.city_numbered(state.city)
    return max(sum(score_cards(state, o.cards, scored))
               for o in GAME.legal_orders(state, seat) if isinstance(o, PlayOrder))


def test_new_games_score_sealed_and_every_seat_is_asked_at_once() -> None:
    assert GAME.default_options()["scoring"] == "sealed"
    state = sealed_example()
    assert [p.seat for p in GAME.prompts(state)] == list(SEATS)
    assert all(p.simultaneous for p in GAME.prompts(state))


def test_best_card_plays_what_scores_most_here() -> None:
    state = sealed_example()
    for seat in SEATS:
        order = answer(state, seat, "scoring: best card")
        assert isinstance(order, PlayOrder)
        assert sum(score_cards(state, order.cards, state.city_numbered(4))) == most(state, seat)
    assert answer(state, "anna", "scoring best") == PlayOrder(("city-size", "shore-towers"))
    assert of_type(when(state, "anna", answer(state, "anna", "scoring best")), ev.ChoiceSealed)


def test_unless_worth_it_plays_only_a_play_of_two_points_or_more() -> None:
    state = sealed_example()
    for seat in SEATS:
        order = answer(state, seat, "scoring: unless worth it")
        if most(state, seat) >= 2:
            assert order == answer(state, seat, "scoring: best card")
        else:
            assert isinstance(order, DiscardOrder)


def test_keep_a_colour_never_plays_it_at_a_city() -> None:
    state = sealed_example()
    best = answer(state, "carla", "scoring: best card")
    assert "houses-pink" in best.cards  # pink scores for carla here ...
    kept = answer(state, "carla", "scoring: keep pink")
    assert isinstance(kept, PlayOrder) and "houses-pink" not in kept.cards  # ... but is kept
    assert not any(card.endswith("-pink") for card in kept.cards)


def test_at_the_final_scoring_the_best_card_plays_and_nothing_scoring_passes() -> None:
    state = given(deal(), city(1, (6,)), ev.ScoringStarted(0, SEATS, final=True),
                  turn_of=None, options={"scoring": "sealed"})
    for seat in SEATS:
        order = answer(state, seat, "scoring: keep red")
        assert order == answer(state, seat, "scoring: best card")  # nothing kept now
        assert isinstance(order, PlayOrder | PassOrder)
