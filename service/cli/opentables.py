"""The game master's commands for open games: start or cancel one before it fills, make and
revoke invitation links, and offer a running game's seat to a newcomer."""
from __future__ import annotations

import click

from service.base.config import load_config
from service.cli.common import announce, handles_errors, open_store


@click.command("start")
@click.argument("game_id")
@click.option("--house", is_flag=True, help="Fill the empty seats with house players (the "
              "computer player) and start the game full.")
@handles_errors
def start_command(game_id: str, house: bool) -> None:
    """Start an open game now with the players seated (at least the game's minimum)."""
    from service.opentables.lifecycle import start_table

    loaded = start_table(open_store(), game_id, "game-master", house=house)
    announce(game_id)
    click.echo(f"game {game_id} has started with {', '.join(loaded.meta.seat_names)}")


@click.command("cancel")
@click.argument("game_id")
@handles_errors
def cancel_command(game_id: str) -> None:
    """Cancel an open game before it starts; those who joined are told."""
    from service.opentables.lifecycle import close_table

    close_table(open_store(), game_id, "cancelled")
    announce(game_id)
    click.echo(f"game {game_id} is cancelled")


@click.command("invite")
@click.argument("game_id")
@click.option("--uses", type=click.IntRange(0, 100), default=0, show_default=True,
              help="How many players the link seats (0: any number).")
@click.option("--revoke", metavar="INVITATION", help="Revoke an invitation (its id is the "
              "part of the link before the dot) instead of making one.")
@handles_errors
def invite_command(game_id: str, uses: int, revoke: str | None) -> None:
    """Print a new invitation link to an open game (or revoke one): it leads to the join
    page even when the game is not listed in the lobby."""
    from service.opentables.joining import invitation_token
    from service.opentables.lifecycle import make_invitation, revoke_invitation

    store = open_store()
    if revoke:
        revoke_invitation(store, game_id, revoke.partition(".")[0])
        click.echo(f"invitation {revoke.partition('.')[0]} no longer works")
        return
    invitation = make_invitation(store, game_id, uses)
    config = load_config()
    token = invitation_token(config.secret_key(), game_id, invitation)
    click.echo(f"{config.base_url}/games/{game_id}/join?invite={token}")


@click.command("table-news")
@click.argument("game_id")
@click.argument("setting", required=False,
                type=click.Choice(["every", "outcome", "off"], case_sensitive=False))
@handles_errors
def table_news_command(game_id: str, setting: str | None) -> None:
    """Choose what news of an open game its game master is mailed, as the master page does:
    every (each join and leave, the start and the end), outcome (only the start, the expiry
    or the cancellation) or off (none); without SETTING, show the choice kept."""
    from service.game.loading import load_game
    from service.opentables.lifecycle import set_master_notices, table_of

    store = open_store()
    if setting is not None:
        set_master_notices(store, game_id, setting.lower())
    meta = load_game(store, game_id).meta
    kept = table_of(meta).master_notices
    words = dict(TABLE_NEWS_WORDS)[kept]
    to = f" to {meta.master_email}" if meta.master_email else " (the game has no master's address)"
    click.echo(f"game {game_id}: the game master is mailed {words}{to} [{kept}]")


TABLE_NEWS_WORDS = (("every", "every join and leave, the start and the end"),
                    ("outcome", "only the start, the expiry or the cancellation"),
                    ("off", "no news of the table"))
"""The choices of `pbem table-news`, in words."""


@click.command("offer")
@click.argument("game_id")
@click.argument("seat")
@click.option("--withdraw", is_flag=True, help="Withdraw the offer.")
@handles_errors
def offer_command(game_id: str, seat: str, withdraw: bool) -> None:
    """Offer a running game's SEAT (its player resigned or vanished) to a newcomer: the lobby
    lists it, and whoever confirms an address takes it over with its history."""
    from service.seats.master import offer_seat

    offer_seat(open_store(), game_id, seat, not withdraw)
    click.echo(f"seat {seat} of game {game_id} is " + ("no longer offered" if withdraw
                                                        else "open for a replacement"))


@click.command("suspend")
@click.argument("address", required=False)
@click.option("--reason", default="", help="Why (mailed to the address).")
@click.option("--lift", "lift_id", type=int, metavar="ID", help="Lift the suspension ID "
              "(as `pbem suspend --list` numbers it) instead.")
@click.option("--list", "listing", is_flag=True, help="List the suspensions in force.")
@handles_errors
def suspend_command(address: str | None, reason: str, lift_id: int | None,
                    listing: bool) -> None:
    """Suspend an address from open tables, with a reason mailed to it (the operator's tool,
    as the moderation page /admin/moderation)."""
    from service.mail.notices import suspension_message
    from service.mail.transport import send
    from service.seats import civility
    from service.store.moderation import SUSPEND, Moderation

    store = open_store()
    if listing:
        for kept in Moderation(store).active(SUSPEND):
            click.echo(f"{kept.id}  {kept.target}  since {kept.created_at[:16]}  "
                       f"{kept.data.get('reason', '')}")
        return
    if lift_id is not None:
        civility.lift_suspension(store, lift_id)
        click.echo(f"suspension {lift_id} is lifted")
        return
    if not address:
        raise click.UsageError("give the ADDRESS to suspend (or --list, or --lift ID)")
    made = civility.suspend(store, address, reason)
    config = load_config()
    send(config, suspension_message(config, address.strip(), reason.strip()),
         f"suspended-{made}")
    click.echo(f"{address} is suspended from open tables (suspension {made}); the reason was "
               "mailed to it")
