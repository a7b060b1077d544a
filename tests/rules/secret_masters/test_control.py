"""Control: the most agents in a region control it, ties count for every tied colour."""
from __future__ import annotations

from engine.secret_masters.state import controllers, empty_board, points

from .helpers import BLUE, GREEN, RED, YELLOW


def test_most_agents_control_a_region() -> None:
    assert controllers((2, 1, 0, 0)) == (BLUE,)


def test_a_tie_counts_for_every_tied_colour() -> None:
    assert controllers((1, 1, 0, 1)) == (BLUE, GREEN, YELLOW)


def test_an_empty_region_is_controlled_by_nobody() -> None:
    assert controllers((0, 0, 0, 0)) == ()


def test_points_add_up_the_values_of_controlled_regions() -> None:
    board = empty_board()
    board["europe"] = (1, 0, 0, 0)          # 3, blue alone
    board["east-asia"] = (1, 1, 0, 0)       # 2, blue and green tied
    board["russia"] = (0, 0, 2, 1)          # 1, red
    assert points(board) == {BLUE: 5, GREEN: 2, RED: 1, YELLOW: 0}


def test_antarctica_is_worth_nothing() -> None:
    board = empty_board()
    board["antarctica"] = (0, 0, 0, 5)
    assert points(board)[YELLOW] == 0
