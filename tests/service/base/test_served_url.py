"""Links point where `pbem serve` serves, without PBEM_BASE_URL having to be exported."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from service.base.config import load_config, note_served_url
from service.orders.creation import NewSeat, create_game
from service.store.store import Store
from service.web.pbem_commands import pbem_link_command


def test_the_served_address_is_used_unless_the_environment_names_one(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert load_config({"PBEM_HOME": str(home)}).base_url == "http://127.0.0.1:5000"
    note_served_url(home, "http://127.0.0.1:8123")
    assert load_config({"PBEM_HOME": str(home)}).base_url == "http://127.0.0.1:8123"
    assert load_config({"PBEM_HOME": str(home), "PBEM_BASE_URL": "https://g.example/"}
                       ).base_url == "https://g.example"


def test_pbem_link_prints_the_served_port(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("PBEM_HOME", str(home))
    monkeypatch.setenv("PBEM_SECRET_KEY", "served-key")
    for name in ("PBEM_BASE_URL", "PBEM_DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    note_served_url(home, "http://127.0.0.1:8123")
    store = Store(load_config().database_url)
    store.create_schema()
    seats = [NewSeat(n, f"{n}@example.org") for n in ("anna", "bruno", "carla")]
    game_id = create_game(store, "secret-masters", seats, seed_hex="ab" * 32).meta.id
    store.dispose()
    out = CliRunner().invoke(pbem_link_command, [game_id, "anna"])
    assert out.exit_code == 0, out.output
    assert out.output.startswith(f"http://127.0.0.1:8123/play/{game_id}/anna/")


def test_the_address_of_a_bind() -> None:
    from service.base.config import url_of_bind

    assert url_of_bind("127.0.0.1:8000") == "http://127.0.0.1:8000"
    assert url_of_bind("0.0.0.0:8123") == "http://127.0.0.1:8123"
    assert url_of_bind("[::1]:8000") == "http://[::1]:8000"
    assert url_of_bind("unix:/run/pbem.sock") == ""
