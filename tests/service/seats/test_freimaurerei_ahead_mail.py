"""Freimaurerei by mail: a seat writes its whole turn in the mail of its first action (the
second action after `then`), kept private, applied when its decision opens, dropped with a
private reason where not legal then; the other seat reads the same as when it is written by
hand, and no mail asks for what is answered."""
from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

from service.base import clock
from service.game.history import history
from service.game.loading import load_game
from tests.service.tablemail import SEATS, Table, open_table, text_of


def two_actions(tmp_path: Path) -> tuple[Table, str, str]:
    """Return a table at the first turn of two actions: (table, its seat, the other seat)."""
    table = open_table(tmp_path, game="freimaurerei", seats=SEATS[:2], notify="act",
                       game_id="f7ee1a01")
    for prompt in load_game(table.store, table.game_id).game.prompts(
            load_game(table.store, table.game_id).state):
        assert table.write(prompt.seat, "outer white\n").status == "accepted"
    loaded = load_game(table.store, table.game_id)
    [first] = loaded.game.prompts(loaded.state)
    assert table.write(first.seat, "dues\n").status == "accepted"  # one action on turn 1
    loaded = load_game(table.store, table.game_id)
    [prompt] = loaded.game.prompts(loaded.state)
    assert loaded.state.actions == 2 and loaded.state.action == 1
    return table, prompt.seat, first.seat


def logged(table: Table) -> list[tuple[str, str, dict[str, object]]]:
    return [(row.type, row.actor, row.payload)
            for row in table.store.events(table.game_id, after_seq=0)]


def others_read(table: Table, reader: str) -> list[str]:
    return [line.text for line in history(table.store, table.game_id, reader)]


def readable(mail: EmailMessage) -> list[str]:
    """Return a mail's text above its signature, without the seat's private link (its token
    is the table's own)."""
    return [line for line in text_of(mail).split("\n--\n")[0].splitlines() if "/play/" not in line]


def test_the_second_action_written_ahead_is_taken_at_once(tmp_path: Path) -> None:
    table, seat, other = two_actions(tmp_path)
    before = len(table.mails(seat))
    result = table.write(seat, "recruit, then dues\n")
    assert result.status == "accepted", result
    standing = [p for t, a, p in logged(table) if t == "order.accepted" and a == "standing"]
    assert [p["text"] for p in standing] == ["dues"]
    loaded = load_game(table.store, table.game_id)
    assert loaded.state.active_seat == other and loaded.state.action == 1
    assert not loaded.meta.standing.get(seat)  # used up
    # the seat was asked nothing more within its turn: no mail asks it for the second action
    assert not [m for m in table.mails(seat)[before:] if "action 2 of 2" in text_of(m)]


def test_the_other_seat_reads_the_same_as_when_written_by_hand(tmp_path: Path) -> None:
    clock.set_now(clock.now())  # both tables played at one moment: their deadlines read alike
    try:
        ahead, seat, other = two_actions(tmp_path / "ahead")
        assert ahead.write(seat, "dues, then dues\n").status == "accepted"
        by_hand, seat2, other2 = two_actions(tmp_path / "hand")
        assert by_hand.write(seat2, "dues\n").status == "accepted"
        assert by_hand.write(seat2, "dues\n").status == "accepted"
    finally:
        clock.set_now(None)
    assert (seat, other) == (seat2, other2)
    assert others_read(ahead, other) == others_read(by_hand, other)
    assert others_read(ahead, None) == others_read(by_hand, None)
    assert [readable(m) for m in ahead.mails(other)] == [readable(m) for m in by_hand.mails(other)]


def test_an_answer_ahead_not_legal_then_is_dropped_and_the_seat_asked_told_why(
        tmp_path: Path) -> None:
    table, seat, other = two_actions(tmp_path)
    result = table.write(seat, "dues, then charter perfection\n")
    assert result.status == "accepted", result
    [dropped] = [p for t, _, p in logged(table) if t == "standing.dropped"]
    assert dropped["seat"] == seat and "charter perfection" in str(dropped["entry"])
    loaded = load_game(table.store, table.game_id)
    prompt = loaded.game.prompt_for(loaded.state, seat)
    assert prompt is not None and prompt.key.endswith(".action") and loaded.state.action == 2
    mail = text_of(table.answers[-1])
    assert "was not applied" in mail
    assert not any("was not applied" in line for line in others_read(table, other))
    assert not any("charter" in line for line in others_read(table, other))


def test_a_move_and_done_written_ahead_wait_for_the_steps_of_their_action(
        tmp_path: Path) -> None:
    table, seat, _ = two_actions(tmp_path)
    result = table.write(seat, "recruit, then advance M1 by SM, then dues\n")
    assert result.status == "accepted", result
    loaded = load_game(table.store, table.game_id)
    # the initiation waits for an advancement this turn (none came): it never answered an action
    assert [p["text"] for t, a, p in logged(table)
            if t == "order.accepted" and a == "standing"] == ["dues"]
    assert not [e for e in loaded.meta.standing.get(seat, ()) if e.topic == "action"]


def test_help_standing_recommends_the_answers_and_the_turn_in_one_mail(tmp_path: Path) -> None:
    table, seat, _ = two_actions(tmp_path)
    result = table.write(seat, "help standing\n")
    said = " ".join(result.notes)
    assert "Recommended" in said and "target best" in said and "recruit, then dues" in said
    result = table.write(seat, "standing target best / defection bring / recruits smallest\n")
    assert result.status != "refused", result
    listed = " ".join(result.notes)
    assert "target: best" in listed and "defection: bring" in listed
    assert "recruits: smallest lodge" in listed
