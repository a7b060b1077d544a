"""The web app's commands of `flask --app service.web.app`: `link` prints a private link."""
from __future__ import annotations

import click
from flask import Flask
from flask.cli import with_appcontext

from service.game.loading import UnknownGameId, load_game


def print_link(game_id: str, seat: str | None, renew: bool = False) -> None:
    """Print a seat's private link, or the game master's link when no seat is given."""
    from service.seats import master
    from service.web.links import master_url, seat_url, store

    try:
        loaded = load_game(store(), game_id)
    except UnknownGameId as exc:
        raise click.ClickException(str(exc)) from None
    if renew and seat is not None:
        raise click.ClickException("--renew renews the game master's link; a seat's link is "
                                   "renewed with `pbem rotate-token GAME SEAT`")
    if renew:
        loaded = master.renew_master_link(store(), game_id)
    if seat is None:
        click.echo(master_url(loaded.meta))
        return
    if seat not in loaded.meta.seat_names:
        raise click.ClickException(f"{seat!r} is not a seat of game {game_id} (seats: "
                                   f"{', '.join(loaded.meta.seat_names)})")
    click.echo(seat_url(loaded.meta, seat))


@click.command("link")
@click.argument("game_id")
@click.argument("seat", required=False)
@with_appcontext
def link_command(game_id: str, seat: str | None) -> None:
    """Print SEAT's private link to GAME_ID, or the game master's link without SEAT."""
    print_link(game_id, seat)


def init_app(app: Flask) -> None:
    """Register the commands with the app's `flask` command group."""
    app.cli.add_command(link_command)
