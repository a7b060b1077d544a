"""The board's geometry is derived from the board file: spaces, wall lines, tower spaces, coasts."""
from __future__ import annotations

from engine.masons.board import board, build
from engine.masons.cities import free_lines, group_of, is_closed

from .helpers import deal, given, line, walls


def test_the_strip_has_the_decided_size() -> None:
    brd = board()
    assert len(brd.spaces) == 56 and len(brd.points) == 40 and len(brd.lines) == 95
    assert [sum(1 for s in brd.spaces if s.region == r) for r in brd.regions] == [20, 20, 16]
    assert brd.regions == ("west", "middle", "east")


def test_board_edges_coasts_and_the_shore() -> None:
    brd = board()
    edges = [w for w in brd.lines if w.edge]
    assert len(edges) == 22
    assert sum(1 for w in edges if w.coast) == 14
    assert not any(w.coast for w in brd.lines if not w.edge)
    assert brd.shore == {p for w in brd.lines if w.coast for p in (w.a, w.b)}
    assert len(brd.shore) == 16 and {1, 3, 6, 8, 36, 38} <= brd.shore and 2 not in brd.shore


def test_every_space_has_three_wall_lines_and_three_tower_spaces() -> None:
    brd = board()
    for space in brd.spaces:
        assert len(space.lines) == 3 and len(set(space.corners)) == 3
        ends = {p for k in space.lines for p in (brd.lines[k].a, brd.lines[k].b)}
        assert ends == set(space.corners)


def test_the_first_spaces_and_their_lines() -> None:
    brd = board()
    first = brd.spaces[0]
    assert (first.row, first.col, first.down, first.region) == (0, 0, True, "west")
    assert sorted(brd.lines[k].name for k in first.lines) == ["1-4", "1-6", "4-6"]
    assert brd.lines[line("1-6")].coast and brd.lines[line("1-4")].edge
    assert not brd.lines[line("1-4")].coast
    assert brd.line_between(1, 2) is None


def test_sides_are_named_by_compass() -> None:
    brd = board()
    assert brd.sides(line("4-9")) == {"north": 1, "south": 15}
    assert brd.sides(line("4-6")) == {"west": 0, "east": 1}


def test_a_different_board_file_needs_no_code() -> None:
    tiny = build({"regions": {"A": "alpha", "B": "beta"}, "rows": ["AB", "AB"],
                  "coasts": [[0, 0, "top"], [1, 0, "bottom"]]})
    assert len(tiny.spaces) == 4 and tiny.regions == ("alpha", "beta")
    assert len(tiny.lines) == 9 and sum(1 for w in tiny.lines if w.coast) == 2


def test_the_edge_alone_never_closes_a_city() -> None:
    state = given(deal(), walls("4-6"))
    group = group_of(0, state.walls)
    assert group == {0} and not is_closed(group, state.walls)
    state = given(deal(), walls("4-6", "1-4", "1-6"))
    assert is_closed(group_of(0, state.walls), state.walls)


def test_every_empty_line_is_free_at_the_start() -> None:
    assert len(free_lines(given(deal()))) == 95

