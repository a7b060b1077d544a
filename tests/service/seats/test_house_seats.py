"""House seats as the service's data: each way a seat becomes a house seat (created so, handed
to the house by the game master) and stops being one (taken back, handed to a player)."""
from __future__ import annotations

from pathlib import Path

import pytest

from service.base import clock
from service.cli.seats import seat_lines
from service.game.events import HOUSE_PLAYER
from service.game.history import history
from service.game.loading import load_game
from service.mail.pressreply import send_and_note
from service.orders.creation import NewSeat
from service.orders.results import ServiceError
from service.seats import master
from service.seats.press import PressRequest, send_press
from service.time.due import HOUSE_DUE
from service.web.summary import summarize
from tests.service.cli.test_cli import home, run, store
from tests.service.tablemail import Table, open_table, text_of

__all__ = ["home"]  # the fixture, used by name

ANNA = [NewSeat("anna", "anna@example.org", "Anna")]


def practice(tmp_path: Path) -> Table:
    """A Secret Masters game of anna against two house seats."""
    return open_table(tmp_path, seats=ANNA, house=("bruno", "carla"))


def owed(table: Table) -> set[str]:
    """Return the seats whose open decision has a deadline the sweep would default (a house
    decision's row has none: the sweep only queues the house again if it stays open)."""
    return {row.seat for row in table.store.due_deadlines("9999-12-31T00:00:00Z")
            if row.game_id == table.game_id and row.due != HOUSE_DUE}


def test_a_practice_game_has_house_seats_without_address(tmp_path: Path) -> None:
    table = practice(tmp_path)
    meta = load_game(table.store, table.game_id).meta
    assert meta.house == {"bruno", "carla"} and meta.humans == ("anna",)
    assert [(s.name, s.email, s.player) for s in meta.seats] == [
        ("anna", "anna@example.org", "Anna"), ("bruno", "", HOUSE_PLAYER),
        ("carla", "", HOUSE_PLAYER)]
    assert set(meta.deadlines) <= {"anna"}  # the house waits for no deadline
    assert owed(table) <= {"anna"}
    assert set(table.sent) == {"anna"}  # the house gets no mail
    lines = [line.text for line in history(table.store, table.game_id, None)]
    assert "The house (the computer player) plays bruno from now on." in lines


def test_a_house_seat_needs_no_address_but_a_name(tmp_path: Path) -> None:
    with pytest.raises(ServiceError, match="house seat"):
        open_table(tmp_path, seats=ANNA, house=("Bruno!", "carla"))


def test_the_master_hands_a_seat_to_the_house_and_takes_it_back(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    loaded = load_game(table.store, table.game_id)
    seat = loaded.game.prompts(loaded.state)[0].seat
    assert seat in owed(table)
    master.house_seat(table.store, table.game_id, seat)
    meta = load_game(table.store, table.game_id).meta
    assert meta.house == {seat}
    assert seat not in owed(table)  # the sweep never defaults a house seat
    seq = load_game(table.store, table.game_id).seq
    master.house_seat(table.store, table.game_id, seat)  # again: nothing more
    assert load_game(table.store, table.game_id).seq == seq
    master.house_seat(table.store, table.game_id, seat, house=False)
    after = load_game(table.store, table.game_id)
    assert after.meta.house == frozenset()
    assert seat in owed(table)  # its player is asked again, with a deadline from now
    assert after.meta.deadlines[seat].seq > seq


def test_a_seat_handed_to_a_player_is_no_house_seat(tmp_path: Path) -> None:
    table = practice(tmp_path)
    master.replace_seat(table.store, table.game_id, "bruno", "Bruno", "bruno@example.org")
    meta = load_game(table.store, table.game_id).meta
    assert meta.house == {"carla"} and meta.seat("bruno").email == "bruno@example.org"
    table.deliver()
    assert "bruno" in table.sent  # the welcome; no "replaced" notice to the house
    assert all(".replaced@" not in str(m["Message-ID"]) for m in table.sent["bruno"])


def test_a_taken_back_seat_without_a_player_gets_no_mail(tmp_path: Path) -> None:
    table = practice(tmp_path)
    master.house_seat(table.store, table.game_id, "bruno", house=False)
    table.deliver()
    assert "bruno" not in table.sent


def test_pbem_new_house_and_the_house_commands(home: Path) -> None:
    made = run("new", "secret-masters", "--seat", "anna=anna@example.org", "--house", "bruno",
               "--house", "carla")
    assert made.exit_code == 0, made.output
    game_id = made.output.strip()
    assert load_game(store(), game_id).meta.house == {"bruno", "carla"}
    released = run("house", "release", game_id, "carla")
    assert released.exit_code == 0 and "pbem replace" in released.output
    assert load_game(store(), game_id).meta.house == {"bruno"}
    handed = run("house", "seat", game_id, "anna")
    assert handed.exit_code == 0, handed.output
    assert load_game(store(), game_id).meta.house == {"anna", "bruno"}
    unknown = run("house", "seat", game_id, "dora")
    assert unknown.exit_code != 0 and "dora" in unknown.output
    helped = run("house", "--help")
    assert "PBEM_HOUSE_ITERATIONS" in helped.output


def test_pbem_house_play_takes_what_the_house_owes(home: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_HOUSE_ITERATIONS", "2")
    made = run("new", "secret-masters", "--seat", "anna=anna@example.org", "--house", "bruno",
               "--house", "carla", "--seed", "5e" * 32)
    game_id = made.output.strip()
    played = run("house", "play", game_id)
    assert played.exit_code == 0, played.output
    assert f"decision(s) in game {game_id}" in played.output
    loaded = load_game(store(), game_id)
    assert not [p for p in loaded.game.prompts(loaded.state)
                if p.seat in loaded.meta.house and not p.submitted]
    again = run("house", "play", game_id)
    assert "the house played 0 decision(s)" in again.output


def test_press_to_the_house_is_answered_with_a_note_and_the_house_sends_none(
        tmp_path: Path) -> None:
    table = practice(tmp_path)
    note = send_and_note(table.store, table.game_id, "anna",
                         PressRequest(("bruno",), "shall we?"), "t#press0")
    assert note.startswith("Press sent to bruno.")
    assert "bruno is played by the house" in note and "reads no press" in note
    both = send_and_note(table.store, table.game_id, "anna", PressRequest(None, "hello"),
                         "t#press1")
    assert "bruno and carla are played by the house" in both
    table.deliver()
    assert set(table.sent) == {"anna"}
    with pytest.raises(ServiceError, match="sends no press"):
        send_press(table.store, table.game_id, "bruno", PressRequest(("anna",), "hi"),
                   causation="t#press2")


def test_every_reader_sees_which_seats_the_house_plays(tmp_path: Path) -> None:
    table = practice(tmp_path)
    loaded = load_game(table.store, table.game_id)
    summary = summarize(loaded)
    assert {line.name: line.house for line in summary.seats} == {
        "anna": False, "bruno": True, "carla": True}
    lines = seat_lines(loaded, clock.now())
    assert lines[1].startswith("bruno: the house (computer player);")
    assert "<anna@example.org>" in lines[0]
    welcome = text_of(table.mails("anna")[0])
    assert "bruno (the house, a computer player)" in welcome
