"""The text and SVG pictures of a view: the table as one seat sees it."""
from __future__ import annotations

import json
import xml.dom.minidom

from engine.castle_of_the_devil import GAME
from engine.castle_of_the_devil.orders import DuelOrder, PassOrder, SupportOrder, UseOrder
from engine.castle_of_the_devil.state import State
from engine.core.harness import play_random_game, seat_names, seeds

from .helpers import deal, given, play, prompted


def duel_under_way() -> State:
    state = play(given(deal(5)), ("anna", DuelOrder("bruno")))
    state = play(state, *[(seat, PassOrder() if seat == "bruno" else SupportOrder("attacker"))
                          for seat in prompted(state)])
    return play(state, ("anna", UseOrder("thug")))


def test_the_svg_shows_the_table_seen_by_one_seat() -> None:
    svg = GAME.render_board_svg(GAME.view(duel_under_way(), "carla"))
    xml.dom.minidom.parseString(svg)
    for seat in ("anna", "bruno", "carla (you)", "dieter", "emma"):
        assert f">{seat}</text>" in svg
    assert "attacker (sword)" in svg and "defender (shield)" in svg
    assert "supports attacker" in svg
    assert "sword 5 : 1 shield" in svg
    assert ">Thug</text>" in svg
    assert "You, carla: Order of Open Secrets" in svg
    assert "Profession: Priest (face down)" in svg and "Objects: Bag of Secrets (key)" in svg


def test_the_spectators_picture_has_no_own_cards() -> None:
    svg = GAME.render_board_svg(GAME.view(duel_under_way(), None))
    assert "You, " not in svg and "Priest" not in svg and "Bag of Secrets" not in svg


def test_sealed_sides_show_only_that_a_side_was_chosen() -> None:
    state = play(given(deal(5)), ("anna", DuelOrder("bruno")),
                 ("carla", SupportOrder("attacker")))
    svg = GAME.render_board_svg(GAME.view(state, "dieter"))
    assert "side sealed" in svg and "supports attacker" not in svg
    assert "sides sealed" in svg


def test_the_text_picture() -> None:
    text = GAME.render_text(GAME.view(duel_under_way(), "carla"))
    assert "Duel: anna (attacker) against bruno (defender)." in text
    assert "Totals: attacker 5, defender 1" in text
    assert "You are carla: Order of Open Secrets, Priest (face down)" in text
    assert "anna played Thug" in text


def test_every_view_of_random_games_renders() -> None:
    for seed in seeds(3, base=123):
        played = play_random_game(GAME, seat_names(6), seed, sample_every=5)
        for state in played.sampled_states:
            for seat in (None, *played.seats):
                data = GAME.view(state, seat)
                json.dumps(data)
                xml.dom.minidom.parseString(GAME.render_board_svg(data))
                assert GAME.render_text(data).strip()
