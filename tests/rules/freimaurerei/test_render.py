"""The board picture and the text picture: drawn from a view alone, complete and well formed."""
from __future__ import annotations

import json
from xml.etree import ElementTree

from engine.core.harness import play_random_game, seat_names, seeds
from engine.freimaurerei import GAME

from .helpers import ANN, BEA
from .test_intrigue import intrigue_scene

SVG = "{http://www.w3.org/2000/svg}"


def parsed(svg: str) -> ElementTree.Element:
    """Return the SVG document's root element (failing on malformed XML)."""
    return ElementTree.fromstring(svg.split("\n", 1)[1])


def texts(root: ElementTree.Element) -> list[str]:
    """Return every text written in the picture."""
    return [item.text or "" for item in root.iter(f"{SVG}text")]


def test_the_board_shows_both_principalities_rulers_lodges_and_pieces() -> None:
    svg = GAME.render_board_svg(GAME.view(intrigue_scene(), ANN))
    root = parsed(svg)
    assert root.get("width") == "297mm" and root.get("height") == "210mm"
    written = texts(root)
    for expected in ("Leichtberg - ann (you)", "Schwerheim - bea", "K\u2665", "Q\u2660",
                     "Lodge 1", "Lodge 2", "Lodge 3", "4\u2663", "5\u2660", "Unaffiliated",
                     "SM", "M7", "M9", "M11", "30 T"):
        assert expected in written, expected
    assert any(line.startswith("Bank: Masons") for line in written)
    assert len(list(root.iter(f"{SVG}polygon"))) > 20


def test_hidden_inner_alignments_are_drawn_as_unknown() -> None:
    written = texts(parsed(GAME.render_board_svg(GAME.view(intrigue_scene(), BEA))))
    assert "inner: illuminati" in written and "?" in written
    spectator = texts(parsed(GAME.render_board_svg(GAME.view(intrigue_scene(), None))))
    assert "inner: illuminati" not in spectator and "inner: rosicrucian" not in spectator


def test_every_sampled_view_of_random_games_is_json_and_renders() -> None:
    for seed in seeds(3, base=300):
        played = play_random_game(GAME, seat_names(2), seed)
        for state in played.sampled_states:
            for reader in (None, *played.seats):
                data = GAME.view(state, reader)
                assert json.loads(json.dumps(data)) == data
                parsed(GAME.render_board_svg(data))
                assert GAME.render_text(data).startswith("Freimaurerei - turn")


def test_the_final_picture_shows_the_result() -> None:
    played = play_random_game(GAME, seat_names(2), next(iter(seeds(1, base=301))))
    written = texts(parsed(GAME.render_board_svg(GAME.view(played.state, None))))
    assert any(line.startswith("Result:") for line in written)
    assert "Game over" in GAME.render_text(GAME.view(played.state, None))
