"""Reminders name the seats the table still waits for, and the game master's notice of a
passed deadline says whom it waits for besides; on an Illuminati window both say only that
the window is open and until when, and name no seat."""
from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest

from service.base import clock
from service.base.config import load_config
from service.game.loading import LoadedGame, load_game
from service.game.meta import parse_time
from service.mail.compose import compose_outbox
from service.orders.creation import NewSeat, create_game
from service.store.store import OutboxRow, Store
from service.sweeps import deadlines
from tests.sealed import answer_sealed, give, play_until, private_window
from tests.stores import open_store

START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
NAMES = ("anna", "bruno", "carla", "dora")


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    """An empty store on a clock fixed at START, with a test home's mail settings."""
    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("PBEM_SECRET_KEY", "waiting-mail-key")
    clock.set_now(START)
    opened = open_store("sqlite", tmp_path)
    try:
        yield opened
    finally:
        clock.set_now(None)
        opened.dispose()


def new_game(store: Store, game: str, players: int) -> LoadedGame:
    """A game of `game` with a game master who gets notices."""
    seats = [NewSeat(name, f"{name}@example.org") for name in NAMES[:players]]
    return create_game(store, game, seats, seed_hex="7a" * 32, master_email="gm@example.org")


def body(message: EmailMessage | None) -> str:
    """Return the plain text of an email."""
    assert message is not None
    part = message.get_body(("plain",))
    assert part is not None
    return str(part.get_content())


def rows(store: Store, game_id: str, kind: str) -> list[OutboxRow]:
    """Return the game's outbox rows whose kind starts with `kind`."""
    return [row for row in store.outbox_for_game(game_id) if row.kind.startswith(kind)]


def due_of(loaded: LoadedGame, seats: list[str]) -> datetime:
    """Return the latest deadline of `seats`."""
    return max(parse_time(loaded.meta.deadlines[seat].due) for seat in seats)


def test_a_reminder_names_the_seats_still_waited_for(store: Store) -> None:
    loaded = answer_sealed(store, new_game(store, "secret-masters", 3).meta.id, ("anna",))
    game_id = loaded.meta.id
    waited = [p.seat for p in loaded.game.prompts(loaded.state) if not p.submitted]
    assert sorted(waited) == ["bruno", "carla"]
    due = due_of(loaded, waited)
    clock.set_now(due - timedelta(minutes=59))
    deadlines.sweep(store)
    reminders = rows(store, game_id, "reminder-")
    assert {row.recipient for row in reminders} == {"bruno", "carla"}
    config = load_config()
    for row in reminders:
        text = body(compose_outbox(store, config, row))
        assert ("Still waiting for bruno and carla. Answered: anna (sealed; may still change)."
                in text), text
    clock.set_now(due + timedelta(minutes=1))
    deadlines.sweep(store)
    notices = {body(compose_outbox(store, config, row)) for row in rows(store, game_id,
                                                                        "master-default")}
    assert any("The deadline of bruno passed; its default order is being applied. Besides "
               "bruno, the table still waits for carla." in notice for notice in notices), notices
    assert any("Besides carla, the table still waits for bruno." in notice for notice in notices)


def test_on_an_illuminati_window_reminders_and_notices_name_no_seat(store: Store) -> None:
    loaded = play_until(store, new_game(store, "illuminati", 4).meta.id, private_window,
                        seed=11)
    game_id = loaded.meta.id
    asked = [p.seat for p in loaded.game.prompts(loaded.state)]
    due = due_of(loaded, asked)
    until = due.strftime("%Y-%m-%d %H:%M UTC")
    clock.set_now(due - timedelta(minutes=59))
    deadlines.sweep(store)
    reminders = rows(store, game_id, "reminder-")
    assert reminders
    config = load_config()
    for row in reminders:
        text = body(compose_outbox(store, config, row))
        assert f"The window is open until {until}; who has answered stays private." in text
        assert "Still waiting" not in text and "Answered:" not in text
    clock.set_now(due + timedelta(minutes=1))
    deadlines.sweep(store)
    notices = [body(compose_outbox(store, config, row))
               for row in rows(store, game_id, "master-default")]
    assert notices
    for notice in notices:
        said = notice.split("Your game master page")[0]
        assert "A deadline of a decision whose answers are private passed" in said
        assert f"The window is open until {until}" in said
        assert not any(name in said for name in NAMES), said


def test_a_reminder_shows_the_head_as_its_seat_may_know_it(store: Store) -> None:
    """A reminder shows its seat the game now; another seat's sealed answer in the window,
    which the seat may not read, changes neither its snapshot's name nor its log head."""
    loaded = play_until(store, new_game(store, "illuminati", 4).meta.id, private_window,
                        seed=11)
    asked = [p.seat for p in loaded.game.prompts(loaded.state)]
    clock.set_now(due_of(loaded, asked) - timedelta(minutes=59))
    deadlines.sweep(store)
    config = load_config()
    [row] = [row for row in rows(store, loaded.meta.id, "reminder-") if row.recipient == asked[1]]

    def shown() -> tuple[list[str | None], str]:
        message = compose_outbox(store, config, row)
        assert message is not None
        names = [part.get_filename() for part in message.iter_attachments()]
        return names, body(message).split("Log head:")[1][:40]

    before = shown()
    give(store, load_game(store, loaded.meta.id), asked[0], random.Random(1))
    assert load_game(store, loaded.meta.id).seq > loaded.seq
    assert shown() == before
