"""The text and SVG pictures of a view: the board as one seat sees it."""
from __future__ import annotations

import json
import re
import xml.dom.minidom

from engine.core.contract import Canaries
from engine.core.harness import play_random_game, seat_names, seeds
from engine.masons import GAME
from engine.masons import events as ev
from engine.masons.board import board

from .helpers import city, deal, given, houses, towers, walls


def state_events() -> list[object]:
    return [*deal(3), *city(1, (0,)), *walls("29-31"), *towers(t31="grey", t9="black"),
            *houses((5, "pink"), (0, "red"), (0, "red")), ev.PalaceBuilt(0, "red", (0, 0))]


def position() -> object:
    return given(*state_events())


def test_every_tower_space_and_city_is_labelled_in_the_svg() -> None:
    svg = GAME.render_board_svg(GAME.view(position(), "anna"))
    xml.dom.minidom.parseString(svg)
    labels = set(re.findall(r">(\d+)</text>", svg))
    assert {str(p) for p in board().tower_spaces} <= labels
    assert 'fill="#d8c7a0"' in svg  # the city's stone
    assert "west region" in svg and "east region" in svg and "40 points" in svg
    assert "anna (you): 0 points, 6 cards" in svg


def test_every_place_the_texts_name_carries_that_name_in_the_svg() -> None:
    state = position()
    svg = GAME.render_board_svg(GAME.view(state, "anna"))
    names = set(re.findall(r'class="space-name"[^>]*>([^<]+)</text>', svg))
    assert names == {f"space {s.index}" for s in board().spaces}
    assert re.findall(r'class="city-name"[^>]*>([^<]+)</text>', svg) == ["city 1"]
    house = next(e for e in state_events() if isinstance(e, ev.HousePlaced))
    assert f"space {house.space}" in GAME.describe(house)  # the history's own words


def test_free_wall_lines_are_dashed_and_walls_solid() -> None:
    view = GAME.view(position(), "anna")
    svg = GAME.render_board_svg(view)
    free = re.findall(r'<line [^>]*class="free-line"[^>]*data-line="([\d-]+)"', svg)
    walls = re.findall(r'<line [^>]*class="wall"[^>]*data-line="([\d-]+)"', svg)
    assert sorted(free) == sorted(view["free_lines"]) and len(free) == 91
    assert sorted(walls) == sorted(view["board"]["walls"])
    assert all("stroke-dasharray" in tag for tag in re.findall(r'<line [^>]*free-line[^>]*>',
                                                               svg))
    assert not any("stroke-dasharray" in tag for tag in re.findall(r'<line [^>]*"wall"[^>]*>',
                                                                   svg))


def test_the_svg_never_shows_a_hand() -> None:
    planted = GAME.plant_canaries(position(), Canaries())
    assert "CANARY" in str(GAME.view(planted, "anna")["you"])
    assert "CANARY" not in GAME.render_board_svg(GAME.view(planted, "anna"))


def test_no_text_in_the_svg_is_smaller_than_twelve_units() -> None:
    svg = GAME.render_board_svg(GAME.view(position(), None))
    sizes = [float(size) for size in re.findall(r'font-size="([\d.]+)"', svg)]
    assert sizes and min(sizes) >= 12
    width, height = (float(v) for v in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"',
                                                  svg).groups())
    # On A4 the picture may be 182 mm wide and 222 mm high: 12 units must stay above 8 pt.
    scale = min(182 / width, 222 / height)
    assert 12 * scale / 0.3528 >= 8
    assert width > height  # one strip, west to east: it fills a desktop page across


def test_the_text_picture() -> None:
    text = GAME.render_text(GAME.view(position(), "anna"))
    assert "City 1: 1 space (west); houses none; palaces red 1." in text
    assert "Walls (4): 1-4, 1-6, 4-6, 29-31" in text
    assert "black on 9; grey on 31~" in text
    assert "Houses outside cities, middle: pink 1" in text
    assert "Free wall lines (91): " in text
    assert text.splitlines()[-1].startswith("Your cards: ")


def test_every_view_of_random_games_renders() -> None:
    for seed in seeds(2, base=77):
        played = play_random_game(GAME, seat_names(3), seed, sample_every=9)
        for state in played.sampled_states:
            for seat in (None, *played.seats):
                data = GAME.view(state, seat)
                json.dumps(data)
                xml.dom.minidom.parseString(GAME.render_board_svg(data))
                assert GAME.render_text(data).strip()
