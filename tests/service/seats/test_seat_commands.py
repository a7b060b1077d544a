"""Mail commands, notification preferences, the daily digest and absences, over a real store."""
from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from engine.core.harness import choose_step, chooser_for
from service.base import clock
from service.game.history import history
from service.game.loading import load_game
from service.game.meta import parse_time
from service.orders.processing import submit_order
from service.sweeps import deadlines
from tests.service.tablemail import Table, open_table, text_of

START = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def fixed_clock() -> Iterator[None]:
    """Every test starts on a Monday morning at 09:00 UTC."""
    clock.set_now(START)
    yield
    clock.set_now(None)


@pytest.fixture
def table(tmp_path: Path) -> Table:
    """A Secret Masters game."""
    return open_table(tmp_path)


def play(table: Table, steps: int) -> None:
    """Play `steps` random legal orders through the normal path."""
    choose = chooser_for(b"table")
    for _ in range(steps):
        loaded = load_game(table.store, table.game_id)
        if not loaded.game.prompts(loaded.state):
            return
        prompt, order = choose_step(loaded.game, loaded.state, choose)
        text = loaded.game.order_to_json(order)
        submit_order(table.store, table.game_id, prompt.seat, json.dumps(text))
        table.deliver()


def test_status_shows_the_board_whose_turn_and_the_deadline_in_the_players_zone(
        table: Table) -> None:
    waiting = load_game(table.store, table.game_id).game.prompts(
        load_game(table.store, table.game_id).state)[0].seat
    result = table.write(waiting, "timezone America/New_York\nstatus\n")
    assert result.notes[0].endswith("Deadlines are now also shown in America/New_York.")
    status = result.notes[1]
    assert f"Waiting for: {waiting}." in status and "Your deadline: 2026-11-25 09:00 UTC" in status
    assert "(04:00 America/New_York), in 48 h" in status
    assert "Region" in status  # the board as text


def test_history_lists_what_the_seat_may_read(table: Table) -> None:
    play(table, 3)
    answer = table.write("anna", "history 5").notes[0]
    lines = answer.splitlines()[1:]
    mine = [line.text for line in history(table.store, table.game_id, "anna")][-5:]
    assert len(lines) == 5 and all(text in line for text, line in zip(mine, lines))


def test_unknown_settings_are_answered_and_change_nothing(table: Table) -> None:
    before = load_game(table.store, table.game_id).seq
    notes = table.write("anna", "timezone Mars/Olympus\nnotify sometimes\n").notes
    assert "Not done: 'Mars/Olympus' is not a time zone" in notes[0]
    assert "Not done: Write `notify every`" in notes[1]
    assert load_game(table.store, table.game_id).seq == before


def test_must_act_mail_holds_news_for_the_digest(table: Table) -> None:
    table.write("anna", "notify act")
    table.write("bruno", "notify digest")
    play(table, 6)
    rows = table.store.outbox_for_game(table.game_id)
    kinds = {seat: [row.kind for row in rows if row.recipient == seat]
             for seat in ("anna", "bruno", "carla")}
    assert "held" in kinds["bruno"] and "turn" not in kinds["bruno"][1:]
    assert "held" not in kinds["carla"]
    for mail in table.mails("anna")[1:]:  # the welcome came before `notify act`
        if ".turn@" in str(mail["Message-ID"]):  # asked, or told its own answer is in
            assert "WHAT YOU MUST DO NOW" in text_of(mail) or \
                "YOUR ANSWER IS IN" in text_of(mail)
    clock.set_now(START + timedelta(days=1))
    report = deadlines.sweep(table.store)
    again = deadlines.sweep(table.store)
    assert len(report.reminders) >= 1 and again.reminders == []
    table.deliver()
    digest = [m for m in table.mails("bruno") if "digest" in str(m["Subject"])]
    assert len(digest) == 1 and "What happened since your last email" in text_of(digest[0])


def test_an_absence_pushes_the_deadline_up_to_the_limit_and_others_see_only_away(
        tmp_path: Path) -> None:
    table = open_table(tmp_path, absence_days=3)
    loaded = load_game(table.store, table.game_id)
    seat = loaded.game.prompts(loaded.state)[0].seat
    note = table.write(seat, "absent until 2026-12-20").notes[0]
    assert "this game allows 3 days" in note
    assert "away until 2026-12-20, that day included" in note
    due = parse_time(load_game(table.store, table.game_id).meta.deadlines[seat].due)
    assert due == START + timedelta(days=3)
    other = next(name for name in ("anna", "bruno", "carla") if name != seat)
    lines = [line.text for line in history(table.store, table.game_id, other)]
    assert f"{seat} is away." in lines and not any("2026-12-20" in line for line in lines)
    table.write(seat, "back")
    assert seat not in load_game(table.store, table.game_id).meta.away_until


def test_an_absence_date_in_the_past_is_refused(table: Table) -> None:
    assert "That date has passed" in table.write("anna", "absent until 2026-01-01").notes[0]


def test_resigning_needs_a_confirmation_then_the_seat_plays_its_defaults(table: Table) -> None:
    seat = load_game(table.store, table.game_id).game.prompts(
        load_game(table.store, table.game_id).state)[0].seat
    before = load_game(table.store, table.game_id).seq
    assert "write `resign confirm`" in table.write(seat, "resign").notes[0]
    assert load_game(table.store, table.game_id).seq == before
    assert "You resigned" in table.write(seat, "resign confirm").notes[0]
    meta = load_game(table.store, table.game_id).meta
    assert seat in meta.resigned and parse_time(meta.deadlines[seat].due) <= START
    report = deadlines.sweep(table.store)
    assert len(report.submissions) == 1
    others = [line.text for line in history(table.store, table.game_id, "anna")]
    assert f"{seat} resigned; the seat plays its default orders from now on." in others
