"""The turn email's shape: a welcome first, one prompt section, the game's own deadlines."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from service.base import clock
from service.game.loading import load_game
from service.mail.compose import compose_outbox
from service.seats import master
from service.store.store import NewOutbox
from tests.service.tablemail import open_table, text_of


def test_the_first_mail_welcomes_with_role_reply_deadlines_press_and_link(
        tmp_path: Path) -> None:
    table = open_table(tmp_path, deadline_hours=72)
    for seat in ("anna", "bruno", "carla"):
        mail = table.mails(seat)[0]
        body = text_of(mail)
        assert "welcome to the game" in str(mail["Subject"])
        assert f"You play Secret Masters as seat {seat}" in body
        assert "Faction:" in body and "72 hours" in body
        assert "press to all:" in body and f"/play/{table.game_id}/{seat}/" in body


def test_the_prompt_summary_appears_once_and_the_deadline_uses_the_games_hours(
        tmp_path: Path) -> None:
    table = open_table(tmp_path, deadline_hours=72)
    loaded = load_game(table.store, table.game_id)
    prompt = loaded.game.prompts(loaded.state)[0]
    body = text_of(table.mails(prompt.seat)[0])
    assert body.count(prompt.summary) == 1
    assert "48 hours" not in body and "72 hours per decision" in body
    assert "WHAT YOU MUST DO NOW (by " in body and "in 3 days" in body


def test_a_paused_game_does_not_ask_for_orders(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    master.pause_game(table.store, table.game_id, "holidays")
    table.deliver()
    for seat in ("anna", "bruno", "carla"):
        body = text_of(table.mails(seat)[-1])
        assert "The game is paused" in body and "WHAT YOU MUST DO NOW" not in body


def test_the_reminder_subject_reads_correctly(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    loaded = load_game(table.store, table.game_id)
    seat = loaded.game.prompts(loaded.state)[0].seat
    deadline = loaded.meta.deadlines[seat]
    clock.set_now(datetime.now(UTC) + timedelta(hours=47, minutes=30))
    try:
        table.store.add_outbox(table.game_id, [NewOutbox(deadline.seq, seat, "reminder-1h")])
        row = next(r for r in table.store.outbox_for_game(table.game_id)
                   if r.kind == "reminder-1h")
        mail = compose_outbox(table.store, table.config, row)
    finally:
        clock.set_now(None)
    assert mail is not None and str(mail["Subject"]).endswith("due in 1 hour")


def test_a_replaced_player_is_told_and_the_new_one_gets_the_game_so_far(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    master.replace_seat(table.store, table.game_id, "bruno", "Berta", "berta@example.org")
    table.deliver()
    told, welcome = table.mails("bruno")[-2:]
    assert str(told["To"]) == "Bruno <bruno@example.org>"
    assert "handed seat bruno" in text_of(told) and "Berta" in text_of(told)
    assert "/play/" not in text_of(told)
    assert str(welcome["To"]) == "Berta <berta@example.org>"
    assert "The game so far" in text_of(welcome) and "started for anna" in text_of(welcome)


def test_the_answer_after_the_end_does_not_invite_orders(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    master.end_game(table.store, table.game_id, "stopped")
    table.write("anna", "status")
    body = text_of(table.answers[-1])
    assert "The game is over." in body and "send more orders" not in body
