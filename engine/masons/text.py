"""A plain-text picture of a view, for the terminal and text emails."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def render_text(view: Mapping[str, Any]) -> str:
    """Return the view as lines of text."""
    return str(view.get("turn"))
