"""The notices of open tables, seats handed on and the game master's mails have a text part and
an HTML part that says the same, with its links as links and what players typed escaped."""
from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import cast

import pytest

from service.base import clock
from service.base.config import Config, load_config
from service.game.loading import load_game
from service.mail.compose import compose_outbox
from service.mail.joinlink import mail_join_link
from service.opentables.joining import ask_to_join
from service.opentables.lifecycle import (
    OPEN_DAYS,
    close_table,
    expire_tables,
    join_table,
    open_game,
)
from service.orders.creation import NewSeat, create_game
from service.seats import master
from service.store.store import Store
from tests.stores import open_store

from .twoparts import check_same_content

PLAYER = "Ann <b>\"Kit\"</b> & O'Hara"
"""A player's name with every character HTML gives a meaning."""
TITLE = "Fish & <i>Chips</i>"
BASE = "https://games.example.org"


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Config:
    """A configuration on a temporary home, its links on BASE."""
    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("PBEM_SECRET_KEY", "notice-parts-key")
    monkeypatch.setenv("PBEM_BASE_URL", BASE)
    for name in ("PBEM_SMTP_URL", "PBEM_DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    return load_config()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """A fresh SQLite store."""
    value = open_store("sqlite", tmp_path)
    yield value
    value.dispose()


def mails_of(store: Store, config: Config, game_id: str, kind: str) -> list[EmailMessage]:
    """Return the emails of a game's outbox rows of one kind."""
    found = [compose_outbox(store, config, row) for row in store.outbox_for_game(game_id)
             if row.kind == kind]
    assert found and all(found), kind
    return cast(list[EmailMessage], found)


def table(store: Store, open_days: int = OPEN_DAYS) -> str:
    """Open a Secret Masters table titled TITLE with PLAYER seated; return its id."""
    return open_game(store, "secret-masters", [NewSeat("ann", "ann@example.org", PLAYER)], 2,
                     title=TITLE, seed_hex="ab" * 32, master_email="gm@example.org",
                     open_days=open_days).meta.id


def test_the_confirmation_link_of_a_join_is_a_link_in_both_parts(store: Store,
                                                                 config: Config) -> None:
    game_id = table(store)
    email = "o'hara&kit@example.org"
    newcomer = PLAYER + " Jr."  # a name of their own: PLAYER has a seat
    asked = ask_to_join(store, config.secret_key(), game_id, newcomer, email)
    written = Path(mail_join_link(store, config, asked))
    message = cast(EmailMessage, message_from_bytes(written.read_bytes(), policy=policy.default))
    text, html = check_same_content(message, newcomer, TITLE)
    assert f"{BASE}/join/{asked.token}" in text and f'href="{BASE}/join/{asked.token}"' in html
    assert f"asked to join {TITLE} (game {game_id})" in " ".join(text.split())


def test_a_seat_taken_and_a_table_cancelled_are_told_in_both_parts(store: Store,
                                                                  config: Config) -> None:
    game_id = table(store)
    join_table(store, game_id, "Bruno", "bruno@example.org", "l1")
    ann, bruno = mails_of(store, config, game_id, "table-joined")
    text, _ = check_same_content(ann, PLAYER, TITLE)
    assert "/leave/ann/" in text and "1 of 3 seats are taken" in text
    text, _ = check_same_content(bruno, TITLE)
    assert "/leave/bruno/" in text and "2 of 3 seats are taken" in text
    close_table(store, game_id, "cancelled")
    closed = mails_of(store, config, game_id, "table-closed")
    assert len(closed) == 2
    for message in closed:
        text, _ = check_same_content(message, TITLE)
        assert "The game master cancelled" in text and "/#open-games" in text
    check_same_content(next(m for m in closed if "ann@" in str(m["To"])), PLAYER)


def test_a_table_given_up_is_told_in_both_parts(store: Store, config: Config) -> None:
    game_id = table(store, open_days=1)
    clock.set_now(clock.now() + timedelta(days=1, minutes=1))
    try:
        assert expire_tables(store)
    finally:
        clock.set_now(None)
    [message] = mails_of(store, config, game_id, "table-closed")
    text, _ = check_same_content(message, PLAYER, TITLE)
    assert "was given up: 1 of 3 seats were taken" in " ".join(text.split())


def test_the_game_masters_mails_are_in_both_parts(store: Store, config: Config) -> None:
    waiting = table(store)
    [link] = mails_of(store, config, waiting, "master-link")
    text, _ = check_same_content(link, PLAYER, TITLE)
    assert f"{BASE}/admin/games/{waiting}/" in text and "besides ann (" in text
    seats = [NewSeat("ann", "ann@example.org", PLAYER),
             NewSeat("bruno", "bruno@example.org", "Bruno"),
             NewSeat("carla", "carla@example.org", "Carla")]
    running = create_game(store, "secret-masters", seats, seed_hex="cd" * 32, title=TITLE,
                          master_email="gm@example.org").meta.id
    [link] = mails_of(store, config, running, "master-link")
    text, html = check_same_content(link, PLAYER, "<ann@example.org>")
    assert "&lt;bruno@example.org&gt;" in html
    master.replace_seat(store, running, "ann", "Dora & <Dee>", "dora@example.org")
    [replaced] = mails_of(store, config, running, "master-replaced")
    check_same_content(replaced, "Dora & <Dee>", "<dora@example.org>")


def test_the_replaced_player_is_told_in_both_parts(store: Store, config: Config) -> None:
    seats = [NewSeat("ann", "ann@example.org", PLAYER),
             NewSeat("bruno", "bruno@example.org", "Bruno"),
             NewSeat("carla", "carla@example.org", "Carla")]
    game_id = create_game(store, "secret-masters", seats, seed_hex="cd" * 32,
                          title=TITLE).meta.id
    master.replace_seat(store, game_id, "ann", "Dora & <Dee>", "dora@example.org")
    assert load_game(store, game_id).meta.seat("ann").player == "Dora & <Dee>"
    [message] = mails_of(store, config, game_id, "replaced")
    text, _ = check_same_content(message, PLAYER, TITLE, "Dora & <Dee>")
    assert "ann@example.org" in str(message["To"]) and f"{BASE}/games/{game_id}" in text
