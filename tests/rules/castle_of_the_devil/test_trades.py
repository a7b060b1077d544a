"""Trading an object: the face-down offer, accepting or refusing, must-accept objects and the
Bag-for-Bag ban, with the rule text's two examples move for move."""
from __future__ import annotations

from engine.castle_of_the_devil import GAME
from engine.castle_of_the_devil.events import (
    AbilityUsed,
    HandShown,
    ObjectDrawn,
    TradeAccepted,
    TradeOffered,
    TradeRefused,
    TurnStarted,
)
from engine.castle_of_the_devil.orders import AcceptOrder, DefaultOrder, OfferOrder, RefuseOrder
from engine.castle_of_the_devil.state import Phase

from .helpers import (
    after,
    audience,
    deal,
    given,
    hand,
    legal,
    play,
    prompted,
    refused,
    types_of,
    when,
    with_tokens,
)

PILE = ("coat", "seal", "key", "goblet", "dagger")


def offered(hands: list[tuple[str, ...]], obj: str, target: str = "bruno",
            pile: tuple[str, ...] = PILE) -> object:
    """Return the state after anna offers `obj` to `target`."""
    state = given(deal(4, hands=hands, pile=pile))
    return play(state, ("anna", OfferOrder(obj, target)))


# -- the offer --------------------------------------------------------------------------------

def test_the_offer_is_seen_by_the_two_partners_only() -> None:
    state = given(deal(4))
    events = when(state, "anna", OfferOrder("key", "bruno"))
    assert events == [TradeOffered("anna", "bruno", "key")]
    assert audience(events[0]) == {"anna", "bruno"}
    assert GAME.visibility(events[0]).summary == "anna offered bruno an object"


def test_the_partner_looks_at_the_object_and_answers() -> None:
    state = offered([("key",), ("goblet", "whip"), ("coat",), ("tome",)], "key")
    assert state.phase is Phase.ANSWER and prompted(state) == ["bruno"]
    prompt = GAME.prompts(state)[0]
    assert "anna offers you the Key" in prompt.summary
    assert legal(state, "bruno") == [AcceptOrder("goblet"), AcceptOrder("whip"), RefuseOrder()]
    assert GAME.view(state, "bruno")["you"]["offered"] == "key"
    assert "offered" not in GAME.view(state, "carla")["you"]


def test_you_can_only_offer_an_object_you_hold() -> None:
    state = given(deal(4))
    assert refused(state, "anna", OfferOrder("dagger", "bruno")).code == "cd.not-held"
    assert refused(state, "anna", OfferOrder("key", "anna")).code == "cd.self"


# -- refusing ---------------------------------------------------------------------------------

def test_rule_example_two_a_refused_bag_comes_back_and_earns_a_token() -> None:
    """You offer Elaine a Bag of Secrets; she refuses: the Bag comes back, it draws nothing,
    and you take a duel token."""
    state = offered([("bag-key",), ("goblet",), ("key",), ("tome",)], "bag-key", "carla")
    events = when(state, "carla", RefuseOrder())
    assert events[:2] == [TradeRefused("anna", "carla", True), TurnStarted("bruno", 2)]
    later = after(state, events)
    assert hand(later, "anna") == ("bag-key",) and hand(later, "carla") == ("key",)
    assert later.tokens[0] == 1 and later.token_pile == 11
    assert later.pile == PILE
    assert audience(events[0]) is None


def test_no_token_when_the_pile_of_tokens_is_empty() -> None:
    state = with_tokens(given(deal(4, pile=PILE)), bruno=12)
    state = play(state, ("anna", OfferOrder("key", "carla")))
    events = when(state, "carla", RefuseOrder())
    assert events[0] == TradeRefused("anna", "carla", False)
    assert after(state, events).tokens[0] == 0


def test_an_unanswered_offer_is_refused_at_the_deadline() -> None:
    state = offered([("key",), ("goblet",), ("coat",), ("tome",)], "key")
    prompt = GAME.prompts(state)[0]
    assert prompt.default == DefaultOrder() and "refused" in prompt.default_summary
    assert isinstance(when(state, "bruno", DefaultOrder())[0], TradeRefused)


