"""Polling a real IMAP server: Debian's dovecot, started for these tests on a free local port.

Without dovecot (package dovecot-imapd, installed by scripts/setup) the server tests are
skipped, except under CI (CI=true), where they fail.
"""
from __future__ import annotations

import contextlib
import imaplib
import itertools
import logging
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import pytest

from service.mail.imap import ImapError, ImapLoginError, parse_imap_url, poll_imap

USERS = 40
PASSWORD = "s3cret@p/ss%w?rd"  # no ":" (the passwd-file separator)


@dataclass
class Dovecot:
    """A running dovecot with USERS users (user0 ... user39), each handed to one test."""

    port: int
    log: Path
    counter: Iterator[int]
    tls_port: int | None = None
    cafile: Path | None = None

    def fresh_user(self) -> str:
        """Return a user whose mailbox no other test has touched."""
        return f"user{next(self.counter)}"

    def connect(self, user: str) -> imaplib.IMAP4:
        """Return a logged-in connection for delivering and inspecting messages."""
        conn = imaplib.IMAP4("127.0.0.1", self.port, timeout=10)
        conn.login(user, PASSWORD)
        return conn


def dovecot_binary() -> str | None:
    """Return the path of the dovecot binary, if it is installed."""
    for candidate in (shutil.which("dovecot"), "/usr/sbin/dovecot"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def unavailable(reason: str) -> None:
    """Skip the test, or under CI fail it: the IMAP tests must run there."""
    if os.environ.get("CI") == "true":
        pytest.fail(reason + " (CI=true: the IMAP tests must run)")
    pytest.skip(reason)


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that is free right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def write_config(root: Path, port: int, tls_port: int | None) -> Path:
    """Write a dovecot configuration for logins on 127.0.0.1 and return its path.

    Without `tls_port` there is no TLS at all; with it, port offers STARTTLS and tls_port
    speaks TLS from the start, both with the certificate from make_certificate.
    """
    if os.geteuid() == 0:  # dovecot refuses mail access as root: mail belongs to nobody
        service_users = "default_login_user = dovenull\ndefault_internal_user = dovecot\n"
        mail_uid, mail_gid = "nobody", pwd.getpwnam("nobody").pw_gid
        shutil.chown(root / "mail", "nobody", mail_gid)
    else:
        me = pwd.getpwuid(os.getuid()).pw_name
        service_users = f"default_login_user = {me}\ndefault_internal_user = {me}\n"
        mail_uid, mail_gid = str(os.getuid()), os.getgid()
    (root / "passwd").write_text("".join(f"user{n}:{{PLAIN}}{PASSWORD}::::::nodelay=y\n"
                                         for n in range(USERS)))
    ssl = (f"ssl = yes\nssl_cert = <{root}/cert.pem\nssl_key = <{root}/key.pem\n"
           if tls_port else "ssl = no\n")
    config = root / "dovecot.conf"
    config.write_text(f"""\
base_dir = {root}/run
state_dir = {root}/state
instance_name = pbem-test-{port}
protocols = imap
listen = 127.0.0.1
{ssl}disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
log_path = {root}/dovecot.log
{service_users}mail_location = maildir:{root}/mail/%u
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root}/passwd
}}
userdb {{
  driver = static
  args = uid={mail_uid} gid={mail_gid} home={root}/mail/%u
}}
service anvil {{
  unix_listener anvil-auth-penalty {{
    mode = 0
  }}
}}
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {tls_port or 0}
  }}
}}
""")
    return config


def make_certificate(root: Path) -> Path:
    """Write a self-signed certificate for 127.0.0.1 (cert.pem, key.pem); return the cert."""
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
         "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
         "-keyout", str(root / "key.pem"), "-out", str(root / "cert.pem")],
        check=True, capture_output=True)
    return root / "cert.pem"


def wait_for_greeting(process: subprocess.Popen[bytes], port: int, log: Path) -> None:
    """Return once the server greets on `port`; fail with its log if it dies or stays silent."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if process.poll() is not None:
            unavailable(f"dovecot exited with {process.returncode}: {read_log(log)}")
        try:
            imaplib.IMAP4("127.0.0.1", port, timeout=2).shutdown()
            return
        except OSError:
            time.sleep(0.1)
    unavailable(f"dovecot did not answer on port {port} within 20 s: {read_log(log)}")


def read_log(log: Path) -> str:
    """Return the end of dovecot's log, for failure messages."""
    return log.read_text(errors="replace")[-2000:] if log.exists() else "(no log)"


