"""Duels by correspondence: challenge, the Priest's window, sealed sides, reveal, and the rounds
of play, following the supplement's procedure."""
from __future__ import annotations

from engine.castle_of_the_devil import GAME
from engine.castle_of_the_devil.events import (
    DuelDeclared,
    DuelPassed,
    DuelPlayed,
    DuelStopped,
    PriestPassed,
    ProfessionRevealed,
    SideChosen,
    SidesRevealed,
    TurnStarted,
)
from engine.castle_of_the_devil.orders import (
    DuelOrder,
    PassOrder,
    SupportOrder,
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
    legal,
    play,
    prompted,
    refused,
    types_of,
    when,
    with_tokens,
)

FIVE = {"professions": ["thug", "bodyguard", "priest", "doctor", "grand-master"],
            "hands": [("key",), ("goblet",), ("bag-key",), ("bag-goblet",), ("dagger",)]}


def challenged(players: int = 5, **kw: object) -> State:
    """Return the state after anna challenges bruno."""
    setup = dict(FIVE) if players == 5 else {}
    setup.update(kw)
    state = given(deal(players, **setup))  # type: ignore[arg-type]
    return play(state, ("anna", DuelOrder("bruno")))


def revealed(sides: dict[str, str], players: int = 5, **kw: object) -> State:
    """Return the state once every side is in and shown."""
    state = challenged(players, **kw)
    moves = [(seat, PassOrder() if seat == "bruno" else SupportOrder(sides[seat]))
             for seat in prompted(state)]
    return play(state, *moves)


def test_a_challenge_opens_the_sealed_sides_and_the_priests_window() -> None:
    state = given(deal(5, **FIVE))  # type: ignore[arg-type]
    events = when(state, "anna", DuelOrder("bruno"))
    assert events == [DuelDeclared("anna", "bruno", True)]
    state = after(state, events)
    assert state.phase is Phase.SIDES
    prompts = GAME.prompts(state)
    assert [p.seat for p in prompts] == ["bruno", "carla", "dieter", "emma"]
    assert all(p.simultaneous for p in prompts)
    assert legal(state, "bruno") == [PassOrder()]
    assert legal(state, "dieter") == [SupportOrder("attacker"), SupportOrder("defender")]
    assert legal(state, "carla") == [SupportOrder("attacker"), SupportOrder("defender"),
                                     UseOrder("priest")]


def test_every_side_is_sealed_and_may_be_changed_before_the_reveal() -> None:
    state = challenged()
    events = when(state, "dieter", SupportOrder("attacker"))
    assert events == [SideChosen("dieter", "attacker", False)]
    assert audience(events[0]) == {"dieter"}
    assert GAME.visibility(events[0]).summary == "dieter chose a side"
    state = after(state, events)
    assert GAME.view(state, "dieter")["you"]["side"] == "attacker"
    assert "side" not in str(GAME.view(state, "emma")["duel"]).replace("'answered'", "")
    assert [p.submitted for p in GAME.prompts(state)] == [False, False, True, False]
    again = when(state, "dieter", SupportOrder("defender"))
    assert again == [SideChosen("dieter", "defender", True)]


def test_the_sides_are_shown_when_the_last_answer_is_in() -> None:
    state = play(challenged(), ("bruno", PassOrder()), ("carla", SupportOrder("attacker")),
                 ("dieter", SupportOrder("defender")))
    events = when(state, "emma", SupportOrder("attacker"))
    assert events[-1] == SidesRevealed({"carla": "attacker", "dieter": "defender",
                                        "emma": "attacker"})
    assert audience(events[-1]) is None
    state = after(state, events)
    assert state.phase is Phase.PLAY and prompted(state) == ["anna"]
    assert GAME.view(state, None)["duel"]["totals"] == [3, 2]


def test_the_defenders_go_ahead_is_sealed_too() -> None:
    events = when(challenged(), "bruno", PassOrder())
    assert events == [PriestPassed("bruno", False)] and audience(events[0]) == {"bruno"}


def test_missing_sides_default_to_the_defender() -> None:
    state = challenged()
    defaults = {p.seat: p.default for p in GAME.prompts(state)}
    assert defaults == {"bruno": PassOrder(), "carla": SupportOrder("defender"),
                        "dieter": SupportOrder("defender"), "emma": SupportOrder("defender")}


