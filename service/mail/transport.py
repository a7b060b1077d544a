"""Sending mail: through an SMTP relay when PBEM_SMTP_URL is set, else into the mail folder.

SMTP URLs: `smtp://user:password@host:587` (STARTTLS when the server offers it; add
`?starttls=yes` to insist), `smtps://user:password@host:465` (TLS from the start),
`smtp://127.0.0.1:25` for a local relay; the options are those of `service.base.mailurl`
(`starttls`, `cafile`, `verify`). The mail folder gets one .eml file per message, written
atomically under a name derived from the delivery, so writing it again is harmless; it carries
its envelope sender as `Return-Path`, as a local delivery would.
"""
from __future__ import annotations

import os
import smtplib
import tempfile
from email.message import EmailMessage
from pathlib import Path
from urllib.parse import unquote, urlsplit

from service.base.config import Config
from service.base.mailurl import MailUrlError, TlsOptions, smtp_url_options

SMTP_TIMEOUT = 30


class TransientDeliveryError(Exception):
    """Sending failed for a reason that may pass (network, a 4xx answer): try again later."""


class PermanentDeliveryError(Exception):
    """Sending failed for good (a 5xx refusal of the message or its recipient): never retry.

    `smtp_code` is the relay's answer (0 when the refusal came from the settings themselves);
    `recipient` whether it refused the recipient's address, as a bounce would.
    """

    def __init__(self, message: str, smtp_code: int = 0, recipient: bool = False) -> None:
        super().__init__(message)
        self.smtp_code = smtp_code
        self.recipient = recipient
        """Whether the relay refused the recipient's address (not the message itself)."""


def send(config: Config, message: EmailMessage, name: str,
         envelope_from: str | None = None) -> str:
    """Send `message`; return where it went. `name` names the file in the mail folder;
    `envelope_from` is where bounces go (None: the From address)."""
    if config.smtp_url:
        send_smtp(config.smtp_url, message, envelope_from)
        return config.smtp_url.split("@")[-1]
    if envelope_from:
        del message["Return-Path"]
        message["Return-Path"] = f"<{envelope_from}>"
    return str(write_to_folder(config.mail_dir, message, name))


def write_to_folder(folder: Path, message: EmailMessage, name: str) -> Path:
    """Write `message` as `<folder>/<name>.eml`, atomically.

    The file is written under a name no reader of `*.eml` takes (a dot file ending in `.part`),
    then renamed: a mail client or test looking at the folder sees whole messages only.
    """
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{name}.eml"
    fd, temporary = tempfile.mkstemp(dir=folder, prefix=".incoming-", suffix=".part")
    with os.fdopen(fd, "wb") as handle:
        handle.write(message.as_bytes())
    os.replace(temporary, target)
    return target


def smtp_options(url: str) -> TlsOptions:
    """Return the TLS options of an SMTP URL; raise MailUrlError naming what is wrong."""
    return smtp_url_options(url)


def send_smtp(url: str, message: EmailMessage, envelope_from: str | None = None) -> None:
    """Send `message` through the relay at `url`, classifying failures as transient or not."""
    parts = urlsplit(url)
    try:
        options = smtp_options(url)
    except MailUrlError as exc:
        raise PermanentDeliveryError(str(exc)) from None
    host = parts.hostname or "localhost"
    try:
        with _connect(parts.scheme, host, parts.port, options) as client:
            _secure(client, parts.scheme, host, options)
            if parts.username:
                client.login(unquote(parts.username), unquote(parts.password or ""))
            refused = client.send_message(message, from_addr=envelope_from)
    except MailUrlError as exc:
        raise PermanentDeliveryError(str(exc)) from None
    except smtplib.SMTPResponseException as exc:
        raise classified(exc.smtp_code, f"{exc.smtp_code} {exc.smtp_error!r}") from None
    except smtplib.SMTPRecipientsRefused as exc:
        raise refused_recipients(exc.recipients) from None
    except (TimeoutError, OSError, smtplib.SMTPException) as exc:
        raise TransientDeliveryError(f"{type(exc).__name__}: {exc}") from None
    if refused:
        raise refused_recipients(refused)


def relay_problem(url: str) -> str:
    """Return why the relay at `url` cannot take mail now ('' when it greets, secures and
    logs in as the URL asks); nothing is sent."""
    parts = urlsplit(url)
    try:
        options = smtp_options(url)
        host = parts.hostname or "localhost"
        with _connect(parts.scheme, host, parts.port, options) as client:
            _secure(client, parts.scheme, host, options)
            if parts.username:
                client.login(unquote(parts.username), unquote(parts.password or ""))
            client.noop()
    except (MailUrlError, smtplib.SMTPException, OSError) as exc:
        return f"{type(exc).__name__}: {exc}"[:300]
    return ""


def classified(code: int, text: str, recipient: bool = False) -> Exception:
    """Return the error for a relay's refusal: permanent for 5xx, else transient."""
    if 500 <= code < 600:
        return PermanentDeliveryError(f"the relay refused the message for good: {text}", code,
                                      recipient)
    return TransientDeliveryError(f"the relay answered {text}; trying again later")


def refused_recipients(recipients: dict[str, tuple[int, bytes]]) -> Exception:
    """Return the error for refused recipients: permanent unless every refusal is 4xx."""
    codes = [code for code, _ in recipients.values()]
    worst = max(codes, default=550)
    return classified(worst, f"recipients refused: {recipients}", recipient=True)


def _connect(scheme: str, host: str, port: int | None, options: TlsOptions) -> smtplib.SMTP:
    """Return an open connection to the relay (TLS from the start for smtps)."""
    if scheme == "smtps":
        return smtplib.SMTP_SSL(host, port or 465, timeout=SMTP_TIMEOUT,
                                context=options.context())
    return smtplib.SMTP(host, port or 25, timeout=SMTP_TIMEOUT)


def _secure(client: smtplib.SMTP, scheme: str, host: str, options: TlsOptions) -> None:
    """Upgrade a plain connection with STARTTLS as the URL asks."""
    if scheme == "smtps":
        return
    client.ehlo()
    context = options.starttls_context(host, client.has_extn("starttls"))
    if context is not None:
        client.starttls(context=context)
        client.ehlo()
