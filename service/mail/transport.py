"""Sending mail: through an SMTP relay when PBEM_SMTP_URL is set, else into the mail folder.

SMTP URLs: `smtp://user:password@host:587` (STARTTLS when the server offers it; add
`?starttls=required` to insist), `smtps://user:password@host:465` (TLS from the start),
`smtp://host:25?starttls=no` for a local relay; `cafile=/path/ca.pem` trusts a private CA. The mail folder gets one .eml file per message,
written atomically under a name derived from the delivery, so writing it again is harmless.
"""
from __future__ import annotations

import os
import smtplib
import ssl
import tempfile
from email.message import EmailMessage
from functools import lru_cache
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

from service.base.config import Config

SMTP_TIMEOUT = 30


class TransientDeliveryError(Exception):
    """Sending failed for a reason that may pass (network, a 4xx answer): try again later."""


class PermanentDeliveryError(Exception):
    """Sending failed for good (a 5xx refusal of the message or its recipient): never retry.

    `smtp_code` is the relay's answer (0 when the refusal came from the settings themselves).
    """

    def __init__(self, message: str, smtp_code: int = 0) -> None:
        super().__init__(message)
        self.smtp_code = smtp_code


def send(config: Config, message: EmailMessage, name: str) -> str:
    """Send `message`; return where it went. `name` names the file in the mail folder."""
    if config.smtp_url:
        send_smtp(config.smtp_url, message)
        return config.smtp_url.split("@")[-1]
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


@lru_cache(maxsize=8)
def tls_context(cafile: str | None) -> ssl.SSLContext:
    """Return the verifying TLS context for a relay, made once per process and CA file.

    Loading the system's CA bundle takes tens of milliseconds of CPU: more than the rest of a
    send to a local relay. A context holds no connection state, so every send shares it.
    """
    return ssl.create_default_context(cafile=cafile)


def send_smtp(url: str, message: EmailMessage) -> None:
    """Send `message` through the relay at `url`, classifying failures as transient or not."""
    parts = urlsplit(url)
    options = {k: v[-1] for k, v in parse_qs(parts.query).items()}
    try:
        context = tls_context(options.get("cafile"))
        with _connect(parts.scheme, parts.hostname or "localhost", parts.port,
                      context) as client:
            _secure(client, parts.scheme, options.get("starttls", "auto"), context)
            if parts.username:
                client.login(unquote(parts.username), unquote(parts.password or ""))
            refused = client.send_message(message)
    except smtplib.SMTPResponseException as exc:
        raise classified(exc.smtp_code, f"{exc.smtp_code} {exc.smtp_error!r}") from None
    except smtplib.SMTPRecipientsRefused as exc:
        raise refused_recipients(exc.recipients) from None
    except (TimeoutError, OSError, smtplib.SMTPException) as exc:
        raise TransientDeliveryError(f"{type(exc).__name__}: {exc}") from None
    if refused:
        raise refused_recipients(refused)


def classified(code: int, text: str) -> Exception:
    """Return the error for a relay's refusal: permanent for 5xx, else transient."""
    if 500 <= code < 600:
        return PermanentDeliveryError(f"the relay refused the message for good: {text}", code)
    return TransientDeliveryError(f"the relay answered {text}; trying again later")


def refused_recipients(recipients: dict[str, tuple[int, bytes]]) -> Exception:
    """Return the error for refused recipients: permanent unless every refusal is 4xx."""
    codes = [code for code, _ in recipients.values()]
    worst = max(codes, default=550)
    return classified(worst, f"recipients refused: {recipients}")


def _connect(scheme: str, host: str, port: int | None,
             context: ssl.SSLContext) -> smtplib.SMTP:
    """Return an open connection to the relay (TLS from the start for smtps)."""
    if scheme == "smtps":
        return smtplib.SMTP_SSL(host, port or 465, timeout=SMTP_TIMEOUT, context=context)
    if scheme != "smtp":
        raise PermanentDeliveryError(f"PBEM_SMTP_URL must start with smtp:// or smtps://, "
                                     f"not {scheme}://")
    return smtplib.SMTP(host, port or 25, timeout=SMTP_TIMEOUT)


def _secure(client: smtplib.SMTP, scheme: str, starttls: str, context: ssl.SSLContext) -> None:
    """Upgrade a plain connection with STARTTLS as the URL asks."""
    if scheme == "smtps" or starttls == "no":
        return
    client.ehlo()
    if client.has_extn("starttls"):
        client.starttls(context=context)
        client.ehlo()
    elif starttls == "required":
        raise PermanentDeliveryError("the relay does not offer STARTTLS, and the URL requires it")
