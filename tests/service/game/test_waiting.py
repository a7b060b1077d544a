"""Whom the table waits for: the marks are public facts, the same whatever is hidden."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.core import Rng, all_games, get_game
from engine.core.codec import encode
from engine.core.harness import play_random_game, seat_names, seeds, states_of, table_size
from engine.core.probing import decision_kind
from service.game.waiting import (
    ANSWERED,
    ASKED,
    WAITING,
    SeatMark,
    Waiting,
    marks_at,
    names_text,
    waiting_line,
)

PER_KIND = 3
"""States compared per kind of decision point (every kind is covered, not every state)."""
PUBLIC_SEALED = {"secret-masters", "castle-of-the-devil", "freimaurerei", "masons"}
"""Games with sealed decisions of several seats whose answering is public (Illuminati's
windows are private, and its sealed goal is the UFO seat's alone)."""
OPTIONS = {"masons": {"scoring": "sealed"}}
"""Options that make a game's decisions sealed."""


@pytest.mark.parametrize("name", [game.name for game in all_games() if game.hidden_information])
def test_the_marks_are_the_same_whatever_is_hidden(name: str) -> None:
    """In states of random games and in their hidden variants (each seat's and the spectator's
    unknowns reshuffled), every asked seat has the same mark: the marks on pages, reminders
    and notices tell nothing any seat may not know."""
    game = get_game(name)
    seats = seat_names(table_size(game, 4))
    compared, sealed_answers = 0, 0
    for seed in seeds(2, base=2300):
        played = play_random_game(game, seats, seed, OPTIONS.get(name))
        rng = Rng(b"waiting-variants:" + seed)
        covered: Counter[str] = Counter()
        for state in states_of(played):
            marks, private = marks_at(game, state)
            kind = decision_kind(game.prompts(state)[0].key) if marks else "over"
            sealed_answers += sum(mark.mark == ANSWERED for mark in marks)
            if covered[kind] >= PER_KIND:
                continue
            covered[kind] += 1
            for seat in (*seats, None):
                variant = game.hidden_variant(state, seat, rng)
                if variant is None or encode(variant) == encode(state):
                    continue
                assert marks_at(game, variant) == (marks, private), (name, seat, kind)
                compared += 1
    assert compared, f"{name}: no hidden variant was made, so this proves nothing"
    if name in PUBLIC_SEALED:
        assert sealed_answers, f"{name}: no sealed answer was ever in while others were asked"


def test_illuminati_declares_its_windows_private_and_the_rest_public() -> None:
    """Who has answered an Illuminati window is private (its standing orders answer at once);
    the UFO's sealed goal and the turns are not windows."""
    steps: Any = get_game("illuminati").STEPS  # type: ignore[attr-defined]
    private = {step.key for step in steps if not step.answering_public}
    assert private == {"response", "reaction", "secrets", "counter"}
    for other in ("secret-masters", "castle-of-the-devil", "freimaurerei", "masons"):
        assert all(step.answering_public
                   for step in get_game(other).STEPS), other  # type: ignore[attr-defined]


def test_the_line_names_the_seats_still_waited_for() -> None:
    waiting = Waiting((SeatMark("anna", ANSWERED, True), SeatMark("bruno", WAITING),
                       SeatMark("carla", WAITING)), until="2024-05-01T12:00:00Z")
    assert waiting.waiting_for == ["bruno", "carla"] and waiting.answered == ["anna"]
    assert waiting_line(waiting) == ("Still waiting for bruno and carla. Answered: anna "
                                     "(sealed; may still change).")
    assert names_text(["anna", "bruno", "carla"]) == "anna, bruno and carla"


def test_a_private_window_says_only_that_it_is_open_and_until_when() -> None:
    window = Waiting((SeatMark("anna", ASKED), SeatMark("bruno", ASKED)), private=True,
                     until="2024-05-01T12:00:00Z")
    line = waiting_line(window)
    assert line == "The window is open until 2024-05-01 12:00 UTC; who has answered stays private."
    assert "anna" not in line and "bruno" not in line and not window.answered
