"""Handing submissions over: to the queue's plugin when there is one, else decided here."""
from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from service.store.records import SETTLED
from service.store.store import Store
from service.web import handoff

from .conftest import new_game


class Plugin:
    """A stand-in for an entry point whose function records or fails."""

    def __init__(self, function: Any) -> None:
        self.name, self.function = "fake", function

    def load(self) -> Any:
        """Return the plugin's function."""
        return self.function


def stored_order(store: Store) -> tuple[str, str]:
    """Return (game id, submission id) of a stored, unprocessed legal order."""
    loaded = new_game(store)
    seat = loaded.game.prompts(loaded.state)[0].seat
    body = loaded.game.format_order(loaded.game.legal_orders(loaded.state, seat)[0])
    sub, _ = store.add_submission("web", body, game_id=loaded.meta.id, seat=seat)
    return loaded.meta.id, sub.id


def test_a_queue_plugin_takes_the_submission(app: Flask, store: Store,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    queued: list[str] = []
    monkeypatch.setattr(handoff, "entry_points",
                        lambda group: [Plugin(queued.append)] if group == handoff.SUBMITTED
                        else [])
    app.config["INLINE_PROCESSING"] = False
    game_id, sub_id = stored_order(store)
    with app.app_context():
        assert handoff.hand_over(sub_id, game_id) == "queued"
    assert queued == [sub_id]
    assert store.get_submission(sub_id).status == "received"


def test_an_unreachable_queue_means_deciding_here(app: Flask, store: Store,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(_: str) -> None:
        raise ConnectionError("no broker")

    monkeypatch.setattr(handoff, "entry_points", lambda group: [Plugin(broken)])
    app.config["INLINE_PROCESSING"] = False
    game_id, sub_id = stored_order(store)
    with app.app_context():
        assert handoff.hand_over(sub_id, game_id) == "processed"
    assert store.get_submission(sub_id).status == "accepted"


def test_without_plugins_orders_are_decided_here(app: Flask, store: Store,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(handoff, "entry_points", lambda group: [])
    app.config["INLINE_PROCESSING"] = False
    game_id, sub_id = stored_order(store)
    with app.app_context():
        assert handoff.hand_over(sub_id, game_id) == "processed"
    assert store.get_submission(sub_id).status == "accepted"


def test_inline_mail_is_delivered_here(app: Flask, store: Store) -> None:
    app.config["INLINE_MAIL"] = True
    game_id, sub_id = stored_order(store)
    with app.app_context():
        handoff.hand_over(sub_id, game_id)
    assert all(row.status in SETTLED for row in store.outbox_for_game(game_id))
    assert len(list(app.config["PBEM"].mail_dir.glob("*.eml"))) >= 3
