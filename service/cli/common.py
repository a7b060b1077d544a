"""What the `pbem` commands share: the store they open, errors told in one line, and the
nudge that gets a changed game's mail out."""
from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import click

from engine.core import UnknownGame
from service.base.config import load_config
from service.game.loading import UnknownGameId
from service.orders.results import ServiceError

if TYPE_CHECKING:
    from service.store.orderlog import OrderLog
    from service.store.store import Store

F = TypeVar("F", bound=Callable[..., Any])


def announce(game_id: str) -> None:
    """Tell the installed plugins (the task queue) that a game changed, so its mail goes out.

    Without a reachable queue the mail still goes out: the worker's minute sweep finds it.
    """
    from importlib.metadata import entry_points

    for plugin in entry_points(group="pbem.after_change"):
        try:
            plugin.load()(game_id)
        except Exception as exc:  # noqa: BLE001 - the change is stored; only the nudge failed
            click.echo(f"note: the mail queue is not reachable ({type(exc).__name__}); "
                       "the worker's next sweep will send the mail", err=True)


def announce_in_background(game_id: str) -> None:
    """Give the queue's nudge for a changed game to a detached `pbem announce` process.

    The task queue's client takes longer to import than an order takes to decide, so a
    command that only needs the mail sent returns at once; should the nudge fail, the
    worker's minute sweep still sends the mail.
    """
    import subprocess

    subprocess.Popen([sys.executable, "-m", "service.cli.main", "announce", game_id],
                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL, start_new_session=True)


def open_order_store() -> OrderLog:
    """Return the store for one order: on a SQLite file, the order path on the driver alone
    (`service.store.sqlite_orders`), which builds the full store only if the order needs more."""
    from service.store.sqlite_orders import SQLiteOrders, sqlite_file

    config = load_config()
    path = sqlite_file(config.database_url)
    if path is None:
        return open_store()
    if not os.path.exists(path):
        raise click.ClickException(nowhere(path))
    orders = SQLiteOrders(config.database_url)
    if not orders.at_head():
        open_store().dispose()  # says why not: no store there, or an older schema
    return orders


def open_store(*, migrate: bool = True, create: bool = False) -> Store:
    """Return the configured store, checked to be at this version's schema.

    Only the commands that make a store (`create`) make one where there is none; the others
    say where they looked. No command but `pbem db upgrade` migrates an older schema
    (`migrate` False: the store as it is, for that command and `pbem db revision`).
    """
    from service.ops.startup import schema_problem
    from service.ops.upgrade import fill_projections
    from service.store.sqlite_orders import sqlite_file
    from service.store.store import Store

    config = load_config()
    path = sqlite_file(config.database_url)
    if migrate and path is not None and not create and not os.path.exists(path):
        raise click.ClickException(nowhere(path))
    if path is not None:
        config.home.mkdir(parents=True, exist_ok=True)
    store = Store(config.database_url, pdf_folder=config.pdf_folder)
    if not migrate:
        return store
    problem = schema_problem(store)
    if problem:
        store.dispose()
        raise click.ClickException(problem)
    if store.revision() is None:
        if not create:
            store.dispose()
            raise click.ClickException("the configured database has no pbem tables yet (see "
                                       "PBEM_DATABASE_URL): create them with `pbem db upgrade`")
        fill_projections(store, store.create_schema())
    return store


def nowhere(path: str) -> str:
    """Return where a command looked for the store, and how to point it at one."""
    home = os.environ.get("PBEM_HOME")
    why = (f"PBEM_HOME is {home}" if home else
           "neither PBEM_HOME nor PBEM_DATABASE_URL is set, so it looked in ./var")
    return (f"there is no pbem store at {path} ({why}): run the command with the settings of "
            "the deployment (its PBEM_HOME or PBEM_DATABASE_URL), or create a game first with "
            "`pbem new`")


@contextmanager
def friendly_errors() -> Iterator[None]:
    """Turn the service's expected errors into one clear line and exit status 1."""
    try:
        yield
    except _expected_errors() as exc:
        message = exc.message if isinstance(exc, ServiceError) else str(exc)
        raise click.ClickException(message) from None


def _expected_errors() -> tuple[type[Exception], ...]:
    """Return the errors a command reports in one line (imported only once one is raised)."""
    from service.audit.archive import ArchiveError
    from service.audit.rerun import AuditRefused

    return (UnknownGame, UnknownGameId, ServiceError, AuditRefused, ArchiveError)


def handles_errors(func: F) -> F:
    """Decorate a command so expected errors print without a traceback."""

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with friendly_errors():
            return func(*args, **kwargs)

    wrapper.__name__ = func.__name__
    wrapper.__doc__ = func.__doc__
    return wrapper  # type: ignore[return-value]
