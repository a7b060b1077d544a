"""The options of the mail URLs (PBEM_SMTP_URL, PBEM_IMAP_URL), spelled the same for both.

    starttls=auto   STARTTLS when the server offers it (the default), verified; to a server on
                    the loopback address the certificate is not checked (the connection never
                    leaves the machine, and a local relay's is mostly self-signed)
    starttls=yes    STARTTLS required: no plain connection ever
    starttls=no     never STARTTLS (a plain connection)
    cafile=PATH     trust the certificate authority in PATH (a private CA)
    verify=no       take any certificate: for a relay on your own network with a self-signed one
                    (the connection is encrypted, but the server is not authenticated)

`1`, `true` and `required` are read as `yes`, `0` and `false` as `no`. Any other option or
value is refused with the reason, when the service starts (`check_mail_urls`).
"""
from __future__ import annotations

import ipaddress
import ssl
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import parse_qs, urlsplit

YES, NO, AUTO = "yes", "no", "auto"
SPELLINGS = {"yes": YES, "1": YES, "true": YES, "required": YES,
             "no": NO, "0": NO, "false": NO, "auto": AUTO}
OPTIONS = ("starttls", "cafile", "verify")


class MailUrlError(ValueError):
    """A mail URL names an option or value the service does not know; the text says which."""


@dataclass(frozen=True)
class TlsOptions:
    """How to secure a connection to a mail server, as a URL's options ask."""

    starttls: str = AUTO
    cafile: str | None = None
    verify: bool = True

    def context(self) -> ssl.SSLContext:
        """Return the TLS context these options ask for (made once per process)."""
        return tls_context(self.cafile, self.verify)

    def starttls_context(self, host: str, offered: bool) -> ssl.SSLContext | None:
        """Return the context to upgrade a plain connection to `host` with, which `offered`
        STARTTLS or not (None: stay plain); raise MailUrlError when STARTTLS is required and
        not offered."""
        if self.starttls == NO:
            return None
        if not offered:
            if self.starttls == YES:
                raise MailUrlError(f"{host} does not offer STARTTLS, and the URL asks for "
                                   "starttls=yes")
            return None
        if self.starttls == AUTO and is_loopback(host) and self.cafile is None:
            return tls_context(None, verify=False)
        return self.context()


def tls_options(query: str, what: str) -> TlsOptions:
    """Return the TLS options of a URL's query; `what` names the URL in the refusal."""
    given = parse_qs(query, keep_blank_values=True)
    unknown = sorted(set(given) - set(OPTIONS))
    if unknown:
        raise MailUrlError(f"{what} has an unknown option {unknown[0]!r}; the options are "
                           + ", ".join(OPTIONS))
    starttls = _choice(given, "starttls", AUTO, what)
    verify = _choice(given, "verify", YES, what)
    if verify == AUTO:
        raise MailUrlError(f"verify in {what} is yes or no, not auto")
    cafile = given["cafile"][-1] if given.get("cafile") else None
    return TlsOptions(starttls, cafile or None, verify == YES)


def _choice(given: dict[str, list[str]], name: str, default: str, what: str) -> str:
    """Return the value of a yes/no/auto option in its one spelling."""
    if name not in given:
        return default
    value = given[name][-1].strip().lower()
    if value not in SPELLINGS:
        raise MailUrlError(f"{name} in {what} is yes, no or auto, not {value!r}")
    return SPELLINGS[value]


def is_loopback(host: str) -> bool:
    """Return whether `host` names this machine (localhost, 127.0.0.0/8, ::1)."""
    if host.lower() in ("localhost", "localhost.localdomain"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@lru_cache(maxsize=8)
def tls_context(cafile: str | None, verify: bool = True) -> ssl.SSLContext:
    """Return a TLS context, made once per process for each CA file and verification choice.

    Loading the system's CA bundle takes tens of milliseconds of CPU: more than the rest of a
    send to a local relay. A context holds no connection state, so every connection shares it.
    """
    context = ssl.create_default_context(cafile=cafile)
    if not verify:
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    return context


def smtp_url_options(url: str) -> TlsOptions:
    """Return the TLS options of an SMTP URL; raise MailUrlError naming what is wrong."""
    parts = urlsplit(url)
    if parts.scheme not in ("smtp", "smtps"):
        raise MailUrlError(f"PBEM_SMTP_URL must start with smtp:// or smtps://, not "
                           f"{parts.scheme}://")
    _check_port(parts.port if _port_readable(url) else -1, "PBEM_SMTP_URL")
    return tls_options(parts.query, "PBEM_SMTP_URL")


def _port_readable(url: str) -> bool:
    """Return whether the URL's port, if any, is a number (urlsplit raises otherwise)."""
    try:
        urlsplit(url).port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        return False
    return True


def _check_port(port: int | None, what: str) -> None:
    """Raise MailUrlError for a port that is not a number from 1 to 65535."""
    if port is not None and not 1 <= port <= 65535:
        raise MailUrlError(f"the port in {what} is not a number from 1 to 65535")
