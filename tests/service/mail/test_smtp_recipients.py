"""The SMTP listener refuses unsigned and forged recipients in the conversation (no backscatter)."""
from __future__ import annotations

import smtplib
import socket
from collections.abc import Iterator, Sequence
from email.message import EmailMessage
from pathlib import Path

import pytest

from service.mail.inbound import receive_email
from service.mail.recipients import recipient_check
from service.mail.smtpd import start_listener
from service.seats import master
from tests.service.tablemail import Table, open_table


def free_port() -> int:
    """Return a free local TCP port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Table, int, list[str]]]:
    """A game and a listener on its store with the recipient check; the stored ids."""
    table = open_table(tmp_path)
    stored: list[str] = []

    def keep(raw: bytes, sender: str | None, rcpts: Sequence[str]) -> str:
        sub, _ = receive_email(table.store, raw, envelope_from=sender, envelope_to=rcpts)[0]
        stored.append(sub.id)
        return sub.id

    port = free_port()
    listener = start_listener("127.0.0.1", port, table.config.mail_domain, keep, 1 << 20,
                              recipient_check(table.store, table.config))
    try:
        yield table, port, stored
    finally:
        listener.stop()


def deliver(port: int, to: str) -> dict[str, tuple[int, bytes]]:
    """Send one message to `to`; return the refused recipients."""
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "m@elsewhere.test", to, "x"
    message.set_content("place red europe")
    with smtplib.SMTP("127.0.0.1", port, timeout=10) as client:
        try:
            return dict(client.send_message(message))
        except smtplib.SMTPRecipientsRefused as exc:
            return {k: (v[0], v[1]) for k, v in exc.recipients.items()}


def test_the_seats_own_address_is_taken(served: tuple[Table, int, list[str]]) -> None:
    table, port, stored = served
    assert deliver(port, table.address("anna")) == {}
    assert len(stored) == 1


@pytest.mark.parametrize("local", ["games", "play+{game}.anna.aaaaaaaaaaaaaaaa",
                                   "play+{game}.zed.aaaaaaaaaaaaaaaa", "play+00000000.a.b"])
def test_unsigned_and_forged_recipients_are_refused(served: tuple[Table, int, list[str]],
                                                    local: str) -> None:
    table, port, stored = served
    address = local.format(game=table.game_id) + "@" + table.config.mail_domain
    refused = deliver(port, address)
    assert refused[address][0] == 550 and stored == []


def test_an_old_address_is_refused_with_the_reason(served: tuple[Table, int, list[str]]) -> None:
    table, port, stored = served
    old = table.address("bruno")
    master.rotate_token(table.store, table.game_id, "bruno")
    refused = deliver(port, old)
    assert refused[old][0] == 550 and b"replaced by a newer one" in refused[old][1]
    assert stored == []


def test_a_press_reply_address_is_taken_and_a_tampered_one_refused(
        served: tuple[Table, int, list[str]]) -> None:
    table, port, stored = served
    table.write("anna", "press to bruno: meet me at the lodge\n")
    good = str(table.mails("bruno", "press")[0]["Reply-To"])
    tampered = good.replace(".bruno.", ".carla.")
    assert deliver(port, tampered)[tampered][0] == 550 and stored == []
    assert deliver(port, good) == {}
    assert len(stored) == 1
