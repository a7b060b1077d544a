"""Setup: agents, factions, markers, the Grand Master and the region deck."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.core.rng import Rng
from engine.core.testing import after, types_of
from engine.secret_masters import GAME
from engine.secret_masters.events import (
    CardsRevealed,
    DeckShuffled,
    FactionDealt,
    FactionSetAside,
    GameSetUp,
    RoundBegan,
)
from engine.secret_masters.state import ANTARCTICA, COLOURS, MAP, VALUE, Markers

from .helpers import SEATS


def opening_events(seed: bytes = b"test-key") -> list[object]:
    return GAME.start(GAME.initial_state(SEATS, GAME.default_options()), Rng(seed))


def test_the_map_holds_the_supplement_values() -> None:
    assert VALUE == {"north-america": 3, "europe": 3, "east-asia": 2, "south-america": 2,
                     "russia": 1, "africa": 1, "oceania": 1, "india-middle-east": 1}
    assert ANTARCTICA == "antarctica"
    assert len(MAP.ids) == 9


def test_opening_events_in_order() -> None:
    assert types_of(GAME, opening_events()) == [
        "game-set-up", "faction-dealt", "faction-dealt", "faction-dealt", "faction-set-aside",
        "round-began", "deck-shuffled", "cards-revealed"]


@pytest.mark.parametrize("seed", [b"a", b"b", b"c", b"d", b"e"])
def test_one_agent_of_each_colour_on_each_one_point_region(seed: bytes) -> None:
    setup = opening_events(seed)[0]
    assert isinstance(setup, GameSetUp)
    assert sorted(setup.start) == sorted(["russia", "africa", "oceania", "india-middle-east"])
    assert sorted(setup.start.values()) == sorted(COLOURS)
    state = after(GAME, GAME.initial_state(SEATS, {}), opening_events(seed))
    assert sum(state.pool) == 16 and state.pool == (4, 4, 4, 4)
    assert sum(sum(agents) for agents in state.board.values()) == 4


def test_each_colour_starts_with_one_point() -> None:
    state = after(GAME, GAME.initial_state(SEATS, {}), opening_events())
    assert set(GAME.view(state, None)["points"].values()) == {1}


@pytest.mark.parametrize("seed", [b"a", b"b", b"c", b"d", b"e"])
def test_one_faction_each_and_the_fourth_set_aside(seed: bytes) -> None:
    events = opening_events(seed)
    dealt = [e for e in events if isinstance(e, FactionDealt)]
    aside = [e for e in events if isinstance(e, FactionSetAside)]
    assert [e.seat for e in dealt] == list(SEATS)
    assert sorted([e.faction for e in dealt] + [aside[0].faction]) == sorted(COLOURS)


def test_factions_deck_and_set_aside_are_secret() -> None:
    events = opening_events()
    for item in events:
        audience = GAME.visibility(item)
        if isinstance(item, FactionDealt):
            assert audience.seats == frozenset({item.seat})
            assert audience.summary == f"{item.seat} received a faction card"
            assert item.faction.value not in audience.summary
        elif isinstance(item, (FactionSetAside, DeckShuffled)):
            assert audience.seats == frozenset()
            assert audience.summary and not audience.allows(None)
        else:
            assert audience.seats is None


def test_deck_is_the_nine_region_cards_and_the_first_two_are_revealed() -> None:
    events = opening_events()
    deck = next(e for e in events if isinstance(e, DeckShuffled))
    revealed = next(e for e in events if isinstance(e, CardsRevealed))
    assert sorted(deck.cards) == sorted(MAP.ids)
    assert (revealed.red, revealed.white) == deck.cards[:2]


def test_markers_two_red_two_white_one_orange_each() -> None:
    state = after(GAME, GAME.initial_state(SEATS, {}), opening_events())
    assert state.hands == (Markers(2, 2, 1),) * 3
    total = Counter[str]()
    for hand in state.hands:
        total.update(hand.as_words())
    assert total == {"red": 6, "white": 6, "orange": 3}


def test_grand_master_is_random_and_is_the_first_active_seat() -> None:
    chosen = set()
    for seed in range(30):
        events = opening_events(str(seed).encode())
        setup, started = events[0], events[5]
        assert isinstance(setup, GameSetUp) and isinstance(started, RoundBegan)
        assert started == RoundBegan(1, setup.grand_master, setup.grand_master)
        revealed = events[-1]
        assert isinstance(revealed, CardsRevealed) and revealed.seat == setup.grand_master
        chosen.add(setup.grand_master)
    assert chosen == set(SEATS)


def test_exactly_three_distinct_seats() -> None:
    with pytest.raises(ValueError):
        GAME.initial_state(("ann", "bob"), {})
    with pytest.raises(ValueError):
        GAME.initial_state(("ann", "bob", "ann"), {})
    assert (GAME.min_players, GAME.max_players) == (3, 3)


def test_long_option_defaults_to_five_points() -> None:
    assert GAME.default_options() == {"long": False}
    assert GAME.initial_state(SEATS, GAME.default_options()).goal == 5
    options = GAME.resolve_options({"long": "yes"})
    assert GAME.initial_state(SEATS, options).goal == 6


def test_start_is_reproducible_from_the_same_stream() -> None:
    assert opening_events(b"same") == opening_events(b"same")
