"""Turn emails carry the seat's private web link, signed for the purpose "web"."""
from __future__ import annotations

from pathlib import Path

import pytest

from service.base.config import load_config
from service.base.tokens import signature
from service.mail.compose import compose_outbox
from service.orders.creation import NewSeat, create_game
from service.store.store import Store
from tests.stores import open_store


def test_each_turn_email_links_to_its_own_seat(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("PBEM_SECRET_KEY", "mail-link-key")
    monkeypatch.setenv("PBEM_BASE_URL", "https://games.example.org")
    config = load_config()
    store: Store = open_store("sqlite", tmp_path)
    seats = [NewSeat(name, f"{name}@example.org") for name in ("anna", "bruno", "carla")]
    game_id = create_game(store, "secret-masters", seats, seed_hex="ab" * 32).meta.id
    for row in store.outbox_for_game(game_id):
        message = compose_outbox(store, config, row)
        assert message is not None
        body = message.get_body(preferencelist=("plain",)).get_content()
        sig = signature(b"mail-link-key", game_id, row.recipient, 0, "web")
        assert f"https://games.example.org/play/{game_id}/{row.recipient}/{sig}" in body
        others = [s.name for s in seats if s.name != row.recipient]
        assert not any(f"/play/{game_id}/{other}/" in body for other in others)
