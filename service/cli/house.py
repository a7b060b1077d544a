"""`pbem house`: the seats the house (the service's computer player) plays."""
from __future__ import annotations

import click

from service.cli import common
from service.cli.common import handles_errors, open_store


@click.group("house")
def house_group() -> None:
    """The house: the computer player that plays seats of a game.

    A house seat sees only what its seat sees and plays through the normal order path
    (actor `house`); its choice is recorded with the player's version and the iterations it
    ran, from the game's random stream, so `pbem audit GAME_ID --house` re-derives it once
    the game is over. A house seat has no deadline (the table waits for the house's time to
    think), gets no mail and sends no press.

    The house thinks for PBEM_HOUSE_SECONDS of CPU time per decision (by default the
    game's own, about 2), or
    exactly PBEM_HOUSE_ITERATIONS iterations when that is set (tests, reproducible runs).
    Create a practice game with `pbem new GAME --seat you=you@example.org --house bruno
    --house carla`. `pbem new ... --house-for-absent` hands a seat whose absence outlasts
    the game's limit, or whose mail bounces, to the house when its deadline passes;
    `pbem start GAME_ID --house` starts an open table with the house in its empty seats.
    Once a game is over, `pbem audit GAME_ID --house` chooses every house order again.
    """


@house_group.command("seat")
@click.argument("game_id")
@click.argument("seat")
@handles_errors
def house_seat_command(game_id: str, seat: str) -> None:
    """Hand SEAT to the house: it plays the seat's open decision and every later one."""
    from service.seats import master

    master.house_seat(open_store(), game_id, seat)
    common.announce(game_id)
    click.echo(f"the house plays {seat} in game {game_id}")


@house_group.command("release")
@click.argument("game_id")
@click.argument("seat")
@handles_errors
def house_release_command(game_id: str, seat: str) -> None:
    """Take SEAT back from the house; hand it to a player with `pbem replace` or offer it
    with `pbem offer`."""
    from service.seats import master

    master.house_seat(open_store(), game_id, seat, house=False)
    common.announce(game_id)
    click.echo(f"the house no longer plays {seat} in game {game_id}; hand it to a player "
               f"with `pbem replace {game_id} {seat} NAME=EMAIL` or offer it with "
               f"`pbem offer {game_id} {seat}`")


@house_group.command("play")
@click.argument("game_id")
@handles_errors
def house_play_command(game_id: str) -> None:
    """Play every decision the house owes in GAME_ID now, in this process (and those they
    open in turn), until a player must act or the game ends."""
    from service.orders.house import play_due

    played = play_due(open_store(), game_id)
    for taken in played:  # the orders stay the seat's own: the log's seq and the effort only
        click.echo(f"seq {taken.seq}: the house played {taken.seat} "
                   f"({taken.iterations} iterations)")
    common.announce(game_id)
    click.echo(f"the house played {len(played)} decision(s) in game {game_id}")
