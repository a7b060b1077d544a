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
import threading
import time
from dataclasses import dataclass
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


REUSE_IDLE_SECONDS = 20.0
"""How long an open relay connection waits for the next mail before it is closed (relays
hang up on idle clients after a few minutes; Postfix after 300 s)."""
REUSE_MESSAGES = 100
"""How many mails one relay connection carries before a fresh one is opened."""


@dataclass
class _Open:
    """A relay connection kept for the next mail: when it was last used, and how often."""

    client: smtplib.SMTP
    used_at: float
    sent: int = 0


_open: dict[str, _Open] = {}
_open_lock = threading.Lock()


def send_smtp(url: str, message: EmailMessage, envelope_from: str | None = None) -> None:
    """Send `message` through the relay at `url`, classifying failures as transient or not.

    The connection stays open for the next mail of this process (a batch of turn mails goes
    through one greeting, one STARTTLS and one login); one found closed or stale is replaced
    before anything is sent, and any failure closes it, so a retry starts afresh.
    """
    try:
        options = smtp_options(url)
    except MailUrlError as exc:
        raise PermanentDeliveryError(str(exc)) from None
    with _open_lock:
        try:
            kept = _connection(url, options)
            refused = kept.client.send_message(message, from_addr=envelope_from)
            kept.used_at, kept.sent = time.monotonic(), kept.sent + 1
            if refused:
                raise refused_recipients(refused)
        except (PermanentDeliveryError, TransientDeliveryError):
            _close(url, "RSET")
            raise
        except MailUrlError as exc:
            _close(url)
            raise PermanentDeliveryError(str(exc)) from None
        except smtplib.SMTPResponseException as exc:
            _close(url, "RSET")
            raise classified(exc.smtp_code, f"{exc.smtp_code} {exc.smtp_error!r}") from None
        except smtplib.SMTPRecipientsRefused as exc:
            _close(url, "RSET")
            raise refused_recipients(exc.recipients) from None
        except (TimeoutError, OSError, smtplib.SMTPException) as exc:
            _close(url)
            raise TransientDeliveryError(f"{type(exc).__name__}: {exc}") from None


def _connection(url: str, options: TlsOptions) -> _Open:
    """Return this process's open connection to the relay, or a new one (greeted, secured
    and logged in as the URL asks)."""
    kept = _open.get(url)
    if kept is not None:
        fresh = (time.monotonic() - kept.used_at < REUSE_IDLE_SECONDS
                 and kept.sent < REUSE_MESSAGES)
        try:
            if fresh and kept.client.noop()[0] == 250:
                return kept
        except (OSError, smtplib.SMTPException):
            pass
        _close(url)
    for stale in [other for other, open_ in _open.items()
                  if time.monotonic() - open_.used_at >= REUSE_IDLE_SECONDS]:
        _close(stale)  # a relay of settings no longer used
    parts = urlsplit(url)
    host = parts.hostname or "localhost"
    client = _connect(parts.scheme, host, parts.port, options)
    try:
        _secure(client, parts.scheme, host, options)
        if parts.username:
            client.login(unquote(parts.username), unquote(parts.password or ""))
    except BaseException:
        client.close()
        raise
    _open[url] = _Open(client, time.monotonic())
    return _open[url]


def _close(url: str, first: str = "QUIT") -> None:
    """Close the kept connection to the relay, politely where it still answers."""
    kept = _open.pop(url, None)
    if kept is None:
        return
    try:
        if first == "RSET":
            kept.client.rset()
        kept.client.quit()
    except (OSError, smtplib.SMTPException):
        kept.client.close()


def close_relay_connections() -> None:
    """Close every kept relay connection (a process that exits just drops them)."""
    with _open_lock:
        for url in list(_open):
            _close(url)


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
