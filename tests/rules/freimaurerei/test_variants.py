"""The Tarot and the additions to the Ruler and Lodge decks (all off by default)."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core.testing import Scripted, after, given, play, when
from engine.freimaurerei import GAME
from engine.freimaurerei.board import ruler_alignment
from engine.freimaurerei.cards import lodge_cards, ruler_cards
from engine.freimaurerei.events import ConsortTurnedUp, RulerTurnedUp
from engine.freimaurerei.events_intrigue import JokerResolved
from engine.freimaurerei.orders import (
    AcceptOrder,
    DeclareEndOrder,
    IntrigueOrder,
    SwapOrder,
    TipOrder,
)
from engine.freimaurerei.scoring import points
from engine.freimaurerei.state import Options

from .helpers import (
    ANN,
    BEA,
    ILLU,
    MEDIUM,
    ROSY,
    SEATS,
    TREEHOUSE,
    L,
    S,
    found,
    recruit,
    set_up,
    turn,
)


def test_every_variant_is_off_by_default() -> None:
    assert all(value is False for value in GAME.default_options().values())
    assert len(lodge_cards(Options())) == 40 and len(ruler_cards(Options())) == 12


def test_the_tarot_uses_its_own_suits_and_four_court_cards() -> None:
    options = Options(tarot=True)
    assert len(lodge_cards(options)) == 40 and len(ruler_cards(options)) == 16
    from engine.freimaurerei.cards import card
    assert card(options, "5E").alignment is ILLU and card(options, "5C").alignment is ILLU
    assert card(options, "NB").alignment is ROSY and card(options, "QD").alignment is ROSY
    assert card(options, "NB").name == "knight of b\u00e2tons"


@pytest.mark.parametrize(("option", "deck", "card_id"), [
    ("ruler_joker", "ruler", "JOKER"), ("lodge_joker", "lodge", "JOKER"),
    ("hermit", "ruler", "HERMIT"), ("magician", "ruler", "MAGICIAN"),
    ("empress_emperor", "ruler", "EMPEROR"), ("tower", "lodge", "TOWER"),
    ("world", "lodge", "WORLD")])
def test_each_addition_goes_into_its_deck(option: str, deck: str, card_id: str) -> None:
    options = Options(**{option: True})
    cards = ruler_cards(options) if deck == "ruler" else lodge_cards(options)
    if options.tarot_deck and card_id == "JOKER":
        card_id = "FOOL" if deck == "ruler" else "WHEEL"
    assert card_id in cards


def test_a_tarot_trump_brings_the_tarot_with_it() -> None:
    assert Options(hermit=True).tarot_deck and not Options(ruler_joker=True).tarot_deck
    assert "FOOL" in ruler_cards(Options(tarot=True, ruler_joker=True))


def five_lodges(seat: str, cards: tuple[str, ...]) -> list[Any]:
    """Return five lodges of fresh medium Masons for `seat` on the given cards."""
    events: list[Any] = []
    first = 7 if seat == ANN else 30
    for number, card_id in enumerate(cards, start=1):
        ids = [f"M{first + 3 * number + k}" for k in range(3)]
        events.append(recruit(seat, *[(i, MEDIUM) for i in ids]))
        events += found(seat, number, card_id, *ids)
    return events


def ending(options: dict[str, bool], rulers: tuple[str, ...], lodge_deck: tuple[str, ...],
           cards: tuple[str, ...] = ("4C", "5S", "9D", "2H", "8C")) -> Any:
    """Return bea's turn, bea holding five lodges; rulers and decks as given."""
    return given(GAME, SEATS, set_up(inner=(ROSY, ILLU), ruler_deck=rulers, lodge_deck=lodge_deck),
                 five_lodges(BEA, cards), turn(BEA), options=options)


