"""The plain-text grammar: canonical round trips, forgiving reading, precise refusals, help."""
from __future__ import annotations

from typing import Any

import pytest

from engine.castle_of_the_devil import GAME
from engine.castle_of_the_devil.orders import (
    AcceptOrder,
    ClaimOrder,
    DoneOrder,
    DuelOrder,
    GiveOrder,
    LookOrder,
    NameOrder,
    OfferOrder,
    PassOrder,
    PlayOrder,
    RefuseOrder,
    SpyOrder,
    SupportOrder,
    TakeOrder,
    TokenOrder,
    TopOrder,
    UseOrder,
)
from engine.castle_of_the_devil.state import State
from engine.core.errors import UnreadableOrder
from engine.core.harness import play_random_game, seat_names, seeds
from engine.core.rng import Rng

from .helpers import deal, given, play, prompted


def read(state: State, seat: str, text: str) -> Any:
    return GAME.parse(text, seat, state)


def unreadable(state: State, seat: str, text: str) -> UnreadableOrder:
    with pytest.raises(UnreadableOrder) as caught:
        GAME.parse(text, seat, state)
    return caught.value


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_every_legal_order_reads_back_from_its_canonical_text(players: int) -> None:
    checked = 0
    for seed in seeds(4, base=500 + players):
        played = play_random_game(GAME, seat_names(players), seed, sample_every=3)
        for state in played.sampled_states:
            for prompt in GAME.prompts(state):
                for order in GAME.legal_orders(state, prompt.seat):
                    text = GAME.format_order(order)
                    assert GAME.parse(text, prompt.seat, state) == order, text
                    checked += 1
    assert checked > 100


TURN = given(deal(4, hands=[("key", "bag-key"), ("goblet",), ("coat",), ("tome",)]))


@pytest.mark.parametrize(("text", "order"), [
    ("spy bruno", SpyOrder("bruno")), ("Spy on Bruno!", SpyOrder("bruno")),
    ("spy br", SpyOrder("bruno")), ("duel carla", DuelOrder("carla")),
    ("challenge Dieter to a duel", DuelOrder("dieter")),
    ("offer key to bruno", OfferOrder("key", "bruno")),
    ("Offer the Key to Bruno.", OfferOrder("key", "bruno")),
    ("trade the bag with carla", OfferOrder("bag-key", "carla")),
    ("offer bag of secrets (key) to dieter", OfferOrder("bag-key", "dieter")),
    ("offer bruno key", OfferOrder("key", "bruno")),
    ("claim order", ClaimOrder("order")),
    ("claim the Brotherhood of True Lies", ClaimOrder("brotherhood")),
    ("proclaim keys", ClaimOrder("order")),
])
def test_turn_orders_are_read_forgivingly(text: str, order: Any) -> None:
    assert read(TURN, "anna", text) == order


def test_an_answer_to_an_offer() -> None:
    state = play(given(deal(4, hands=[("key",), ("goblet", "gloves"), ("coat",), ("tome",)])),
                 ("anna", OfferOrder("key", "bruno")))
    assert read(state, "bruno", "accept give gloves") == AcceptOrder("gloves")
    assert read(state, "bruno", "Accept, giving the Gloves back") == AcceptOrder("gloves")
    assert read(state, "bruno", "accept glo") == AcceptOrder("gloves")
    assert read(state, "bruno", "refuse") == RefuseOrder()
    assert read(state, "bruno", "decline") == RefuseOrder()
    assert "accept give" in unreadable(state, "bruno", "accept").message


def test_duel_words() -> None:
    state = play(given(deal(5)), ("anna", DuelOrder("bruno")))
    assert read(state, "carla", "support attacker") == SupportOrder("attacker")
    assert read(state, "carla", "support the defender") == SupportOrder("defender")
    assert read(state, "carla", "support bruno") == SupportOrder("defender")
    assert read(state, "carla", "side sword") == SupportOrder("attacker")
    assert read(state, "carla", "use priest") == UseOrder("priest")
    assert read(state, "carla", "priest") == UseOrder("priest")
    assert read(state, "bruno", "pass") == PassOrder()
    assert "support attacker" in unreadable(state, "carla", "support nobody").message


