"""Signatures and closings: `--` ends a reply, a closing after the orders is listed, never refused."""
from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest

from engine.core import get_game
from service.mail.letter import OrderWords, is_signoff, read_letter
from service.mail.reading import extract_orders
from tests.service.tablemail import Table, first_order, open_table, text_of

SECRET_MASTERS = OrderWords.of(get_game("secret-masters"))


def plain(body: str, **params: str) -> EmailMessage:
    """Return a text/plain message with `body`."""
    message = EmailMessage()
    message.set_content(body)
    for name, value in params.items():
        message.set_param(name, value)
    return message


def read(body: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Return the orders and the set-aside lines of a plain reply."""
    letter = read_letter(extract_orders(plain(body)).blocks, SECRET_MASTERS)
    return letter.orders, letter.ignored


@pytest.mark.parametrize("delimiter", ["-- ", "--", "--\t", " -- "])
def test_a_signature_delimiter_ends_the_reading(delimiter: str) -> None:
    body = f"place red asia\n{delimiter}\nBruno Martin\nvote red red orange\n"
    assert read(body) == (("place red asia",), ())


def test_a_signature_delimiter_ends_a_flowed_reply() -> None:
    message = plain("place red \nasia\n-- \nBruno \nMartin\nvote red\n", format="flowed")
    assert extract_orders(message).lines == ("place red asia",)


def test_a_signature_delimiter_ends_an_html_reply() -> None:
    message = EmailMessage()
    message.set_content("<html><body><p>place red asia</p><p>--&nbsp;<br>Bruno<br>"
                        "vote red red orange</p></body></html>", subtype="html")
    assert extract_orders(message).lines == ("place red asia",)


@pytest.mark.parametrize("closing, listed", [
    ("Thanks, Bruno", ("Thanks, Bruno",)),
    ("bruno", ("bruno",)),
    ("Cheers", ("Cheers",)),
    ("Cheers,\nBruno", ("Cheers,", "Bruno")),
    ("Best regards\nBruno M.", ("Best regards", "Bruno M.")),
    ("- B.", ("- B.",)),
    ("See you all next turn!\nAnna Berg", ("See you all next turn!", "Anna Berg")),
])
def test_a_closing_after_the_orders_is_set_aside(closing: str, listed: tuple[str, ...]) -> None:
    assert read(f"place red asia\nvote red red orange\n\n{closing}\n") == (
        ("place red asia", "vote red red orange"), listed)


@pytest.mark.parametrize("line", ["pas", "plce red asia", "vote rde", "stauts", "pass 2",
                                  "red europe blue asia"])
def test_a_mistyped_order_at_the_end_is_still_an_order(line: str) -> None:
    assert read(f"place red asia\n{line}\n") == (("place red asia", line), ())


def test_a_name_is_an_order_before_any_order_or_between_orders() -> None:
    assert read("bruno\n") == (("bruno",), ())
    assert read("place red asia\nbruno\nvote red red orange\n") == (
        ("place red asia", "bruno", "vote red red orange"), ())


def test_a_command_after_the_name_keeps_the_name_an_order() -> None:
    letter = read_letter(["place red asia", "bruno", "status"], SECRET_MASTERS)
    assert letter.orders == ("place red asia", "bruno") and letter.commands == ("status",)


def test_the_sign_off_rule_reads_the_games_own_order_words() -> None:
    masons = OrderWords.of(get_game("masons"))
    assert is_signoff("Mergo", SECRET_MASTERS) and not is_signoff("Mergo", masons)
    assert is_signoff("Tom", SECRET_MASTERS)  # words under four letters are never slips
    assert not is_signoff("Bruno 2", SECRET_MASTERS)
    assert not is_signoff("Bruno the Great Player", SECRET_MASTERS)


@pytest.fixture
def table(tmp_path: Path) -> Table:
    """A Secret Masters game."""
    return open_table(tmp_path)


def test_by_mail_a_closing_is_listed_and_the_signature_never_read(table: Table) -> None:
    seat, order = first_order(table)
    result = table.write(seat, f"{order}\n\nThanks,\nBruno\n-- \nBruno Martin\nplace x y\n")
    assert result.status == "accepted" and result.ignored == ("Thanks,", "Bruno")
    answer = text_of(table.answers[-1])
    assert "Not read as orders" in answer and "..  Bruno" in answer
    assert "refused" not in answer and "Bruno Martin" not in answer


def test_by_mail_a_mistyped_order_at_the_end_is_refused_with_its_reason(table: Table) -> None:
    seat, order = first_order(table)
    result = table.write(seat, f"{order}\nplce blue europe\n\nCheers\n")
    assert result.status == "partial" and result.line == "plce blue europe"
    assert result.code and result.message  # the next seat's turn now: refused, with why
    assert result.ignored == ("Cheers",)
    answer = text_of(table.answers[-1])
    assert ">>  plce blue europe" in answer and f"Why: {result.message}" in answer
