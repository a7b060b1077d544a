"""The board picture: an SVG of the triangle strip drawn from a view."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def render_board_svg(view: Mapping[str, Any]) -> str:
    """Return the board of a view as an SVG document."""
    return '<svg xmlns="http://www.w3.org/2000/svg"/>'
