"""Professions: revealed to be used, once-only against repeatable, face down again after the
Coat or the Tome; the Clairvoyant and the Diplomat on your own turn."""
from __future__ import annotations

from engine.castle_of_the_devil import GAME
from engine.castle_of_the_devil.events import (
    AbilityUsed,
    DiplomatDemanded,
    HandShown,
    ObjectDrawn,
    PileArranged,
    PileSearched,
    PileShuffled,
    ProfessionRevealed,
    TradeAccepted,
    TurnStarted,
)
from engine.castle_of_the_devil.orders import (
    AcceptOrder,
    DefaultOrder,
    DuelOrder,
    GiveOrder,
    OfferOrder,
    SpyOrder,
    SupportOrder,
    TopOrder,
    UseOrder,
)
from engine.castle_of_the_devil.state import Phase, State
from engine.core.contract import replace

from .helpers import after, audience, deal, given, hand, legal, play, prompted, refused, when

PILE = ("seal", "key", "goblet", "dagger", "coat")


def table(professions: list[str], hands: list[tuple[str, ...]] | None = None,
          pile: tuple[str, ...] = PILE) -> State:
    return given(deal(4, professions=professions,
                      hands=hands or [("key",), ("goblet", "whip"), ("tome",), ("mirror",)],
                      pile=pile))


# -- the Clairvoyant --------------------------------------------------------------------------

def test_the_clairvoyant_is_used_on_your_turn_before_the_action() -> None:
    state = table(["clairvoyant", "thug", "priest", "doctor"])
    assert UseOrder("clairvoyant") in legal(state, "anna")
    events = when(state, "anna", UseOrder("clairvoyant"))
    assert events == [ProfessionRevealed("anna", "clairvoyant"), PileSearched("anna")]
    state = after(state, events)
    assert state.phase is Phase.CLAIRVOYANT and prompted(state) == ["anna"]
    assert GAME.view(state, "anna")["you"]["pile"] == sorted(PILE)
    assert "pile" not in GAME.view(state, "bruno")["you"]
    assert TopOrder(("dagger", "seal")) in legal(state, "anna")
    assert TopOrder(("seal", "dagger")) in legal(state, "anna")


def test_the_clairvoyant_puts_two_on_top_and_shuffles_the_rest() -> None:
    state = play(table(["clairvoyant", "thug", "priest", "doctor"]),
                 ("anna", UseOrder("clairvoyant")))
    events = when(state, "anna", TopOrder(("dagger", "key")))
    assert events[0] == PileArranged("anna", ("dagger", "key"))
    assert audience(events[0]) == {"anna"}
    shuffled = events[1]
    assert isinstance(shuffled, PileShuffled) and shuffled.objects[:2] == ("dagger", "key")
    assert sorted(shuffled.objects) == sorted(PILE) and audience(shuffled) == frozenset()
    later = after(state, events)
    assert later.phase is Phase.TURN and later.seats[later.active] == "anna"
    assert UseOrder("clairvoyant") not in legal(later, "anna")
    assert later.face_up[0]


def test_the_clairvoyant_must_name_two_objects_of_the_pile() -> None:
    state = play(table(["clairvoyant", "thug", "priest", "doctor"]),
                 ("anna", UseOrder("clairvoyant")))
    assert refused(state, "anna", TopOrder(("dagger",))).code == "cd.top-count"
    assert refused(state, "anna", TopOrder(("dagger", "whip"))).code == "cd.not-in-pile"
    assert when(state, "anna", DefaultOrder())[0] == PileArranged("anna", ("seal", "key"))


def test_with_one_object_left_the_clairvoyant_names_one() -> None:
    state = play(table(["clairvoyant", "thug", "priest", "doctor"], pile=("seal",)),
                 ("anna", UseOrder("clairvoyant")))
    assert legal(state, "anna") == [TopOrder(("seal",))]


def test_no_clairvoyant_with_an_empty_pile_or_outside_your_turn() -> None:
    state = table(["clairvoyant", "thug", "priest", "doctor"], pile=())
    assert refused(state, "anna", UseOrder("clairvoyant")).code == "cd.empty-pile"
    state = table(["thug", "clairvoyant", "priest", "doctor"])
    assert refused(state, "anna", UseOrder("clairvoyant")).code == "cd.not-your-profession"


# -- the Diplomat -----------------------------------------------------------------------------

def test_the_diplomat_takes_a_named_object_for_one_of_your_choice() -> None:
    state = table(["diplomat", "thug", "priest", "doctor"],
                  [("key", "monocle"), ("goblet", "bag-goblet"), ("tome",), ("mirror",)])
    events = when(state, "anna", UseOrder("diplomat", "bruno", "bag-goblet"))
    assert events == [ProfessionRevealed("anna", "diplomat"),
                      DiplomatDemanded("anna", "bruno", "bag-goblet", True)]
    assert audience(events[1]) is None
    state = after(state, events)
    assert state.phase is Phase.DIPLOMAT and prompted(state) == ["anna"]
    assert legal(state, "anna") == [GiveOrder("key"), GiveOrder("monocle")]
    events = when(state, "anna", GiveOrder("monocle"))
    assert events[:5] == [
        TradeAccepted("bruno", "anna", "bag-goblet", "monocle", True, True),
        AbilityUsed("bruno", "bag-goblet", "anna"), ObjectDrawn("bruno", "seal", "bag"),
        AbilityUsed("anna", "monocle", "bruno"), events[4]]
    later = after(state, events)
    assert hand(later, "anna") == ("bag-goblet", "key")
    assert later.face_up[0] and later.seats[later.active] == "bruno"


