"""Mail out through a relay that insists on STARTTLS and a password, and failure handling."""
from __future__ import annotations

import socket
import ssl
import subprocess
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

from service.base.mailurl import MailUrlError
from service.mail.transport import (
    PermanentDeliveryError,
    TransientDeliveryError,
    send_smtp,
    smtp_options,
    write_to_folder,
)

from .conftest import Outbox, free_port


def _certificate(folder: Path) -> tuple[Path, Path]:
    """Make a self-signed certificate for 127.0.0.1 with openssl."""
    key, cert = folder / "key.pem", folder / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    return key, cert


def _authenticator(server: Any, session: Any, envelope: Any, mechanism: str,
                   data: Any) -> AuthResult:
    ok = isinstance(data, LoginPassword) and (data.login, data.password) == (b"pbem", b"s3cret")
    return AuthResult(success=ok, handled=False)


@pytest.fixture
def secure_relay(tmp_path: Path) -> Iterator[tuple[Outbox, int, Path]]:
    """A relay requiring STARTTLS before AUTH, and AUTH before mail."""
    key, cert = _certificate(tmp_path)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    keeper, port = Outbox(), free_port()
    controller = Controller(keeper, hostname="127.0.0.1", port=port, tls_context=context,
                            require_starttls=True, auth_required=True,
                            auth_require_tls=True, authenticator=_authenticator)
    controller.start()
    try:
        yield keeper, port, cert
    finally:
        controller.stop()


def _message() -> EmailMessage:
    message = EmailMessage()
    message["From"], message["To"] = "games@games.test", "anna@players.test"
    message["Subject"], message["Message-ID"] = "turn", "<t1@games.test>"
    message.set_content("your move")
    return message


def test_starttls_and_login_deliver(secure_relay: tuple[Outbox, int, Path]) -> None:
    keeper, port, cert = secure_relay
    send_smtp(f"smtp://pbem:s3cret@127.0.0.1:{port}?starttls=required&cafile={cert}",
              _message())
    assert len(keeper.received) == 1 and keeper.received[0][0] == ["anna@players.test"]


def test_a_wrong_password_is_permanent(secure_relay: tuple[Outbox, int, Path]) -> None:
    _, port, cert = secure_relay
    with pytest.raises(PermanentDeliveryError):
        send_smtp(f"smtp://pbem:wrong@127.0.0.1:{port}?cafile={cert}", _message())


def test_an_untrusted_certificate_is_refused(secure_relay: tuple[Outbox, int, Path]) -> None:
    keeper, port, _ = secure_relay
    with pytest.raises(TransientDeliveryError):
        send_smtp(f"smtp://pbem:s3cret@127.0.0.1:{port}?starttls=yes", _message())
    assert keeper.received == []


@pytest.mark.parametrize("options", ["", "?starttls=yes&verify=no"])
def test_a_self_signed_local_relay_is_taken_by_default_or_when_told(
        secure_relay: tuple[Outbox, int, Path], options: str) -> None:
    """Debian's Postfix offers STARTTLS with a self-signed certificate: on the loopback address
    the default takes it (the mail never leaves the machine); verify=no takes it anywhere."""
    keeper, port, _ = secure_relay
    send_smtp(f"smtp://pbem:s3cret@127.0.0.1:{port}{options}", _message(),
              envelope_from="bounce+7.abcdefghijklmnop@games.test")
    assert len(keeper.received) == 1
    assert keeper.senders == ["bounce+7.abcdefghijklmnop@games.test"]


@pytest.mark.parametrize(("url", "reason"), [
    ("smtp://127.0.0.1:25?starttls=maybe", "starttls in PBEM_SMTP_URL is yes, no or auto"),
    ("smtp://127.0.0.1:25?tls=no", "unknown option 'tls'"),
    ("smtp://127.0.0.1:99999", "port"),
    ("http://127.0.0.1:25", "must start with smtp:// or smtps://"),
])
def test_a_bad_relay_url_is_refused_with_the_reason(url: str, reason: str) -> None:
    with pytest.raises(MailUrlError, match=reason):
        smtp_options(url)


def test_starttls_0_means_no_tls_at_all(secure_relay: tuple[Outbox, int, Path]) -> None:
    """`0` is another spelling of `no`, never `auto`: the relay requires STARTTLS, so a plain
    connection is refused there."""
    keeper, port, _ = secure_relay
    assert smtp_options("smtp://h?starttls=0").starttls == "no"
    with pytest.raises((PermanentDeliveryError, TransientDeliveryError), match="AUTH"):  # offered after TLS only
        send_smtp(f"smtp://pbem:s3cret@127.0.0.1:{port}?starttls=0", _message())
    assert keeper.received == []


def test_no_relay_listening_is_transient() -> None:
    with pytest.raises(TransientDeliveryError):
        send_smtp(f"smtp://127.0.0.1:{free_port()}?starttls=no", _message())


def test_the_mail_folder_gets_one_file_per_delivery(tmp_path: Path) -> None:
    first = write_to_folder(tmp_path, _message(), "g-1-anna-turn")
    again = write_to_folder(tmp_path, _message(), "g-1-anna-turn")
    assert first == again and [p.name for p in tmp_path.iterdir()] == ["g-1-anna-turn.eml"]
    assert b"your move" in first.read_bytes()


class Greeted:
    """A relay that keeps messages and counts its connections (each greets with EHLO once)."""

    def __init__(self) -> None:
        self.greetings = 0
        self.messages = 0

    async def handle_EHLO(self, server: Any, session: Any, envelope: Any, hostname: str,
                          responses: list[str]) -> list[str]:
        self.greetings += 1
        session.host_name = hostname
        return responses

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages += 1
        return "250 OK kept"


@pytest.fixture
def greeted() -> Iterator[tuple[Greeted, int]]:
    from service.mail.transport import close_relay_connections

    relay, port = Greeted(), free_port()
    controller = Controller(relay, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield relay, port
    finally:
        close_relay_connections()
        controller.stop()


def test_a_batch_of_mails_goes_through_one_connection(greeted: tuple[Greeted, int]) -> None:
    relay, port = greeted
    for _ in range(3):
        send_smtp(f"smtp://127.0.0.1:{port}", _message())
    assert (relay.messages, relay.greetings) == (3, 1)


def test_a_connection_the_relay_dropped_or_left_idle_is_replaced(
        greeted: tuple[Greeted, int], monkeypatch: pytest.MonkeyPatch) -> None:
    from service.mail import transport

    relay, port = greeted
    url = f"smtp://127.0.0.1:{port}"
    send_smtp(url, _message())
    transport._open[url].client.sock.shutdown(socket.SHUT_RDWR)  # type: ignore[union-attr]
    send_smtp(url, _message())
    monkeypatch.setattr(transport, "REUSE_IDLE_SECONDS", 0.0)
    send_smtp(url, _message())
    assert (relay.messages, relay.greetings) == (3, 3)


def test_a_failed_send_leaves_no_connection_behind(greeted: tuple[Greeted, int]) -> None:
    from service.mail import transport

    relay, port = greeted
    url = f"smtp://127.0.0.1:{port}"
    send_smtp(url, _message())
    bad = _message()
    del bad["To"]
    with pytest.raises((PermanentDeliveryError, TransientDeliveryError)):
        send_smtp(url, bad)  # no recipient: refused before DATA
    assert url not in transport._open
    send_smtp(url, _message())
    assert relay.messages == 2
