"""Press: messages between seats are log events read only by their sender and recipients."""
from __future__ import annotations

from pathlib import Path

import pytest

from service.audit.verify import verify as verify_game
from service.game.history import history
from service.game.loading import load_game
from service.orders.results import ServiceError
from service.seats.press import PressRequest, send_press
from tests.service.tablemail import Table, html_of, open_table, text_of

CANARY = "CANARY-7f3e-only-for-bruno"


@pytest.fixture
def table(tmp_path: Path) -> Table:
    """A Secret Masters game with private press (the default)."""
    return open_table(tmp_path)


def everything_seen_by(table: Table, seat: str) -> str:
    """Return every history line and email text that reached a seat."""
    lines = [line.text + " " + line.actor for line in history(table.store, table.game_id, seat)]
    mails = [text_of(m) + html_of(m) + str(m["Subject"]) for m in table.sent.get(seat, [])]
    return "\n".join(lines + mails)


def test_private_press_reaches_its_recipient_and_nobody_else(table: Table) -> None:
    result = table.write("anna", f"press to bruno: {CANARY}\n")
    assert result.notes == ("Press sent to bruno.",)
    press = table.mails("bruno", "press")
    assert len(press) == 1 and CANARY in text_of(press[0])
    assert "press from anna" in str(press[0]["Subject"])
    assert CANARY in everything_seen_by(table, "anna")
    assert CANARY not in everything_seen_by(table, "carla")
    assert CANARY not in "\n".join(line.text for line in history(table.store, table.game_id,
                                                                 None))
    assert table.mails("carla", "press") == [] and table.mails("anna", "press") == []


def test_press_to_all_goes_to_every_other_seat(table: Table) -> None:
    table.write("carla", "Hi all,\n\npress to all: good game everyone!\n\nCheers, Carla")
    for seat in ("anna", "bruno"):
        assert "good game everyone!" in text_of(table.mails(seat, "press")[0])
    assert table.mails("carla", "press") == []
    assert table.answers[-1] and "Press sent to everyone." in text_of(table.answers[-1])


def test_press_names_players_as_well_as_seats_and_keeps_paragraphs(table: Table) -> None:
    table.write("anna", "press to Bruno and carla: first line\nsecond line\n\nhelp\n")
    body = text_of(table.mails("bruno", "press")[0])
    assert "first line\nsecond line" in body
    assert "help" not in body.split("Press from")[1].split("Reply to")[0]
    assert len(table.mails("carla", "press")) == 1


def test_a_press_message_replays_and_the_chain_verifies(table: Table) -> None:
    table.write("anna", "press to bruno: hello\n")
    report = verify_game(table.store, table.game_id)
    assert report.ok
    assert any("Press from anna to bruno: hello" in line.text
               for line in history(table.store, table.game_id, "bruno"))


def test_replying_to_a_press_mail_answers_its_sender(table: Table) -> None:
    table.write("anna", "press to bruno: shall we?\n")
    mail = table.mails("bruno", "press")[0]
    quoted = "\n".join("> " + line for line in text_of(mail).splitlines())
    table.write("bruno", f"Yes, let us do it.\n\nOn Mon, anna wrote:\n{quoted}\n",
                in_reply_to=str(mail["Message-ID"]))
    answer = table.mails("anna", "press")
    assert len(answer) == 1 and "Yes, let us do it." in text_of(answer[0])
    assert "press from bruno" in str(answer[0]["Subject"])
    assert table.mails("carla", "press") == []


def test_a_message_processed_twice_is_sent_once(table: Table) -> None:
    request = PressRequest(("bruno",), "once only")
    send_press(table.store, table.game_id, "anna", request, causation="sub-1#press0")
    send_press(table.store, table.game_id, "anna", request, causation="sub-1#press0")
    table.deliver()
    assert len(table.mails("bruno", "press")) == 1
    events = [e for e in table.store.events(table.game_id) if e.type == "press.sent"]
    assert len(events) == 1


@pytest.mark.parametrize("text, code", [
    ("press to zoe: hi", "press-unknown-seat"),
    ("press to anna: talking to myself", "press-no-recipient"),
    ("anonymous press to all: boo", "press-no-anonymous"),
])
def test_bad_press_is_answered_and_nothing_is_sent(table: Table, text: str, code: str) -> None:
    before = load_game(table.store, table.game_id).seq
    result = table.write("anna", text)
    assert result.notes and result.notes[0].startswith("Press not sent:")
    assert load_game(table.store, table.game_id).seq == before
    assert table.mails("bruno", "press") == []
    with pytest.raises(ServiceError) as raised:
        from service.mail.letter import read_letter

        send_press(table.store, table.game_id, "anna", read_letter([text]).press[0],
                   causation="direct")
    assert raised.value.code == code


def test_press_off_and_open_only_are_kept(tmp_path: Path) -> None:
    off = open_table(tmp_path / "off", press="off")
    assert "played without press" in off.write("anna", "press to all: hi").notes[0]
    open_only = open_table(tmp_path / "open", press="open")
    assert "open only" in open_only.write("anna", "press to bruno: psst").notes[0]
    assert open_only.write("anna", "press to all: hello").notes == ("Press sent to everyone.",)


def test_anonymous_press_never_names_its_sender(tmp_path: Path) -> None:
    table = open_table(tmp_path, press="grey")
    table.write("anna", "anonymous press to bruno, carla: beware the red faction\n")
    for seat in ("bruno", "carla"):
        mail = table.mails(seat, "press")[0]
        seen = text_of(mail) + html_of(mail) + str(mail["Subject"])
        assert "beware the red faction" in seen and "press from anonymous" in seen
        assert "anna" not in seen.lower()
        lines = [line for line in history(table.store, table.game_id, seat)
                 if "beware" in line.text]
        assert lines and all("anna" not in line.text + line.actor for line in lines)


def test_muted_press_stays_in_history_but_is_not_mailed(table: Table) -> None:
    table.write("bruno", "notify press off")
    table.write("anna", "press to bruno, carla: news\n")
    assert table.mails("bruno", "press") == []
    assert len(table.mails("carla", "press")) == 1
    assert any("news" in line.text for line in history(table.store, table.game_id, "bruno"))