# -- accepting --------------------------------------------------------------------------------

def test_accepting_swaps_the_two_objects_face_down() -> None:
    state = offered([("key",), ("goblet", "whip"), ("coat",), ("tome",)], "key")
    events = when(state, "bruno", AcceptOrder("whip"))
    assert events[0] == TradeAccepted("anna", "bruno", "key", "whip", False, False)
    assert audience(events[0]) == {"anna", "bruno"}
    assert types_of(events) == ["trade-accepted", "turn-started"]
    later = after(state, events)
    assert hand(later, "anna") == ("whip",) and hand(later, "bruno") == ("goblet", "key")


def test_the_returned_object_must_be_one_the_partner_holds() -> None:
    state = offered([("key",), ("goblet",), ("coat",), ("tome",)], "key")
    assert refused(state, "bruno", AcceptOrder("key")).code == "cd.not-held"


def test_the_returned_object_may_be_of_the_same_kind() -> None:
    state = offered([("key",), ("key", "goblet"), ("coat",), ("tome",)], "key")
    assert AcceptOrder("key") in legal(state, "bruno")


def test_black_pearl_and_shattered_mirror_must_be_accepted() -> None:
    for obj in ("pearl", "mirror"):
        state = offered([(obj,), ("goblet",), ("coat",), ("tome",)], obj)
        assert RefuseOrder() not in legal(state, "bruno")
        assert refused(state, "bruno", RefuseOrder()).code == "cd.must-accept"
        assert "must be accepted" in GAME.prompts(state)[0].summary


def test_a_must_accept_offer_is_accepted_at_the_deadline() -> None:
    state = offered([("pearl",), ("goblet",), ("coat",), ("tome",)], "pearl")
    events = when(state, "bruno", DefaultOrder())
    assert events[0] == TradeAccepted("anna", "bruno", "pearl", "goblet", False, False)


def test_one_bag_is_never_traded_for_the_other() -> None:
    state = offered([("bag-key",), ("bag-goblet", "whip"), ("coat",), ("tome",)], "bag-key")
    assert legal(state, "bruno") == [AcceptOrder("whip"), RefuseOrder()]
    assert refused(state, "bruno", AcceptOrder("bag-goblet")).code == "cd.bag-for-bag"


def test_holding_only_the_other_bag_you_must_refuse() -> None:
    state = offered([("bag-key",), ("bag-goblet",), ("coat",), ("tome",)], "bag-key")
    assert legal(state, "bruno") == [RefuseOrder()]


# -- the rule text's first example --------------------------------------------------------------

def test_rule_example_one_privilege_for_a_bag() -> None:
    """You offer Mark the Privilege; he accepts and passes you a Bag of Secrets. First you look
    at all his objects (the Privilege), then he draws one object (the Bag)."""
    state = offered([("privilege",), ("bag-goblet", "dagger"), ("coat",), ("tome",)],
                    "privilege")
    events = when(state, "bruno", AcceptOrder("bag-goblet"))
    assert events == [
        TradeAccepted("anna", "bruno", "privilege", "bag-goblet", True, True),
        AbilityUsed("anna", "privilege", "bruno"),
        HandShown("bruno", "anna", ("dagger", "privilege"), "privilege"),
        AbilityUsed("bruno", "bag-goblet", "anna"),
        ObjectDrawn("bruno", "coat", "bag"),
        TurnStarted("bruno", 2),
    ]
    later = after(state, events)
    assert hand(later, "anna") == ("bag-goblet",)
    assert hand(later, "bruno") == ("coat", "dagger", "privilege")
    assert later.pile == PILE[1:]
    assert audience(events[1]) is None and audience(events[2]) == {"anna", "bruno"}
    assert audience(events[4]) == {"bruno"}
    assert "bruno showed you their objects: Dagger, Privilege." in later.notes[0][-1]


def test_objects_without_trade_ability_are_not_announced() -> None:
    state = offered([("key",), ("dagger",), ("coat",), ("tome",)], "key")
    events = when(state, "bruno", AcceptOrder("dagger"))
    assert all(audience(e) is not None for e in events[:-1])
