"""Helpers for the web tests: posting forms with the session's CSRF token, playing games."""
from __future__ import annotations

import random
import re
from typing import Any

from flask.testing import FlaskClient

from engine.core.rng import Rng
from service.game.loading import load_game
from service.orders.processing import submit_order
from service.store.orderlog import OrderLog

from .conftest import csrf


def post_form(client: FlaskClient, path: str, data: dict[str, Any], page: str = "/") -> Any:
    """POST a form with the session's CSRF token."""
    return client.post(path, data={"csrf_token": csrf(client, page), **data})


def nonce_of(html: str) -> str:
    """Return the form nonce of a rendered seat page."""
    match = re.search(r'name="nonce" value="([^"]+)"', html)
    assert match, "the page has no order form"
    return match.group(1)


def prompt_key_of(html: str) -> str:
    """Return the prompt key the page's order forms answer."""
    match = re.search(r'name="prompt_key" value="([^"]+)"', html)
    assert match
    return match.group(1)


def play_to_the_end(store: OrderLog, game_id: str, seed: int = 7, limit: int = 3000) -> None:
    """Give random legal orders through the service until the game ends."""
    rng = random.Random(seed)
    for _ in range(limit):
        loaded = load_game(store, game_id)
        prompts = loaded.game.prompts(loaded.state)
        if not prompts:
            return
        prompt = rng.choice(prompts)
        game, state = loaded.game, loaded.state
        if game.can_list(state, prompt.seat):
            order = rng.choice(list(game.legal_orders(state, prompt.seat)))
        else:
            order = game.random_legal_order(state, prompt.seat, Rng(rng.randbytes(16)))
        result = submit_order(store, game_id, prompt.seat, loaded.game.format_order(order))
        assert result.accepted, result
    raise AssertionError("the game did not end")


def text(response: Any) -> str:
    """Return a response's body as text."""
    return str(response.get_data(as_text=True))


OLDER = re.compile(r'<a href="([^"]+)" rel="prev">Older events</a>')


def whole_history(client: FlaskClient, path: str) -> str:
    """Return every page of a seat's history, newest first, following its "Older" links."""
    pages, url = [], path + "/history"
    while url:
        pages.append(text(client.get(url)))
        older = OLDER.search(pages[-1])
        url = older.group(1).replace("&amp;", "&") if older else ""
    return "\n".join(pages)
