"""The `pbem` commands that need the task queue: serve, worker, smtpd, imap-poll, ingest, sweep."""
from __future__ import annotations

import os
import sys
import time
from typing import Any

import click
from sqlalchemy.exc import DBAPIError

from service.base.config import (
    TASK_QUEUES,
    Config,
    ConfigError,
    load_config,
    worker_processes,
)

EMBEDDED_MOST_PROCESSES = 4
"""The most worker processes `pbem serve` runs when sized from the cores: the embedded store
takes one writer at a time (a write is a few milliseconds of the ~70 ms an order and its mail
cost), so beyond a few processes more only wait on each other there."""


def embedded_processes() -> int:
    """Return the worker processes of `pbem serve`: $PBEM_WORKER_CONCURRENCY, else one per
    core, at least two (one order's mail, its PDF above all, never holds up deciding the
    next) and at most EMBEDDED_MOST_PROCESSES."""
    if os.environ.get("PBEM_WORKER_CONCURRENCY", "").strip():
        return worker_processes()
    return min(worker_processes(), EMBEDDED_MOST_PROCESSES)
EX_TEMPFAIL = 75
"""What an MTA pipe expects when a message could not be taken now (it will retry)."""


def register(main: click.Group) -> None:
    """Add this module's commands to the `pbem` command group."""
    for command in (serve_command, worker_command, smtpd_command, imap_poll_command,
                    ingest_command, sweep_command):
        main.add_command(command)


def _worker_argv(concurrency: int, beat: bool, queues: str = "") -> list[str]:
    config = load_config()
    argv = [sys.executable, "-m", "celery", "-A", "workers.app", "worker", "--loglevel",
            "INFO", "--concurrency", str(concurrency), "--without-gossip", "--without-mingle",
            "--hostname", f"pbem-{os.getpid()}@%h"]
    if queues:
        argv += ["--queues", queues]
    if beat:
        argv += ["--beat", "--schedule", str(config.home / "celerybeat-schedule")]
    return argv


@click.command("worker")
@click.option("--concurrency", type=click.IntRange(min=1), default=None,
              help="Processes of this worker. Default: PBEM_WORKER_CONCURRENCY, else one per "
              "core of this machine (at least two).")
@click.option("--beat/--no-beat", default=False, help="Also run the minute sweep (one "
              "worker in the whole deployment should).")
@click.option("--queues", default="", metavar="NAMES", envvar="PBEM_WORKER_QUEUES",
              help="Serve only these queues, comma separated: `orders` (deciding; give it "
              "with `celery`, the queue of earlier versions), `mail` (sending) or `house` (the "
              "house's decisions, each up to its CPU budget). Default: PBEM_WORKER_QUEUES, "
              "else all, taken in turn.")
def worker_command(concurrency: int | None, beat: bool, queues: str) -> None:
    """Run a Celery worker for the configured broker (PBEM_BROKER_URL)."""
    unknown = set(filter(None, queues.split(","))) - set(TASK_QUEUES)
    if unknown:
        raise click.BadParameter(f"no queue {min(unknown)!r}; the queues are "
                                 + ", ".join(TASK_QUEUES), param_hint="--queues")
    checked_config().home.mkdir(parents=True, exist_ok=True)
    os.execv(sys.executable, _worker_argv(concurrency or worker_processes(), beat, queues))


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=5000, show_default=True, help="Web port.")
@click.option("--smtp-port", default=2525, show_default=True, help="Port for incoming mail.")
def serve_command(host: str, port: int, smtp_port: int) -> None:
    """Run everything on this machine: web, worker with the sweep, and the mail listener.

    The links in mails and pages point at this web server (--host and --port) unless
    PBEM_BASE_URL names another address (a proxy in front, say).
    """
    from service.base.config import note_served_url, url_of_bind
    from service.base.logs import configure_logging
    from service.mail.smtpd import start_listener
    from service.web.app import create_app

    from .mailin import check_recipient, store_and_queue
    from .serving import serve

    if not os.environ.get("PBEM_BASE_URL"):  # links printed by any command point here
        note_served_url(load_config().home, url_of_bind(f"{host}:{port}"))
    config = checked_config(store=False)
    config.home.mkdir(parents=True, exist_ok=True)
    configure_logging()
    _upgrade(config)  # the whole service in one process: it upgrades its own database
    app = create_app()
    from .app import app as celery
    from .app import prepare_broker

    prepare_broker(celery)

    def listener() -> Any:
        return start_listener(host, smtp_port, config.mail_domain, _stored(store_and_queue),
                              config.max_message_bytes, check_recipient).stop

    _banner(config, host, port, smtp_port)
    serve(config, app, listener, host, port, _worker_argv(embedded_processes(), beat=True),
          _child_env(config))


