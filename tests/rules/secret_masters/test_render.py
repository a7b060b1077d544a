"""The board picture: a well-formed SVG that shows the view, all of it, and nothing more."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from engine.core.contract import Canaries
from engine.core.harness import play_random_game, seat_names
from engine.core.testing import given
from engine.secret_masters import GAME
from engine.secret_masters.render import BOLD_ADVANCE
from engine.secret_masters.state import Markers

from .helpers import BLUE, GREEN, SEATS, opening, placed_both, votes

SVG = "{http://www.w3.org/2000/svg}"


@dataclass(frozen=True)
class Label:
    """One piece of text as drawn: where it starts and what it says."""

    x: float
    y: float
    text: str


def labels(svg: str) -> list[Label]:
    """Return every label drawn, splitting runs of per-character positioned labels apart."""
    found: list[Label] = []
    for element in ET.fromstring(svg).iter(f"{SVG}text"):
        text = element.text or ""
        xs, ys = element.get("x", "0").split(), element.get("y", "0").split()
        if len(xs) == 1:
            found.append(Label(float(xs[0]), float(ys[0]), text))
            continue
        found.extend(_split_run(text, [float(x) for x in xs], [float(y) for y in ys],
                                float(element.get("font-size", "0"))))
    return found


def _split_run(text: str, xs: list[float], ys: list[float], size: float) -> Iterator[Label]:
    """Yield the labels of a run: a new label starts where a character does not follow on."""
    start = 0
    for i in range(1, len(text) + 1):
        follows = i < len(text) and ys[i] == ys[i - 1] and \
            abs(xs[i] - xs[i - 1] - BOLD_ADVANCE.get(text[i - 1], 0.75) * size) < 0.2
        if not follows:
            yield Label(xs[start], ys[start], text[start:i])
            start = i


def frame(svg: str, part: str, **data: str) -> tuple[float, float, float, float]:
    """Return the box (x, y, w, h) of a part of the board: the first rectangle of its group."""
    for group in ET.fromstring(svg).iter(f"{SVG}g"):
        if group.get("data-part") == part and all(group.get(f"data-{k}") == v
                                                    for k, v in data.items()):
            rect = group.find(f"{SVG}rect")
            assert rect is not None
            x, y, w, h = (float(rect.get(k, "0")) for k in ("x", "y", "width", "height"))
            return x, y, w, h
    raise AssertionError(f"no {part} {data} in the picture")


def shown_in(svg: str, part: str, **data: str) -> list[str]:
    """Return the texts drawn inside a part of the board, top to bottom."""
    x, y, w, h = frame(svg, part, **data)
    inside = [label for label in labels(svg) if x <= label.x <= x + w and y <= label.y <= y + h]
    return [label.text for label in reading_order(inside)]


def reading_order(found: list[Label]) -> list[Label]:
    """Return labels line by line (baselines less than 12 apart share a line), left to right."""
    lines: list[list[Label]] = []
    for label in sorted(found, key=lambda label: label.y):
        if lines and label.y - lines[-1][0].y < 12:
            lines[-1].append(label)
        else:
            lines.append([label])
    return [label for line in lines for label in sorted(line, key=lambda label: label.x)]


def has_part(svg: str, part: str) -> bool:
    """Return whether the picture has a group for `part`."""
    return any(g.get("data-part") == part for g in ET.fromstring(svg).iter(f"{SVG}g"))


def squeezed(texts: list[str]) -> str:
    """Return texts joined without whitespace (names may be wrapped over two lines)."""
    return re.sub(r"\s+", "", "".join(texts))


def random_states(seeds: range = range(4)) -> Iterator[Any]:
    """Yield states spread over seeded random games, the final ones included."""
    for seed in seeds:
        played = play_random_game(GAME, seat_names(3), f"render-{seed}".encode(), sample_every=3)
        yield from played.sampled_states


def test_the_picture_is_a_standalone_svg_that_scales_to_any_width() -> None:
    svg = GAME.render_board_svg(GAME.view(given(GAME, SEATS, opening()), "ann"))
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert re.fullmatch(r"0 0 1000 \d+", root.get("viewBox", ""))
    assert root.get("width") is None and root.get("height") is None


def test_every_region_shows_its_name_value_agents_and_who_holds_it() -> None:
    for state in random_states():
        view = GAME.view(state, None)
        svg = GAME.render_board_svg(view)
        for region in view["board"]:
            texts = shown_in(svg, "region", region=region["region"])
            assert squeezed([region["name"]]) in squeezed(texts)
            assert str(region["value"]) in texts
            for colour, count in region["agents"].items():
                if count:
                    assert colour[0].upper() in texts and f"\u00d7{count}" in texts
            if len(region["controlled_by"]) == 1:
                assert f"held by {region['controlled_by'][0].capitalize()}" in texts


def test_antarctica_below_the_map_the_pool_and_the_last_vote() -> None:
    for state in random_states(range(2)):
        view = GAME.view(state, None)
        svg = GAME.render_board_svg(view)
        assert frame(svg, "antarctica")[1] > max(frame(svg, "region", region=r["region"])[1]
                                                 for r in view["board"])
        antarctica, pool = shown_in(svg, "antarctica"), shown_in(svg, "pool")
        assert "Antarctica" in antarctica
        for colour, count in view["antarctica"].items():
            assert (f"\u00d7{count}" in antarctica) == bool(count)
        for colour, count in view["pool"].items():
            assert colour[0].upper() in pool and f"\u00d7{count}" in pool
        if view["last_vote"]:
            totals = [str(view["last_vote"][m]) for m in ("red", "white", "orange")]
            vote = pool[pool.index("Last vote") + 1:][:6]
            assert vote[::2] == ["R", "W", "O"] and vote[1::2] == totals


def test_the_two_cards_show_their_regions_and_the_agents_on_them() -> None:
    state = given(GAME, SEATS, opening(), placed_both(BLUE, GREEN))
    svg = GAME.render_board_svg(GAME.view(state, None))
    red, white = shown_in(svg, "card", side="red"), shown_in(svg, "card", side="white")
    assert red[:4] == ["RED CARD (left)", "Europe", "3 points", "B"] and "Blue agent" in red
    assert white[:4] == ["WHITE CARD (right)", "Russia", "1 point", "G"]
    assert "Green agent" in white
    assert "red card" in shown_in(svg, "region", region="europe")
    assert "white card" in shown_in(svg, "region", region="russia")


def test_the_status_shows_round_turn_phase_and_the_seats() -> None:
    state = given(GAME, SEATS, opening(), placed_both(), votes(("ann", Markers(1, 1, 1))))
    svg = GAME.render_board_svg(GAME.view(state, None))
    status = [label.text for label in labels(svg)]
    assert "Round 1 \u00b7 Turn 1" in status and "Now: sealed vote" in status
    assert "Grand Master \u00b7 active \u00b7 voted" in status and "to act" in status
    assert status.count("to act") == 3  # ann may still change her vote


def test_the_own_faction_markers_and_vote_are_drawn_only_for_their_seat() -> None:
    state = given(GAME, SEATS, opening(), placed_both(), votes(("ann", Markers(2, 0, 1))))
    own = shown_in(GAME.render_board_svg(GAME.view(state, "ann")), "you")
    assert own[0] == "Only you see this: ann"
    assert own[own.index("Your faction") + 1:][:2] == ["B", "Blue"]
    assert own[own.index("Your markers") + 1:][:6] == ["R", "2 red", "W", "2 white", "O",
                                                       "1 orange"]
    assert own[own.index("Your sealed vote") + 1:] == ["R", "2 red", "O", "1 orange"]
    for seat in (None, "bob"):
        svg = GAME.render_board_svg(GAME.view(state, seat))
        assert "Only you see this: ann" not in svg
    assert not has_part(GAME.render_board_svg(GAME.view(state, None)), "you")


@pytest.mark.parametrize("reader", [*seat_names(3), None])
def test_each_secret_is_drawn_for_its_owners_and_nobody_else(reader: str | None) -> None:
    owned = 0
    for state in random_states(range(3)):
        canaries = Canaries()
        svg = GAME.render_board_svg(GAME.view(GAME.plant_canaries(state, canaries), reader))
        for canary, owners in canaries.owners.items():
            assert (canary in svg) == (reader in owners), f"{canary} of {sorted(owners)}"
            owned += reader in owners
    assert owned or reader is None


def test_the_factions_are_revealed_after_the_end() -> None:
    final = play_random_game(GAME, seat_names(3), b"render-end").state
    view = GAME.view(final, None)
    svg = GAME.render_board_svg(view)
    texts = shown_in(svg, "revealed")
    assert texts[0] == "Revealed at the end"
    for seat, faction in view["revealed"]["factions"].items():
        assert seat in texts and faction.capitalize() in texts
    assert view["revealed"]["set_aside"].capitalize() in texts
    assert f"Winner: {view['winner']}" in [label.text for label in labels(svg)]


def test_names_are_escaped() -> None:
    seats = ("<b>x</b>", "a&b", "\"q\"")
    played = play_random_game(GAME, seats, b"render-escape")
    svg = GAME.render_board_svg(GAME.view(played.sampled_states[0], seats[1]))
    texts = [label.text for label in labels(svg)]
    assert "<b>x</b>" in texts and "a&b" in texts and "\"q\"" in texts
    assert "<b>" not in svg
