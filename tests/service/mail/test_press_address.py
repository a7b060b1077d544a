"""Each press mail's own signed Reply-To: answers reach the sender, forgeries are refused."""
from __future__ import annotations

from pathlib import Path

import pytest

from service.base.tokens import (
    press_reply_address,
    read_address,
    read_press_address,
    reply_address,
    signature,
)
from service.game.events import SERVICE_EVENTS, PressSent
from service.game.history import history
from service.game.loading import load_game
from service.mail.inbound import authenticate, recipient_refusal
from service.orders.results import ServiceError
from service.seats import master
from service.seats.press import conversation_key
from tests.service.tablemail import Table, html_of, mail_to, open_table, quoted, text_of


def game_seq(table: Table) -> int:
    """Return the seq of the game's last event."""
    return load_game(table.store, table.game_id).seq


def test_the_press_address_answers_the_sender_alone(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    table.write("anna", "press to bruno, carla: shall we ally?\n")
    mail = table.mails("bruno", "press")[0]
    address = str(mail["Reply-To"])
    assert read_press_address(address) is not None and read_address(address) is None
    assert "answer anna" in text_of(mail)
    result = mail_to(table, "bruno", address, f"Hi Anna,\n\nYes, gladly.\n\nBruno\n\n"
                                              f"On Mon, anna wrote:\n{quoted(mail)}\n")
    assert result.status == "talk" and result.notes == ("Press sent to anna.",)
    answer = table.mails("anna", "press")
    assert len(answer) == 1 and "Yes, gladly." in text_of(answer[0])
    assert "Hi Anna" not in text_of(answer[0]).split("Press from")[1]
    assert "press from bruno" in str(answer[0]["Subject"])
    assert len(table.mails("carla", "press")) == 1  # only anna's first message
    assert "Press sent to anna." in text_of(table.answers[-1])


def test_orders_written_to_a_press_address_are_never_decided_nor_sent(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    table.write("anna", "press to bruno: what will you do?\n")
    address = str(table.mails("bruno", "press")[0]["Reply-To"])
    before = game_seq(table)
    result = mail_to(table, "bruno", address, "vote red\n")
    assert result.code == "press-reply-orders"
    assert table.store.events(table.game_id, after_seq=before) == []
    assert table.mails("anna", "press") == []


def test_an_answer_to_anonymous_press_never_names_its_sender(tmp_path: Path) -> None:
    table = open_table(tmp_path, press="grey")
    table.write("anna", "anonymous press to bruno, carla: beware the red faction\n")
    mail = table.mails("bruno", "press")[0]
    address = str(mail["Reply-To"])
    assert "anna" not in address
    result = mail_to(table, "bruno", address, "Who are you?\n")
    assert result.notes == ("Press sent to the anonymous sender.",)
    to_anna = table.mails("anna", "press")
    assert len(to_anna) == 1 and "Who are you?" in text_of(to_anna[0])
    assert len(table.mails("carla", "press")) == 1  # the anonymous message only
    seen = [line.text + " " + line.actor for line in history(table.store, table.game_id,
                                                               "bruno")
            if "beware" in line.text or "Who are you" in line.text]
    seen += [text_of(m) + html_of(m) + str(m["Subject"]) + str(m["Reply-To"])
             for m in table.mails("bruno", "press") + table.answers if "bruno" in str(m["To"])]
    assert len(seen) == 4 and "anna" not in "\n".join(seen).lower()
    answer = last_press(table)
    assert answer.to_anonymous and conversation_key(answer, "bruno") == ("anonymous",)
    assert conversation_key(answer, "anna") == ("bruno",)
    # anna answers back through her own press address and stays unnamed
    back = mail_to(table, "anna", str(to_anna[0]["Reply-To"]), "Someone who knows.\n")
    assert back.notes == ("Press sent anonymously to bruno.",)
    again = table.mails("bruno", "press")[-1]
    assert "Someone who knows." in text_of(again) and "press from anonymous" in str(
        again["Subject"])
    assert "anna" not in (text_of(again) + str(again["Reply-To"])).lower()


def last_press(table: Table) -> PressSent:
    """Return the game's latest press message."""
    row = [row for row in table.store.events(table.game_id) if row.type == "press.sent"][-1]
    item = SERVICE_EVENTS.load(row.type, row.payload, row.schema_version)
    assert isinstance(item, PressSent)
    return item


def test_an_open_only_game_answers_everyone(tmp_path: Path) -> None:
    table = open_table(tmp_path, press="open")
    table.write("anna", "press to all: hello table\n")
    mail = table.mails("carla", "press")[0]
    result = mail_to(table, "carla", str(mail["Reply-To"]), "Glad to play with you all.\n")
    assert result.notes == ("Press sent to everyone.",)
    assert "Glad to play with you all." in text_of(table.mails("bruno", "press")[-1])


def forged_variants(table: Table, good: str) -> list[str]:
    """Return press addresses that differ from `good` in one claim, and order addresses."""
    claim = read_press_address(good)
    assert claim is not None
    key, domain, game = table.config.secret_key(), table.config.mail_domain, table.game_id
    mail_sig = signature(key, game, claim.seat, 0, "mail")
    mark = "n" if claim.numbered else "p"  # the seat's own number of the message, or its seq
    return [good.replace(f".{mark}{claim.seq}.", f".{mark}{claim.seq + 1}."),
            good.replace(f".{mark}{claim.seq}.", f".{'p' if claim.numbered else 'n'}{claim.seq}."),
            good.replace(f".{claim.seat}.", ".carla."),
            good.replace(claim.signature, "a" * 16),
            f"play+{game}.{claim.seat}.{mark}{claim.seq}.{mail_sig}@{domain}",
            f"play+{game}.{claim.seat}.{claim.signature}@{domain}",
            press_reply_address(b"another key", domain, game, claim.seat, claim.named, 0)]


def test_forged_and_crossed_addresses_are_refused(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    table.write("anna", "press to bruno: psst\n")
    good = str(table.mails("bruno", "press")[0]["Reply-To"])
    assert recipient_refusal(table.store, table.config, good) == ""
    for forged in forged_variants(table, good):
        assert recipient_refusal(table.store, table.config, forged).startswith("550"), forged
        with pytest.raises(ServiceError):
            authenticate(table.store, table.config, forged)


def test_a_forged_press_address_is_never_acted_on(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    table.write("anna", "press to bruno: psst\n")
    good = str(table.mails("bruno", "press")[0]["Reply-To"])
    before = game_seq(table)
    assert ".n" in good  # the message as bruno numbers it (numbers per reader)
    result = mail_to(table, "bruno", good.replace(".n", ".n1", 1), "I am anna's friend\n")
    assert result.status == "rejected" and result.code == "forged-address"
    assert game_seq(table) == before and table.mails("anna", "press") == []


def test_a_replaced_seats_press_address_stops_working(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    table.write("anna", "press to bruno: psst\n")
    old = str(table.mails("bruno", "press")[0]["Reply-To"])
    master.rotate_token(table.store, table.game_id, "bruno")
    with pytest.raises(ServiceError) as raised:
        authenticate(table.store, table.config, old)
    assert raised.value.code == "old-address"
    meta = load_game(table.store, table.game_id).meta
    assert reply_address(table.config.secret_key(), table.config.mail_domain, table.game_id,
                         "bruno", meta.generation("bruno")) != old


def test_a_press_address_sent_before_numbers_per_reader_still_answers_the_sender(
        tmp_path: Path) -> None:
    """A press mail sent before numbers per reader named the message by the log's seq
    (`p42`): such an address, kept in a player's mailbox, still answers the message's
    sender."""
    table = open_table(tmp_path)
    table.write("anna", "press to bruno: psst\n")
    [row] = [row for row in table.store.events(table.game_id) if row.type == "press.sent"]
    old = press_reply_address(table.config.secret_key(), table.config.mail_domain,
                              table.game_id, "bruno", row.seq, 0)
    claim = read_press_address(old)
    assert claim is not None and not claim.numbered and f".p{row.seq}." in old
    result = mail_to(table, "bruno", old, "Yes, gladly.\n")
    assert result.status == "talk" and result.notes == ("Press sent to anna.",)
    answer = table.mails("anna", "press")
    assert len(answer) == 1 and "Yes, gladly." in text_of(answer[0])
