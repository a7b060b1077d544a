"""Mailed links: kept by digest, read until they expire, used once whoever asks twice."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest

from service.base import clock
from service.store.links import MailLinks, token_digest
from service.store.store import Store


def test_a_link_is_read_by_its_token_and_stored_by_its_digest(store: Store) -> None:
    links = MailLinks(store)
    links.add("tok-1", "join", "anna@example.org", {"game": "g1"}, 3600)
    found = links.read("tok-1", "join")
    assert found is not None and found.address == "anna@example.org"
    assert found.data == {"game": "g1"} and found.used_at is None
    assert links.read("tok-1", "sign-in") is None
    assert links.read("tok-2", "join") is None
    with store.connect() as conn:
        kept = [row[0] for row in conn.exec_driver_sql("SELECT digest FROM mail_links")]
    assert kept == [token_digest("tok-1")]


def test_a_link_is_used_once(store: Store) -> None:
    links = MailLinks(store)
    links.add("tok", "join", "anna@example.org", {}, 3600)
    assert links.use("tok", "join") is True
    assert links.use("tok", "join") is False
    used = links.read("tok", "join")
    assert used is not None and used.used_at is not None
    links.release("tok", "join")
    assert links.use("tok", "join") is True


def test_two_uses_at_once_take_it_once(store: Store) -> None:
    links = MailLinks(store)
    links.add("tok", "join", "anna@example.org", {}, 3600)
    with ThreadPoolExecutor(4) as pool:
        taken = list(pool.map(lambda _: links.use("tok", "join"), range(8)))
    assert taken.count(True) == 1


def test_an_expired_link_is_neither_read_nor_used_and_is_forgotten(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    links = MailLinks(store)
    links.add("tok", "join", "anna@example.org", {}, 60)
    later = clock.now() + timedelta(seconds=61)
    monkeypatch.setattr(clock, "now", lambda: later)
    assert links.read("tok", "join") is None
    assert links.use("tok", "join") is False
    assert links.forget_expired() == 1
