"""Chatty replies from common mail programs: orders are found, chat is never taken for one."""
from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest

from engine.core import get_game
from service.game.loading import load_game
from service.mail.letter import OrderWords, read_letter
from service.mail.reading import READ_BELOW, extract_orders
from tests.service.tablemail import Table, first_order, open_table, text_of

SECRET_MASTERS = OrderWords.of(get_game("secret-masters"))
QUOTE = "> Secret Masters · game 0b9e09ee · Round 1, turn 1\n> WHAT YOU MUST DO NOW:\n" \
        "> place red europe\n> vote red red orange\n"


def plain(body: str) -> EmailMessage:
    """Return a text/plain message with `body`."""
    message = EmailMessage()
    message.set_content(body)
    return message


def letter_of(body: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Return (orders, commands, set-aside lines) read from a reply body."""
    extracted = extract_orders(plain(body))
    letter = read_letter(extracted.blocks, SECRET_MASTERS)
    return letter.orders, letter.commands, letter.ignored


@pytest.mark.parametrize("attribution", [
    "On Mon, 23 Nov 2026 at 10:00, pbem <games@pbem.example> wrote:",
    "Am Mo., 23. Nov. 2026 um 10:00 Uhr schrieb pbem <games@pbem.example>:",
    "Em seg., 23 de nov. de 2026 às 10:00, pbem <games@pbem.example> escreveu:",
    "Le lun. 23 nov. 2026 à 10:00, pbem <games@pbem.example> a écrit :",
    "Den mån 23 nov. 2026 kl 10:00 skrev pbem <games@pbem.example>:",
    "pbem <games@pbem.example> schrieb am 23.11.2026 10:00:",
])
def test_greeting_orders_closing_and_attribution(attribution: str) -> None:
    body = f"Hi all,\n\nplace red europe\n\nThanks, Bruno\n\n{attribution}\n{QUOTE}"
    assert letter_of(body) == (("place red europe",), (), ("Thanks, Bruno",))


@pytest.mark.parametrize("block", [
    ("Från: pbem <games@pbem.example>\nSkickat: den 23 november 2026 10:00\nTill: Bruno\n"
    "Ämne: Ditt drag"),
    ("De: pbem <games@pbem.example>\nEnviado: segunda-feira, 23 de novembro de 2026 10:00\n"
    "Para: Bruno\nAssunto: Sua vez"),
    ("From: pbem <games@pbem.example>\nSent: Monday, November 23, 2026 10:00 AM\nTo: Bruno\n"
    "Subject: your move"),
])
def test_outlook_header_blocks_in_several_languages(block: str) -> None:
    body = f"Hello,\n1. place red europe\n2) vote red red orange\n\n{block}\n\nplace blue asia\n"
    assert letter_of(body) == (("place red europe", "vote red red orange"), (), ())


def test_bulleted_orders_and_prose_between_them() -> None:
    body = ("Hey everyone!\n- place red europe\n* vote red red orange\n"
            "I really hope this works out for me, fingers crossed.\n"
            "• status\nCheers,\nBruno\n")
    orders, commands, ignored = letter_of(body)
    assert orders == ("place red europe", "vote red red orange")
    assert commands == ("status",)
    assert ignored == ("I really hope this works out for me, fingers crossed.", "Cheers,",
                       "Bruno")


def test_bottom_posted_reply_below_the_quote_is_read() -> None:
    body = f"Hi,\n\nOn Mon, 23 Nov 2026, pbem wrote:\n{QUOTE}\nplace red europe\n\nBruno\n"
    extracted = extract_orders(plain(body))
    assert READ_BELOW in extracted.problems
    letter = read_letter(extracted.blocks, SECRET_MASTERS)
    assert (letter.orders, letter.ignored) == (("place red europe",), ("Bruno",))


def test_a_mistyped_order_is_still_an_order() -> None:
    assert letter_of("plce red europe\n") == (("plce red europe",), (), ())


@pytest.mark.parametrize("line", ["good game everyone!", "I think we should vote for Europe.",
                                  "Sorry for the late answer", "What happens now?",
                                  "lol :)"])
def test_plain_prose_is_set_aside(line: str) -> None:
    assert letter_of(line + "\n") == ((), (), (line,))


@pytest.fixture
def table(tmp_path: Path) -> Table:
    """A Secret Masters game."""
    return open_table(tmp_path)


def test_a_chatty_reply_is_decided_and_the_chat_listed(table: Table) -> None:
    seat, order = first_order(table)
    body = (f"Hi all,\n\n1. {order}\n\nGood luck to everyone, this will be fun!\n\n"
            f"Thanks, Carla\n\nAm Mo., 23. Nov. 2026 um 10:00 Uhr schrieb pbem:\n{QUOTE}")
    result = table.write(seat, body)
    assert result.status == "accepted" and len(result.orders) == 1
    answer = text_of(table.answers[-1])
    assert "Not read as orders" in answer and "Good luck to everyone" in answer
    assert "refused" not in answer and "schrieb" not in answer and "Hi all" not in answer


def test_chat_alone_is_listed_as_not_read_with_how_to_talk(table: Table) -> None:
    result = table.write("anna", "good game everyone!\n")
    assert result.status == "talk" and result.ignored == ("good game everyone!",)
    answer = text_of(table.answers[-1])
    assert "press to all:" in answer and "refused" not in answer


def test_a_letter_of_thanks_signed_with_a_name_is_listed_not_refused(table: Table) -> None:
    before = table.store.last_seq(table.game_id)
    result = table.write("anna", "Hi all,\n\nthanks!\nAnna\n")
    assert result.status == "talk" and result.ignored == ("thanks!", "Anna")
    answer = text_of(table.answers[-1])
    assert "refused" not in answer and "..  Anna" in answer
    assert table.store.last_seq(table.game_id) == before  # nothing was decided
    lone = table.write("anna", "Anna\n")  # a lone line may be a mistyped order: read as one
    assert lone.status == "rejected" and lone.line == "Anna"


@pytest.mark.parametrize("headers", [
    {"Precedence": "auto_reply"}, {"X-Autoreply": "yes"},
    {"Subject": "Out of Office: your move"}, {"Subject": "Abwesenheitsnotiz: Re: your move"},
    {"Subject": "Automatic reply: your move"},
])
def test_auto_replies_are_kept_but_never_read_or_answered(table: Table,
                                                          headers: dict[str, str]) -> None:
    seat, order = first_order(table)
    before = load_game(table.store, table.game_id).seq
    answers = len(table.answers)
    result = table.write(seat, f"{order}\nI am away until Monday.\n", headers=headers)
    assert result.code == "automatic-mail"
    assert load_game(table.store, table.game_id).seq == before
    assert len(table.answers) == answers


@pytest.mark.parametrize("line", ["I challenge bruno", "please pass", "I'll place red europe",
                                  "ok pass", "let's duel bruno", "duel bruno!"])
def test_polite_orders_are_orders(line: str) -> None:
    assert letter_of(line + "\n") == ((line,), (), ())


def test_a_long_order_is_still_an_order() -> None:
    line = ("redeploy blue from europe to asia, green from africa to oceania, red from russia "
            "to india, yellow from antarctica to europe")
    assert letter_of(line + "\n") == ((line,), (), ())


def test_help_on_an_order_of_the_game_by_mail(table: Table) -> None:
    result = table.write("anna", "help vote\n")
    said = result.notes[0]
    assert said.startswith("help vote\nvote <marker> <marker> <marker>")
    assert "for example: vote red white white" in said
    assert "You cannot write it now" in said  # the opening asks a placement, not a vote
    result = table.write("anna", "help attack\n")
    assert "There is no help on 'attack'" in result.notes[0]
    assert "help and an order: place, move, vote, redeploy, pass" in result.notes[0]
