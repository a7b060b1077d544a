"""Game-master tools: extend a deadline, apply a default, replace a player (by a name no other
player of the game has), end the game, write to everyone."""
from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from service.audit.verify import verify
from service.base import clock
from service.game.loading import load_game
from service.game.meta import parse_time
from service.orders.creation import NewSeat
from service.orders.results import ServiceError
from service.seats import master
from service.sweeps import deadlines
from tests.service.tablemail import Table, open_table, text_of


@pytest.fixture
def table(tmp_path: Path) -> Table:
    """A Secret Masters game with a game master's address."""
    return open_table(tmp_path, master_email="gm@example.org")


def waiting_seat(table: Table) -> str:
    """Return the seat that must act now."""
    loaded = load_game(table.store, table.game_id)
    return loaded.game.prompts(loaded.state)[0].seat


def test_the_master_gets_the_link_at_creation(table: Table) -> None:
    mail = table.mails("*")[0]
    assert str(mail["To"]) == "gm@example.org"
    assert f"/admin/games/{table.game_id}/" in text_of(mail)


def test_extend_one_seats_deadline(table: Table) -> None:
    seat = waiting_seat(table)
    before = parse_time(load_game(table.store, table.game_id).meta.deadlines[seat].due)
    master.extend_deadline(table.store, table.game_id, seat, 24)
    after = parse_time(load_game(table.store, table.game_id).meta.deadlines[seat].due)
    assert after - before == timedelta(hours=24)
    other = next(s for s in ("anna", "bruno", "carla") if s != seat)
    with pytest.raises(ServiceError, match="no open deadline"):
        master.extend_deadline(table.store, table.game_id, other, 24)


def test_apply_the_default_now_once(table: Table) -> None:
    seat = waiting_seat(table)
    first = master.apply_default_now(table.store, table.game_id, seat)
    assert first.accepted
    seq = load_game(table.store, table.game_id).seq
    assert waiting_seat(table) != seat or load_game(table.store, table.game_id).seq == seq


def test_a_passed_deadline_is_copied_to_the_master(table: Table) -> None:
    seat = waiting_seat(table)
    due = parse_time(load_game(table.store, table.game_id).meta.deadlines[seat].due)
    clock.set_now(due + timedelta(minutes=1))
    try:
        deadlines.sweep(table.store)
        table.deliver()
    finally:
        clock.set_now(None)
    copies = [m for m in table.mails("*") if "deadline passed" in str(m["Subject"])]
    assert len(copies) == 1 and f"The deadline of {seat} passed" in text_of(copies[0])


def test_a_replacement_is_copied_to_the_master(table: Table) -> None:
    master.replace_seat(table.store, table.game_id, "carla", "Cleo", "cleo@example.org")
    table.deliver()
    assert any("cleo@example.org" in text_of(m) for m in table.mails("*"))


def test_a_replacement_takes_a_name_no_other_player_of_the_game_has(table: Table) -> None:
    with pytest.raises(ServiceError, match="called Anna already") as refused:
        master.replace_seat(table.store, table.game_id, "carla", " anna ", "cleo@example.org")
    assert refused.value.code == "name-taken"
    assert load_game(table.store, table.game_id).meta.seat("carla").player == "Carla"
    master.replace_seat(table.store, table.game_id, "carla", "CARLA", "cleo@example.org")
    assert load_game(table.store, table.game_id).meta.seat("carla").player == "CARLA"


def test_two_seats_of_a_new_game_cannot_have_one_players_name(tmp_path: Path) -> None:
    seats = [NewSeat("anna", "anna@example.org", "Anna"),
             NewSeat("bruno", "bruno@example.org", "ANNA"),
             NewSeat("carla", "carla@example.org", "Carla")]
    with pytest.raises(ServiceError, match="same player's name") as refused:
        open_table(tmp_path, seats=seats)
    assert refused.value.code == "name-taken"


def test_end_the_game_tells_everyone_and_takes_no_more_orders(table: Table) -> None:
    seat = waiting_seat(table)
    master.end_game(table.store, table.game_id, "a player left")
    table.deliver()
    meta = load_game(table.store, table.game_id).meta
    assert meta.finished and meta.revealed_seed and verify(table.store, table.game_id).ok
    for name in ("anna", "bruno", "carla"):
        body = text_of(table.mails(name)[-1])
        assert "Ended by the game master: a player left" in body
        assert "WHAT YOU MUST DO NOW" not in body
    result = table.write(seat, "help\nstatus")
    assert "The game is over." in text_of(table.answers[-1])
    assert "send more orders" not in text_of(table.answers[-1])
    assert result.status != "accepted"


def test_a_message_to_all_reaches_every_seat_once(table: Table) -> None:
    master.message_all(table.store, table.game_id, "Round two starts Monday.", "m1")
    master.message_all(table.store, table.game_id, "Round two starts Monday.", "m1")
    table.deliver()
    for name in ("anna", "bruno", "carla"):
        press = table.mails(name, "press")
        assert len(press) == 1 and "press from the game master" in str(press[0]["Subject"])
