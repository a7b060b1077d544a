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


def test_a_tournament_from_the_command_line(home: Path) -> None:
    made = run("tournament", "new", "masons", "--format", "swiss", "--rounds", "1",
               "--seats-per-game", "3", "--players", "3", "--id", "70a1e003")
    assert made.output.strip() == "70a1e003"
    for name in ("ann", "ben", "cas"):
        joined = run("tournament", "join", "70a1e003", f"{name.title()}={name}@example.org")
        assert joined.exit_code == 0, joined.output
    assert "is full" in run("tournament", "join", "70a1e003", "Dot=dot@example.org").output
    assert "1 rounds seated" in run("tournament", "advance").output
    standing = run("tournament", "standings", "70a1e003").output
    assert "running, round 1 of 1" in standing and "round 1 table 1: game" in standing
    store = Store(load_config().database_url)
    game_id = standing.split("round 1 table 1: game ")[1].split()[0]
    play_some(store, game_id, 10_000, b"t")
    run("tournament", "advance")
    assert "finished, round 1 of 1" in run("tournament", "standings", "70a1e003").output


def test_an_invitation_to_a_tournament_signs_up_who_follows_it(home: Path) -> None:
    import re
    from email import message_from_bytes
    from email.policy import default

    from service.tournaments.running import entrants
    from service.tournaments.signup import confirm_entry

    run("tournament", "new", "masons", "--rounds", "1", "--seats-per-game", "3",
        "--players", "3", "--id", "70a1e005")
    invited = run("tournament", "invite", "70a1e005", "Ann=ann@example.org")
    assert invited.exit_code == 0 and "ann@example.org is invited" in invited.output
    store = Store(load_config().database_url)
    assert entrants(store, "70a1e005") == []  # nobody is in before following the link
    mails = list(load_config().mail_dir.glob("tournament-*.eml"))
    assert len(mails) == 1
    body = message_from_bytes(mails[0].read_bytes(), policy=default).get_content()
    token = re.findall(r"/tournaments/entry/([a-z2-7]+)", body)[0]
    held, entrant = confirm_entry(store, load_config().secret_key(), token)
    assert held.id == "70a1e005" and entrant.name == "Ann"
    assert "must be NAME=EMAIL" in run("tournament", "invite", "70a1e005", "Ann").output


def test_an_open_table_with_terms_from_the_command_line(home: Path) -> None:
    made = run("new", "masons", *SEATS[:2], "--open", "2", "--min-finished", "50",
               "--min-rating", "1.5", "--rated", "--id", "7e570010")
    assert made.exit_code == 0, made.output
    loaded = load_game(Store(load_config().database_url), made.output.strip())
    terms = loaded.meta.table.terms  # type: ignore[union-attr]
    assert terms is not None and (terms.min_finished, terms.min_rating) == (50, 1.5)
    assert loaded.meta.rated
