"""A reply to a press email is talk only: lines that read as orders or commands are never sent."""
from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest

from engine.core import get_game
from service.base.config import load_config
from service.base.tokens import read_address, read_press_address
from service.game.loading import load_game
from service.mail.letter import OrderWords, order_lines, reads_as_order
from service.mail.quotes import REPLY_MARKER
from service.orders.creation import create_game
from tests.service.tablemail import SEATS, Table, html_of, mail_to, open_table, quoted, text_of
from tests.stores import open_store

SECRET_MASTERS = OrderWords.of(get_game("secret-masters"))


def press_from_anna(table: Table) -> EmailMessage:
    """Send press from anna to bruno; return the mail bruno got."""
    table.write("anna", "press to bruno: shall we ally against carla?\n")
    return table.mails("bruno", "press")[-1]


def events_after(table: Table, seq: int) -> list[str]:
    """Return the types of the events appended after `seq`."""
    return [row.type for row in table.store.events(table.game_id, after_seq=seq)]


ISSUE_REPLY = "Hi Anna,\n\nstatus\nnotify act\nvote red red orange\n\nThanks, Bruno\n"


def test_a_reply_with_commands_and_an_order_is_not_sent_and_not_acted_on(
        tmp_path: Path) -> None:
    table = open_table(tmp_path)
    mail = press_from_anna(table)
    before = load_game(table.store, table.game_id)
    result = mail_to(table, "bruno", str(mail["Reply-To"]),
                     f"{ISSUE_REPLY}\nOn Mon, anna wrote:\n{quoted(mail)}\n")
    assert result.status == "rejected" and result.code == "press-reply-orders"
    for line in ("`status`", "`notify act`", "`vote red red orange`"):
        assert line in result.message
    assert "Nothing of your reply was sent" in result.message
    assert "not acted on" in result.message and "reply to your turn email" in result.message
    assert events_after(table, before.seq) == []  # no press, no preference, no order
    assert load_game(table.store, table.game_id).meta.prefs("bruno") == \
        before.meta.prefs("bruno")
    assert table.mails("anna", "press") == []
    answer = table.answers[-1]
    assert "Press sent" not in text_of(answer) and "`vote red red orange`" in text_of(answer)
    reply_to = str(answer["Reply-To"])  # the answer itself takes the orders
    assert read_address(reply_to) is not None and read_press_address(reply_to) is None


def test_the_same_lines_by_the_play_address_in_reply_to_press_are_refused_too(
        tmp_path: Path) -> None:
    table = open_table(tmp_path)
    mail = press_from_anna(table)
    before = load_game(table.store, table.game_id).seq
    result = table.write("bruno", ISSUE_REPLY, in_reply_to=str(mail["Message-ID"]))
    assert result.code == "press-reply-orders" and "`notify act`" in result.message
    assert events_after(table, before) == [] and table.mails("anna", "press") == []


@pytest.mark.parametrize("body", [
    "Yes, gladly.\nLet's keep it between us.\n",
    "Don't worry, I'm with you.\nCarla will never see it coming.\n",
    "No way you would win alone, so yes.\n",
    "Sounds good: red it is.\n\nCheers,\nBruno\n",
    "What do you vote?\n",
])
def test_plain_talk_is_still_sent(tmp_path: Path, body: str) -> None:
    table = open_table(tmp_path)
    mail = press_from_anna(table)
    result = mail_to(table, "bruno", str(mail["Reply-To"]), body)
    assert result.status == "talk" and result.notes == ("Press sent to anna.",)
    assert body.splitlines()[0] in text_of(table.mails("anna", "press")[-1])


@pytest.mark.parametrize("line", [
    "status", "help", "notify act", "history 40", "absent until 2026-12-24", "resign",
    "timezone Europe/Berlin", "vote red red orange", "place red europe", "pass",
    "I vote red", "please move blue from europe to asia", "- vote red red orange",
    "press to carla: psst", "place red eurpoe",
])
def test_lines_that_read_as_orders_or_commands(line: str) -> None:
    assert reads_as_order(line, SECRET_MASTERS)


@pytest.mark.parametrize("line", [
    "Yes, gladly.", "Thanks, Bruno", "Hi Anna,", "Carla will never see it coming.",
    "What will you vote?", "I think we should vote red.", "You place red, I place blue",
    "Let us talk tomorrow", "",
])
def test_lines_that_read_as_talk(line: str) -> None:
    assert not reads_as_order(line, SECRET_MASTERS)


def test_the_order_words_are_the_games_own() -> None:
    masons = OrderWords.of(get_game("masons"))
    assert reads_as_order("merge with city 2", masons)
    assert not reads_as_order("merge with city 2", SECRET_MASTERS)
    assert order_lines(["vote red", "Sure.", "status"], masons) == ("status",)


def table_with_seed(tmp_path: Path, seed_hex: str) -> Table:
    """Return a Secret Masters table under a fixed id and the given seed."""
    config = load_config({"PBEM_HOME": str(tmp_path / "home"), "PBEM_SECRET_KEY": "table-key",
                          "PBEM_BASE_URL": "https://games.example.org"})
    store = open_store("sqlite", tmp_path)
    loaded = create_game(store, "secret-masters", SEATS, seed_hex=seed_hex, game_id="5eed0001")
    table = Table(store, config, loaded.meta.id)
    table.deliver()
    return table


def test_the_refusal_is_the_same_whatever_the_hidden_cards(tmp_path: Path) -> None:
    answers, hidden = [], []
    for seed in ("ab" * 32, "cd" * 32, "0f" * 32):
        table = table_with_seed(tmp_path / seed[:2], seed)
        loaded = load_game(table.store, table.game_id)
        hidden.append(repr(loaded.state))
        mail = press_from_anna(table)
        result = mail_to(table, "bruno", str(mail["Reply-To"]),
                         "vote red red orange\nplace green europe\nYes, gladly.\n")
        answers.append((result.status, result.code, result.message))
    assert len(set(hidden)) == 3 and len(set(answers)) == 1


def test_press_mails_carry_no_orders_banner_and_say_where_orders_go(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    mail = press_from_anna(table)
    for body in (text_of(mail), html_of(mail)):
        assert REPLY_MARKER not in body and "Write your answer above this line" in body
        assert "never read as orders" in body and "reply to your turn email" in body
    welcome = text_of(table.mails("bruno", "turn")[0])
    assert "Reply to any email" not in welcome
    assert "A reply to a press email from another player" in welcome
    assert "reply to this email, to any later turn email or reminder" in welcome


def test_the_answer_marker_cuts_an_unquoted_press_email(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    mail = press_from_anna(table)
    result = mail_to(table, "bruno", str(mail["Reply-To"]), f"Yes.\n\n{text_of(mail)}")
    assert result.notes == ("Press sent to anna.",)
    sent = text_of(table.mails("anna", "press")[-1])
    assert "shall we ally" not in sent and "Yes." in sent
