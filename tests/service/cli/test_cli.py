"""The `pbem` command, end to end through the real SQLite store."""
from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from service.base import clock
from service.base.config import load_config
from service.cli.main import main
from service.game.loading import load_game
from service.store.store import Store

SEATS = ["--seat", "anna=anna@example.org", "--seat", "bruno=bruno@example.org",
         "--seat", "carla=carla@example.org"]
SEED = "00" * 31 + "07"


ANNOUNCED: list[str] = []


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh PBEM_HOME for each test; changes announced to the queue are recorded instead.

    (The real queue is exercised by tests/integration/test_serve.py.)
    """
    monkeypatch.setenv("PBEM_HOME", str(tmp_path))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    ANNOUNCED.clear()
    for module in ("service.cli.common", "service.cli.main"):  # where it is, where it is used
        monkeypatch.setattr(f"{module}.announce", ANNOUNCED.append)
        monkeypatch.setattr(f"{module}.announce_in_background", ANNOUNCED.append)
    return tmp_path


def run(*args: str) -> Result:
    """Run `pbem ARGS` and return the result."""
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def new_game(*extra: str) -> str:
    """Create a seeded Secret Masters game and return its id."""
    result = run("new", "secret-masters", *SEATS, "--seed", SEED, *extra)
    assert result.exit_code == 0, result.output
    return result.output.strip()


def store() -> Store:
    """The store the command uses."""
    return Store(load_config().database_url)


def legal_text(game_id: str) -> tuple[str, str]:
    """Return a prompted seat and the text of one of its legal orders."""
    loaded = load_game(store(), game_id)
    prompt = loaded.game.prompts(loaded.state)[0]
    order = loaded.game.legal_orders(loaded.state, prompt.seat)[0]
    return prompt.seat, loaded.game.format_order(order)


def test_games_lists_titles_and_player_counts(home: Path) -> None:
    result = run("games")
    assert result.exit_code == 0
    assert "secret-masters" in result.output and "Secret Masters" in result.output
    assert "3 players" in result.output


@pytest.mark.parametrize(("args", "message"), [
    (["new", "chess", *SEATS], "no game called 'chess'"),
    (["new", "secret-masters", "--seat", "anna"], "must be NAME=EMAIL"),
    (["new", "secret-masters", "--seat", "anna=not-an-address"], "not an email address"),
    (["new", "secret-masters", "--seat", "anna=a@example.org>,<postmaster@example.org"],
     "not an email address"),
    (["new", "secret-masters", *SEATS, "--title", "Friday\r\nBcc: x@evil.test"],
     "may not contain a control character (U+000D)"),
    (["new", "secret-masters", *SEATS[:4]], "played by 3 players, not 2"),
    (["new", "secret-masters", *SEATS, "--option", "colour=red"], "has no option 'colour'"),
    (["new", "secret-masters", *SEATS, "--option", "long=perhaps"], "takes yes or no"),
    (["new", "secret-masters", *SEATS, "--seed", "xyz"], "hexadecimal"),
    (["show", "nosuchid"], "no game with id"),
    (["log", "nosuchid"], "no game with id"),
    (["verify", "nosuchid"], "no game with id"),
    (["audit", "nosuchid"], "no game with id"),
])
def test_bad_input_gets_one_clear_line(home: Path, args: list[str], message: str) -> None:
    new_game()  # a store with another game in it
    result = run(*args)
    assert result.exit_code == 1
    assert message in result.output
    assert "Traceback" not in result.output


def test_new_prints_an_id_and_list_shows_it(home: Path) -> None:
    game_id = new_game()
    assert len(game_id) == 8
    assert ANNOUNCED == [game_id], "the new game's invitations are queued at once"
    listed = run("list")
    assert game_id in listed.output and "secret-masters" in listed.output


def test_show_unknown_seat_is_refused(home: Path) -> None:
    game_id = new_game()
    result = run("show", game_id, "--as", "zoe")
    assert result.exit_code == 1
    assert "'zoe' is not a seat" in result.output


def test_show_json_is_the_seats_view(home: Path) -> None:
    game_id = new_game()
    mine = json.loads(run("show", game_id, "--as", "anna", "--json").output)
    spectator = json.loads(run("show", game_id, "--json").output)
    loaded = load_game(store(), game_id)
    assert mine["view"] == loaded.game.view(loaded.state, "anna")
    assert spectator["view"] == loaded.game.view(loaded.state, None)
    assert mine["view"] != spectator["view"]


def test_prompts_lists_who_acts_and_the_help(home: Path) -> None:
    game_id = new_game()
    seat, _ = legal_text(game_id)
    overview = run("prompts", game_id)
    assert f"Must act now: {seat}" in overview.output and "--as SEAT" in overview.output
    loaded = load_game(store(), game_id)
    labels = [form.label for prompt in loaded.game.prompts(loaded.state) for form in prompt.forms]
    assert labels and not any(label in overview.output for label in labels)
    detail = run("prompts", game_id, "--as", seat)
    loaded = load_game(store(), game_id)
    prompt = loaded.game.prompt_for(loaded.state, seat)
    assert prompt is not None and loaded.game.help(prompt) in detail.output
    assert detail.output.count(prompt.summary) == 1  # named once, not as a heading again


def test_order_accepted_exits_zero_and_is_logged(home: Path) -> None:
    game_id = new_game()
    seat, text = legal_text(game_id)
    result = run("order", game_id, seat, text)
    assert result.exit_code == 0, result.output
    assert f"accepted: {text}" in result.output
    assert ANNOUNCED == [game_id, game_id]
    assert f"{seat} ordered: {text}" in run("log", game_id, "--as", seat).output


def test_help_is_answered_with_what_the_seat_can_write(home: Path) -> None:
    game_id = new_game()
    seat, _ = legal_text(game_id)
    result = run("order", game_id, seat, "help")
    assert result.exit_code == 0
    loaded = load_game(store(), game_id)
    prompt = loaded.game.prompt_for(loaded.state, seat)
    assert prompt is not None and loaded.game.help(prompt) in result.output
    assert loaded.seq == load_game(store(), game_id).seq and ANNOUNCED == [game_id]


def test_rejected_order_exits_two_with_code_and_keeps_the_submission(home: Path) -> None:
    game_id = new_game()
    seat, _ = legal_text(game_id)
    result = run("order", game_id, seat, "fly to the moon")
    assert result.exit_code == 2
    assert "rejected [unreadable-order]" in result.output
    with sqlite3.connect(home / "pbem.db") as db:
        rows = db.execute("SELECT body, status FROM submissions").fetchall()
    assert rows == [(b"fly to the moon", "rejected")]


def test_order_by_a_seat_not_prompted_is_refused(home: Path) -> None:
    game_id = new_game()
    _, text = legal_text(game_id)
    loaded = load_game(store(), game_id)
    idle = next(s for s in loaded.meta.seat_names
                if loaded.game.prompt_for(loaded.state, s) is None)
    result = run("order", game_id, idle, text)
    assert result.exit_code == 2
    assert "[not-your-turn]" in result.output


def test_order_for_an_unknown_seat_or_game(home: Path) -> None:
    game_id = new_game()
    assert "[unknown-seat]" in run("order", game_id, "zoe", "pass").output
    assert "[unknown-game]" in run("order", "nosuchid", "anna", "pass").output


def test_verify_names_the_first_tampered_event(home: Path) -> None:
    game_id = new_game()
    assert run("verify", game_id).exit_code == 0
    with sqlite3.connect(home / "pbem.db") as db:
        db.execute("UPDATE events SET payload = replace(payload, 'anna', 'bruno') "
                   "WHERE game_id = ? AND seq = 1", (game_id,))
    result = run("verify", game_id)
    assert result.exit_code == 1
    assert "at seq 1" in result.output


def test_audit_refuses_an_unfinished_game(home: Path) -> None:
    game_id = new_game()
    result = run("audit", game_id)
    assert result.exit_code == 1
    assert "is not finished" in result.output


def test_demo_then_verify_audit_and_full_history(home: Path) -> None:
    result = run("demo")
    assert result.exit_code == 0, result.output
    game_id = result.output.split("id ")[1].split(",")[0]
    assert "ok:" in run("verify", game_id).output
    audited = run("audit", game_id)
    assert audited.exit_code == 0 and "reproduced exactly" in audited.output
    history = run("log", game_id).output
    assert "secret seed is revealed" in history


def test_selfplay_prints_speed(home: Path) -> None:
    result = run("selfplay", "secret-masters", "--games", "3", "--seed", "t")
    assert result.exit_code == 0, result.output
    assert "3 games of secret-masters played, verified and audited" in result.output
    assert "games/s" in result.output and "events/s" in result.output


def test_a_seats_secrets_are_in_its_own_log_only(home: Path) -> None:
    game_id = new_game()
    view = json.loads(run("show", game_id, "--as", "anna", "--json").output)["view"]
    faction = view["you"]["faction"].capitalize()
    secret_line = f"anna received the {faction} faction"
    assert secret_line in run("log", game_id, "--as", "anna").output
    for reader in (["--as", "bruno"], ["--as", "carla"], []):
        text = run("log", game_id, *reader).output
        assert secret_line not in text
        assert "anna received a faction card" in text


@pytest.fixture
def frozen_clock() -> Iterator[datetime]:
    """The service's clock stopped at one moment (deadlines are set from it)."""
    moment = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    clock.set_now(moment)
    try:
        yield moment
    finally:
        clock.set_now(None)


