"""Handing a stored submission over: to the task queue when one is installed, else in-process.

The queue is found through the entry point group "pbem.submitted" (the workers register it), so
the web never imports the workers. Without a plugin, or when the queue cannot be reached, the
submission is decided right here, so nothing waits for a worker that is not there.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from functools import lru_cache
from importlib.metadata import entry_points
from typing import Any

from flask import current_app

from service.base.metrics import DECIDED, count_order, observe_since
from service.mail.delivery import Delivering, deliver
from service.orders.processing import process_submission
from service.web.links import config, store

log = logging.getLogger("pbem.web")
SUBMITTED = "pbem.submitted"
AFTER_CHANGE = "pbem.after_change"


def hand_over(submission_id: str, game_id: str) -> str:
    """Queue a stored submission, or decide it now; return "queued" or "processed"."""
    if queue(submission_id):
        return "queued"
    result = process_submission(store(), submission_id, config=config())
    count_order(result.status)
    decided = store().get_submission(submission_id)
    if decided is not None:
        observe_since(DECIDED, decided.received_at)
    announce(game_id)
    return "processed"


def queue(submission_id: str) -> bool:
    """Queue a stored submission for the workers; False when it is to be decided here."""
    return not current_app.config["INLINE_PROCESSING"] and _notify(SUBMITTED, submission_id)


def announce(game_id: str) -> None:
    """Get a changed game's mail out and its house decisions taken: through the queue, or
    now when INLINE_MAIL is set (and the house's decisions now when INLINE_PROCESSING is)."""
    if current_app.config["INLINE_PROCESSING"] and game_id:  # mail may name no game
        from service.orders.house import play_due

        play_due(store(), game_id)
    if current_app.config["INLINE_MAIL"]:
        deliver_pending(store(), game_id)
        return
    _notify(AFTER_CHANGE, game_id)


def deliver_pending(target: Delivering, game_id: str) -> int:
    """Send every pending email of a game in this process; return how many were sent."""
    sent = 0
    for outbox_id in target.pending_outbox_of_game(game_id, limit=1000):
        deliver(target, config(), outbox_id)
        sent += 1
    return sent


def plugins(group: str) -> tuple[tuple[str, Callable[[str], object]], ...]:
    """Return the loaded plugins of an entry-point group, found once per process."""
    return _plugins(group, entry_points)


@lru_cache(maxsize=8)
def _plugins(group: str,
             finder: Callable[..., Any]) -> tuple[tuple[str, Callable[[str], object]], ...]:
    """Return the plugins `finder` lists for `group`, loaded (keyed by finder for tests)."""
    found = []
    for plugin in finder(group=group):
        try:
            found.append((plugin.name, plugin.load()))
        except Exception as exc:  # noqa: BLE001 - a broken plugin must not stop the web
            log.warning("%s plugin %s cannot be loaded (%s: %s)", group, plugin.name,
                        type(exc).__name__, exc)
    return tuple(found)


def _notify(group: str, value: str) -> bool:
    """Call every plugin of `group` with `value`; return False if none took it."""
    loaded = plugins(group)
    for name, hook in loaded:
        try:
            hook(value)
        except Exception as exc:  # noqa: BLE001 - stored already; only the nudge failed
            log.warning("%s plugin %s failed (%s: %s)", group, name, type(exc).__name__, exc)
            return False
    return bool(loaded)
