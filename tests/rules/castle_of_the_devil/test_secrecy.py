"""Secrets stay with their owners: society cards, face-down professions, hands, the pile, the
spied object, what a Monocle or Privilege showed, sealed sides and passing choices."""
from __future__ import annotations

import json

from engine.castle_of_the_devil import GAME
from engine.castle_of_the_devil.events import (
    HandShown,
    ObjectDealt,
    PileShuffled,
    ProfessionDealt,
    SocietyDealt,
    SocietyRemoved,
    TradeAccepted,
)
from engine.castle_of_the_devil.orders import (
    AcceptOrder,
    ClaimOrder,
    DuelOrder,
    OfferOrder,
    SpyOrder,
    SupportOrder,
    UseOrder,
)
from engine.castle_of_the_devil.state import State
from engine.core.contract import Canaries
from engine.core.harness import readable_texts

from .helpers import SEATS, deal, given, play


def owners_by_marker(state: State) -> tuple[Canaries, dict[str | None, str]]:
    """Return the canaries planted in `state` and what every reader reads of the planted state."""
    canaries = Canaries()
    planted = GAME.plant_canaries(state, canaries)
    readers: list[str | None] = [None, *state.seats]
    return canaries, {reader: readable_texts(GAME, planted, reader) for reader in readers}


def assert_kept(state: State) -> int:
    """Check every canary reaches only (and at least one of) its owners; return how many."""
    canaries, texts = owners_by_marker(state)
    for marker, owners in canaries.owners.items():
        readers = {reader for reader, text in texts.items() if marker in text}
        assert readers <= set(owners), (marker, owners, readers)
        assert not owners or readers
    return len(canaries.owners)


def test_a_fresh_table_plants_every_kind_of_secret() -> None:
    state = given(deal(5, removed="brotherhood", societies=["order", "brotherhood", "order",
                                                            "brotherhood", "order"]))
    count = assert_kept(state)
    pile, hands, seats = len(state.pile), sum(len(h) for h in state.hands), len(state.seats)
    assert count == seats + seats + hands + pile + len(state.unused) + 1


def test_the_offered_object_is_known_to_both_partners_only() -> None:
    state = play(given(deal(4)), ("anna", OfferOrder("key", "bruno")))
    canaries, texts = owners_by_marker(state)
    offered = [m for m, o in canaries.owners.items() if o == {"anna", "bruno"}]
    assert len(offered) == 1
    assert offered[0] in texts["anna"] and offered[0] in texts["bruno"]
    assert_kept(state)


def test_sealed_sides_are_known_to_their_authors_only() -> None:
    state = play(given(deal(5)), ("anna", DuelOrder("bruno")),
                 ("carla", SupportOrder("attacker")), ("dieter", SupportOrder("defender")))
    assert_kept(state)
    seen = GAME.view(state, "emma")
    assert "sides" not in seen["duel"] and seen["you"]["side"] is None
    assert seen["duel"]["answered"] == ["carla", "dieter"]
    assert GAME.view(state, "carla")["you"]["side"] == "attacker"


def test_notes_of_a_spy_and_a_privilege_stay_private() -> None:
    state = play(given(deal(4, hands=[("privilege",), ("whip", "gloves"), ("coat",), ("tome",)])),
                 ("anna", OfferOrder("privilege", "bruno")), ("bruno", AcceptOrder("whip")),
                 ("bruno", SpyOrder("carla")))
    assert any("showed you their objects" in note for note in state.notes[0])
    assert any("you spied on carla" in note for note in state.notes[1])
    assert_kept(state)
    for seat in ("carla", "dieter"):
        assert "Gloves, Privilege" not in json.dumps(GAME.view(state, seat))


def test_the_clairvoyant_alone_sees_the_pile() -> None:
    state = play(given(deal(4, professions=["clairvoyant", "thug", "priest", "doctor"])),
                 ("anna", UseOrder("clairvoyant")))
    canaries, texts = owners_by_marker(state)
    pile = [m for m, o in canaries.owners.items() if o == {"anna"} and m in texts["anna"]]
    assert len(pile) >= len(state.pile)
    assert_kept(state)


def test_hidden_events_have_public_summaries() -> None:
    hidden = [SocietyDealt("anna", "order"), SocietyRemoved("order"),
              ProfessionDealt("anna", "thug"), ObjectDealt("anna", "key"),
              PileShuffled(("key",)), TradeAccepted("anna", "bruno", "key", "dagger", False,
                                                   False),
              HandShown("bruno", "anna", ("key",), "privilege")]
    for item in hidden:
        audience = GAME.visibility(item)
        assert audience.seats is not None and audience.summary
        assert "key" not in audience.summary.lower()


def test_the_end_reveals_everything() -> None:
    state = given(deal(4, hands=[("key", "key", "key"), ("goblet",), ("dagger",), ("whip",)]))
    state = play(state, ("anna", ClaimOrder("order")))
    view = GAME.view(state, None)
    assert view["over"]["societies"] == dict(zip(SEATS[:4], state.societies))
    assert view["over"]["hands"]["bruno"] == ["goblet"]
    canaries = Canaries()
    assert GAME.plant_canaries(state, canaries) is state and not canaries.owners
