"""Orders that cannot be taken back (a claim of victory, declaring the end, resigning): never
offered first.

They are listed last in the help and the forms, never pre-selected, and on the web they are
sent only with a ticked confirmation.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TypeVar

IRREVERSIBLE_KINDS = frozenset({"claim", "resign", "concede", "declare", "declare-end"})
NOTE = "   (cannot be undone)"
_BLOCK_START = re.compile(r"^  \S")
T = TypeVar("T")


def is_irreversible(text: str) -> bool:
    """Return whether an order text (or an order kind) starts with an irreversible order."""
    words = text.strip().lower().split()
    return bool(words) and words[0] in IRREVERSIBLE_KINDS


def last_if_irreversible(items: Sequence[T], kind_of: Callable[[T], str]) -> list[T]:
    """Return the items with the irreversible ones moved to the end, order kept otherwise."""
    return ([item for item in items if not is_irreversible(kind_of(item))]
            + [item for item in items if is_irreversible(kind_of(item))])


def help_irreversible_last(help_text: str) -> str:
    """Return a help text whose irreversible order blocks come last, marked as final."""
    lines = help_text.splitlines()
    try:
        start = next(i for i, line in enumerate(lines) if line.strip() == "You can write:") + 1
    except StopIteration:
        return help_text
    end = start
    blocks: list[list[str]] = []
    while end < len(lines) and (lines[end].startswith("  ") and lines[end].strip()):
        if _BLOCK_START.match(lines[end]) or not blocks:
            blocks.append([])
        blocks[-1].append(lines[end])
        end += 1
    if not any(is_irreversible(block[0]) for block in blocks):
        return help_text
    ordered = last_if_irreversible(blocks, lambda block: block[0])
    marked = [[block[0] + NOTE, *block[1:]] if is_irreversible(block[0]) else block
              for block in ordered]
    return "\n".join([*lines[:start], *(line for b in marked for line in b), *lines[end:]])