def test_play_words() -> None:
    state = play(given(deal(5)), ("anna", DuelOrder("bruno")))
    state = play(state, *[(seat, PassOrder() if seat == "bruno" else SupportOrder("attacker"))
                          for seat in prompted(state)])
    assert read(state, "anna", "play dagger") == PlayOrder("dagger")
    assert read(state, "anna", "dagger") == PlayOrder("dagger")
    assert read(state, "anna", "use the dagger") == PlayOrder("dagger")
    assert read(state, "anna", "token 2") == TokenOrder(2)
    assert read(state, "anna", "tokens two") == TokenOrder(2)
    assert read(state, "anna", "play 3 tokens") == TokenOrder(3)
    assert read(state, "anna", "token") == TokenOrder(1)
    assert read(state, "anna", "use hypnotist on carla") == UseOrder("hypnotist", "carla")
    assert read(state, "anna", "hypnotist carla") == UseOrder("hypnotist", "carla")
    assert read(state, "anna", "use alchemist for the defender") == UseOrder("alchemist",
                                                                            "defender")
    assert read(state, "anna", "use alchemist bruno") == UseOrder("alchemist", "defender")
    assert read(state, "anna", "use grand master") == UseOrder("grand-master")
    assert read(state, "anna", "use bodyguard") == UseOrder("bodyguard")
    assert "token <count>" in unreadable(state, "anna", "token lots").message


def test_winner_and_claim_words() -> None:
    state = given(deal(4))
    assert read(state, "anna", "look society") == LookOrder("society")
    assert read(state, "anna", "look at his objects") == LookOrder("objects")
    assert read(state, "anna", "steal") == LookOrder("objects")
    assert read(state, "anna", "take gloves") == TakeOrder("gloves")
    assert read(state, "anna", "steal the gloves") == TakeOrder("gloves")
    assert read(state, "anna", "name carla and bruno") == NameOrder(("bruno", "carla"))
    assert read(state, "anna", "done") == DoneOrder()
    assert read(state, "anna", "give key to bruno") == GiveOrder("key", "bruno")
    assert read(state, "anna", "give key") == GiveOrder("key")


def test_professions_and_abilities() -> None:
    state = given(deal(4))
    assert read(state, "anna", "use diplomat bruno key") == UseOrder("diplomat", "bruno", "key")
    assert read(state, "anna", "use diplomat, ask bruno for the key") == UseOrder(
        "diplomat", "bruno", "key")
    assert read(state, "anna", "use diplomat key from bruno") == UseOrder("diplomat", "bruno",
                                                                          "key")
    assert read(state, "anna", "use clairvoyant") == UseOrder("clairvoyant")
    assert read(state, "anna", "use sextant clockwise") == UseOrder("sextant", "left")
    assert read(state, "anna", "use sextant right") == UseOrder("sextant", "right")
    assert read(state, "anna", "use coat") == UseOrder("coat")
    assert read(state, "anna", "top dagger key") == TopOrder(("dagger", "key"))
    assert read(state, "anna", "top Bag of Secrets (key), Seal of the Lodge") == TopOrder(
        ("bag-key", "seal"))
    assert "direction" in unreadable(state, "anna", "use sextant").message


def test_a_one_line_claim_reads_its_names() -> None:
    assert GAME.parse("claim order bruno carla", "anna", TURN) == \
        ClaimOrder("order", ("bruno", "carla"))


def test_refusals_say_what_is_wrong_and_what_is_legal() -> None:
    problem = unreadable(TURN, "anna", "dance with bruno")
    assert '"dance" is not an order word' in problem.message
    assert "spy bruno" in problem.legal
    assert "not an object" in unreadable(TURN, "anna", "offer sword to bruno").message
    assert "players:" in unreadable(TURN, "anna", "spy zora").message
    assert "empty" in unreadable(TURN, "anna", "   ").message


