"""Small helpers for the words of texts every game writes: counts with their nouns, stops."""
from __future__ import annotations

import re

ABBREVIATION_STOP = re.compile(r"(?<=[A-Z]\.)\.(?!\.)")


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """Return `count` with its noun in the right number: '1 card', '2 cards', '0 cards'."""
    noun = singular if count == 1 else (plural or f"{singular}s")
    return f"{count} {noun}"


def one_stop(text: str) -> str:
    """Return `text` without the second stop where a sentence ends on an abbreviated name
    ('... to C.I.A..' reads '... to C.I.A.')."""
    return ABBREVIATION_STOP.sub("", text)
