"""No backscatter: mail the service cannot tie to a signed address is kept but never answered,
except at the public address, where people write on purpose."""
from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest

from service.base.config import load_config
from service.mail.compose import compose_reply
from service.mail.inbound import receive_email
from service.orders.creation import NewSeat, create_game
from service.orders.processing import process_submission
from service.store.store import Store

DOMAIN = "games.example.org"


def _mail(to: str) -> bytes:
    message = EmailMessage()
    message["From"] = "someone@elsewhere.test"
    message["To"] = to
    message["Subject"] = "orders"
    message["Message-ID"] = f"<{to.replace('@', '.')}@elsewhere.test>"
    message.set_content("vote red\n")
    return bytes(message)


@pytest.mark.parametrize(("to", "answered"), [
    (f"games@{DOMAIN}", True),
    (f"anything@{DOMAIN}", False),
    (f"play+0a1b2c3d.anna.{'a' * 16}@{DOMAIN}", False),
])
def test_only_the_public_address_answers_unsigned_mail(store: Store, tmp_path: Path, to: str,
                                                        answered: bool) -> None:
    config = load_config({"PBEM_HOME": str(tmp_path), "PBEM_SECRET_KEY": "k",
                          "PBEM_MAIL_DOMAIN": DOMAIN})
    create_game(store, "secret-masters", [NewSeat(n, f"{n}@example.org") for n in
                                          ("anna", "bruno", "carla")], seed_hex="aa" * 32)
    for envelope in ([to], []):  # by SMTP or a pipe (envelope), by IMAP (headers only)
        raw = _mail(to).replace(b"orders", b"orders " + str(len(envelope)).encode())
        sub, _ = receive_email(store, raw, envelope_from="someone@elsewhere.test",
                               envelope_to=envelope)[0]
        process_submission(store, sub.id, config=config)
        kept = store.get_submission(sub.id)
        assert kept is not None and kept.status == "rejected" and kept.recipient == to
        assert (compose_reply(store, config, kept) is not None) == answered
