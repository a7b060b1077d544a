"""`pbem backup` and `pbem restore`: the whole store into a file or a folder of dated backups,
and back."""
from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

import click

from service.base.config import load_config
from service.ops.backup import (
    BackupError,
    as_file,
    backup_name,
    backup_to,
    is_sqlite,
    prune,
    restore,
)


@click.command("backup")
@click.argument("target", metavar="FILE", required=False,
                type=click.Path(dir_okay=False, writable=True, allow_dash=True))
@click.option("--dir", "folder", metavar="FOLDER", type=click.Path(file_okay=False),
              help="Write a dated backup (pbem-YYYYmmddTHHMMSSZ.dump or .db) into FOLDER and "
              "prune the old ones there.")
@click.option("--keep-days", type=click.IntRange(1), default=14, show_default=True,
              help="With --dir: remove backups older than this many days.")
@click.option("--keep", type=click.IntRange(1), default=30, show_default=True,
              help="With --dir: keep at most this many backups (the newest always stays).")
def backup_command(target: str | None, folder: str | None, keep_days: int,
                   keep: int) -> None:
    """Back up the whole store while the service keeps running: SQLite with its online backup
    API, PostgreSQL with pg_dump --format=custom; into FILE ('-': standard output) or, with
    --dir, a dated file in a folder that is pruned by age and count."""
    if (target is None) == (folder is None):
        raise click.UsageError("give a FILE or --dir FOLDER (not both)")
    url = load_config().database_url
    try:
        if target == "-":
            _backup_to_stdout(url)
            return
        if target is not None:
            size = backup_to(url, Path(target))
            click.echo(f"{target}: a consistent copy of the store, {size} bytes")
            return
        now = datetime.now(UTC)
        path = Path(folder or ".") / backup_name(url, now)
        size = backup_to(url, path)
        pruned = prune(path.parent, keep_days, keep, now)
    except BackupError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"{path}: a consistent copy of the store, {size} bytes; {len(pruned.kept)} "
               f"backups kept, {len(pruned.removed)} removed")


def _backup_to_stdout(url: str) -> None:
    """Write a backup of the store to standard output, through a file in the home folder."""
    import shutil

    home = load_config().home
    home.mkdir(parents=True, exist_ok=True)
    path = home / ".backup-to-stdout.partial"
    try:
        backup_to(url, path)
        with open(path, "rb") as copy:
            shutil.copyfileobj(copy, sys.stdout.buffer)
    finally:
        path.unlink(missing_ok=True)


@click.command("restore")
@click.argument("source", metavar="FILE", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--replace", is_flag=True, help="SQLite: move the store that is there aside "
              "(the service stopped) instead of refusing.")
def restore_command(source: str, replace: bool) -> None:
    """Restore a backup of `pbem backup` (FILE, or '-' for standard input) into the configured
    store, which must hold no pbem tables (PostgreSQL: a new, empty database)."""
    from service.ops.startup import schema_problem
    from service.store.store import Store

    config = load_config()
    if not is_sqlite(config.database_url):
        store = Store(config.database_url, pdf_folder=config.pdf_folder)
        try:
            if store.revision() is not None:
                raise click.ClickException(
                    "the configured database holds pbem tables already: restore into a new, "
                    "empty database (createdb --owner ROLE NAME) and point PBEM_DATABASE_URL "
                    "at it, or rename the databases (docs/deploy.md, section 10)")
        finally:
            store.dispose()
    try:
        if source == "-":
            with as_file(sys.stdin.buffer, config.home) as path:
                done = restore(config.database_url, path, replace=replace)
        else:
            done = restore(config.database_url, Path(source), replace=replace)
    except BackupError as exc:
        raise click.ClickException(str(exc)) from None
    store = Store(config.database_url, pdf_folder=config.pdf_folder)
    try:
        games, problem = len(store.list_games()), schema_problem(store)
    finally:
        store.dispose()
    click.echo(f"{done}: {games} games" + (f"; {problem}" if problem else "")
               + "; check them with `pbem verify --all`")