def test_a_joker_ruler_has_no_alignment_in_play_and_is_drawn_for_at_the_end() -> None:
    state = ending({"ruler_joker": True}, ("KH", "JOKER", "QD", "JS"), ("AS",))
    assert ruler_alignment(state, 1) is None
    events = when(GAME, state, BEA, DeclareEndOrder())
    assert JokerResolved(S, None, ("QD",), ROSY) in events
    final = after(GAME, state, events)
    assert points(final, 1) == 3  # ruler does not match; 4C, 5S and 8C do


def test_a_joker_lodge_is_drawn_for_at_the_end() -> None:
    state = ending({"lodge_joker": True}, ("KH", "QS"), ("AS", "2D"),
                   ("JOKER", "5S", "9D", "2H", "8C"))
    events = when(GAME, state, BEA, DeclareEndOrder())
    assert JokerResolved(S, 1, ("AS",), ILLU) in events
    assert points(after(GAME, state, events), 1) == 3 + 1 + 2


def test_the_hermit_and_the_tower_have_no_alignment() -> None:
    state = ending({"hermit": True, "tower": True}, ("KD", "HERMIT"), ("AE",),
                   ("TOWER", "5E", "9D", "2B", "8C"))
    assert points(state, 1) == 2


def test_the_magician_and_the_world_take_the_sms_inner_alignment() -> None:
    state = ending({"magician": True, "world": True}, ("KD", "MAGICIAN"), ("AE",),
                   ("WORLD", "5E", "9D", "2B", "8C"))
    assert points(state, 1) == 3 + 1 + 2
    assert ruler_alignment(state, 1) is None, "hidden until the end, so no use for TIP"


def consort_scene(deck: tuple[str, ...]) -> Any:
    """Return ann's turn with a kept SWAP; the Ruler deck continues with `deck`."""
    state = given(GAME, SEATS, set_up(inner=(ROSY, ILLU), ruler_deck=("KD", "QE", *deck)), turn(ANN, 3),
                  options={"empress_emperor": True})
    return play(GAME, state, (ANN, IntrigueOrder()), (ANN, AcceptOrder()), random=Scripted(TREEHOUSE["swap"]))


def test_an_empress_beside_a_ruler_aligns_both_rulers() -> None:
    state = consort_scene(("EMPRESS", "KE"))
    events = when(GAME, state, ANN, SwapOrder(S))
    assert events[0] == ConsortTurnedUp(S, "EMPRESS", ANN)
    final = after(GAME, state, events)
    assert final.realms[1].rulers == ("QE",) and final.realms[1].consorts == ("EMPRESS",)
    assert ruler_alignment(final, 0) is ROSY and ruler_alignment(final, 1) is ROSY
    assert points(final, 1) == 0


def test_the_next_successful_change_of_that_ruler_discards_the_consort() -> None:
    state = consort_scene(("EMPEROR", "KE"))
    state = play(GAME, state, (ANN, SwapOrder(S)))
    assert ruler_alignment(state, 0) is ILLU
    state = after(GAME, state, [RulerTurnedUp(S, "KE", ANN)])
    assert state.realms[1].consorts == () and ruler_alignment(state, 0) is ROSY


def test_empress_and_emperor_neutralize_each_other() -> None:
    state = consort_scene(("EMPRESS", "EMPEROR"))
    state = after(GAME, state, [ConsortTurnedUp(S, "EMPRESS", ANN), ConsortTurnedUp(L, "EMPEROR", BEA)])
    assert ruler_alignment(state, 0) is ROSY and ruler_alignment(state, 1) is ILLU


def test_tip_under_a_joker_ruler_has_no_effect() -> None:
    state = given(GAME, SEATS, set_up(ruler_deck=("JOKER", "QS", "KH")), turn(ANN, 3),
                  options={"ruler_joker": True})
    state = play(GAME, state, (ANN, IntrigueOrder()), (ANN, AcceptOrder()), random=Scripted(TREEHOUSE["tip"]))
    assert when(GAME, state, ANN, TipOrder(L))[0].reason == "its ruler has no alignment in play"  # type: ignore[attr-defined]
