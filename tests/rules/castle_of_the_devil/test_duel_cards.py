"""Every duel object and profession, the count, the Doctor, the winner's choice and the tie."""
from __future__ import annotations

from engine.castle_of_the_devil import GAME
from engine.castle_of_the_devil.events import (
    DoctorPassed,
    DuelCancelled,
    DuelEnded,
    DuelResolved,
    GiveBackOwed,
    HandShown,
    ObjectDrawn,
    ObjectReturned,
    ObjectTaken,
    ProfessionRevealed,
    SocietyShown,
    SpoilsOffered,
    TurnStarted,
)
from engine.castle_of_the_devil.orders import (
    DuelOrder,
    GiveOrder,
    LookOrder,
    PassOrder,
    PlayOrder,
    SpyOrder,
    SupportOrder,
    TakeOrder,
    TokenOrder,
    UseOrder,
)
from engine.castle_of_the_devil.state import Phase, State
from engine.core.contract import replace

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
    when,
    with_tokens,
)

SIDES = {"carla": "attacker", "dieter": "defender", "emma": "defender"}
"""Before any play the attacker has 2 and the defender 3."""


def revealed(professions: list[str], hands: list[tuple[str, ...]],
             sides: dict[str, str] = SIDES, pile: tuple[str, ...] = ("seal", "coat"),
             up: tuple[bool, ...] = (False,) * 5) -> State:
    """Return a five-player duel (anna attacks bruno) with the sides shown."""
    state = given(deal(5, professions=professions, hands=hands, pile=pile))
    state = replace(state, face_up=up)
    state = play(state, ("anna", DuelOrder("bruno")))
    moves = [(seat, PassOrder() if seat == "bruno" else SupportOrder(sides[seat]))
             for seat in prompted(state)]
    return play(state, *moves)


PROFS = ["thug", "grand-master", "bodyguard", "alchemist", "doctor"]
HANDS = [("dagger", "ring"), ("gloves", "key"), ("knives",), ("whip",), ("goblet",)]


def totals(state: State) -> list[int]:
    return list(GAME.view(state, None)["duel"]["totals"])


def passes(state: State, count: int) -> State:
    """Return the state after the next `count` players pass."""
    for _ in range(count):
        state = play(state, (prompted(state)[0], PassOrder()))
    return state


# -- objects ----------------------------------------------------------------------------------

def test_dagger_counts_for_the_attacker_gloves_for_the_defender() -> None:
    state = revealed(PROFS, HANDS)
    assert totals(state) == [2, 3]
    state = play(state, ("anna", PlayOrder("dagger")), ("bruno", PlayOrder("gloves")))
    assert totals(state) == [3, 4]


def test_duel_objects_only_work_in_their_part() -> None:
    state = revealed(PROFS, [("gloves", "key", "knives"), ("dagger", "whip"), ("key",),
                             ("goblet",), ("coat",)])
    assert [o for o in legal(state, "anna") if isinstance(o, PlayOrder)] == []
    assert refused(state, "anna", PlayOrder("gloves")).code == "cd.wrong-part"
    assert refused(state, "anna", PlayOrder("key")).code == "cd.no-duel-use"
    assert refused(state, "anna", PlayOrder("knives")).code == "cd.wrong-part"
    assert refused(state, "anna", PlayOrder("whip")).code == "cd.not-held"


def test_throwing_knives_for_the_attackers_supporter_whip_for_the_defenders() -> None:
    state = revealed(PROFS, HANDS)
    state = passes(state, 2)
    assert PlayOrder("knives") in legal(state, "carla")
    state = play(state, ("carla", PlayOrder("knives")), ("dieter", PlayOrder("whip")))
    assert totals(state) == [3, 4]


def test_knives_do_nothing_for_the_defenders_side() -> None:
    state = passes(revealed(PROFS, [("key",), ("goblet",), ("key",), ("knives",), ("coat",)]),
                   3)
    assert PlayOrder("knives") not in legal(state, "dieter")


def test_poison_ring_decides_a_tie() -> None:
    sides = {"carla": "attacker", "dieter": "defender", "emma": "defender"}
    state = revealed(PROFS, [("ring",), ("key",), ("goblet",), ("key",), ("coat",)], sides)
    state = play(state, ("anna", PlayOrder("ring")))
    state = with_tokens(state, carla=1)
    state = play(state, ("bruno", PassOrder()), ("carla", TokenOrder(1)))
    events = []
    for seat in ("dieter", "emma", "anna", "bruno", "carla"):
        events = when(state, seat, PassOrder())
        state = after(state, events)
    resolved = of_type(events, DuelResolved)[0]
    assert (resolved.attacker_total, resolved.defender_total) == (3, 3)
    assert resolved.winner == "anna" and "Poison Ring" in resolved.reason


