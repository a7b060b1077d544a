"""The board's geometry, derived once from the board file: landscape spaces, wall lines, tower
spaces, the coasts and who touches whom.

Coordinates: a tower space sits at (x, line), `x` counted in half triangle sides from the west
end and `line` from the north coast (0) downwards. The triangle in row r and column c spans
x = c .. c + 2; it points down (a side on line r) when r + c is even, else up. Tower spaces are
numbered 1, 2, 3 ... from west to east (north to south within one x), so neighbouring numbers
lie close together on the board and a wall line is named by its two ends, e.g. 3-7.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
Point = tuple[int, int]


@dataclass(frozen=True)
class Space:
    """A landscape space (a triangle): its row and column, region and corner tower spaces."""

    index: int
    row: int
    col: int
    region: str
    down: bool
    corners: tuple[int, int, int]
    lines: tuple[int, ...]


@dataclass(frozen=True)
class WallLine:
    """A wall line between tower spaces `a` < `b`, with the one or two spaces it touches."""

    index: int
    a: int
    b: int
    spaces: tuple[int, ...]
    coast: bool
    name: str
    """The line's name, e.g. 3-7."""

    @property
    def edge(self) -> bool:
        """Return whether the line lies on the board's edge (one landscape space only)."""
        return len(self.spaces) == 1


@dataclass(frozen=True)
class Board:
    """Everything the rules need to know about the board, derived from the board file."""

    spaces: tuple[Space, ...]
    lines: tuple[WallLine, ...]
    points: dict[int, Point]
    regions: tuple[str, ...]
    shore: frozenset[int]
    line_at: dict[tuple[int, int], int]
    lines_at_point: dict[int, tuple[int, ...]]
    spaces_at_point: dict[int, tuple[int, ...]]
    _sides: dict[int, dict[str, int]] = field(default_factory=dict, compare=False, repr=False)

    @property
    def tower_spaces(self) -> tuple[int, ...]:
        """Return every tower space number in order."""
        return tuple(sorted(self.points))

    def line_between(self, a: int, b: int) -> int | None:
        """Return the index of the wall line joining tower spaces `a` and `b`, if there is one."""
        return self.line_at.get((min(a, b), max(a, b)))

    def side_of(self, line: int, space: int) -> str:
        """Return the compass side of `line` on which `space` lies (north, south, west, east)."""
        wall = self.lines[line]
        (xa, ya), (xb, yb) = self.points[wall.a], self.points[wall.b]
        centre_x, centre_y = centroid(self, space)
        if ya == yb:
            return "north" if centre_y < ya else "south"
        return "west" if centre_x < (xa + xb) / 2 else "east"

    def sides(self, line: int) -> dict[str, int]:
        """Return {compass side: space} for the spaces next to `line` (worked out once)."""
        found = self._sides.get(line)
        if found is None:
            found = self._sides[line] = {self.side_of(line, space): space
                                         for space in self.lines[line].spaces}
        return found


def centroid(board: Board, space: int) -> tuple[float, float]:
    """Return the centre of a landscape space in board coordinates."""
    xs, ys = zip(*(board.points[p] for p in board.spaces[space].corners), strict=True)
    return sum(xs) / 3, sum(ys) / 3


def triangle_points(row: int, col: int) -> tuple[bool, tuple[Point, Point, Point]]:
    """Return (points down, its three corners) for the triangle at row, column."""
    if (row + col) % 2 == 0:
        return True, ((col, row), (col + 2, row), (col + 1, row + 1))
    return False, ((col + 1, row), (col, row + 1), (col + 2, row + 1))


def side_points(row: int, col: int, side: str) -> tuple[Point, Point]:
    """Return the two corners of a named side (top, bottom, left, right) of a triangle."""
    down, (p, q, r) = triangle_points(row, col)
    named = ({"top": (p, q), "left": (p, r), "right": (q, r)} if down
             else {"bottom": (q, r), "left": (p, q), "right": (p, r)})
    if side not in named:
        raise ValueError(f"the triangle at row {row}, column {col} has no {side} side")
    return named[side]


def build(data: dict[str, Any]) -> Board:
    """Return the board described by the board file's data."""
    cells = [(r, c, data["regions"][ch]) for r, row in enumerate(data["rows"])
             for c, ch in enumerate(row) if ch != "."]
    shapes = [triangle_points(r, c) for r, c, _ in cells]
    coords = sorted({pt for _, pts in shapes for pt in pts})
    number = {pt: i + 1 for i, pt in enumerate(coords)}
    coast_pairs = {_pair(number, side_points(r, c, side)) for r, c, side in data["coasts"]}
    touching: dict[tuple[int, int], list[int]] = {}
    for index, (_, pts) in enumerate(shapes):
        for k in range(3):
            pair = _pair(number, (pts[k], pts[(k + 1) % 3]))
            touching.setdefault(pair, []).append(index)
    pairs = sorted(touching)
    lines = tuple(WallLine(i, a, b, tuple(touching[(a, b)]), (a, b) in coast_pairs, f"{a}-{b}")
                  for i, (a, b) in enumerate(pairs))
    line_at = {(w.a, w.b): w.index for w in lines}
    spaces = tuple(
        Space(i, r, c, region, shapes[i][0], _corners(number, shapes[i][1]),
              tuple(sorted(w.index for w in lines if i in w.spaces)))
        for i, (r, c, region) in enumerate(cells))
    points = {n: pt for pt, n in number.items()}
    shore = frozenset(p for w in lines if w.coast for p in (w.a, w.b))
    return Board(spaces, lines, points, tuple(dict.fromkeys(data["regions"].values())), shore,
                 line_at, _incident(points, lines), _touching(points, spaces))


def _pair(number: dict[Point, int], pts: tuple[Point, Point]) -> tuple[int, int]:
    """Return the two tower-space numbers of a side, smaller first."""
    a, b = number[pts[0]], number[pts[1]]
    return min(a, b), max(a, b)


def _corners(number: dict[Point, int], pts: tuple[Point, Point, Point]) -> tuple[int, int, int]:
    """Return the tower-space numbers of a triangle's corners."""
    return number[pts[0]], number[pts[1]], number[pts[2]]


def _incident(points: dict[int, Point], lines: tuple[WallLine, ...]) -> dict[int, tuple[int, ...]]:
    """Return the wall lines meeting at each tower space."""
    return {p: tuple(w.index for w in lines if p in (w.a, w.b)) for p in points}


def _touching(points: dict[int, Point], spaces: tuple[Space, ...]) -> dict[int, tuple[int, ...]]:
    """Return the landscape spaces having each tower space as a corner."""
    return {p: tuple(s.index for s in spaces if p in s.corners) for p in points}


@cache
def board() -> Board:
    """Return the board of the board file (loaded once)."""
    return build(json.loads((DATA / "board.json").read_text(encoding="utf-8")))