def test_an_ambiguous_name_is_refused_when_the_hand_does_not_decide() -> None:
    state = given(deal(4, hands=[("bag-key", "bag-goblet"), ("goblet",), ("coat",), ("tome",)]))
    problem = unreadable(state, "anna", "offer bag to bruno")
    assert "could be" in problem.message


def test_help_lists_what_is_legal_now_with_examples() -> None:
    prompt = GAME.prompts(TURN)[0]
    text = GAME.help(prompt)
    assert "spy <player>" in text and "offer <object> to <player>" in text
    assert "for example: spy bruno" in text
    assert "If the deadline passes (48 hours), you spy on the next player clockwise." in text
    problem = unreadable(TURN, "anna", "help")
    assert "offer <object> to <player>" in problem.legal


def test_the_default_cannot_be_written() -> None:
    assert "deadline" in unreadable(TURN, "anna", "default").message


def test_awkward_seat_names_still_read_back() -> None:
    """Seat names may be small words or object names; canonical texts must still read back."""
    seats = ("a", "to", "key", "on_1", "pass")
    for seed in seeds(12, base=900):
        played = play_random_game(GAME, seats, seed, sample_every=2)
        for state in played.sampled_states:
            for prompt in GAME.prompts(state):
                for order in GAME.legal_orders(state, prompt.seat):
                    text = GAME.format_order(order)
                    assert GAME.parse(text, prompt.seat, state) == order, text
    table = GAME.initial_state(seats, {})
    table = GAME.fold(table, GAME.start(table, Rng(b"awkward")))
    first = table.seats[table.active]
    for other in (seat for seat in seats if seat != first):
        assert GAME.parse(f"spy {other}", first, table) == SpyOrder(other)
        obj = table.hands[table.active][0]
        assert GAME.parse(f"offer {obj} to {other}", first, table) == OfferOrder(obj, other)
        assert GAME.parse(f"name {other} {first}", first, table) == NameOrder(
            tuple(sorted({other, first}, key=seats.index)))


def test_a_leading_i_and_the_rule_texts_own_words_are_read() -> None:
    assert read(TURN, "anna", "I challenge bruno") == DuelOrder("bruno")
    assert read(TURN, "anna", "I'd like to spy on carla") == SpyOrder("carla")
    assert read(TURN, "anna", "proclaim victory for the order") == ClaimOrder("order")
    assert read(TURN, "anna", "I proclaim victory for the brotherhood") == \
        ClaimOrder("brotherhood")


def test_a_one_line_claim_takes_unique_beginnings_of_names_like_name_does() -> None:
    assert read(TURN, "anna", "claim order br car") == ClaimOrder("order", ("bruno", "carla"))


def test_an_object_name_is_never_narrowed_by_cards_the_seat_cannot_see() -> None:
    """`take b` before the loser's objects are shown is told from every object's name, so
    the answer says nothing about what the loser holds."""
    state = given(deal(4, hands=[("key",), ("bag-key", "tome"), ("coat",), ("whip",)]))
    problem = unreadable(state, "anna", "take b")
    assert "Bag of Secrets (key)" in problem.message and "Black Pearl" in problem.message
    assert "Bag of Secrets (goblet)" in problem.message


def test_the_doctor_window_help_says_an_answer_is_final() -> None:
    from engine.castle_of_the_devil.state import Phase
    from engine.castle_of_the_devil.steps import STEPS

    step = STEPS[Phase.DOCTOR]
    assert step.sealed and not step.revisable
    prompt = GAME.prompts(TURN)[0]
    doctor = type(prompt)(**{**prompt.__dict__, "simultaneous": True, "revisable": False})
    text = GAME.help(doctor)
    assert "cannot be changed" in text and "may change" not in text