# -- professions ------------------------------------------------------------------------------

def test_thug_and_grand_master_add_one_for_attacker_and_defender() -> None:
    state = revealed(PROFS, HANDS)
    state = play(state, ("anna", UseOrder("thug")), ("bruno", UseOrder("grand-master")))
    assert totals(state) == [3, 4]
    assert state.face_up[:2] == (True, True)


def test_bodyguard_adds_one_for_the_supported_side() -> None:
    state = revealed(["thug", "grand-master", "bodyguard", "alchemist", "doctor"], HANDS)
    state = passes(state, 2)
    state = play(state, ("carla", UseOrder("bodyguard")))
    assert totals(state) == [3, 3]


def test_the_bodyguard_cannot_be_used_by_a_duellist() -> None:
    state = revealed(["bodyguard", "thug", "priest", "alchemist", "doctor"], HANDS)
    assert refused(state, "anna", UseOrder("bodyguard")).code == "cd.wrong-part"


def test_the_swordsman_shuts_everyone_else_out_and_adds_one() -> None:
    state = revealed(["thug", "swordsman", "bodyguard", "alchemist", "doctor"], HANDS)
    state = with_tokens(state, anna=2)
    state = play(state, ("anna", TokenOrder(2)), ("bruno", UseOrder("swordsman")))
    assert totals(state) == [3, 2]
    assert GAME.view(state, None)["duel"]["excluded"] == ["carla", "dieter", "emma"]
    assert prompted(state) == ["anna"]
    state = play(state, ("anna", PassOrder()))
    assert prompted(state) == ["bruno"]


def test_the_hypnotist_cancels_one_supporter() -> None:
    state = revealed(["hypnotist", "thug", "bodyguard", "alchemist", "doctor"], HANDS)
    assert [o for o in legal(state, "anna") if isinstance(o, UseOrder)] == [
        UseOrder("hypnotist", "carla"), UseOrder("hypnotist", "dieter"),
        UseOrder("hypnotist", "emma")]
    state = play(state, ("anna", UseOrder("hypnotist", "dieter")))
    assert totals(state) == [2, 2]
    state = play(state, ("bruno", PassOrder()), ("carla", PassOrder()))
    assert prompted(state) == ["emma"]


def test_a_hypnotised_players_plays_count_for_nothing() -> None:
    state = revealed(["thug", "hypnotist", "bodyguard", "alchemist", "doctor"], HANDS,
                     {"carla": "attacker", "dieter": "defender", "emma": "attacker"})
    state = with_tokens(state, carla=2)
    state = play(state, ("anna", PassOrder()), ("bruno", PassOrder()), ("carla", TokenOrder(2)))
    assert totals(state) == [5, 2]
    hypnotist = revealed(["hypnotist", "thug", "bodyguard", "alchemist", "doctor"], HANDS,
                         {"carla": "attacker", "dieter": "defender", "emma": "attacker"})
    hypnotist = with_tokens(hypnotist, dieter=2)
    hypnotist = play(hypnotist, ("anna", PassOrder()), ("bruno", PassOrder()),
                     ("carla", PassOrder()), ("dieter", TokenOrder(2)), ("emma", PassOrder()),
                     ("anna", UseOrder("hypnotist", "dieter")))
    assert totals(hypnotist) == [3, 1]


def test_the_alchemist_decides_the_winner() -> None:
    state = revealed(["thug", "grand-master", "bodyguard", "alchemist", "doctor"], HANDS)
    state = passes(state, 3)
    assert UseOrder("alchemist", "attacker") in legal(state, "dieter")
    state = play(state, ("dieter", UseOrder("alchemist", "attacker")))
    state = passes(state, 5)
    assert state.duel is not None and state.duel.winner == 0
    assert state.duel.totals == (2, 3)


def test_a_swordsman_after_the_alchemist_voids_the_alchemist() -> None:
    state = revealed(["thug", "swordsman", "bodyguard", "alchemist", "doctor"], HANDS)
    state = play(state, ("anna", PassOrder()), ("bruno", PassOrder()), ("carla", PassOrder()),
                 ("dieter", UseOrder("alchemist", "attacker")), ("emma", PassOrder()),
                 ("anna", PassOrder()), ("bruno", UseOrder("swordsman")))
    state = passes(state, 2)
    assert state.duel is not None and state.duel.winner == 1


