"""`pbem check`: the configuration read as the service reads it, and tried, line by line."""
from __future__ import annotations

import os
from collections.abc import Iterator
from urllib.parse import urlsplit

import click
from sqlalchemy.exc import DBAPIError

from service.base.config import Config, load_config
from service.ops.safety import KEY_BITS, estimated_bits, is_public
from service.ops.startup import broker_problem, schema_problem, settings_problems
from service.store.sqlite_orders import sqlite_file
from service.store.store import Store

OK, WARN, FAIL = "ok  ", "warn", "FAIL"


@click.command("check")
def check_command() -> None:
    """Say, line by line, what in the configuration is right and what is wrong: settings, the
    store and its schema, the broker, the signing key, addresses, the relay, the way mail
    comes in. Exits 1 when anything fails."""
    failed = False
    for status, line in check_lines(load_config()):
        failed |= status == FAIL
        click.echo(f"{status}  {line}")
    if failed:
        raise SystemExit(1)


def check_lines(config: Config) -> Iterator[tuple[str, str]]:
    """Yield (status, what) for every part of the configuration."""
    problems = settings_problems(config)
    yield from ((FAIL, problem) for problem in problems)
    if not problems:
        yield OK, "settings: every setting can work"
    yield _store_line(config)
    broken = broker_problem(config.broker_url)
    yield (FAIL, f"broker: {broken}") if broken else (OK, "broker: answers")
    key = os.environ.get("PBEM_SECRET_KEY", "")
    if key and estimated_bits(key) < KEY_BITS:
        if not is_public(config, os.environ):  # on a public one, refused above
            yield WARN, (f"signing key: PBEM_SECRET_KEY is weak (about {estimated_bits(key)} "
                         "bits): enough on this machine alone, refused once others reach it")
    elif key:
        yield OK, "signing key: PBEM_SECRET_KEY is set"
    else:
        unset = (f"signing key: PBEM_SECRET_KEY is not set; a key file in {config.home} is "
                 "used (one machine only)")
        yield (FAIL if config.shared_database else WARN), unset
    yield from _addresses(config)
    yield from _mail_lines(config)


def _store_line(config: Config) -> tuple[str, str]:
    """Return whether the store answers and is at this version's schema."""
    path = sqlite_file(config.database_url)
    if path is not None and not os.path.exists(path):
        return WARN, f"store: none yet at {path}; `pbem db upgrade` makes it"
    store = Store(config.database_url, pdf_folder=config.pdf_folder)
    try:
        revision = store.revision()
        problem = schema_problem(store)
    except DBAPIError as exc:
        return FAIL, f"store: does not answer ({type(exc).__name__})"
    finally:
        store.dispose()
    if problem:
        return FAIL, f"store: {problem}"
    if revision is None:
        return WARN, "store: empty; `pbem db upgrade` creates its tables (nothing else does)"
    return OK, f"store: {store.dialect} at schema revision {revision}, this version's newest"


def _addresses(config: Config) -> Iterator[tuple[str, str]]:
    """Yield whether the base URL and the mail domain were set for this deployment."""
    if os.environ.get("PBEM_BASE_URL"):
        yield OK, f"base URL: {config.base_url}"
    else:
        yield WARN, (f"base URL: PBEM_BASE_URL is not set; links in mail point at "
                     f"{config.base_url}")
    if os.environ.get("PBEM_MAIL_DOMAIN"):
        yield OK, f"mail domain: {config.mail_domain} (public address {config.public_address})"
    else:
        yield WARN, (f"mail domain: PBEM_MAIL_DOMAIN is not set; reply addresses end in "
                     f"@{config.mail_domain}, which no one can write to from outside")


def _strangers_line(config: Config) -> tuple[str, str]:
    """Return who is answered by mail among senders not proven to be players."""
    budget = (f"at most 3 an hour per address, {config.stranger_mail_per_domain} per domain, "
              f"{config.stranger_mail_per_hour} in all")
    if config.trusted_authserv_id:
        return OK, (f"mail to strangers: only senders that passed DMARC or SPF at "
                    f"{config.trusted_authserv_id} are answered, {budget}")
    if config.smtp_url:
        return WARN, ("mail to strangers: no PBEM_TRUSTED_AUTHSERV_ID, so the public address "
                      "and held mail answer nobody by mail (see docs/deploy.md, Postfix in front)")
    return OK, f"mail to strangers: any sender is answered (mail to files), {budget}"


def _mail_lines(config: Config) -> Iterator[tuple[str, str]]:
    """Yield whether mail can go out and how it comes in."""
    from service.mail.imap import mailbox_problem
    from service.mail.transport import relay_problem

    if config.smtp_url:
        host = urlsplit(config.smtp_url).netloc.rpartition("@")[2] or "(no host)"
        broken = relay_problem(config.smtp_url)
        yield (FAIL, f"relay {host}: {broken}") if broken else (
            OK, f"relay {host}: greets, secures and logs in as configured")
    else:
        yield WARN, f"mail out: no PBEM_SMTP_URL; mail is written to files in {config.mail_dir}"
    yield _strangers_line(config)
    if config.imap_url:
        broken = mailbox_problem(config.imap_url)
        yield (FAIL, f"mail in (IMAP): {broken}") if broken else (
            OK, "mail in (IMAP): the mailbox opens; `pbem worker --beat` polls it every minute")
    else:
        yield OK, ("mail in: by `pbem smtpd` behind the game domain's MX, or `pbem ingest` "
                   "from an MTA pipe (no mailbox to poll)")
