"""`pbem ratings`: the ratings table of a title (or of every title), from the store or rebuilt
from a folder of finished games' archives."""
from __future__ import annotations

import click

from engine.core import get_game
from service.cli.common import handles_errors, open_store
from service.orders.results import ServiceError


@click.command("ratings")
@click.argument("title", required=False)
@click.option("--from-archives", "folder", metavar="DIR", help="Rebuild the table from the "
              "finished games' archives in DIR (and below it), each audited first, instead of "
              "reading the service's; the two print the same, byte for byte.")
@handles_errors
def ratings_command(title: str | None, folder: str | None) -> None:
    """Print the ratings of TITLE (a game's short name, e.g. masons), or of every title."""
    if title is not None:
        title = get_game(title).name
    if folder is not None:
        from service.ratings.archives import ArchivesRefused, book_from_archives

        try:
            book = book_from_archives(folder)
        except ArchivesRefused as exc:
            raise ServiceError(f"cannot rebuild the ratings: {exc}") from None
        games = [title] if title else sorted(book.heads)
        tables = [book.table(game) for game in games]
    else:
        from service.ratings.stored import catch_up, stored_table, titles

        store = open_store()
        catch_up(store)
        games = [title] if title else titles(store)
        tables = [stored_table(store, game) for game in games]
    if not tables:
        click.echo("No rated game has ended yet.")
        return
    click.echo("\n\n".join("\n".join(table) for table in tables))
