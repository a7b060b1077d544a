"""Numbers per reader: the counts written with each append are the ones a game's log gives
when they are written anew (`pbem upgrade` across 0016, `pbem import`), and a witness shown
with a seat's own number is found by `pbem verify`."""
from __future__ import annotations

from sqlalchemy import select

from engine.core import get_game
from service.game.numbers import SPECTATOR, number_of, renumber, renumber_all
from service.orders.creation import create_game
from service.seats.press import PressRequest, send_press
from service.seats.seatcommands import answer
from service.store.schema import reader_hidden
from service.store.store import Store

from .test_witness import SEATS, home, play, verify

__all__ = ["home"]


def _rows(store: Store, game_id: str) -> list[tuple[str, int, int, int]]:
    c = reader_hidden.c
    with store.connect() as conn:
        return [tuple(row) for row in conn.execute(
            select(c.reader, c.seq, c.hidden, c.known).where(c.game_id == game_id)
            .order_by(c.reader, c.seq))]


def test_the_counts_written_with_the_appends_are_the_logs(home: Store) -> None:
    game_id = create_game(home, "secret-masters", SEATS, seed_hex="5e" * 32).meta.id
    play(home, game_id, 3)
    answer(home, game_id, "anna", "timezone Europe/Berlin", "numbers:timezone")
    send_press(home, game_id, "anna", PressRequest(("bruno",), "between us"),
               causation="numbers:press")
    written = _rows(home, game_id)
    readers = {reader for reader, *_ in written}
    assert {"bruno", "carla", SPECTATOR} <= readers  # anna's time zone is hers alone
    head = home.last_seq(game_id)
    with home.connect() as conn:
        # carla knows of neither the time zone nor the press between the two others
        assert number_of(conn, game_id, "carla", head) < number_of(conn, game_id, "anna", head)
    row = home.get_game(game_id)
    assert row is not None
    renumber(home, get_game(row.game, row.engine_version), game_id)
    assert _rows(home, game_id) == written
    assert renumber_all(home) == 1 and _rows(home, game_id) == written


def test_a_witness_with_a_seats_own_number_is_verified(home: Store) -> None:
    from service.game.current import read_game
    from service.game.history import reader_head

    game_id = create_game(home, "secret-masters", SEATS, seed_hex="5e" * 32).meta.id
    play(home, game_id, 3)
    answer(home, game_id, "anna", "timezone Europe/Berlin", "numbers:timezone")
    head = reader_head(home, read_game(home, game_id), "bruno")
    assert head is not None and head.seq < head.log_seq  # bruno's number, not the log's seq
    code, output = verify(game_id, head.witness)
    assert code == 0 and "still contains the witnessed head" in output
    code, output = verify(game_id, f"{head.seq}:{'0' * 12}")
    assert code == 1 and "not found" in output


def test_the_game_master_and_after_the_end_everyone_read_the_logs_own_numbers(
        home: Store) -> None:
    from service.cli.selfplay import play_to_end
    from service.game.events import MASTER
    from service.game.history import history
    from service.game.loading import load_game
    from service.game.numbers import mail_number, reader_key

    game_id = create_game(home, "secret-masters", SEATS, seed_hex="5e" * 32).meta.id
    play(home, game_id, 3)
    send_press(home, game_id, "anna", PressRequest(("bruno",), "between us"),
               causation="numbers:press")
    meta, head = load_game(home, game_id).meta, home.last_seq(game_id)
    with home.connect() as conn:
        carla = number_of(conn, game_id, reader_key(meta, "carla"), head)
        master = number_of(conn, game_id, reader_key(meta, MASTER), head)
    assert carla < head and master == head
    assert mail_number(meta, "carla", head, carla) == f"n{carla}"
    assert mail_number(meta, MASTER, head, master) == str(head)
    lines = [line.seq for line in history(home, game_id, "carla")]
    assert lines == list(range(1, len(lines) + 1)), "carla's n-th line is line n"
    master_last = history(home, game_id, MASTER)[-1]
    carla_last = history(home, game_id, "carla")[-1]
    assert master_last.text == carla_last.text, "the newest event both may read"
    assert carla_last.seq == len(lines) < master_last.seq <= head
    with home.connect() as conn:
        assert number_of(conn, game_id, "carla", master_last.seq) == carla_last.seq
    play_to_end(home, load_game(home, game_id), bytes.fromhex("5e" * 32))
    ended = load_game(home, game_id)
    assert ended.meta.finished
    with home.connect() as conn:
        assert number_of(conn, game_id, reader_key(ended.meta, "carla"), head) == head
    # the vote is carla's line master_last.seq now (its text tells the vote, once revealed)
    [vote] = [line for line in history(home, game_id, "carla") if line.seq == master_last.seq]
    assert vote.actor == master_last.actor and "vote" in vote.text