def test_a_face_up_once_only_profession_cannot_be_used_again() -> None:
    state = revealed(["swordsman", "thug", "bodyguard", "alchemist", "doctor"], HANDS,
                     up=(True, False, False, False, False))
    assert UseOrder("swordsman") not in legal(state, "anna")
    assert refused(state, "anna", UseOrder("swordsman")).code == "cd.used-up"


def test_a_repeatable_profession_works_face_up() -> None:
    state = revealed(PROFS, HANDS, up=(True, False, False, False, False))
    assert UseOrder("thug") in legal(state, "anna")


# -- the result and the Doctor ----------------------------------------------------------------

def counted(professions: list[str] = PROFS, up: tuple[bool, ...] = (False,) * 5,
            pile: tuple[str, ...] = ("seal", "coat"), sides: dict[str, str] = SIDES) -> State:
    """Return the state right after a duel bruno wins 3 to 2 is counted."""
    state = revealed(professions, HANDS, sides, pile, up)
    return passes(state, 5)


def test_the_count_opens_the_doctors_window_for_everyone() -> None:
    state = counted()
    assert state.phase is Phase.DOCTOR
    assert prompted(state) == ["anna", "bruno", "carla", "dieter", "emma"]
    assert legal(state, "emma") == [PassOrder(), UseOrder("doctor")]
    assert legal(state, "anna") == [PassOrder()]


def test_when_all_let_it_stand_the_winner_chooses() -> None:
    state = play(counted(), ("anna", PassOrder()), ("bruno", PassOrder()),
                 ("carla", PassOrder()), ("dieter", PassOrder()))
    events = when(state, "emma", PassOrder())
    assert events == [DoctorPassed("emma"), SpoilsOffered("bruno", "anna")]
    state = after(state, events)
    assert prompted(state) == ["bruno"]
    assert legal(state, "bruno") == [LookOrder("society"), LookOrder("objects")]
    assert GAME.prompts(state)[0].default == LookOrder("society")


def test_the_doctor_cancels_everything_the_duel_brings() -> None:
    state = play(counted(), ("anna", PassOrder()))
    events = when(state, "emma", UseOrder("doctor"))
    assert events[:3] == [ProfessionRevealed("emma", "doctor"), DuelCancelled("emma"),
                          DuelEnded("anna", "bruno", 0)]
    assert events[3] == TurnStarted("bruno", 2)


def test_no_doctors_window_when_the_doctor_is_face_up() -> None:
    state = counted(up=(False, False, False, False, True))
    assert state.phase is Phase.CHOICE and prompted(state) == ["bruno"]


def skip_doctor(state: State) -> State:
    return play(state, *[(seat, PassOrder()) for seat in prompted(state)])


def test_the_winner_looks_at_the_losers_society() -> None:
    state = skip_doctor(counted())
    events = when(state, "bruno", LookOrder("society"))
    assert events[0] == SocietyShown("anna", "bruno", "order", "duel")
    assert audience(events[0]) == {"anna", "bruno"}
    assert events[1] == DuelEnded("anna", "bruno", 0)
    later = after(state, events)
    assert "anna belongs to the Order of Open Secrets." in later.notes[1][-1]


def test_the_winner_sees_the_losers_objects_and_takes_one() -> None:
    state = skip_doctor(counted())
    events = when(state, "bruno", LookOrder("objects"))
    assert events == [HandShown("anna", "bruno", ("dagger", "ring"), "duel")]
    state = after(state, events)
    assert legal(state, "bruno") == [TakeOrder("dagger"), TakeOrder("ring")]
    assert "Dagger, Poison Ring" in GAME.prompts(state)[0].summary
    events = when(state, "bruno", TakeOrder("ring"))
    assert events[0] == ObjectTaken("bruno", "anna", "ring")
    assert audience(events[0]) == {"anna", "bruno"}
    assert isinstance(events[1], DuelEnded)
    later = after(state, events)
    assert hand(later, "bruno") == ("gloves", "key", "ring")


