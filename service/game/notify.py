"""Notification preferences: which turn emails a seat gets now, and its daily digest.

A seat mailed "every change" (the default of games created before the quiet settings) gets
every turn email; a new game's seats start on "only when I must act" unless its creator chose
otherwise (`game.settings` records the game's choice, so older games keep theirs). A seat mailed "only when
I must act" gets the turn emails that open a decision for it; "digest only" gets none. The
emails it does not get are written as `held` outbox rows (never mailed), and a daily digest
(`service/sweeps/digests.py`) brings the news of the held ones. The end of the game, welcomes,
reminders and press are never held (press can be muted on its own).
"""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from service.game.meta import GameMeta

HELD = "held"
NOTIFY_SETTINGS = ("every", "must-act", "digest")
NOTIFY_WORDS = {"every": "every", "all": "every", "always": "every", "act": "must-act",
                "must-act": "must-act", "turn": "must-act", "digest": "digest",
                "daily": "digest"}
"""The words that name each setting (`notify act`, `pbem new --notify act`)."""
QUIET_NOTIFY = "must-act"
"""The setting a new game's seats start with unless its creator chose another."""
DIGEST_PREFIX = "digest-"
NEWS_KINDS = ("turn", "final", "welcome")
"""With the digests, the kinds of email that bring a seat's history up to date."""
DIGEST_HOUR = 7
"""Digests go out from this hour of the player's day (UTC when no time zone is set)."""


def notice_kind(meta: GameMeta, seat: str, kind: str, must_act: bool) -> str:
    """Return the outbox kind of a turn notice for the seat: `kind`, or HELD for its digest."""
    if kind != "turn":
        return kind
    if seat in meta.resigned:
        return HELD
    notify = meta.prefs(seat).notify
    if notify == "digest" or (notify == "must-act" and not must_act):
        return HELD
    return kind


def read_notify(word: str) -> str | None:
    """Return the setting a word names (`act` is `must-act`), or None."""
    return NOTIFY_WORDS.get(word.strip().lower())


def digest_date(meta: GameMeta, seat: str, now: datetime) -> str | None:
    """Return the seat's local date when its digest may go out now, else None."""
    zone = meta.prefs(seat).timezone
    local = now.astimezone(ZoneInfo(zone)) if zone else now
    return local.date().isoformat() if local.hour >= DIGEST_HOUR else None


def is_news(kind: str) -> bool:
    """Return whether an email of this kind brings the seat's history up to date.

    The outbox triggers of revision 0009 name the same kinds: keep them in step.
    """
    return kind in NEWS_KINDS or kind.startswith(DIGEST_PREFIX)
