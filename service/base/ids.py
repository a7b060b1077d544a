"""The one format of a game's id, which its reply addresses, links and archives all carry."""
from __future__ import annotations

import re

GAME_ID_PATTERN = "[0-9a-f]{8}"
"""A game id inside a larger pattern (an address, a Message-ID)."""
GAME_ID = re.compile(f"^{GAME_ID_PATTERN}$")
GAME_ID_RULE = "8 hexadecimal digits (0-9 and a-f), such as 3f9c01ab"
"""What a game id is, in words, for the answers that refuse one."""


def is_game_id(text: str) -> bool:
    """Return whether `text` is a well-formed game id."""
    return GAME_ID.fullmatch(text) is not None
