"""Trade abilities in order (Bag, Coat, Monocle, Privilege, Sextant, Tome, Shattered Mirror),
the hand limit and the forced gift."""
from __future__ import annotations

from engine.castle_of_the_devil import GAME
from engine.castle_of_the_devil.events import (
    AbilityDeclined,
    AbilityOffered,
    AbilityUsed,
    HandOverLimit,
    ObjectDrawn,
    ObjectGiven,
    ObjectPassed,
    PassingChosen,
    PassingEnded,
    PassingStarted,
    ProfessionExchanged,
    ProfessionsSwapped,
    SocietyShown,
    TradeAccepted,
    TurnStarted,
)
from engine.castle_of_the_devil.orders import (
    AcceptOrder,
    DefaultOrder,
    GiveOrder,
    OfferOrder,
    PassOrder,
    UseOrder,
)
from engine.castle_of_the_devil.state import Phase, State

from .helpers import (
    after,
    audience,
    deal,
    given,
    hand,
    legal,
    of_type,
    play,
    prompted,
    refused,
    types_of,
    when,
)

PILE = ("seal", "key", "goblet", "dagger")


def traded(hands: list[tuple[str, ...]], obj: str, back: str, players: int = 4,
           pile: tuple[str, ...] = PILE, **kw: object) -> tuple[State, list[object]]:
    """Return (state before the answer, events of bruno accepting `obj` and giving `back`)."""
    state = given(deal(players, hands=hands, pile=pile, **kw))  # type: ignore[arg-type]
    state = play(state, ("anna", OfferOrder(obj, "bruno")))
    return state, when(state, "bruno", AcceptOrder(back))


# -- Bag of Secrets ---------------------------------------------------------------------------

def test_the_bag_draws_the_top_of_the_pile_for_its_trader() -> None:
    state, events = traded([("bag-key",), ("whip",), ("coat",), ("tome",)], "bag-key", "whip")
    assert events[1:3] == [AbilityUsed("anna", "bag-key", "bruno"),
                           ObjectDrawn("anna", "seal", "bag")]
    assert hand(after(state, events), "anna") == ("seal", "whip")


def test_with_the_pile_empty_the_bag_draws_nothing_and_is_not_announced() -> None:
    _state, events = traded([("bag-key",), ("whip",), ("coat",), ("tome",)], "bag-key", "whip",
                           pile=())
    assert events[0] == TradeAccepted("anna", "bruno", "bag-key", "whip", False, False)
    assert types_of(events) == ["trade-accepted", "turn-started"]


# -- Monocle ----------------------------------------------------------------------------------

def test_the_monocle_shows_the_partners_society_to_the_trader() -> None:
    state, events = traded([("monocle",), ("whip",), ("coat",), ("tome",)], "monocle", "whip")
    assert events[1:3] == [AbilityUsed("anna", "monocle", "bruno"),
                           SocietyShown("bruno", "anna", "brotherhood", "monocle")]
    assert audience(events[2]) == {"anna", "bruno"}
    assert GAME.visibility(events[2]).summary == "bruno showed anna their society card"
    later = after(state, events)
    assert "bruno belongs to the Brotherhood of True Lies." in later.notes[0][-1]


# -- Coat -------------------------------------------------------------------------------------

def test_the_coat_asks_its_trader_and_exchanges_for_an_unused_profession() -> None:
    state, events = traded([("coat",), ("whip",), ("key",), ("tome",)], "coat", "whip")
    assert events[1] == AbilityOffered("anna", "coat", "bruno")
    state = after(state, events)
    assert state.phase is Phase.ABILITY and prompted(state) == ["anna"]
    assert legal(state, "anna") == [UseOrder("coat"), PassOrder()]
    used = when(state, "anna", UseOrder("coat"))
    exchange = of_type(used, ProfessionExchanged)[0]
    assert exchange.old == "thug" and exchange.new in state.unused
    later = after(state, used)
    assert later.professions[0] == exchange.new and not later.face_up[0]
    assert "thug" in later.unused and exchange.new not in later.unused
    assert audience(exchange) == {"anna"}
    assert used[-1] == TurnStarted("bruno", 2)