def test_the_same_seed_and_seats_give_the_same_game(home: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     frozen_clock: datetime) -> None:
    first = new_game()
    log = [(row.type, row.payload) for row in store().events(first)]
    again = run("new", "secret-masters", *SEATS, "--seed", SEED)
    assert again.exit_code != 0 and "from the same seed gets the same id" in again.output
    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "elsewhere"))
    assert new_game() == first
    elsewhere = [(row.type, row.payload) for row in store().events(first)]
    assert elsewhere == log  # the deadlines too: they are set from the service's clock
    other = run("new", "secret-masters", *SEATS, "--seed", SEED, "--id", "0e1a0001")
    assert other.output.strip() == "0e1a0001"


def test_an_explicit_id_is_checked(home: Path) -> None:
    for bad in ("Bad Id", "club-7", "../../etc/passwd", "C1AB0007", "c1ab00070"):
        refused = run("new", "secret-masters", *SEATS, "--id", bad)
        assert refused.exit_code != 0 and "8 hexadecimal digits" in refused.output
    assert store().list_games() == []
    assert run("new", "secret-masters", *SEATS, "--id", "c1ab0007").output.strip() == "c1ab0007"
    assert "there is a game c1ab0007" in run("new", "secret-masters", *SEATS, "--id",
                                             "c1ab0007").output


