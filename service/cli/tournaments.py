"""`pbem tournament`: a new tournament, sign-up and withdrawal, and its standings. Rounds are
seated by the standings sweep (the workers' beat), or at once with `pbem tournament advance`;
a new game's first emails go out with the workers' next recovery (within a minute)."""
from __future__ import annotations

import click

from service.cli.common import handles_errors, open_store
from service.orders.results import ServiceError
from service.tournaments.running import (
    FORMATS,
    current_standings,
    enter,
    new_tournament,
    sittings,
    tournament,
    withdraw,
)


@click.group("tournament")
def tournament_group() -> None:
    """Tournaments: Swiss or round robin, seated round by round as games end."""


@tournament_group.command("new")
@click.argument("title")
@click.option("--format", "format_", type=click.Choice(FORMATS), default="swiss",
              show_default=True, help="Swiss (seated by score) or round robin (to meet as "
              "evenly as possible).")
@click.option("--rounds", type=click.IntRange(1, 50), required=True, metavar="N")
@click.option("--seats-per-game", type=click.IntRange(1, 16), required=True, metavar="K")
@click.option("--players", type=click.IntRange(1, 10_000), required=True, metavar="N",
              help="The entrants wanted: the first round is seated once they signed up.")
@click.option("--name", default="", help="The tournament's name (default: the title's).")
@click.option("--house", is_flag=True, help="Let house players fill a table that would be "
              "too small (else the players left over get a bye).")
@click.option("--rated", is_flag=True, help="Its games count for the ratings.")
@click.option("--id", "tournament_id", metavar="ID", help="Fix its id (8 hex digits), and so "
              "its games' ids and draws (for tests and demos).")
@handles_errors
def new_command(title: str, format_: str, rounds: int, seats_per_game: int, players: int,
                name: str, house: bool, rated: bool, tournament_id: str | None) -> None:
    """Create a tournament of TITLE open for sign-up and print its id."""
    made = new_tournament(open_store(create=True), title, format=format_, rounds=rounds,
                          seats_per_game=seats_per_game, entrants=players, name=name,
                          house_allowed=house, rated=rated, tournament_id=tournament_id)
    click.echo(made.id)


@tournament_group.command("join")
@click.argument("tournament_id")
@click.argument("player", metavar="NAME=EMAIL")
@handles_errors
def join_command(tournament_id: str, player: str) -> None:
    """Sign a player up for a tournament."""
    name, sep, email = player.partition("=")
    if not sep:
        raise ServiceError(f"the player {player!r} must be NAME=EMAIL", "bad-entrant")
    entrant = enter(open_store(), tournament_id, name, email)
    click.echo(f"{entrant.name} is entrant {entrant.number} of tournament {tournament_id}")


@tournament_group.command("invite")
@click.argument("tournament_id")
@click.argument("player", metavar="NAME=EMAIL")
@handles_errors
def invite_command(tournament_id: str, player: str) -> None:
    """Mail a player an invitation: the link that signs them up once they follow it (the
    same as signing up from the tournament's page)."""
    from service.base.config import load_config
    from service.mail.entrylink import mail_entry_link
    from service.tournaments.signup import ask_to_enter

    name, sep, email = player.partition("=")
    if not sep:
        raise ServiceError(f"the player {player!r} must be NAME=EMAIL", "bad-entrant")
    config = load_config()
    store = open_store()
    asked = ask_to_enter(store, config.secret_key(), tournament_id, name, email)
    mail_entry_link(store, config, asked, invited=True)
    click.echo(f"{asked.email} is invited to tournament {tournament_id}: they are signed up "
               "once they follow the mailed link")


@tournament_group.command("withdraw")
@click.argument("tournament_id")
@click.argument("email")
@handles_errors
def withdraw_command(tournament_id: str, email: str) -> None:
    """Withdraw a player: they are seated in no later round."""
    withdraw(open_store(), tournament_id, email)
    click.echo(f"{email} is withdrawn from tournament {tournament_id}")


@tournament_group.command("advance")
@handles_errors
def advance_command() -> None:
    """Seat every round that is due now (what the beat does every minute)."""
    from service.sweeps.standings import sweep_standings

    done = sweep_standings(open_store())
    click.echo(f"{done['recorded']} games recorded, {done['rounds']} rounds seated")


@tournament_group.command("standings")
@click.argument("tournament_id")
@handles_errors
def standings_command(tournament_id: str) -> None:
    """Print a tournament's standings and its rounds' tables."""
    store = open_store()
    held = tournament(store, tournament_id)
    click.echo(f"{held.name} ({held.game}, {held.format}, {held.seats_per_game} a table): "
               f"{held.status}, round {held.round} of {held.rounds}")
    click.echo(f"{'#':>3}  {'points':>6}  {'buchholz':>8}  {'wins':>4}  {'games':>5}  "
               f"{'byes':>4}  name")
    for place, line in enumerate(current_standings(store, held), 1):
        mark = " (withdrawn)" if line.entrant.withdrawn else ""
        click.echo(f"{place:>3}  {line.points:6.1f}  {line.buchholz:8.1f}  {line.wins:>4}  "
                   f"{line.games:>5}  {line.byes:>4}  {line.entrant.name}{mark}")
    for sitting in sittings(store, tournament_id):
        who = ", ".join(p for _, p in sitting.seats if p)
        click.echo(f"round {sitting.round} " + (f"table {sitting.number}: game "
                                                f"{sitting.game_id}" if sitting.game_id
                                                else "byes") + f" ({who})")
