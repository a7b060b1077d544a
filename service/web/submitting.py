"""Taking an order from the web or the API: store it first, then hand it over (once)."""
from __future__ import annotations

import re

from flask import abort

from engine.core import StaleOrder

from ..games import rejection
from ..inputs import has_unstorable
from ..loading import LoadedGame
from ..store import Submission
from .handoff import hand_over
from .links import store

KEY = re.compile(r"^[\x21-\x7e]{1,128}\Z")
"""An idempotency key: up to 128 printable ASCII characters."""


def take_order(loaded: LoadedGame, seat: str, body: str, *, source: str, key: str | None,
               prompt_key: str | None, sender: str | None) -> Submission:
    """Store an order (a duplicate key returns the first), then decide or queue it."""
    if has_unstorable(body) or has_unstorable(prompt_key or ""):
        abort(400, description="The order holds a NUL character or a lone surrogate, which "
                               "is not text; it was not taken.")
    game_id = loaded.meta.id
    scoped = f"{game_id}:{seat}:{key}" if key and KEY.match(key) else None
    sub, created = store().add_submission(source, body, game_id=game_id, seat=seat,
                                          sender=sender, idempotency_key=scoped)
    if created and not refused_as_stale(loaded, seat, sub.id, prompt_key):
        hand_over(sub.id, game_id)
    return store().get_submission(sub.id) or sub


def refused_as_stale(loaded: LoadedGame, seat: str, submission_id: str,
                     prompt_key: str | None) -> bool:
    """Record a stale rejection when the order answers a decision that is closed now."""
    prompt = loaded.game.prompt_for(loaded.state, seat)
    if not prompt_key or prompt is None or prompt_key == prompt.key:
        return False
    stale = StaleOrder("That order answers an earlier decision; the game has moved on. "
                       "Here is what you can decide now.", legal=loaded.game.help(prompt))
    result = rejection(submission_id, stale)
    store().set_submission_result(submission_id, result.status, result.as_dict())
    return True
