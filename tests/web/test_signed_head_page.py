"""The service's public keys at their fixed address, and the signed head on a seat page."""
from __future__ import annotations

import html
import re

from flask import Flask
from flask.testing import FlaskClient

from service.base.signedhead import SignedHead
from service.base.signing import KEY_URL_PATH, KeyRing
from service.game.witness import head_at
from service.store.store import Store

from .conftest import new_game, seat_path


def test_a_seat_page_shows_its_head_signed_by_the_published_key(
        app: Flask, client: FlaskClient, store: Store) -> None:
    answer = client.get(KEY_URL_PATH)
    assert answer.status_code == 200 and answer.mimetype == "text/plain"
    keys = KeyRing.parse(answer.get_data(as_text=True))
    loaded = new_game(store)
    seat = loaded.meta.seat_names[0]
    page = html.unescape(client.get(seat_path(app, loaded, seat)).get_data(as_text=True))
    found = re.search(r'id="signed-head">.*?<code class="wrap">(\d+):([0-9a-f]{64}) '
                      r'([0-9a-f]{16}) (\S+)</code>', page, re.DOTALL)
    assert found, "the seat page shows its signed head"
    head = SignedHead(int(found[1]), found[2], found[3], found[4])
    assert keys.problem(loaded.meta.id, head) == ""
    shown = head_at(store, loaded.meta.id, head.seq)
    assert shown is not None and shown.hash == head.hash and f"hash <code>{shown.short}" in page
    assert [h.seq for h in store.iter_signed_heads(loaded.meta.id)] == [head.seq]
    forged = SignedHead(head.seq, "0" * 64, head.key, head.signature)
    assert "not valid" in keys.problem(loaded.meta.id, forged)