# -- the Priest -------------------------------------------------------------------------------

def test_the_priest_stops_the_duel_and_the_attackers_turn_ends() -> None:
    state = play(challenged(), ("carla", SupportOrder("attacker")))
    events = when(state, "carla", UseOrder("priest"))
    assert events == [ProfessionRevealed("carla", "priest"), DuelStopped("carla"),
                      TurnStarted("bruno", 2)]
    later = after(state, events)
    assert later.duel is None and later.face_up[2]


def test_the_defender_may_be_the_priest() -> None:
    state = challenged(professions=["thug", "priest", "bodyguard", "doctor", "grand-master"])
    assert legal(state, "bruno") == [PassOrder(), UseOrder("priest")]


def test_only_the_priest_can_stop_a_duel() -> None:
    assert refused(challenged(), "dieter", UseOrder("priest")).code == "cd.no-priest"


def test_with_the_priest_face_up_there_is_no_window() -> None:
    state = given(deal(5, **FIVE))  # type: ignore[arg-type]
    state = replace(state, face_up=(False, False, True, False, False))
    events = when(state, "anna", DuelOrder("bruno"))
    assert events == [DuelDeclared("anna", "bruno", False)]
    state = after(state, events)
    assert prompted(state) == ["carla", "dieter", "emma"]
    assert UseOrder("priest") not in legal(state, "carla")


# -- the rounds of play -----------------------------------------------------------------------

SIDES = {"carla": "attacker", "dieter": "defender", "emma": "attacker"}


def test_play_starts_with_the_attacker_and_goes_clockwise() -> None:
    state = revealed(SIDES)
    order = []
    for _ in range(4):
        seat = prompted(state)[0]
        order.append(seat)
        state = play(state, (seat, PassOrder()))
    assert order == ["anna", "bruno", "carla", "dieter"]


def test_a_full_round_of_passes_ends_the_playing() -> None:
    state = revealed(SIDES)
    state = play(state, *[(seat, PassOrder()) for seat in ("anna", "bruno", "carla", "dieter")])
    events = when(state, "emma", PassOrder())
    assert events[0] == DuelPassed("emma")
    assert "duel-resolved" in types_of(events)


def test_a_play_starts_the_count_of_passes_again() -> None:
    state = with_tokens(revealed(SIDES), dieter=2)
    state = play(state, ("anna", PassOrder()), ("bruno", PassOrder()), ("carla", PassOrder()),
                 ("dieter", TokenOrder(1)), ("emma", PassOrder()), ("anna", PassOrder()),
                 ("bruno", PassOrder()), ("carla", PassOrder()))
    assert state.phase is Phase.PLAY and prompted(state) == ["dieter"]
    assert TokenOrder(1) in legal(state, "dieter")


def test_tokens_count_for_the_side_you_are_on() -> None:
    state = with_tokens(revealed(SIDES), anna=1, dieter=3)
    state = play(state, ("anna", TokenOrder(1)), ("bruno", PassOrder()), ("carla", PassOrder()),
                 ("dieter", TokenOrder(3)))
    assert GAME.view(state, None)["duel"]["totals"] == [4, 5]
    assert state.tokens[0] == 0 and state.tokens[3] == 0
    assert refused(state, "emma", TokenOrder(1)).code == "cd.tokens"


def test_the_default_in_the_rounds_is_to_pass() -> None:
    prompt = GAME.prompts(revealed(SIDES))[0]
    assert prompt.default == PassOrder()


def test_plays_are_public() -> None:
    state = revealed(SIDES)
    events = when(state, "anna", UseOrder("thug"))
    assert events == [DuelPlayed("anna", "thug", "profession", 0, "")]
    assert audience(events[0]) is None
    assert after(state, events).face_up[0]


def test_an_object_or_profession_is_played_once_per_duel() -> None:
    state = revealed(SIDES)
    state = play(state, ("anna", UseOrder("thug")), ("bruno", PassOrder()),
                 ("carla", PassOrder()), ("dieter", PassOrder()), ("emma", PassOrder()))
    assert UseOrder("thug") not in legal(state, "anna")
    assert refused(state, "anna", UseOrder("thug")).code == "cd.played"
