"""Open games from the terminal: `pbem new --open`, `pbem list`, start, cancel, invitations and
offered seats."""
from __future__ import annotations

from pathlib import Path

import pytest

from service.game.loading import load_game
from service.opentables.lifecycle import join_table

from .test_cli import SEED, home, run, store

__all__ = ["home"]


@pytest.fixture(autouse=True)
def quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    """Record nothing for the queue: the commands' nudges go nowhere."""
    monkeypatch.setattr("service.cli.opentables.announce", lambda game_id: None)


def opened(*extra: str) -> str:
    """Open a seeded Secret Masters game with anna named and two open seats."""
    result = run("new", "secret-masters", "--seat", "anna=anna@example.org", "--open", "2",
                 "--seed", SEED, *extra)
    assert result.exit_code == 0, result.output
    return result.output.strip()


def test_new_with_open_seats_waits_and_list_shows_the_seats_taken(home: Path) -> None:
    game_id = opened()
    assert f"{game_id}  secret-masters         open 1/3" in run("list").output
    join_table(store(), game_id, "Bruno", "bruno@example.org", "l1")
    assert "open 2/3" in run("list").output
    join_table(store(), game_id, "Carla", "carla@example.org", "l2")
    assert "active" in run("list").output


def test_a_game_of_open_seats_only_and_the_bad_cases(home: Path) -> None:
    result = run("new", "secret-masters", "--open", "3", "--open-days", "3")
    assert result.exit_code == 0, result.output
    assert "open 0/3" in run("list").output
    refused = run("new", "secret-masters")
    assert refused.exit_code == 1 and "--open N" in refused.output
    private = run("new", "secret-masters", "--seat", "anna=anna@example.org", "--private",
                  "--seat", "b=b@example.org", "--seat", "c=c@example.org")
    assert private.exit_code == 1 and "--private needs --open" in private.output
    crowded = run("new", "secret-masters", "--seat", "anna=anna@example.org", "--open", "5")
    assert crowded.exit_code == 1 and "not 6" in crowded.output


def test_the_game_master_starts_or_cancels(home: Path) -> None:
    result = run("new", "masons", "--seat", "anna=anna@example.org", "--open", "3",
                 "--seed", SEED)
    game_id = result.output.strip()
    too_few = run("start", game_id)
    assert too_few.exit_code == 1 and "at least 2" in too_few.output
    join_table(store(), game_id, "Bruno", "bruno@example.org", "l1")
    started = run("start", game_id)
    assert started.exit_code == 0 and "has started" in started.output
    assert load_game(store(), game_id).meta.started
    late = run("cancel", game_id)
    assert late.exit_code == 1 and "started already" in late.output
    other = opened("--id", "0123abcd")
    assert run("cancel", other).exit_code == 0
    assert "cancelled" in run("list").output


def test_invitations_are_printed_and_revoked(home: Path) -> None:
    game_id = opened("--private")
    link = run("invite", game_id, "--uses", "2").output.strip()
    assert f"/games/{game_id}/join?invite=" in link
    invitation = link.rsplit("=", 1)[1]
    join_table(store(), game_id, "Bruno", "bruno@example.org", "l1", invitation.split(".")[0])
    assert run("invite", game_id, "--revoke", invitation).exit_code == 0
    table = load_game(store(), game_id).meta.table
    assert table is not None and table.invitations[invitation.split(".")[0]].revoked


def test_a_seat_is_offered_and_withdrawn(home: Path) -> None:
    result = run("new", "secret-masters", "--seat", "anna=anna@example.org", "--seat",
                 "bruno=bruno@example.org", "--seat", "carla=carla@example.org", "--seed", SEED)
    game_id = result.output.strip()
    assert "open for a replacement" in run("offer", game_id, "bruno").output
    assert load_game(store(), game_id).meta.offered == frozenset({"bruno"})
    assert "no longer offered" in run("offer", game_id, "bruno", "--withdraw").output
    unknown = run("offer", game_id, "zed")
    assert unknown.exit_code == 1 and "not a seat" in unknown.output


def test_a_table_has_nothing_to_show_until_it_starts(home: Path) -> None:
    game_id = opened()
    shown = run("show", game_id)
    assert shown.exit_code == 1 and "has not started: 1 of 3 seats are taken" in shown.output


def test_an_order_for_a_table_not_started_is_refused(home: Path) -> None:
    game_id = opened()
    typed = run("order", game_id, "anna", "pass")
    assert typed.exit_code != 0 and "has not started" in typed.output
    assert "Traceback" not in typed.output


def test_the_operator_suspends_an_address_and_lifts_it(home: Path) -> None:
    opened()  # a store with a game
    done = run("suspend", "Dora@example.org", "--reason", "Abuse in press.")
    assert done.exit_code == 0 and "is suspended from open tables" in done.output
    mailed = list((home / "mail").glob("suspended-*.eml"))
    assert mailed and "Abuse in press." in mailed[0].read_text()
    listed = run("suspend", "--list").output
    assert "dora@example.org" in listed and "Abuse in press." in listed
    twice = run("suspend", "dora@example.org", "--reason", "again")
    assert twice.exit_code == 1 and "suspended already" in twice.output
    row = listed.split()[0]
    assert run("suspend", "--lift", row).exit_code == 0
    assert "dora@example.org" not in run("suspend", "--list").output
    assert run("suspend").exit_code != 0


def test_the_game_master_chooses_the_table_news_mailed(home: Path) -> None:
    game_id = opened("--master-email", "gm@example.org")
    shown = run("table-news", game_id)
    assert shown.exit_code == 0 and "every join and leave" in shown.output, shown.output
    assert "gm@example.org" in shown.output
    for setting, words in (("outcome", "only the start, the expiry or the cancellation"),
                           ("OFF", "no news of the table"), ("every", "every join")):
        result = run("table-news", game_id, setting)
        assert result.exit_code == 0 and words in result.output, result.output
        table = load_game(store(), game_id).meta.table
        assert table is not None and table.master_notices == setting.lower()
    seq = load_game(store(), game_id).seq
    assert run("table-news", game_id, "every").exit_code == 0
    assert load_game(store(), game_id).seq == seq  # the same choice again writes nothing
    assert run("table-news", game_id, "sometimes").exit_code == 2
    closed = run("new", "secret-masters", "--seat", "a=a@example.org", "--seat",
                 "b=b@example.org", "--seat", "c=c@example.org", "--id", "0c1e5ed0")
    refused = run("table-news", closed.output.strip(), "off")
    assert refused.exit_code == 1 and "nobody joins it" in refused.output
