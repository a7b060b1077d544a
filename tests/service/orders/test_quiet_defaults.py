"""New games start quiet: seats mailed only when they must act, and Illuminati's windows a seat
could only pass answered for it; recorded games keep the settings they were created with."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from service.game.loading import load_game
from service.mail.shape import welcome_lines
from service.opentables.lifecycle import open_game
from service.orders.creation import NewSeat, create_game
from service.orders.results import ServiceError
from service.store.store import Store
from tests.recorded import FOLDER, restore
from tests.stores import open_store

SEATS = [NewSeat("anna", "anna@example.org"), NewSeat("bruno", "bruno@example.org"),
         NewSeat("carla", "carla@example.org")]


@pytest.fixture
def store(tmp_path: Path) -> Store:
    """An empty SQLite store."""
    return open_store("sqlite", tmp_path)


def test_a_new_games_seats_have_the_quiet_settings(store: Store) -> None:
    loaded = create_game(store, "illuminati", SEATS, seed_hex="ab" * 32)
    meta = load_game(store, loaded.meta.id).meta
    assert [meta.prefs(seat).notify for seat in meta.seat_names] == ["must-act"] * 3
    assert meta.options["auto-pass"] == "pass-only"
    state = load_game(store, loaded.meta.id).state
    assert {state.player(seat).auto_pass for seat in meta.seat_names} == {"pass-only"}


def test_a_game_without_windows_gets_no_auto_pass_option(store: Store) -> None:
    meta = create_game(store, "masons", SEATS, seed_hex="ab" * 32).meta
    assert "auto-pass" not in meta.options
    assert load_game(store, meta.id).meta.prefs("anna").notify == "must-act"


def test_the_creator_chooses_otherwise(store: Store) -> None:
    loaded = create_game(store, "illuminati", SEATS, seed_hex="ab" * 32, notify="every",
                         auto_pass=False)
    game = load_game(store, loaded.meta.id)
    assert game.meta.prefs("bruno").notify == "every"
    assert game.meta.options["auto-pass"] == "off"
    assert game.state.player("bruno").auto_pass == "off"
    digest = create_game(store, "masons", SEATS, seed_hex="cd" * 32, notify="digest")
    assert load_game(store, digest.meta.id).meta.prefs("carla").notify == "digest"
    with pytest.raises(ServiceError, match="notify is one of"):
        create_game(store, "masons", SEATS, seed_hex="ef" * 32, notify="sometimes")


def test_an_open_table_starts_quiet_too(store: Store) -> None:
    loaded = open_game(store, "illuminati", SEATS[:2], 1, seed_hex="ab" * 32)
    meta = load_game(store, loaded.meta.id).meta
    assert meta.notify == "must-act" and meta.options["auto-pass"] == "pass-only"


@pytest.mark.parametrize("name", ["illuminati-3p-0", "secret-masters-3p-0", "masons-3p-0"])
def test_a_recorded_game_keeps_its_own_settings(store: Store, name: str) -> None:
    game_id = restore(store, FOLDER / f"{name}.jsonl")
    loaded = load_game(store, game_id)
    assert {loaded.meta.prefs(seat).notify for seat in loaded.meta.seat_names} == {"every"}
    if name.startswith("illuminati"):
        assert "auto-pass" not in loaded.meta.options
        assert {p.auto_pass for p in loaded.state.players} <= {"off", "on", "unless-attacked"}


def test_the_welcome_says_how_to_change_both(store: Store) -> None:
    loaded = load_game(store, create_game(store, "illuminati", SEATS, seed_hex="ab" * 32).meta.id)
    lines = welcome_lines(loaded.meta, "anna", {}, None)
    assert ("You get mail only when you must act, with the news since your last turn; write "
            "`notify every` for every change.") in lines
    assert ("Windows where your only answer is pass are answered for you; write `auto-pass "
            "off` to answer them yourself.") in lines
    plain = load_game(store, create_game(store, "masons", SEATS, seed_hex="cd" * 32,
                                         notify="every").meta.id)
    lines = welcome_lines(plain.meta, "anna", {}, None)
    assert not any("auto-pass" in line for line in lines)
    assert any("`notify act`" in line for line in lines)


def test_pbem_new_takes_notify_and_auto_pass(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from service.cli.main import main as cli

    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("PBEM_DATABASE_URL", f"sqlite:///{tmp_path / 'cli.db'}")
    seats = [arg for s in SEATS for arg in ("--seat", f"{s.name}={s.email}")]
    made = CliRunner().invoke(cli, ["new", "illuminati", *seats, "--notify", "every",
                                    "--no-auto-pass"])
    assert made.exit_code == 0, made.output
    quiet = CliRunner().invoke(cli, ["new", "illuminati", *seats])
    assert quiet.exit_code == 0, quiet.output
    store = Store(f"sqlite:///{tmp_path / 'cli.db'}")
    loud = load_game(store, made.output.split()[-1]).meta
    assert (loud.notify, loud.options["auto-pass"]) == ("every", "off")
    calm = load_game(store, quiet.output.split()[-1]).meta
    assert (calm.notify, calm.options["auto-pass"]) == ("must-act", "pass-only")
