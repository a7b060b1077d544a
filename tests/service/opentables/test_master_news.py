"""The game master of an open table is kept informed: a mail on each join and leave, on the
start, the expiry and the cancellation (as the master's setting asks), and the same news on
the master page whatever the setting."""
from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest

from service.base import clock
from service.base.config import Config, load_config
from service.mail.compose import compose_outbox
from service.opentables.lifecycle import (
    OPEN_DAYS,
    close_table,
    expire_tables,
    join_table,
    leave_table,
    open_game,
    set_master_notices,
    start_table,
)
from service.orders.creation import NewSeat
from service.orders.results import ServiceError
from service.store.store import Store
from tests.stores import open_store

GM = "gm@club.example.org"


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Config:
    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("PBEM_SECRET_KEY", "master-news-key")
    monkeypatch.setenv("PBEM_BASE_URL", "https://games.example.org")
    for name in ("PBEM_SMTP_URL", "PBEM_DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    return load_config()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    value = open_store("sqlite", tmp_path)
    yield value
    value.dispose()


def master_mails(store: Store, config: Config, game_id: str) -> list[tuple[str, str]]:
    """Return (subject, text) of the game master's table news mailed so far, oldest first
    (rows the setting leaves unmailed compose to nothing and are left out)."""
    found = []
    for row in store.outbox_for_game(game_id):
        if row.recipient != "*" or row.kind == "master-link":
            continue
        message = compose_outbox(store, config, row)
        if message is None:
            continue
        assert isinstance(message, EmailMessage) and message["To"] == GM
        body = message.get_body(("plain",))
        assert body is not None
        found.append((str(message["Subject"]), str(body.get_content())))
    return found


def table(store: Store, seed: str, **settings: object) -> str:
    return open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org", "Anna")], 2,
                     seed_hex=seed * 32, master_email=GM, title="Club night",
                     **settings).meta.id  # type: ignore[arg-type]


def test_each_join_leave_and_the_start_are_mailed(store: Store, config: Config) -> None:
    game_id = table(store, "41")
    join_table(store, game_id, "Bruno", "bruno@example.org", "l1")
    leave_table(store, game_id, "bruno")
    join_table(store, game_id, "Carla", "carla@example.org", "l2")
    join_table(store, game_id, "Dora", "dora@example.org", "l3")  # the last seat: it starts
    mails = master_mails(store, config, game_id)
    subjects = [subject.split("] ")[1] for subject, _ in mails]
    assert subjects == ["a player joined", "a player left the table", "a player joined",
                        "the game has started"]
    assert "Bruno joined Club night" in mails[0][1] and "2 of 3 seats are taken" in mails[0][1]
    assert "Seat bruno was given back" in mails[1][1] and "1 of 3 seats" in mails[1][1]
    assert "has started with" in mails[3][1] and "Dora" in mails[3][1]
    assert all("/admin/games/" in text for _, text in mails)


def test_the_masters_setting_decides_what_is_mailed(store: Store, config: Config) -> None:
    game_id = table(store, "42")
    set_master_notices(store, game_id, "outcome")
    join_table(store, game_id, "Bruno", "bruno@example.org", "l1")
    assert master_mails(store, config, game_id) == []
    start_table(store, game_id, "game-master", house=True)
    [(subject, _)] = master_mails(store, config, game_id)
    assert subject.endswith("the game has started")
    off = table(store, "43")
    set_master_notices(store, off, "off")
    join_table(store, off, "Bruno", "bruno@example.org", "l1")
    close_table(store, off, "cancelled")
    assert master_mails(store, config, off) == []
    with pytest.raises(ServiceError):
        set_master_notices(store, off, "sometimes")


def test_expiry_and_cancellation_are_mailed(store: Store, config: Config) -> None:
    cancelled = table(store, "44")
    close_table(store, cancelled, "cancelled")
    [(subject, text)] = master_mails(store, config, cancelled)
    assert subject.endswith("cancelled") and "is cancelled" in text
    expiring = table(store, "45")
    join_table(store, expiring, "Bruno", "bruno@example.org", "l1")
    clock.set_now(clock.now() + timedelta(days=OPEN_DAYS, minutes=1))
    try:
        notices = expire_tables(store)
    finally:
        clock.set_now(None)
    assert notices  # the players' notices; the master's row is apart
    mails = master_mails(store, config, expiring)
    assert mails[-1][0].endswith("given up: not enough players")
    assert "did not find its players" in mails[-1][1] and "Bruno" in mails[-1][1]


def test_a_table_without_a_master_writes_no_master_rows(store: Store) -> None:
    game_id = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org")], 2,
                        seed_hex="46" * 32).meta.id
    join_table(store, game_id, "Bruno", "bruno@example.org", "l1")
    assert not [row for row in store.outbox_for_game(game_id) if row.recipient == "*"]
