"""The web's commands of `pbem` (entry point pbem.commands): `pbem link` prints a private link."""
from __future__ import annotations

import click

from service.web.commands import print_link


@click.command("link")
@click.argument("game_id")
@click.argument("seat", required=False)
@click.option("--renew", is_flag=True, help="Renew the game master's link first (the old one "
              "stops working).")
def pbem_link_command(game_id: str, seat: str | None, renew: bool) -> None:
    """Print SEAT's private web link to GAME_ID, or the game master's link without SEAT."""
    from service.web.app import create_app  # the web application, built only when asked for

    with create_app().app_context():
        print_link(game_id, seat, renew)


def register(main: click.Group) -> None:
    """Add the web's commands to the `pbem` command group (entry point pbem.commands)."""
    main.add_command(pbem_link_command)