def test_the_coat_can_be_declined_and_defaults_to_not_used() -> None:
    state, events = traded([("coat",), ("whip",), ("key",), ("tome",)], "coat", "whip")
    state = after(state, events)
    assert GAME.prompts(state)[0].default == PassOrder()
    assert when(state, "anna", PassOrder())[0] == AbilityDeclined("anna", "coat")


def test_a_face_up_profession_goes_to_the_unused_ones_publicly() -> None:
    state, events = traded([("coat",), ("whip",), ("key",), ("tome",)], "coat", "whip",
                           professions=["priest", "thug", "doctor", "bodyguard"])
    state = after(state, events)
    from engine.core.contract import replace
    state = replace(state, face_up=(True, False, False, False))
    exchange = of_type(when(state, "anna", UseOrder("coat")), ProfessionExchanged)[0]
    assert exchange.old_face_up
    assert "face-up Priest" in (GAME.visibility(exchange).summary or "")


# -- Tome -------------------------------------------------------------------------------------

def test_the_tome_swaps_professions_both_face_down() -> None:
    state, events = traded([("tome",), ("whip",), ("key",), ("coat",)], "tome", "whip")
    state = after(state, events)
    from engine.core.contract import replace
    state = replace(state, face_up=(True, True, False, False))
    used = when(state, "anna", UseOrder("tome"))
    assert used[1] == ProfessionsSwapped("anna", "bruno", "bodyguard", "thug")
    assert audience(used[1]) == {"anna", "bruno"}
    later = after(state, used)
    assert later.professions[:2] == ("bodyguard", "thug")
    assert later.face_up[:2] == (False, False)


# -- Sextant ----------------------------------------------------------------------------------

def sextant_passing(direction: str = "left") -> State:
    state, events = traded([("sextant", "key"), ("whip",), ("bag-key",), ("tome", "gloves")],
                           "sextant", "whip")
    state = after(state, events)
    assert legal(state, "anna") == [UseOrder("sextant", "left"), UseOrder("sextant", "right"),
                                    PassOrder()]
    used = when(state, "anna", UseOrder("sextant", direction))
    assert used[1] == PassingStarted("anna", direction)
    return after(state, used)


def test_the_sextant_asks_every_player_at_once_sealed() -> None:
    state = sextant_passing()
    prompts = GAME.prompts(state)
    assert [p.seat for p in prompts] == ["anna", "bruno", "carla", "dieter"]
    assert all(p.simultaneous and not p.submitted for p in prompts)
    assert legal(state, "dieter") == [GiveOrder("gloves"), GiveOrder("tome")]
    chosen = when(state, "carla", GiveOrder("bag-key"))
    assert chosen == [PassingChosen("carla", "bag-key", False)]
    assert audience(chosen[0]) == {"carla"}
    state = after(state, chosen)
    assert [p.submitted for p in GAME.prompts(state)] == [False, False, True, False]
    assert when(state, "carla", GiveOrder("bag-key"))[0].revised


def test_every_player_passes_to_the_left_at_once_and_no_ability_fires() -> None:
    state = sextant_passing("left")
    state = play(state, ("anna", GiveOrder("key")), ("bruno", GiveOrder("sextant")),
                 ("carla", GiveOrder("bag-key")))
    events = when(state, "dieter", GiveOrder("gloves"))
    assert events[:5] == [PassingChosen("dieter", "gloves", False),
                          ObjectPassed("anna", "bruno", "key"),
                          ObjectPassed("bruno", "carla", "sextant"),
                          ObjectPassed("carla", "dieter", "bag-key"),
                          ObjectPassed("dieter", "anna", "gloves")]
    assert events[5] == PassingEnded("left")
    assert not of_type(events, ObjectDrawn)
    assert audience(events[1]) == {"anna", "bruno"}
    later = after(state, events)
    assert hand(later, "anna") == ("gloves", "whip")
    assert hand(later, "dieter") == ("bag-key", "tome")


