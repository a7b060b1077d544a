"""The last emails of a finished game carry its archive, or a link to it when it is large."""
from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest

from service.audit.restore import audit_archive
from service.base.config import load_config
from service.mail import compose
from service.store.store import Store
from tests import archives
from tests.stores import open_store


@pytest.fixture()
def finished(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Store, str]:
    """A store with a finished Freimaurerei game, the mail settings of a test home."""
    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("PBEM_SECRET_KEY", "archive-mail-key")
    monkeypatch.setenv("PBEM_BASE_URL", "https://games.example.org")
    store = open_store("sqlite", tmp_path)
    return store, archives.played(store, "freimaurerei", "2b" * 32)


def _finals(store: Store, game_id: str) -> list[EmailMessage]:
    rows = [row for row in store.outbox_for_game(game_id) if row.kind == "final"]
    assert {row.recipient for row in rows} == {"anna", "bruno"}
    messages = [compose.compose_outbox(store, load_config(), row) for row in rows]
    assert all(message is not None for message in messages)
    return [message for message in messages if message is not None]


def test_final_emails_carry_the_archive(finished: tuple[Store, str], tmp_path: Path) -> None:
    store, game_id = finished
    for message in _finals(store, game_id):
        attached = [part for part in message.iter_attachments()
                    if part.get_filename() == f"freimaurerei-{game_id}.pbem.jsonl"]
        assert len(attached) == 1
        path = tmp_path / "mailed.jsonl"
        path.write_bytes(attached[0].get_content())
        assert audit_archive(path).finished
        body = message.get_body(preferencelist=("plain",)).get_content()
        assert f"pbem audit --archive freimaurerei-{game_id}.pbem.jsonl" in body
    turns = [row for row in store.outbox_for_game(game_id) if row.kind == "turn"]
    early = compose.compose_outbox(store, load_config(), turns[0])
    assert early is not None
    assert not any(str(part.get_filename()).endswith(".jsonl") for part in early.iter_attachments())


def test_a_large_archive_is_linked_instead(finished: tuple[Store, str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    store, game_id = finished
    monkeypatch.setattr(compose, "ARCHIVE_ATTACH_BYTES", 10_000)
    for message in _finals(store, game_id):
        assert [part.get_filename() for part in message.iter_attachments()] == \
            [f"{game_id}-{store.last_seq(game_id)}-{message['To'].addresses[0].username}.pdf"]
        body = message.get_body(preferencelist=("plain",)).get_content()
        assert f"https://games.example.org/games/{game_id}/archive" in body
