"""Service configuration: defaults, then the environment (PBEM_*)."""
from __future__ import annotations

import fcntl
import os
import secrets
import tempfile
from dataclasses import dataclass
from pathlib import Path

KEY_FILE = "secret.key"
PDF_FOLDER_NAME = "pdf-cache"
"""The PDF snapshots' cache in the home folder (and beside the embedded default's database)."""
ORDERS_QUEUE, MAIL_QUEUE = "orders", "mail"
"""The task queues: deciding orders (and the sweeps) in one, sending mail in the other."""
OLD_QUEUE = "celery"
"""The one queue of earlier versions, still read so that nothing queued before an upgrade is
stranded."""
HOUSE_QUEUE = "house"
"""The house's decisions, each a task of its own: seconds of CPU each, so they never hold up
the orders or the mail queued behind them."""
TASK_QUEUES = (ORDERS_QUEUE, MAIL_QUEUE, HOUSE_QUEUE, OLD_QUEUE)


class ConfigError(RuntimeError):
    """A setting the service cannot start without; the message says which and why."""


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
    vacation_days: int = 14
    """Each player's vacation days per calendar year, across all their games
    (`PBEM_VACATION_DAYS`)."""
    operator_email: str = ""
    """Where players' reports go besides the game master (`PBEM_OPERATOR_EMAIL`; none: they
    wait on the moderation page only)."""
    trusted_authserv_id: str = ""
    """The authserv-id of the relay whose Authentication-Results header the service believes
    (`PBEM_TRUSTED_AUTHSERV_ID`): only a sender that passed DMARC (or SPF) there is answered
    when it has not proven it plays here."""
    stranger_mail_per_domain: int = 20
    """Mails an hour to addresses not proven to be a player's, per recipient domain
    (`PBEM_STRANGER_MAIL_PER_DOMAIN`)."""
    stranger_mail_per_hour: int = 200
    """Mails an hour to addresses not proven to be a player's, for the whole service
    (`PBEM_STRANGER_MAIL_PER_HOUR`)."""
    join_game_rate: tuple[int, int] = (30, 3600)
    """How many requests to join one game are taken in how many seconds, by mail as on the
    web (`PBEM_RATE_JOIN_GAME`, COUNT/SECONDS)."""
    channel_private_hosts: bool = False
    """Whether players' notice channels may send to private, loopback, link-local and other
    addresses that are not public (`PBEM_CHANNEL_PRIVATE_HOSTS=allow`; `refuse` by
    default, so that a channel URL cannot make the service post into its own network)."""

    @property
    def pdf_folder(self) -> Path:
        """Return the folder of the PDF snapshots' cache (`service.store.pdffiles`)."""
        return self.home / PDF_FOLDER_NAME

    @property
    def mail_dir(self) -> Path:
        """Return the folder outgoing mail is written to when no SMTP relay is set."""
        return self.home / "mail"

    @property
    def public_address(self) -> str:
        """Return the address the service writes from (games@ the mail domain by default)."""
        from email.utils import parseaddr

        return parseaddr(self.mail_from)[1].lower()

    @property
    def shared_database(self) -> bool:
        """Return whether the database is a server that several machines may share."""
        return not self.database_url.startswith("sqlite")

    def check_secret_key(self) -> None:
        """Raise ConfigError when the signing key cannot be one key for every node."""
        if self.shared_database and not os.environ.get("PBEM_SECRET_KEY"):
            raise ConfigError(
                "PBEM_SECRET_KEY must be set when the database is shared (PostgreSQL): every "
                "web node and worker has to sign links and reply addresses with the same key, "
                "and a key file in one machine's home folder is not shared. Set it to the same "
                "long random value everywhere, e.g. from `python3 -c 'import secrets; "
                "print(secrets.token_hex(32))'`.")

    def secret_key(self) -> bytes:
        """Return the server's signing key: $PBEM_SECRET_KEY, or a key kept in the home folder."""
        given = os.environ.get("PBEM_SECRET_KEY")
        if given:
            return given.encode()
        self.check_secret_key()
        return key_file(self.home / KEY_FILE)


def key_file(path: Path) -> bytes:
    """Return the key kept at `path`, creating it first if needed; never empty, one winner.

    Creation holds a lock next to the file and publishes the key with an atomic rename, so
    processes starting together all read the same, complete key.
    """
    key = _read_key(path)
    if key:
        return key
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_suffix(".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        key = _read_key(path)
        if not key:
            _publish(path, secrets.token_hex(32))
            key = _read_key(path)
    if not key:
        raise ConfigError(f"the key file {path} could not be written")
    return key


def _read_key(path: Path) -> bytes:
    """Return the key in the file (b'' when it is missing or empty)."""
    try:
        return path.read_bytes().strip()
    except FileNotFoundError:
        return b""


def _publish(path: Path, key: str) -> None:
    """Write `key` to a temporary file, flush it to disk, then rename it into place."""
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".secret-", suffix=".tmp")
    with os.fdopen(fd, "w") as handle:
        handle.write(key + "\n")
        handle.flush()
        os.fsync(handle.fileno())
    os.chmod(temporary, 0o600)
    os.replace(temporary, path)