def test_passing_to_the_right_goes_counter_clockwise() -> None:
    state = sextant_passing("right")
    state = play(state, ("anna", GiveOrder("key")), ("bruno", GiveOrder("sextant")),
                 ("carla", GiveOrder("bag-key")))
    events = when(state, "dieter", GiveOrder("gloves"))
    assert ObjectPassed("anna", "dieter", "key") in events
    assert ObjectPassed("dieter", "carla", "gloves") in events


def test_a_missing_passing_choice_defaults_to_a_random_object() -> None:
    state = sextant_passing()
    assert GAME.prompts(state)[0].default == DefaultOrder()
    chosen = when(state, "dieter", DefaultOrder())[0]
    assert isinstance(chosen, PassingChosen) and chosen.obj in ("gloves", "tome")


# -- Shattered Mirror and the order of abilities ----------------------------------------------

def test_the_mirror_suppresses_the_ability_of_the_object_given_for_it() -> None:
    _state, events = traded([("mirror",), ("bag-key",), ("key",), ("tome",)], "mirror",
                           "bag-key")
    assert events[0] == TradeAccepted("anna", "bruno", "mirror", "bag-key", False, False)
    assert types_of(events) == ["trade-accepted", "turn-started"]


def test_the_mirror_given_back_suppresses_the_offered_ability() -> None:
    _state, events = traded([("privilege",), ("mirror",), ("key",), ("tome",)], "privilege",
                           "mirror")
    assert events[0] == TradeAccepted("anna", "bruno", "privilege", "mirror", False, False)


def test_the_offered_ability_comes_first_then_the_returned_one() -> None:
    state, events = traded([("coat",), ("bag-goblet",), ("key",), ("tome",)], "coat",
                           "bag-goblet")
    assert events[1] == AbilityOffered("anna", "coat", "bruno")
    state = after(state, events)
    used = when(state, "anna", PassOrder())
    assert types_of(used)[:4] == ["ability-declined", "ability-used", "object-drawn",
                                  "turn-started"]
    assert used[2] == ObjectDrawn("bruno", "seal", "bag")


# -- the hand limit ---------------------------------------------------------------------------

def full_hands() -> State:
    """Five players; anna holds five objects and trades a Bag: she will hold six."""
    hands = [("bag-key", "key", "goblet", "dagger", "gloves"), ("whip",), ("coat", "tome",
             "sextant", "monocle", "ring"), ("knives",), ("privilege",)]
    state, events = traded(hands, "bag-key", "whip", players=5, pile=("seal", "mirror"))
    return after(state, events)


def test_over_the_limit_you_give_an_object_to_a_player_below_it() -> None:
    state = full_hands()
    assert state.phase is Phase.GIFT and prompted(state) == ["anna"]
    assert len(hand(state, "anna")) == 6
    orders = legal(state, "anna")
    assert {o.to for o in orders} == {"bruno", "dieter", "emma"}
    assert refused(state, "anna", GiveOrder("key", "carla")).code == "cd.receiver-full"
    events = when(state, "anna", GiveOrder("key", "dieter"))
    assert events[0] == ObjectGiven("anna", "dieter", "key")
    assert audience(events[0]) == {"anna", "dieter"}
    later = after(state, events)
    assert len(hand(later, "anna")) == 5 and "key" in hand(later, "dieter")
    assert later.phase is Phase.TURN


def test_the_limit_is_six_with_four_players() -> None:
    hands = [("bag-key", "key", "goblet", "dagger", "gloves"), ("whip",), ("coat",), ("tome",)]
    _state, events = traded(hands, "bag-key", "whip", pile=("seal",))
    assert not of_type(events, HandOverLimit)


def test_the_forced_gift_defaults_to_the_next_player_below_the_limit() -> None:
    state = full_hands()
    event = when(state, "anna", DefaultOrder())[0]
    assert isinstance(event, ObjectGiven) and event.receiver == "bruno"


def test_a_gift_needs_a_receiver() -> None:
    assert refused(full_hands(), "anna", GiveOrder("key")).code == "cd.no-receiver"