def test_masons_from_the_terminal(home: Path) -> None:
    listed = run("games")
    assert "masons" in listed.output and "Masons" in listed.output
    assert "scoring" in listed.output and "sealed" in listed.output
    created = run("new", "masons", *SEATS, "--seed", SEED, "--option", "scoring=sealed")
    assert created.exit_code == 0, created.output
    game_id = created.output.strip()
    seat = load_game(store(), game_id).game.prompts(load_game(store(), game_id).state)[0].seat
    detail = run("prompts", game_id, "--as", seat)
    assert "Free lines (95; 3-5/8 means 3-5 and 3-8): 1-4/6, 2-4/5/7" in detail.output
    refused = run("order", game_id, seat, "wall 1-2")
    assert refused.exit_code == 2 and "1-2 is not a wall line" in refused.output
    accepted = run("order", game_id, seat, "wall 1-4")
    assert accepted.exit_code == 0, accepted.output
    shown = run("show", game_id, "--as", seat)
    assert "Walls (1): 1-4" in shown.output and "Your cards: " in shown.output


def test_an_order_is_decided_without_importing_the_database_library(home: Path) -> None:
    """`pbem order` on the embedded store decides on the sqlite3 driver alone: a one-shot
    command does not pay for importing SQLAlchemy (a refusal or a rare path still may)."""
    game_id = new_game()
    seat, text = legal_text(game_id)
    before = load_game(store(), game_id).seq
    script = ("import sys\nfrom service.cli.main import main\n"
              "try:\n    main(sys.argv[1:])\nexcept SystemExit as end:\n    code = end.code\n"
              "print('exit', code, 'sqlalchemy' in sys.modules)\n")
    env = {**os.environ, "PBEM_HOME": str(home), "PBEM_BROKER_URL": "memory://",
           "PYTHONPATH": str(Path(__file__).resolve().parents[3])}
    env.pop("PBEM_DATABASE_URL", None)
    done = subprocess.run([sys.executable, "-c", script, "order", game_id, seat, text],
                          env=env, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("accepted: ") and done.stdout.endswith("exit 0 False\n")
    assert load_game(store(), game_id).seq > before


def test_a_game_may_take_mail_from_any_sender(home: Path) -> None:
    game_id = run("new", "secret-masters", *SEATS, "--mail-senders", "any").output.strip()
    assert load_game(store(), game_id).meta.mail_senders == "any"
    default = run("new", "secret-masters", *SEATS).output.strip()
    assert load_game(store(), default).meta.mail_senders == "seat"
    assert run("new", "secret-masters", *SEATS, "--mail-senders", "some").exit_code != 0


def test_prompts_marks_each_seat_waiting_or_answered_on_a_sealed_decision(home: Path) -> None:
    from tests.sealed import answer_sealed

    game_id = new_game()
    loaded = answer_sealed(store(), game_id, ("anna",))
    asked = [prompt.seat for prompt in loaded.game.prompts(loaded.state)]
    overview = run("prompts", game_id).output
    marks = ", ".join(f"{seat} (answered, may still change)" if seat == "anna"
                      else f"{seat} (waiting)" for seat in asked)
    assert f"Answering at once: {marks}" in overview
    others = " and ".join(seat for seat in asked if seat != "anna")
    assert f"Still waiting for {others}. Answered: anna" in overview


def test_prompts_on_an_illuminati_window_tells_only_that_it_is_open(home: Path) -> None:
    from tests.sealed import play_until, private_window

    result = run("new", "illuminati", *SEATS, "--seed", SEED)
    game_id = result.output.strip()
    loaded = play_until(store(), game_id, private_window, seed=11)
    overview = run("prompts", game_id).output
    assert "who has answered stays private" in overview and "The window is open until" in overview
    assert "waiting" not in overview and "answered," not in overview
    assert all(f"{p.seat} (asked)" in overview for p in loaded.game.prompts(loaded.state))


@pytest.mark.parametrize("args", [["list"], ["show", "nosuchid"], ["order", "0a1b2c3d", "anna",
                                                                   "pass"]])
def test_a_command_without_a_store_says_where_it_looked(home: Path, args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"there is no pbem store at {home / 'pbem.db'}" in result.output
    assert f"PBEM_HOME is {home}" in result.output
    assert not (home / "pbem.db").exists()


def test_no_command_migrates_an_older_store(home: Path) -> None:
    """Only `pbem db upgrade` moves a store to a newer schema; the others name it."""
    from service.store.store import Store

    old = Store(load_config().database_url)
    old.upgrade("0013")
    old.dispose()
    result = run("list")
    assert result.exit_code == 1
    assert "schema revision 0013" in result.output and "pbem db upgrade" in result.output
    assert Store(load_config().database_url).revision() == "0013"
    assert run("db", "upgrade").exit_code == 0
    assert run("list").exit_code == 0