def test_if_they_do_not_hold_it_they_show_you_their_objects() -> None:
    state = table(["diplomat", "thug", "priest", "doctor"])
    events = when(state, "anna", UseOrder("diplomat", "bruno", "dagger"))
    assert events == [ProfessionRevealed("anna", "diplomat"),
                      DiplomatDemanded("anna", "bruno", "dagger", False),
                      HandShown("bruno", "anna", ("goblet", "whip"), "diplomat"),
                      TurnStarted("bruno", 2)]
    assert audience(events[2]) == {"anna", "bruno"}


def test_the_diplomat_cannot_trade_a_bag_for_the_other() -> None:
    state = table(["diplomat", "thug", "priest", "doctor"],
                  [("bag-key",), ("bag-goblet",), ("tome",), ("mirror",)])
    assert UseOrder("diplomat", "bruno", "bag-goblet") not in legal(state, "anna")
    violation = refused(state, "anna", UseOrder("diplomat", "bruno", "bag-goblet"))
    assert violation.code == "cd.bag-for-bag"


def test_the_diplomat_is_once_only() -> None:
    state = replace(table(["diplomat", "thug", "priest", "doctor"]),
                    face_up=(True, False, False, False))
    assert not [o for o in legal(state, "anna") if isinstance(o, UseOrder)]


# -- once-only professions face down again ------------------------------------------------------

def test_the_coat_makes_a_once_only_profession_usable_again() -> None:
    """The Priest was used (face up); trading the Coat away brings a face-down profession."""
    state = table(["priest", "thug", "bodyguard", "doctor"],
                  [("coat",), ("goblet",), ("tome",), ("mirror",)])
    state = replace(state, face_up=(True, False, False, False))
    state = play(state, ("anna", OfferOrder("coat", "bruno")), ("bruno", AcceptOrder("goblet")),
                 ("anna", UseOrder("coat")))
    assert not state.face_up[0] and state.professions[0] != "priest"
    assert "priest" in state.unused


def test_the_tome_turns_both_professions_face_down_so_once_only_works_again() -> None:
    state = table(["priest", "doctor", "bodyguard", "thug"],
                  [("tome",), ("goblet",), ("key",), ("mirror",)])
    state = replace(state, face_up=(True, True, False, False))
    state = play(state, ("anna", OfferOrder("tome", "bruno")), ("bruno", AcceptOrder("goblet")),
                 ("anna", UseOrder("tome")))
    assert state.professions[:2] == ("doctor", "priest") and state.face_up[:2] == (False, False)
    state = play(state, ("bruno", SpyOrder("anna")), ("carla", DuelOrder("dieter")))
    assert legal(state, "bruno") == [SupportOrder("attacker"), SupportOrder("defender"),
                                     UseOrder("priest")]
    assert legal(state, "anna") == [SupportOrder("attacker"), SupportOrder("defender")]


def test_professions_are_hidden_until_revealed() -> None:
    state = table(["diplomat", "thug", "priest", "doctor"])
    public = GAME.view(state, "bruno")
    assert all(p["profession"] is None for p in public["players"])
    assert public["you"]["profession"] == "thug"
    state = play(state, ("anna", UseOrder("diplomat", "bruno", "dagger")))
    assert GAME.view(state, None)["players"][0]["profession"] == "diplomat"
    assert SpyOrder("anna") in legal(state, "bruno")


def test_the_diplomats_trade_is_a_trade_so_the_mirror_silences_the_other_object() -> None:
    state = table(["diplomat", "thug", "priest", "doctor"],
                  [("privilege", "key"), ("mirror", "whip"), ("tome",), ("coat",)])
    state = play(state, ("anna", UseOrder("diplomat", "bruno", "mirror")))
    events = when(state, "anna", GiveOrder("privilege"))
    assert events[0] == TradeAccepted("bruno", "anna", "mirror", "privilege", False, False)
    assert isinstance(events[1], TurnStarted)


def test_the_diplomats_return_defaults_to_a_random_object() -> None:
    state = table(["diplomat", "thug", "priest", "doctor"],
                  [("key", "dagger"), ("goblet",), ("tome",), ("coat",)])
    state = play(state, ("anna", UseOrder("diplomat", "bruno", "goblet")))
    prompt = GAME.prompts(state)[0]
    assert prompt.default == DefaultOrder() and "random" in prompt.default_summary
    accepted = when(state, "anna", DefaultOrder())[0]
    assert isinstance(accepted, TradeAccepted) and accepted.returned in ("key", "dagger")
