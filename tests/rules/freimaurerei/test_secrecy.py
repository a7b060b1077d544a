"""Secrets: the SMs' inner alignments, a DIG inner alignment known to the intriguer alone, sealed
setup choices and the deck orders; the history's public summaries; everything shown at the end."""
from __future__ import annotations

import json

from engine.core.contract import Canaries
from engine.core.harness import readable_texts
from engine.core.testing import Scripted, given, play
from engine.freimaurerei import GAME
from engine.freimaurerei.events import DecksShuffled, InnerAlignmentDrawn, OuterAlignmentChosen
from engine.freimaurerei.events_intrigue import InnerAlignmentPlanted
from engine.freimaurerei.orders import DeclareEndOrder, DigOrder

from .helpers import (
    ANN,
    BEA,
    FRENCH,
    ILLU,
    LARGE,
    ROSY,
    SEATS,
    TREEHOUSE,
    into_rite,
    perfected,
    recruit,
    set_up,
)
from .test_intrigue import intrigue_scene
from .test_scoring import scene
from .test_turns import five_lodges


def dug() -> object:
    """Return the intrigue scene after ann planted a secret inner alignment under bea's M9."""
    from engine.freimaurerei.orders import AcceptOrder, IntrigueOrder
    return play(GAME, intrigue_scene(), (ANN, IntrigueOrder()), (ANN, AcceptOrder()), (ANN, DigOrder("M9", True)),
                random=Scripted(TREEHOUSE["dig"], 6))


def owners_reached(state: object) -> dict[str, set[str]]:
    """Return, for every planted canary, the readers (seats or 'spectator') it reaches."""
    canaries = Canaries()
    planted = GAME.plant_canaries(state, canaries)  # type: ignore[arg-type]
    texts = {reader or "spectator": readable_texts(GAME, planted, reader)
             for reader in (None, ANN, BEA)}
    svgs = {reader or "spectator": GAME.render_board_svg(GAME.view(planted, reader))
            + GAME.render_text(GAME.view(planted, reader)) for reader in (None, ANN, BEA)}
    reached: dict[str, set[str]] = {}
    for marker, owners in canaries.owners.items():
        seen = {r for r in texts if marker in texts[r] or marker in svgs[r]}
        reached[",".join(sorted(owners)) + ":" + marker] = seen
    return reached


def test_the_dig_inner_alignment_reaches_the_intriguer_alone() -> None:
    state = dug()
    assert state.realms[1].pieces["M9"].inner is ILLU  # type: ignore[attr-defined]
    reached = owners_reached(state)
    dig = [seen for key, seen in reached.items() if key.startswith(f"{ANN}:")]
    assert dig and all(seen == {ANN} for seen in dig)
    assert len(dig) == 2, "ann's own SM and the alignment she planted under M9"


def test_every_secret_reaches_exactly_its_owners() -> None:
    reached = owners_reached(dug())
    for key, seen in reached.items():
        owners = set(key.split(":")[0].split(",")) - {""}
        assert seen == owners, key


def test_a_sealed_outer_choice_reaches_only_its_seat() -> None:
    state = given(GAME, SEATS, set_up()[:6], OuterAlignmentChosen(BEA, ILLU))
    reached = owners_reached(state)
    bea_only = [seen for key, seen in reached.items() if key.startswith(f"{BEA}:")]
    assert bea_only == [{BEA}]
    assert all(seen == set() for key, seen in reached.items() if key.startswith(":"))


def test_the_owner_of_the_dug_initiate_sees_only_that_something_is_hidden() -> None:
    members = GAME.view(dug(), BEA)["principalities"][1]["lodges"][0]["members"]
    nine = next(m for m in members if m["id"] == "M9")
    assert nine["inner"] == "hidden" and nine["inner_by"] == ANN
    assert GAME.view(dug(), None)["principalities"][1]["lodges"][0]["members"][1]["inner"] \
        == "hidden"


def test_hidden_events_have_public_summaries_without_the_secret() -> None:
    for event in (InnerAlignmentPlanted(ANN, "M9", ILLU), InnerAlignmentDrawn(BEA, ROSY),
                  OuterAlignmentChosen(ANN, ILLU)):
        audience = GAME.visibility(event)
        assert audience.seats == frozenset({event.seat})
        assert audience.summary and "illuminati" not in audience.summary.lower()
        assert "rosicrucian" not in audience.summary.lower()
    shuffled = GAME.visibility(DecksShuffled(("4C",), ("KH",)))
    assert shuffled.seats == frozenset() and "4C" not in (shuffled.summary or "")


def test_the_view_never_shows_the_colours_in_the_bag_or_the_deck_order() -> None:
    data = GAME.view(dug(), ANN)
    assert data["bag"] == {"small": 7, "medium": 8}
    assert data["lodge_deck"] == len(dug().lodge_deck)  # type: ignore[attr-defined]
    text = json.dumps(data)
    assert "white_small" not in text and "2H" not in text


def test_everything_is_revealed_when_the_game_ends() -> None:
    state = scene(recruit(ANN, ("M7", LARGE)), into_rite(ANN, FRENCH, "M7"),
                  perfected(ANN, "M7", ROSY), InnerAlignmentPlanted(BEA, "M7", ILLU),
                  *five_lodges())
    final = play(GAME, state, (BEA, DeclareEndOrder()))
    assert GAME.plant_canaries(final, Canaries()) is final
    spectator = GAME.view(final, None)
    assert spectator["principalities"][0]["secret_master"]["inner"] == "rosicrucian"
    assert spectator["result"]["winners"]
    members = spectator["principalities"][0]["unaffiliated"]
    assert [m["inner"] for m in members if m["id"] == "M7"] == ["illuminati"]


def test_a_hidden_variant_changes_only_what_the_seat_may_not_know() -> None:
    from engine.core.rng import Rng

    state = given(GAME, SEATS, set_up(inner=(ROSY, ILLU)))
    drawn = set()
    for index in range(12):
        variant = GAME.hidden_variant(state, ANN, Rng(b"variant%d" % index))
        assert variant is not None
        assert variant.realms[0].pieces["SM"].inner is ROSY
        assert GAME.view(variant, ANN) == GAME.view(state, ANN)
        drawn.add(variant.realms[1].pieces["SM"].inner)
        if variant.realms[1].pieces["SM"].inner is ROSY:
            assert GAME.view(variant, BEA) != GAME.view(state, BEA)
    assert drawn == {ROSY, ILLU}


def test_a_hidden_variant_depends_only_on_what_the_seat_knows() -> None:
    from engine.core.codec import encode
    from engine.core.rng import Rng

    state = given(GAME, SEATS, set_up(inner=(ROSY, ILLU)))
    other = given(GAME, SEATS, set_up(inner=(ROSY, ROSY)))
    first = GAME.hidden_variant(state, ANN, Rng(b"variant"))
    second = GAME.hidden_variant(other, ANN, Rng(b"variant"))
    assert encode(first) == encode(second)
