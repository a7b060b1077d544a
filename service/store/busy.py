"""Waiting out a busy SQLite writer instead of failing the request.

The embedded default's store is one SQLite file: one writer at a time, each waiting up to the
busy timeout for the lock. Under load a write can still be refused with "database is locked"
(the timeout ran out, or SQLite refused at once to avoid a deadlock); such a write was rolled
back whole, so trying it again is safe when the action is idempotent (an order under its form's
key, a message recognised by its Message-ID). `retry_busy` does so with growing, jittered
pauses for up to `within` seconds, and lets every other error through at once.
"""
from __future__ import annotations

import logging
import random
import sqlite3
import time
from collections.abc import Callable
from typing import TypeVar

from sqlalchemy.exc import OperationalError

log = logging.getLogger(__name__)
T = TypeVar("T")
BUSY = ("database is locked", "database is busy", "database table is locked")
RETRY_SECONDS = 30.0
"""How long a busy write is tried again before its error goes through."""


def is_busy(exc: BaseException) -> bool:
    """Return whether `exc` (or the driver error it wraps) is SQLite refusing a busy write."""
    found: BaseException | None = exc
    while found is not None:
        if isinstance(found, OperationalError):
            found = found.orig
            continue
        if isinstance(found, sqlite3.OperationalError):
            return any(words in str(found).lower() for words in BUSY)
        found = found.__cause__
    return False


def retry_busy(action: Callable[[], T], *, within: float = RETRY_SECONDS,
               first_pause: float = 0.05) -> T:
    """Return `action()`, tried again while SQLite answers that the database is busy, for up
    to `within` seconds; then (or on any other error) its error goes through."""
    deadline, pause, tries = time.monotonic() + within, first_pause, 1
    while True:
        try:
            return action()
        except Exception as exc:
            if not is_busy(exc) or time.monotonic() + pause > deadline:
                raise
            log.warning("the SQLite store was busy (%s); trying again, attempt %d",
                        exc.__class__.__name__, tries + 1)
        time.sleep(pause * (0.5 + random.random()))  # jitter, not a secret
        pause, tries = min(pause * 2, 1.0), tries + 1
