"""Setup: the card tables, societies by player count, professions, starting objects and seals."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.castle_of_the_devil import GAME
from engine.castle_of_the_devil.cards import (
    DUEL_TOKENS,
    GREEN_SEAL,
    OBJECTS,
    PROFESSIONS,
    RED_SEAL,
    all_objects,
    hand_limit,
)
from engine.castle_of_the_devil.events import (
    ObjectDealt,
    PileShuffled,
    ProfessionDealt,
    ProfessionsSetAside,
    SocietyDealt,
    SocietyRemoved,
    TurnStarted,
)
from engine.castle_of_the_devil.state import Phase
from engine.core.rng import Rng

from .helpers import SEATS, after, of_type, types_of


def opening(players: int, seed: bytes = b"seed") -> list[object]:
    state = GAME.initial_state(SEATS[:players], {})
    return GAME.start(state, Rng(seed))


def test_the_object_table_has_21_cards() -> None:
    counts = Counter(all_objects())
    assert len(all_objects()) == 21
    assert counts["key"] == 3 and counts["goblet"] == 3
    assert all(counts[obj] == 1 for obj in OBJECTS if obj not in ("key", "goblet"))
    assert {obj for obj in OBJECTS if OBJECTS[obj].must_accept} == {"pearl", "mirror"}
    assert {obj for obj in OBJECTS if OBJECTS[obj].bag} == {"bag-key", "bag-goblet"}


def test_ten_professions_four_repeatable() -> None:
    assert len(PROFESSIONS) == 10
    assert {p for p in PROFESSIONS if not PROFESSIONS[p].once} == {
        "bodyguard", "grand-master", "hypnotist", "thug"}


def test_seals_follow_the_supplement_decision() -> None:
    assert sorted(RED_SEAL) == ["bag-goblet", "bag-key", "goblet", "key"]
    assert sorted(GREEN_SEAL) == ["monocle", "privilege"]


@pytest.mark.parametrize(("players", "each"), [(4, 2), (5, 3), (6, 3), (7, 4), (8, 4)])
def test_society_cards_by_player_count(players: int, each: int) -> None:
    events = opening(players)
    dealt = [e.society for e in of_type(events, SocietyDealt)]
    removed = [e.society for e in of_type(events, SocietyRemoved)]
    assert len(dealt) == players
    assert Counter(dealt + removed) == {"order": each, "brotherhood": each}
    assert len(removed) == players % 2


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_one_face_down_profession_each_the_rest_unused(players: int) -> None:
    events = opening(players)
    dealt = [e.profession for e in of_type(events, ProfessionDealt)]
    unused = of_type(events, ProfessionsSetAside)[0].professions
    assert len(dealt) == players and len(set(dealt)) == players
    assert sorted(dealt + list(unused)) == sorted(PROFESSIONS)
    state = after(GAME.initial_state(SEATS[:players], {}), events)
    assert not any(state.face_up)


@pytest.mark.parametrize("seed", [b"a", b"b", b"c", b"d"])
@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_below_eight_the_red_seal_objects_are_all_dealt(players: int, seed: bytes) -> None:
    events = opening(players, seed)
    dealt = [e.obj for e in of_type(events, ObjectDealt)]
    assert len(dealt) == players
    assert not Counter(RED_SEAL) - Counter(dealt)
    pile = of_type(events, PileShuffled)[0].objects
    assert Counter(dealt) + Counter(pile) == Counter(all_objects())


@pytest.mark.parametrize("seed", [b"a", b"b", b"c", b"d"])
def test_with_eight_red_and_green_seals_plus_two(seed: bytes) -> None:
    dealt = [e.obj for e in of_type(opening(8, seed), ObjectDealt)]
    assert len(dealt) == 8
    assert not Counter(RED_SEAL + GREEN_SEAL) - Counter(dealt)


def test_the_extra_objects_are_random() -> None:
    deals = {tuple(sorted(e.obj for e in of_type(opening(6, bytes([k])), ObjectDealt)))
             for k in range(30)}
    assert len(deals) > 5


def test_first_player_is_random_and_begins_turn_one() -> None:
    firsts = {of_type(opening(5, bytes([k])), TurnStarted)[0].seat for k in range(40)}
    assert firsts == set(SEATS[:5])
    state = after(GAME.initial_state(SEATS[:5], {}), opening(5))
    assert state.phase is Phase.TURN and state.turn == 1


def test_opening_event_order() -> None:
    kinds = types_of(opening(5))
    assert kinds[0] == "game-set-up" and kinds[-1] == "turn-started"
    assert kinds.count("object-dealt") == 5 and kinds.count("pile-shuffled") == 1


def test_hand_limits_and_tokens() -> None:
    assert hand_limit(4) == 6
    assert [hand_limit(n) for n in (5, 6, 7, 8)] == [5, 5, 5, 5]
    state = after(GAME.initial_state(SEATS[:4], {}), opening(4))
    assert state.token_pile == DUEL_TOKENS == 12 and sum(state.tokens) == 0


def test_seat_counts_outside_four_to_eight_are_refused() -> None:
    with pytest.raises(ValueError):
        GAME.initial_state(SEATS[:3], {})
    with pytest.raises(ValueError):
        GAME.initial_state(("anna", "anna", "bruno", "carla"), {})
