"""Victor determination: revealing the SMs, points, and every tie-break."""
from __future__ import annotations

from typing import Any

from engine.core.testing import after, given, when
from engine.freimaurerei import GAME
from engine.freimaurerei.events_intrigue import (
    EndDeclared,
    GameScored,
    InnerAlignmentPlanted,
    SecretsRevealed,
)
from engine.freimaurerei.orders import DeclareEndOrder
from engine.freimaurerei.scoring import points, reckon
from engine.freimaurerei.state import SM, Charter

from .helpers import (
    ANN,
    BEA,
    FRENCH,
    ILLU,
    LARGE,
    MEDIUM,
    ROSY,
    SEATS,
    SMALL,
    chartered,
    found,
    into_rite,
    perfected,
    recruit,
    set_up,
    turn,
)

# ann's SM is Rosicrucian inside, bea's Illuminati; the rulers KH (Leichtberg) and QS
# (Schwerheim) match them, worth 3 points each.


def scene(*extra: Any) -> Any:
    """Return a position with the given extra events, at the start of bea's turn."""
    return given(GAME, SEATS, set_up(outer=(ILLU, ROSY), inner=(ROSY, ILLU)), *extra, turn(BEA))


def test_a_matching_ruler_is_worth_three_points() -> None:
    state = scene()
    assert (points(state, 0), points(state, 1)) == (3, 3)
    flipped = given(GAME, SEATS, set_up(inner=(ILLU, ROSY)), turn(BEA))
    assert (points(flipped, 0), points(flipped, 1)) == (0, 0)


def test_each_matching_lodge_is_worth_one_point() -> None:
    state = scene(recruit(ANN, ("M7", SMALL), ("M8", SMALL), ("M9", SMALL)),
                  found(ANN, 1, "7H", "M1", "M2", "M3"), found(ANN, 2, "4C", "M7", "M8", "M9"))
    assert points(state, 0) == 3 + 1


def test_each_perfect_initiate_whose_true_alignment_matches_is_worth_two() -> None:
    base = [recruit(ANN, ("M7", LARGE), ("M8", LARGE)), into_rite(ANN, FRENCH, "M7", "M8"),
            perfected(ANN, "M7", ROSY), perfected(ANN, "M8", ILLU)]
    assert points(scene(*base), 0) == 3 + 2
    planted = scene(*base, InnerAlignmentPlanted(BEA, "M7", ILLU),
                    InnerAlignmentPlanted(BEA, "M8", ROSY))
    assert points(planted, 0) == 3 + 2, "the small inner alignment decides, not the medium"


def test_an_sm_with_the_purple_is_a_perfect_initiate_worth_two() -> None:
    state = scene(*chartered(ANN, Charter.FRENCH, Charter.PERFECTION))
    assert points(state, 0) == 3 + 2


def test_declaring_the_end_reveals_every_secret_and_scores() -> None:
    five = []
    for number in range(1, 6):
        ids = [f"M{6 + 3 * number + k}" for k in range(3)]
        five.append(recruit(BEA, *[(i, MEDIUM) for i in ids]))
        five += found(BEA, number, ("4C", "5S", "9D", "2H", "8C")[number - 1], *ids)
    state = scene(recruit(ANN, ("M7", LARGE)), into_rite(ANN, FRENCH, "M7"),
                  perfected(ANN, "M7", ROSY), InnerAlignmentPlanted(BEA, "M7", ILLU), *five)
    events = when(GAME, state, BEA, DeclareEndOrder())
    assert events[:2] == [EndDeclared(BEA, 5, 0),
                          SecretsRevealed({ANN: ROSY, BEA: ILLU}, {"M7": ILLU})]
    scored = events[2]
    assert isinstance(scored, GameScored)
    assert scored.result.points == {ANN: 3, BEA: 3 + 3}
    assert scored.result.winners == (BEA,)
    outcome = GAME.outcome(after(GAME, state, events))
    assert outcome is not None and outcome.winners == (BEA,) and outcome.scores[BEA] == 6


# -- tie-breaks ----------------------------------------------------------------------------

def test_a_complete_tie_is_a_shared_victory() -> None:
    result = reckon(scene())
    assert result.points == {ANN: 3, BEA: 3} and result.winners == (ANN, BEA)
    assert "share the victory" in result.reason


def test_tied_points_are_broken_by_lodges() -> None:
    state = scene(recruit(BEA, ("M7", SMALL), ("M8", SMALL), ("M9", SMALL), ("M10", SMALL)),
                  found(ANN, 1, "4C", "M1", "M2", "M3"))
    result = reckon(state)
    assert result.points == {ANN: 3, BEA: 3} and result.winners == (ANN,)
    assert "1 lodges to 0" in result.reason


def test_then_by_perfect_initiates() -> None:
    state = scene(recruit(BEA, ("M7", SMALL), ("M8", SMALL)),
                  recruit(ANN, ("M9", LARGE)), into_rite(ANN, FRENCH, "M9"),
                  perfected(ANN, "M9", ILLU))
    result = reckon(state)
    assert result.points == {ANN: 3, BEA: 3} and result.winners == (ANN,)
    assert "Perfect Initiates" in result.reason


def test_then_by_masons_and_the_sm_is_not_one() -> None:
    state = scene(recruit(BEA, ("M7", SMALL)))
    result = reckon(state)
    assert result.masons == {ANN: 3, BEA: 4} and result.winners == (BEA,)
    assert "4 Masons to 3" in result.reason


def test_the_sm_inner_alignment_is_what_counts() -> None:
    state = scene()
    assert state.realms[0].pieces[SM].outer is ILLU and points(state, 0) == 3
