"""`pbem new --rated`, `pbem ratings` and `pbem ratings --from-archives`, end to end."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from service.base.config import load_config
from service.cli.main import main
from service.game.loading import load_game
from service.store.store import Store
from tests.service.ratings.games import export_all, play_some

SEATS = ["--seat", "anna=anna@example.org", "--seat", "bruno=bruno@example.org",
         "--seat", "carla=carla@example.org"]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh PBEM_HOME; changes announced to the queue are dropped."""
    monkeypatch.setenv("PBEM_HOME", str(tmp_path))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    for module in ("service.cli.common", "service.cli.main"):
        monkeypatch.setattr(f"{module}.announce", lambda *_: None)
        monkeypatch.setattr(f"{module}.announce_in_background", lambda *_: None)
    return tmp_path


def run(*args: str) -> Result:
    """Run `pbem ARGS` and return the result."""
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_the_table_and_its_rebuild_from_archives_print_the_same(home: Path) -> None:
    for number in range(1, 4):
        made = run("new", "masons", *SEATS, "--rated", "--id", f"0000000{number}",
                   "--seed", f"{number:02x}" * 32)
        assert made.exit_code == 0, made.output
        store = Store(load_config().database_url)
        assert load_game(store, made.output.strip()).meta.rated
        if number == 1:
            assert run("ratings").output == "No rated game has ended yet.\n"
        play_some(store, made.output.strip(), 10_000, bytes([number]))
    served = run("ratings", "masons")
    assert served.exit_code == 0
    assert served.output.splitlines()[1].startswith("3 rated games")
    export_all(store, home / "archives")
    rebuilt = run("ratings", "--from-archives", str(home / "archives"), "masons")
    assert rebuilt.output == served.output
    assert run("ratings", "--from-archives", str(home / "archives")).output == served.output


def test_a_game_with_house_players_cannot_be_rated(home: Path) -> None:
    refused = run("new", "masons", *SEATS[:2], "--house", "house1", "--house", "house2",
                  "--rated")
    assert refused.exit_code == 1
    assert "a game with house players is never rated" in refused.output
