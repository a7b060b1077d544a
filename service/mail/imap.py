"""Polling an ordinary mailbox over IMAP: each unseen message is handed over, then marked seen.

The URL names the account: imaps://USER:PASSWORD@HOST[:PORT]/MAILBOX (TLS from the start) or
imap://... (STARTTLS when the server offers it), with user and password percent-encoded.
The options are those of every mail URL (`service.base.mailurl`): `starttls=yes|no|auto`,
`cafile=PATH` (trust the certificate authority in PATH), `verify=no` (take a self-signed
certificate).

A message is fetched with BODY.PEEK[] (which leaves it unseen) and marked \\Seen only after the
handler returned, so a crash or a failing handler loses nothing: the next poll hands the message
over again. Delivery is therefore at least once; the handler recognises duplicates (the same
message to the same address from the same sender; see `service.mail.identity.relayed_key`).
"""
from __future__ import annotations

import contextlib
import imaplib
import logging
import ssl
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from service.base.mailurl import MailUrlError, TlsOptions, tls_options

log = logging.getLogger(__name__)

TIMEOUT_SECONDS = 60
DEFAULT_PORTS = {"imap": 143, "imaps": 993}


class ImapError(Exception):
    """The mailbox could not be polled; the message says why in plain words."""


class ImapLoginError(ImapError):
    """The server refused the user name or the password."""


@dataclass(frozen=True)
class ImapAccount:
    """Where and as whom to log in, as named by an imap:// or imaps:// URL."""

    host: str
    port: int
    user: str
    password: str
    implicit_tls: bool
    tls: TlsOptions
    mailbox: str | None

    @property
    def starttls(self) -> str:
        """Return "auto" (when offered), "yes" (required) or "no"."""
        return self.tls.starttls

    def tls_context(self) -> ssl.SSLContext:
        """Return the TLS context the URL asks for (verifying, unless verify=no)."""
        try:
            return self.tls.context()
        except OSError as exc:
            raise ImapError(f"cannot read the cafile {self.tls.cafile!r}: {exc}") from exc

    def __str__(self) -> str:
        """Return "user at host:port", for messages (never the password)."""
        return f"{self.user!r} at {self.host}:{self.port}"


def parse_imap_url(url: str) -> ImapAccount:
    """Return the account named by `url`; raise ImapError when the URL is not usable."""
    parts = urlsplit(url)
    if parts.scheme not in DEFAULT_PORTS:
        raise ImapError(f"an IMAP URL starts with imap:// or imaps://, not {parts.scheme!r}")
    try:
        port = parts.port or DEFAULT_PORTS[parts.scheme]
    except ValueError:
        raise ImapError("the port in the IMAP URL is not a number from 1 to 65535") from None
    if not parts.hostname or not parts.username:
        raise ImapError("the IMAP URL needs a user and a host: imaps://USER:PASSWORD@HOST/")
    try:
        tls = tls_options(parts.query, "the IMAP URL")
    except MailUrlError as exc:
        raise ImapError(str(exc)) from None
    return ImapAccount(parts.hostname, port, unquote(parts.username),
                       unquote(parts.password or ""), parts.scheme == "imaps", tls,
                       unquote(parts.path.lstrip("/")) or None)


def poll_imap(url: str, handle: Callable[[bytes], object], *, mailbox: str = "INBOX",
              limit: int = 100) -> int:
    """Hand each unseen message (at most `limit`) to `handle`; return how many it accepted.

    The mailbox named in the URL's path wins over `mailbox`. A message is marked seen only
    after `handle` returned; one that raised is logged, stays unseen and is tried again on the
    next poll, and the other messages go on.
    """
    account = parse_imap_url(url)
    with _session(account) as conn:
        _select(conn, account.mailbox or mailbox, account)
        return sum(_hand_over(conn, uid, handle) for uid in _unseen(conn, account)[:limit])


def mailbox_problem(url: str, mailbox: str = "INBOX") -> str:
    """Return why the mailbox at `url` cannot be polled now ('' when it logs in and opens)."""
    try:
        account = parse_imap_url(url)
        with _session(account) as conn:
            _select(conn, account.mailbox or mailbox, account)
    except ImapError as exc:
        return str(exc)
    return ""


@contextlib.contextmanager
def _session(account: ImapAccount) -> Iterator[imaplib.IMAP4]:
    """Yield a logged-in connection; turn imaplib's and the network's errors into ImapError."""
    conn = _connect(account)
    try:
        _login(conn, account)
        yield conn
    except imaplib.IMAP4.abort as exc:
        raise ImapError(f"the IMAP connection for {account} was lost: {_text(exc)}") from exc
    except imaplib.IMAP4.error as exc:
        raise ImapError(f"the IMAP server for {account} answered: {_text(exc)}") from exc
    except OSError as exc:
        raise ImapError(f"the IMAP connection for {account} failed: {exc}") from exc
    finally:
        with contextlib.suppress(Exception):
            conn.logout()


