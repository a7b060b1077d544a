"""Service configuration: defaults, then the environment (PBEM_*)."""
from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Config:
    """Where the service keeps its state, which database, broker and mail settings it uses."""

    home: Path
    database_url: str
    broker_url: str
    mail_domain: str
    mail_from: str
    smtp_url: str | None
    imap_url: str | None
    base_url: str
    max_message_bytes: int

    @property
    def mail_dir(self) -> Path:
        """Return the folder outgoing mail is written to when no SMTP relay is set."""
        return self.home / "mail"

    def secret_key(self) -> bytes:
        """Return the server's signing key: $PBEM_SECRET_KEY, or a key kept in the home folder."""
        given = os.environ.get("PBEM_SECRET_KEY")
        if given:
            return given.encode()
        path = self.home / "secret.key"
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as handle:
                handle.write(secrets.token_hex(32))
        return path.read_text().strip().encode()


DEFAULT_BASE_URL = "http://127.0.0.1:5000"
SERVED_URL_FILE = "base_url"
"""Where `pbem serve` notes the address it serves, for links made by other commands."""


def served_url(home: Path) -> str:
    """Return the address `pbem serve` last served from this home, or ''."""
    try:
        return (home / SERVED_URL_FILE).read_text().strip()
    except OSError:
        return ""


def note_served_url(home: Path, url: str) -> None:
    """Record the address `pbem serve` serves, so links printed or mailed point there."""
    home.mkdir(parents=True, exist_ok=True)
    (home / SERVED_URL_FILE).write_text(url + "\n")


def load_config(environ: dict[str, str] | None = None) -> Config:
    """Return the configuration from `environ` (default: the process environment)."""
    env = os.environ if environ is None else environ
    home = Path(env.get("PBEM_HOME") or Path.cwd() / "var").resolve()
    domain = env.get("PBEM_MAIL_DOMAIN", "pbem.localhost")
    return Config(
        home=home,
        database_url=env.get("PBEM_DATABASE_URL") or f"sqlite:///{home / 'pbem.db'}",
        broker_url=env.get("PBEM_BROKER_URL") or f"sqla+sqlite:///{home / 'broker.db'}",
        mail_domain=domain,
        mail_from=env.get("PBEM_MAIL_FROM") or f"pbem <games@{domain}>",
        smtp_url=env.get("PBEM_SMTP_URL") or None,
        imap_url=env.get("PBEM_IMAP_URL") or None,
        base_url=(env.get("PBEM_BASE_URL") or served_url(home) or DEFAULT_BASE_URL).rstrip("/"),
        max_message_bytes=int(env.get("PBEM_MAX_MESSAGE_BYTES", str(2 * 1024 * 1024))),
    )