def test_taking_the_only_object_means_giving_one_back() -> None:
    state = revealed(PROFS, [("dagger",), ("gloves", "key"), ("knives",), ("whip",),
                             ("goblet",)])
    state = skip_doctor(passes(state, 5))
    state = play(state, ("bruno", LookOrder("objects")))
    events = when(state, "bruno", TakeOrder("dagger"))
    assert events == [ObjectTaken("bruno", "anna", "dagger"), GiveBackOwed("bruno", "anna")]
    state = after(state, events)
    assert legal(state, "bruno") == [GiveOrder("gloves"), GiveOrder("key")]
    events = when(state, "bruno", GiveOrder("key"))
    assert events[0] == ObjectReturned("bruno", "anna", "key")
    later = after(state, events)
    assert hand(later, "anna") == ("key",) and hand(later, "bruno") == ("dagger", "gloves")


def test_a_tie_lets_the_attacker_draw() -> None:
    sides = {"carla": "attacker", "dieter": "defender", "emma": "attacker"}
    state = revealed(PROFS, HANDS, sides)
    state = with_tokens(state, dieter=1)
    state = play(state, ("anna", PassOrder()), ("bruno", PassOrder()), ("carla", PassOrder()),
                 ("dieter", TokenOrder(1)))
    state = skip_doctor(passes(state, 5))
    assert hand(state, "anna") == ("dagger", "ring", "seal")
    assert state.token_pile == 12


def test_a_tie_with_an_empty_pile_brings_nothing_and_opens_no_window() -> None:
    sides = {"carla": "attacker", "dieter": "defender", "emma": "attacker"}
    state = with_tokens(revealed(PROFS, HANDS, sides, pile=()), dieter=1)
    state = play(state, ("anna", PassOrder()), ("bruno", PassOrder()), ("carla", PassOrder()),
                 ("dieter", TokenOrder(1)))
    state = passes(state, 5)
    assert state.phase is Phase.TURN and state.duel is None


def test_the_tie_draw_is_secret() -> None:
    drawn = ObjectDrawn("anna", "seal", "tie")
    assert audience(drawn) == {"anna"}
    assert GAME.visibility(drawn).summary == "anna drew an object"


def test_a_repeatable_profession_serves_again_in_a_later_duel() -> None:
    sides = {"carla": "attacker", "dieter": "defender", "emma": "attacker"}
    state = revealed(PROFS, HANDS, sides, up=(False, False, False, False, True))
    state = passes(play(state, ("anna", UseOrder("thug"))), 5)
    state = play(state, ("anna", LookOrder("society")))
    assert state.face_up[0] and state.seats[state.active] == "bruno"
    state = play(state, ("bruno", SpyOrder("anna")), ("carla", SpyOrder("anna")),
                 ("dieter", SpyOrder("anna")), ("emma", SpyOrder("anna")),
                 ("anna", DuelOrder("carla")))
    state = play(state, *[(seat, PassOrder() if seat == "carla" else SupportOrder("attacker"))
                          for seat in prompted(state)])
    assert UseOrder("thug") in legal(state, "anna")


def test_the_hypnotist_cannot_name_the_defender() -> None:
    state = revealed(["hypnotist", "thug", "bodyguard", "alchemist", "doctor"], HANDS)
    assert UseOrder("hypnotist", "bruno") not in legal(state, "anna")
    assert refused(state, "anna", UseOrder("hypnotist", "bruno")).code == "cd.bad-target"


def test_the_alchemist_is_not_for_a_duellist() -> None:
    state = revealed(["alchemist", "thug", "bodyguard", "hypnotist", "doctor"], HANDS)
    assert refused(state, "anna", UseOrder("alchemist", "attacker")).code == "cd.wrong-part"


def test_a_steal_over_the_hand_limit_forces_a_gift() -> None:
    hands = [("dagger", "ring", "key", "coat", "tome"), ("gloves", "sextant"), ("knives",),
             ("whip",), ("goblet",)]
    sides = {"carla": "attacker", "dieter": "attacker", "emma": "attacker"}
    state = skip_doctor(passes(revealed(PROFS, hands, sides), 5))
    state = play(state, ("anna", LookOrder("objects")))
    events = when(state, "anna", TakeOrder("gloves"))
    assert [type(e).__name__ for e in events] == ["ObjectTaken", "DuelEnded", "HandOverLimit"]
    state = after(state, events)
    assert state.phase is Phase.GIFT and prompted(state) == ["anna"]
    state = play(state, ("anna", GiveOrder("coat", "carla")))
    assert state.phase is Phase.TURN and len(hand(state, "anna")) == 5