def _connect(account: ImapAccount) -> imaplib.IMAP4:
    """Return a connection to the server, secured with TLS or STARTTLS as the URL asks."""
    try:
        if account.implicit_tls:
            return imaplib.IMAP4_SSL(account.host, account.port, timeout=TIMEOUT_SECONDS,
                                     ssl_context=account.tls_context())
        conn = imaplib.IMAP4(account.host, account.port, timeout=TIMEOUT_SECONDS)
    except (OSError, imaplib.IMAP4.error) as exc:
        raise ImapError(f"cannot connect to the IMAP server {account.host}:{account.port}: "
                        f"{_text(exc)}") from exc
    try:
        _starttls(conn, account)
    except BaseException:
        with contextlib.suppress(OSError):  # a failed TLS handshake leaves a dead socket
            conn.shutdown()
        raise
    return conn


def _starttls(conn: imaplib.IMAP4, account: ImapAccount) -> None:
    """Switch to TLS when the server offers it (or fail when the URL requires it)."""
    try:
        context = account.tls.starttls_context(account.host, "STARTTLS" in conn.capabilities)
    except MailUrlError as exc:
        raise ImapError(f"the IMAP server {account.host}:{account.port}: {exc}") from None
    except OSError as exc:
        raise ImapError(f"cannot read the cafile {account.tls.cafile!r}: {exc}") from exc
    if context is not None:
        try:
            conn.starttls(context)
        except (OSError, imaplib.IMAP4.error) as exc:
            raise ImapError(f"STARTTLS with {account.host}:{account.port} failed: "
                            f"{_text(exc)}") from exc


def _login(conn: imaplib.IMAP4, account: ImapAccount) -> None:
    """Log in (LOGIN, or AUTHENTICATE PLAIN for non-ASCII credentials); raise ImapLoginError."""
    if "LOGINDISABLED" in conn.capabilities:
        raise ImapLoginError(f"the IMAP server for {account} refuses logins without TLS: "
                             "use imaps:// or let STARTTLS run (starttls=auto)")
    try:
        if f"{account.user}{account.password}".isascii():
            conn.login(account.user, account.password)
        else:
            plain = f"\0{account.user}\0{account.password}".encode()
            conn.authenticate("PLAIN", lambda _challenge: plain)
    except imaplib.IMAP4.abort:
        raise
    except imaplib.IMAP4.error as exc:
        raise ImapLoginError(f"the IMAP server refused the login of {account}: "
                             f"{_text(exc)}") from None


def _select(conn: imaplib.IMAP4, mailbox: str, account: ImapAccount) -> None:
    """Open `mailbox` for reading and flagging; raise ImapError when it cannot be opened."""
    if not mailbox.isascii():
        raise ImapError(f"the mailbox name {mailbox!r} must be ASCII")
    quoted = '"' + mailbox.replace("\\", "\\\\").replace('"', '\\"') + '"'
    status, data = conn.select(quoted)
    if status != "OK":
        raise ImapError(f"cannot open the mailbox {mailbox!r} for {account}: {_text(data)}")


def _unseen(conn: imaplib.IMAP4, account: ImapAccount) -> list[str]:
    """Return the UIDs of the unseen messages, oldest first."""
    status, data = conn.uid("SEARCH", "UNSEEN")
    if status != "OK":
        raise ImapError(f"searching for unseen messages for {account} failed: {_text(data)}")
    uids = b" ".join(item for item in data if isinstance(item, bytes)).decode().split()
    return sorted(uids, key=int)


def _hand_over(conn: imaplib.IMAP4, uid: str, handle: Callable[[bytes], object]) -> int:
    """Fetch one message, hand it to `handle`, mark it seen; return 1 if handle accepted it."""
    raw = _fetch(conn, uid)
    if raw is None:
        return 0
    try:
        handle(raw)
    except Exception:
        log.exception("handling the IMAP message with UID %s failed; it stays unseen and is "
                      "tried again on the next poll", uid)
        return 0
    status, data = conn.uid("STORE", uid, "+FLAGS", "(\\Seen)")
    if status != "OK":
        log.error("the IMAP message with UID %s was handled but could not be marked seen (%s); "
                  "it will be handed over again", uid, _text(data))
    return 1


def _fetch(conn: imaplib.IMAP4, uid: str) -> bytes | None:
    """Return the raw message with this UID without marking it seen; None if it is gone."""
    status, data = conn.uid("FETCH", uid, "(BODY.PEEK[])")
    for item in data if status == "OK" else []:
        if isinstance(item, tuple) and b"BODY[]" in item[0]:
            return bytes(item[1])
    log.warning("the IMAP message with UID %s could not be fetched (%s %s); it is skipped",
                uid, status, _text(data))
    return None


def _text(value: object) -> str:
    """Return a server answer or an exception as readable text (bytes decoded)."""
    if isinstance(value, BaseException):
        value = value.args[0] if len(value.args) == 1 else value
    if isinstance(value, list):
        return " ".join(_text(item) for item in value if item is not None)
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)