@contextlib.contextmanager
def running_dovecot(tls: bool) -> Iterator[Dovecot]:
    """Run dovecot in the foreground with a private configuration; stop it afterwards."""
    binary = dovecot_binary()
    if binary is None:
        unavailable("dovecot is not installed (Debian package dovecot-imapd)")
    root = Path(tempfile.mkdtemp(prefix="pbem-dovecot-"))
    root.chmod(0o755)  # the mail user (nobody) must reach its maildir
    for name in ("run", "state", "mail"):
        (root / name).mkdir()
    port, tls_port = free_port(), (free_port() if tls else None)
    cafile = make_certificate(root) if tls else None
    config = write_config(root, port, tls_port)
    process = subprocess.Popen([str(binary), "-F", "-c", str(config)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        wait_for_greeting(process, port, root / "dovecot.log")
        yield Dovecot(port, root / "dovecot.log", itertools.count(), tls_port, cafile)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="module")
def dovecot() -> Iterator[Dovecot]:
    """A dovecot without TLS: plaintext logins, no STARTTLS offered."""
    with running_dovecot(tls=False) as server:
        yield server


@pytest.fixture(scope="module")
def dovecot_tls() -> Iterator[Dovecot]:
    """A dovecot with a self-signed certificate: STARTTLS on one port, TLS on another."""
    with running_dovecot(tls=True) as server:
        yield server


def url_for(server: Dovecot, user: str, password: str = PASSWORD, path: str = "") -> str:
    """Return the imap:// URL of `user`'s mailbox, password percent-encoded."""
    return f"imap://{user}:{quote(password, safe='')}@127.0.0.1:{server.port}{path}?starttls=0"


def message(subject: str, body: str = "place red asia") -> bytes:
    """Return a small raw message."""
    return (f"From: anna@example.org\r\nTo: play@pbem.example\r\nSubject: {subject}\r\n"
            f"Message-ID: <{subject.replace(' ', '-')}@example.org>\r\n\r\n{body}\r\n").encode()


def deliver(server: Dovecot, user: str, *raws: bytes, mailbox: str = "INBOX") -> None:
    """Put messages into a mailbox with APPEND, as a mail server's delivery would."""
    conn = server.connect(user)
    try:
        for raw in raws:
            status, data = conn.append(mailbox, None, None, raw)
            assert status == "OK", data
    finally:
        conn.logout()


def seen_subjects(server: Dovecot, user: str, mailbox: str = "INBOX") -> dict[str, bool]:
    """Return each message's subject and whether it carries the \\Seen flag."""
    conn = server.connect(user)
    try:
        conn.select(mailbox, readonly=True)
        status, data = conn.fetch("1:*", "(FLAGS BODY.PEEK[HEADER.FIELDS (SUBJECT)])")
        assert status == "OK", data
        found = {}
        for item in data:
            if isinstance(item, tuple):
                subject = item[1].decode().strip().removeprefix("Subject: ")
                found[subject] = b"\\Seen" in item[0]
        return found
    finally:
        conn.logout()


# --- polling --------------------------------------------------------------------------------

def test_each_unseen_message_is_handed_over_once_then_marked_seen(dovecot: Dovecot) -> None:
    user = dovecot.fresh_user()
    first, second = message("first"), message("second", "vote red red orange")
    deliver(dovecot, user, first, second)
    received: list[bytes] = []
    assert poll_imap(url_for(dovecot, user), received.append) == 2
    assert received == [first, second]
    assert seen_subjects(dovecot, user) == {"first": True, "second": True}
    assert poll_imap(url_for(dovecot, user), received.append) == 0
    assert len(received) == 2


def test_a_message_is_still_unseen_while_it_is_being_handled(dovecot: Dovecot) -> None:
    user = dovecot.fresh_user()
    deliver(dovecot, user, message("peek"))
    during: list[dict[str, bool]] = []
    poll_imap(url_for(dovecot, user), lambda raw: during.append(seen_subjects(dovecot, user)))
    assert during == [{"peek": False}]
    assert seen_subjects(dovecot, user) == {"peek": True}


def test_a_failing_handler_leaves_its_message_unseen_and_the_others_go_on(
        dovecot: Dovecot, caplog: pytest.LogCaptureFixture) -> None:
    user = dovecot.fresh_user()
    deliver(dovecot, user, message("one"), message("boom"), message("three"))
    handled: list[bytes] = []

    def handle(raw: bytes) -> None:
        if b"Subject: boom" in raw:
            raise RuntimeError("database is down")
        handled.append(raw)

    with caplog.at_level(logging.ERROR, logger="service.mail.imap"):
        assert poll_imap(url_for(dovecot, user), handle) == 2
    assert [b"Subject: one" in handled[0], b"Subject: three" in handled[1]] == [True, True]
    assert seen_subjects(dovecot, user) == {"one": True, "boom": False, "three": True}
    assert "stays unseen" in caplog.text and "database is down" in caplog.text

    retried: list[bytes] = []
    assert poll_imap(url_for(dovecot, user), retried.append) == 1
    assert retried == [message("boom")]
    assert seen_subjects(dovecot, user) == {"one": True, "boom": True, "three": True}


def test_limit_bounds_one_poll_and_the_rest_wait(dovecot: Dovecot) -> None:
    user = dovecot.fresh_user()
    deliver(dovecot, user, *(message(f"m{n}") for n in range(5)))
    received: list[bytes] = []
    assert poll_imap(url_for(dovecot, user), received.append, limit=3) == 3
    assert received == [message(f"m{n}") for n in range(3)]
    assert poll_imap(url_for(dovecot, user), received.append, limit=3) == 2
    assert received == [message(f"m{n}") for n in range(5)]


def test_messages_already_seen_are_left_alone(dovecot: Dovecot) -> None:
    user = dovecot.fresh_user()
    conn = dovecot.connect(user)
    conn.append("INBOX", "(\\Seen)", None, message("read by a person"))
    conn.logout()
    deliver(dovecot, user, message("new"))
    received: list[bytes] = []
    assert poll_imap(url_for(dovecot, user), received.append) == 1
    assert received == [message("new")]


def test_mailbox_from_the_argument_and_from_the_url_path(dovecot: Dovecot) -> None:
    user = dovecot.fresh_user()
    conn = dovecot.connect(user)
    assert conn.create('"Game Orders"')[0] == "OK"
    conn.logout()
    deliver(dovecot, user, message("in folder"), mailbox='"Game Orders"')
    deliver(dovecot, user, message("in inbox"))
    received: list[bytes] = []
    assert poll_imap(url_for(dovecot, user), received.append, mailbox="Game Orders") == 1
    assert received == [message("in folder")]
    assert poll_imap(url_for(dovecot, user, path="/INBOX"), received.append,
                     mailbox="Game Orders") == 1
    assert received[-1] == message("in inbox")


def test_an_empty_mailbox_gives_zero(dovecot: Dovecot) -> None:
    assert poll_imap(url_for(dovecot, dovecot.fresh_user()), lambda raw: None) == 0


# --- TLS ------------------------------------------------------------------------------------

def logged_in_with_tls(server: Dovecot, user: str) -> bool:
    """Return whether the server's log shows a TLS login of `user`."""
    return any(f"user=<{user}>" in line and "TLS" in line
               for line in server.log.read_text(errors="replace").splitlines()
               if "Login:" in line)


def test_imaps_with_a_trusted_private_certificate(dovecot_tls: Dovecot) -> None:
    user = dovecot_tls.fresh_user()
    deliver(dovecot_tls, user, message("over tls"))
    received: list[bytes] = []
    url = (f"imaps://{user}:{quote(PASSWORD, safe='')}@127.0.0.1:{dovecot_tls.tls_port}/INBOX"
           f"?cafile={dovecot_tls.cafile}")
    assert poll_imap(url, received.append) == 1
    assert received == [message("over tls")]
    assert logged_in_with_tls(dovecot_tls, user)


def test_starttls_is_used_when_the_server_offers_it(dovecot_tls: Dovecot) -> None:
    user = dovecot_tls.fresh_user()
    deliver(dovecot_tls, user, message("upgraded"))
    received: list[bytes] = []
    url = f"imap://{user}:{quote(PASSWORD, safe='')}@127.0.0.1:{dovecot_tls.port}/"
    assert poll_imap(url + f"?cafile={dovecot_tls.cafile}", received.append) == 1
    assert received == [message("upgraded")]
    assert logged_in_with_tls(dovecot_tls, user)


def test_an_untrusted_certificate_is_refused(dovecot_tls: Dovecot) -> None:
    url = f"imap://{dovecot_tls.fresh_user()}:x@127.0.0.1:{dovecot_tls.port}/?starttls=yes"
    with pytest.raises(ImapError, match="STARTTLS with 127.0.0.1:.* failed: .*CERTIFICATE_VERIFY"):
        poll_imap(url, lambda raw: None)


@pytest.mark.parametrize("options", ["", "?starttls=yes&verify=no"])
def test_a_self_signed_certificate_is_taken_on_loopback_or_when_told(dovecot_tls: Dovecot,
                                                                     options: str) -> None:
    """A local server's certificate is mostly self-signed: by default, on the loopback address,
    the connection is encrypted without checking it; elsewhere only with verify=no."""
    user = dovecot_tls.fresh_user()
    deliver(dovecot_tls, user, message("local"))
    received: list[bytes] = []
    url = f"imap://{user}:{quote(PASSWORD, safe='')}@127.0.0.1:{dovecot_tls.port}/{options}"
    assert poll_imap(url, received.append) == 1
    assert logged_in_with_tls(dovecot_tls, user)


# --- errors ---------------------------------------------------------------------------------

def test_a_bad_password_gives_a_clear_login_error(dovecot: Dovecot) -> None:
    user = dovecot.fresh_user()
    with pytest.raises(ImapLoginError) as caught:
        poll_imap(url_for(dovecot, user, password="wrong-password"), lambda raw: None)
    text = str(caught.value)
    assert text.startswith(f"the IMAP server refused the login of '{user}' at 127.0.0.1:")
    assert "AUTHENTICATIONFAILED" in text and "wrong-password" not in text
    assert isinstance(caught.value, ImapError)


def test_an_unknown_mailbox_gives_a_clear_error(dovecot: Dovecot) -> None:
    with pytest.raises(ImapError, match="cannot open the mailbox 'Nowhere'"):
        poll_imap(url_for(dovecot, dovecot.fresh_user()), lambda raw: None, mailbox="Nowhere")


def test_required_starttls_that_the_server_lacks_is_refused(dovecot: Dovecot) -> None:
    url = url_for(dovecot, dovecot.fresh_user()).replace("starttls=0", "starttls=1")
    with pytest.raises(ImapError, match="does not offer STARTTLS"):
        poll_imap(url, lambda raw: None)


def test_nobody_listening_gives_a_connection_error() -> None:
    with pytest.raises(ImapError, match=r"cannot connect to the IMAP server 127\.0\.0\.1:"):
        poll_imap(f"imap://u:p@127.0.0.1:{free_port()}/?starttls=0", lambda raw: None)


# --- URLs -------------------------------------------------------------------------------------

def test_url_user_and_password_are_percent_decoded() -> None:
    account = parse_imap_url("imaps://games%40example.org:p%40ss%3Aw%2Frd@imap.example.org/")
    assert (account.user, account.password) == ("games@example.org", "p@ss:w/rd")
    assert (account.host, account.port, account.implicit_tls) == ("imap.example.org", 993, True)
    assert account.mailbox is None
    assert "p@ss" not in str(account)


def test_url_defaults_and_options() -> None:
    account = parse_imap_url("imap://u:p@mail.example.org:1143/Orders%20In?starttls=0")
    assert (account.port, account.implicit_tls, account.starttls, account.mailbox) == (
        1143, False, "no", "Orders In")
    assert parse_imap_url("imap://u:p@h").starttls == "auto"
    assert parse_imap_url("imap://u:p@h?starttls=1").starttls == "yes"
    assert parse_imap_url("imap://u:p@h").port == 143


@pytest.mark.parametrize(("url", "error"), [
    ("pop3://u:p@h/", "imap:// or imaps://"),
    ("imap://h/", "needs a user and a host"),
    ("imap://u:p@h:99999/", "port"),
    ("imap://u:p@h/?starttls=maybe", "starttls in the IMAP URL is yes, no or auto"),
    ("imap://u:p@h/?tls=no", "unknown option 'tls'"),
    ("imap://u:p@h/?verify=auto", "verify"),
])
def test_bad_urls_are_refused_in_words(url: str, error: str) -> None:
    with pytest.raises(ImapError, match=error):
        parse_imap_url(url)
