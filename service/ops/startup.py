"""What every long-running part checks before it starts, and the store it opens.

The web server, the workers and the mail listener refuse to start with a setting that cannot
work, saying which and why: no shared signing key on a shared database, a mail URL with an
unknown option, mail that would silently go to files on a server deployment. They never
create or migrate a database: an empty one, or one at an older revision, is refused with the
command that makes it ready, `pbem db upgrade`, which runs once, before them (`pbem serve`,
which is the whole service in one process, runs it itself).
"""
from __future__ import annotations

import os
from urllib.parse import urlsplit

from sqlalchemy.exc import DBAPIError

from service.base.config import Config, ConfigError
from service.base.mailurl import MailUrlError, smtp_url_options, tls_options
from service.base.signing import kept_signer
from service.ops.safety import unsafe_settings
from service.store import migrate
from service.store.store import Store

MAIL_TO_FILES = "PBEM_MAIL_TO_FILES"
"""Set to `yes` to keep writing outgoing mail to files on a shared database, on purpose."""


def settings_problems(config: Config) -> list[str]:
    """Return what is wrong with the settings, one sentence each (empty: nothing)."""
    problems = []
    try:
        config.check_secret_key()
    except ConfigError as exc:
        problems.append(str(exc))
    problems += unsafe_settings(config)
    if config.smtp_url:
        try:
            smtp_url_options(config.smtp_url)
        except MailUrlError as exc:
            problems.append(f"PBEM_SMTP_URL: {exc}")
    elif config.shared_database and os.environ.get(MAIL_TO_FILES, "").lower() != "yes":
        problems.append(
            "PBEM_SMTP_URL is not set, so every email would be written to files in "
            f"{config.mail_dir} and counted as sent, although the database is shared "
            "(PostgreSQL): set PBEM_SMTP_URL to your relay (e.g. smtp://127.0.0.1:25), or "
            f"{MAIL_TO_FILES}=yes if files are what you want.")
    if config.imap_url:
        try:
            tls_options(urlsplit(config.imap_url).query, "the IMAP URL")
        except MailUrlError as exc:
            problems.append(f"PBEM_IMAP_URL: {exc}")
    return problems


def check_settings(config: Config) -> None:
    """Raise ConfigError naming every setting that cannot work."""
    problems = settings_problems(config)
    if problems:
        raise ConfigError("\n".join(problems))


def start_refusal(config: Config) -> str:
    """Return why a long-running part must not start, one line per reason ('' when it may).

    A database that does not answer is no reason: the part starts and waits for it."""
    problems = settings_problems(config)
    if problems:
        return "\n".join(problems)
    if config.database_url.startswith("sqlite"):
        config.home.mkdir(parents=True, exist_ok=True)
    try:  # the signing key is made on the first start, beside the secret key
        kept_signer(config)
    except ConfigError as exc:
        return str(exc)
    store = Store(config.database_url, pdf_folder=config.pdf_folder)
    try:
        return store_problem(store)
    except DBAPIError:
        return ""
    finally:
        store.dispose()


def schema_problem(store: Store) -> str:
    """Return why this version cannot run on the store's schema ('' when it can)."""
    revision = store.revision()
    if revision is None or revision == migrate.HEAD:
        return ""
    if migrate.is_newer(revision):
        return (f"the database is at schema revision {revision}, newer than this version of "
                f"pbem knows ({migrate.HEAD}): install the newer version")
    return (f"the database is at schema revision {revision} and this version needs "
            f"{migrate.HEAD}: run `pbem db upgrade` once (with the same settings), then start "
            "the service again")


EMPTY = ("the database has no pbem tables yet (see PBEM_DATABASE_URL): run `pbem db upgrade` "
         "once (with the same settings), then start the service again")


def store_problem(store: Store) -> str:
    """Return why a long-running part cannot run on the store: empty, or at another schema."""
    return schema_problem(store) or (EMPTY if store.revision() is None else "")


def opened(config: Config) -> Store:
    """Return the configured store for a long-running part, refused (ConfigError) when it is
    empty or its schema is older or newer than this version's: only `pbem db upgrade` (and
    `pbem serve`) make it ready."""
    if config.database_url.startswith("sqlite"):
        config.home.mkdir(parents=True, exist_ok=True)
    store = Store(config.database_url, pdf_folder=config.pdf_folder)
    problem = store_problem(store)
    if problem:
        store.dispose()
        raise ConfigError(problem)
    return store


CHECK_SECONDS = 2


def broker_problem(url: str) -> str:
    """Return why the task queue's broker does not answer, or ''."""
    try:
        if url.startswith(("redis://", "rediss://")):
            import redis

            redis.Redis.from_url(url, socket_timeout=CHECK_SECONDS,
                                 socket_connect_timeout=CHECK_SECONDS).ping()
        else:
            from kombu.connection import Connection

            with Connection(url, connect_timeout=CHECK_SECONDS) as connection:  # type: ignore[no-untyped-call]
                connection.ensure_connection(max_retries=1, timeout=CHECK_SECONDS)
    except Exception as exc:  # noqa: BLE001 - any failure is the report
        return f"{type(exc).__name__}: {exc}"[:300]
    return ""