def _upgrade(config: Config) -> None:
    """Create or upgrade the store to this version's schema, saying what was done."""
    from service.ops.upgrade import upgrade
    from service.store.store import Store

    store = Store(config.database_url, pdf_folder=config.pdf_folder)
    try:
        done = upgrade(store)
    finally:
        store.dispose()
    if done.before not in (None, done.after):
        click.echo(f"database upgraded from schema revision {done.before} to {done.after}")


def checked_config(*, store: bool = True) -> Config:
    """Return the configuration, or stop with the reason when a setting cannot work or (with
    `store`) the database is at a schema this version cannot run on."""
    from service.ops.startup import check_settings, opened

    config = load_config()
    try:
        check_settings(config)
        worker_processes()  # a bad PBEM_WORKER_CONCURRENCY is named here, not at the fork
        if store:
            opened(config).dispose()
    except ConfigError as exc:
        raise click.ClickException(str(exc)) from None
    except DBAPIError as exc:  # the service manager starts it again; say why it stopped
        raise click.ClickException(f"the database does not answer ({type(exc).__name__}); "
                                   "check PBEM_DATABASE_URL and that the server runs") from None
    return config


def _child_env(config: Any) -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("PBEM_HOME", str(config.home))
    return env


def _stored(store_and_queue: Any) -> Any:
    def store_message(raw: bytes, sender: str | None, recipients: list[str]) -> str:
        return " ".join(store_and_queue(raw, sender, recipients))
    return store_message


def _banner(config: Any, host: str, port: int, smtp_port: int) -> None:
    mail = config.smtp_url or f"files in {config.mail_dir}"
    click.echo(f"pbem: starting (state in {config.home})\n"
               f"  web:       http://{host}:{port}/\n"
               f"  mail in:   smtp://{host}:{smtp_port} for @{config.mail_domain}\n"
               f"  mail out:  {mail}\n"
               f"  queue:     {config.broker_url.split('@')[-1]}")


@click.command("smtpd")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=2525, show_default=True)
def smtpd_command(host: str, port: int) -> None:
    """Listen for game mail over SMTP (for the MTA of the game domain to hand mail to)."""
    from service.base.logs import configure_logging
    from service.mail.smtpd import start_listener

    from .mailin import check_recipient, store_and_queue

    config = checked_config()
    configure_logging()
    listener = start_listener(host, port, config.mail_domain, _stored(store_and_queue),
                              config.max_message_bytes, check_recipient)
    click.echo(f"pbem smtpd listening on {host}:{port} for @{config.mail_domain}")
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        listener.stop()


@click.command("imap-poll")
@click.option("--url", help="imaps://user:password@host/INBOX (default: PBEM_IMAP_URL).")
@click.option("--every", type=int, default=0, help="Poll every N seconds (default: once).")
def imap_poll_command(url: str | None, every: int) -> None:
    """Fetch new messages from an IMAP mailbox, store and queue them."""
    from service.mail.imap import ImapError, poll_imap

    from .mailin import store_and_queue

    target = url or load_config().imap_url
    if not target:
        raise click.ClickException("give --url or set PBEM_IMAP_URL")
    while True:
        try:
            count = poll_imap(target, store_and_queue)
        except ImapError as exc:
            raise click.ClickException(str(exc)) from None
        click.echo(f"{count} new message(s) stored")
        if not every:
            return
        time.sleep(every)


@click.command("ingest")
@click.option("--sender", help="The envelope sender, if the MTA passes it.")
@click.option("--recipient", "recipients", multiple=True, help="The envelope recipient(s).")
def ingest_command(sender: str | None, recipients: tuple[str, ...]) -> None:
    """Store one message read from standard input (an MTA pipe) and queue it."""
    from .mailin import store_and_queue

    raw = sys.stdin.buffer.read()
    try:
        submission_ids = store_and_queue(raw, sender, recipients)
    except Exception as exc:  # noqa: BLE001 - tell the MTA to retry rather than lose mail
        click.echo(f"pbem ingest: could not store the message ({exc}); try again", err=True)
        sys.exit(EX_TEMPFAIL)
    click.echo("\n".join(submission_ids))


@click.command("sweep")
def sweep_command() -> None:
    """Run the deadline sweep once now (the worker's beat runs it every minute)."""
    from .tasks import sweep_deadlines

    click.echo(sweep_deadlines())