DEFAULT_BASE_URL = "http://127.0.0.1:5000"
SERVED_URL_FILE = "base_url"
"""Where `pbem serve` notes the address it serves, for links made by other commands."""


def served_url(home: Path) -> str:
    """Return the address `pbem serve` last served from this home, or ''."""
    try:
        return (home / SERVED_URL_FILE).read_text().strip()
    except OSError:
        return ""


def url_of_bind(bind: str) -> str:
    """Return the http address on this machine of a server bound to HOST:PORT ('' for a
    unix socket); a wildcard address is reached on the loopback address."""
    host, colon, port = bind.rpartition(":")
    if bind.startswith("unix:") or not colon or not port.isdigit():
        return ""
    host = host.strip("[]")
    if host in ("", "0.0.0.0", "::"):
        host = "127.0.0.1"
    return f"http://{f'[{host}]' if ':' in host else host}:{port}"


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
        vacation_days=int(env.get("PBEM_VACATION_DAYS", "14")),
        operator_email=(env.get("PBEM_OPERATOR_EMAIL") or "").strip(),
        trusted_authserv_id=env.get("PBEM_TRUSTED_AUTHSERV_ID", "").strip(),
        stranger_mail_per_domain=int(env.get("PBEM_STRANGER_MAIL_PER_DOMAIN", "20")),
        stranger_mail_per_hour=int(env.get("PBEM_STRANGER_MAIL_PER_HOUR", "200")),
        join_game_rate=parse_rate(env.get("PBEM_RATE_JOIN_GAME") or "30/3600"),
        channel_private_hosts=parse_allow(env.get("PBEM_CHANNEL_PRIVATE_HOSTS") or "refuse",
                                          "PBEM_CHANNEL_PRIVATE_HOSTS"),
    )


def env_number(name: str, default: float, environ: dict[str, str] | None = None) -> float:
    """Return the setting `name` as a number of 0 or more (`default` when unset), or raise
    ConfigError naming the setting."""
    env = os.environ if environ is None else environ
    text = (env.get(name) or "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0 or value == float("inf"):
        raise ConfigError(f"{name} must be a number of 0 or more, not {text!r}")
    return value


def parse_allow(text: str, name: str) -> bool:
    """Return True for `allow`, False for `refuse`, or raise ValueError naming the setting."""
    word = text.strip().lower()
    if word not in ("allow", "refuse"):
        raise ValueError(f"{name} is allow or refuse, not {text!r}")
    return word == "allow"


def machine_cores() -> int:
    """Return the cores this process may run on (its CPU affinity, else the machine's)."""
    try:
        return max(len(os.sched_getaffinity(0)), 1)
    except (AttributeError, OSError):
        return max(os.cpu_count() or 1, 1)


def worker_processes(environ: dict[str, str] | None = None) -> int:
    """Return the processes a worker runs for its queues: $PBEM_WORKER_CONCURRENCY, else one
    per core and at least two.

    One process per queue got a fraction of one core when other work shared the machine, and
    the open-loop load queued behind it (orders took 19 s to decide at 12/s offered); a
    process per core lets the queue use the whole machine whenever it is free, and two keep
    a mail's PDF from holding up the next decision on a machine of one core.
    """
    env = os.environ if environ is None else environ
    given = (env.get("PBEM_WORKER_CONCURRENCY") or "").strip()
    if given:
        if not given.isdigit() or int(given) < 1:
            raise ConfigError(f"PBEM_WORKER_CONCURRENCY must be a whole number of processes, "
                              f"1 or more, not {given!r}")
        return int(given)
    return max(machine_cores(), 2)


def parse_rate(text: str) -> tuple[int, int]:
    """Return (count, seconds) from a rate written as COUNT/SECONDS, e.g. '30/60'."""
    count, _, seconds = text.partition("/")
    try:
        limit, window = int(count), int(seconds or "60")
    except ValueError:
        raise ValueError(f"a rate is COUNT/SECONDS such as 30/60, not {text!r}") from None
    if limit < 1 or window < 1:
        raise ValueError(f"a rate needs a positive count and window, not {text!r}")
    return limit, window
