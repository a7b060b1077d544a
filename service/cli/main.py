"""The `pbem` command: create, inspect, play, verify and audit games from a terminal."""
from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

import click

from engine.core import all_games, get_game
from service.cli.common import (
    announce,
    announce_in_background,
    handles_errors,
    open_order_store,
    open_store,
)
from service.game.events import MAIL_SENDERS, PRESS_LEVELS
from service.game.loading import load_game
from service.game.waiting import waiting_at, waiting_line
from service.orders.creation import create_game, parse_seat, seed_game_id
from service.orders.processing import submit_order
from service.orders.results import ServiceError

if TYPE_CHECKING:
    from service.game.witness import AuditedLog

# A command imports what only it needs (the archive, the audit, the game master's tools,
# the web and the task queue) when it runs, so that `pbem order` starts quickly.

EXIT_REJECTED = 2


class PbemGroup(click.Group):
    """The `pbem` group; commands of other modules and of plugins load when first asked for."""

    extras_loaded = False

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """Return the command, loading the other modules' commands if it is none of these."""
        command = super().get_command(ctx, cmd_name)
        if command is None and not self.extras_loaded:
            self.load_extras()
            command = super().get_command(ctx, cmd_name)
        return command

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Return every command's name, those of other modules and plugins included."""
        self.load_extras()
        return super().list_commands(ctx)

    def load_extras(self) -> None:
        """Add the commands that live in their own modules, and those of installed plugins."""
        if not self.extras_loaded:
            self.extras_loaded = True
            register_extra_commands(self)


@click.group(cls=PbemGroup, context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """pbem: correspondence board games by email and web, on an auditable event log.

    State lives in ./var (or $PBEM_HOME); set PBEM_DATABASE_URL to use PostgreSQL.
    """


@main.command("games")
def games_command() -> None:
    """List the games this service hosts, with their player counts."""
    for game in all_games():
        count = (str(game.min_players) if game.min_players == game.max_players
                 else f"{game.min_players}-{game.max_players}")
        options = ", ".join(f"{spec.name} ({spec.help})" for spec in game.options)
        line = f"{game.name:22} {game.title:24} {count} players"
        click.echo(line + (f"   options: {options}" if options else ""))


@main.command("list")
@handles_errors
def list_command() -> None:
    """List the games in the store: id, game, title and state."""
    store = open_store()
    rows = store.list_games()
    if not rows:
        click.echo("No games yet: create one with `pbem new GAME --seat NAME=EMAIL ...`.")
    for row in rows:
        status = row.status
        if status == "open":
            table = load_game(store, row.id, row=row).meta
            status = f"open {len(table.seats)}/{table.table.seats_needed if table.table else 0}"
        click.echo(f"{row.id}  {row.game:22} {status:9} {row.created_at[:16]}  {row.title}")


@main.command("new")
@click.argument("game")
@click.option("--seat", "seats", multiple=True, metavar="NAME=EMAIL",
              help="A player, in clockwise order (repeat for each seat).")
@click.option("--house", "house", multiple=True, metavar="NAME",
              help="A seat the house (the computer player) plays, after the --seat ones; "
              "it needs no address (repeat for each). One --seat and the rest --house is a "
              "practice game.")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="A game option (see `pbem games`).")
@click.option("--seed", metavar="HEX", help="Fix the secret seed (for tests, demos and bug "
              "reports): the same seed and seats give the same game, under an id derived from "
              "the seed unless --id is given.")
@click.option("--id", "game_id", metavar="ID", help="The game's id, 8 hexadecimal digits "
              "(0-9, a-f) such as 3f9c01ab; by default a random one, or one derived from --seed.")
@click.option("--title", help="A title for the game (default: the game's name).")
@click.option("--deadline", metavar="DURATION", help="Time allowed for each decision, e.g. "
              "48h or 3d (default: each game's own, usually 48h).")
@click.option("--reminders", metavar="HOURS", default="24,1", show_default=True,
              help="Hours before a deadline at which reminders go out, comma-separated.")
@click.option("--press", type=click.Choice(PRESS_LEVELS), default="private", show_default=True,
              help="Talk between players: off, open (to everyone only), private (also to "
              "chosen seats), grey (also anonymous).")
@click.option("--absence-days", type=click.IntRange(0, 60), default=14, show_default=True,
              help="How many days one declared absence may push a seat's deadlines.")
@click.option("--time-bank", metavar="DURATION", help="Give every seat a time bank, e.g. 1d "
              "or 36h: spent when a deadline passes, before any default (1 h more per decision "
              "answered over 36 hours early, up to 2 days). Default: none.")
@click.option("--vacation/--no-vacation", default=True, show_default=True,
              help="Whether players may spend their vacation days in this game (their yearly "
              "allowance across games, spent when a deadline would pass, or booked ahead).")
@click.option("--master-email", default="", metavar="EMAIL",
              help="The game master's address: the master link, copies of defaults and "
              "replacements.")
@click.option("--open", "open_seats", type=click.IntRange(0, 99), default=0, metavar="N",
              help="Seats for players who join (listed in the lobby under Open games); the "
              "game starts when they are taken. Named --seat players may be added.")
@click.option("--private", is_flag=True, help="With --open: do not list the game; players "
              "join through invitation links (`pbem invite`).")
@click.option("--open-days", type=click.IntRange(1, 90), default=14, show_default=True,
              help="With --open: days to wait for the players before the game is given up.")
@click.option("--offer-resigned", is_flag=True, help="Offer a seat to a newcomer in the "
              "lobby as soon as its player resigns.")
@click.option("--mail-senders", type=click.Choice(MAIL_SENDERS), default="seat",
              show_default=True, help="Whose mail to a seat's reply address acts at once: the "
              "seat's own address only (mail from others waits for the seat to confirm it), or "
              "any sender who has the address.")
@click.option("--notify", type=click.Choice(["every", "act", "digest"]), default="act",
              show_default=True, help="How often every seat is mailed until it chooses "
              "itself: every change, only when it must act (with the news since its last "
              "email), or a daily digest only.")
@click.option("--house-for-absent", is_flag=True, help="Hand a seat whose deadline passes "
              "after its absence limit, or while its mail bounces, to the house (the computer "
              "player) until a person takes it over, instead of playing its defaults.")
@click.option("--auto-pass/--no-auto-pass", default=True, show_default=True,
              help="In a game with windows (Illuminati): answer for each seat the windows "
              "where, as everyone can tell, it could only pass.")
@click.option("--rated", is_flag=True, help="The game counts for the ratings of its title "
              "when it ends (not with house players; see docs/ratings.md).")
@click.option("--min-finished", type=click.IntRange(0, 100), default=0, metavar="PERCENT",
              help="With --open: only players who finished at least this share of the games "
              "they started may join (a player with no ended game may).")
@click.option("--min-rating", type=click.FloatRange(-100, 100), default=None, metavar="RATING",
              help="With --open: only players rated at least this in the game's title may join "
              "(a newcomer has the first rating, 0.00).")
@handles_errors
def new_command(game: str, seats: tuple[str, ...], options: tuple[str, ...], seed: str | None,
                game_id: str | None, title: str | None, deadline: str | None,
                reminders: str, press: str, absence_days: int, master_email: str,
                open_seats: int, private: bool, open_days: int, offer_resigned: bool,
                mail_senders: str, notify: str, auto_pass: bool, time_bank: str | None,
                vacation: bool, house_for_absent: bool, house: tuple[str, ...],
                rated: bool, min_finished: int, min_rating: float | None) -> None:
    """Create a game of GAME (or open it for players to join) and print its id."""
    rules = get_game(game)
    if house and open_seats:
        raise ServiceError("--house names seats of a game created with its players, not of "
                           "an open table")
    if not seats and not open_seats:
        raise ServiceError(f"give the players with --seat NAME=EMAIL, or open seats with "
                           f"--open N ({rules.title} needs {rules.min_players} to "
                           f"{rules.max_players})")
    if (min_finished or min_rating is not None) and not open_seats:
        raise ServiceError("--min-finished and --min-rating are terms for joining an open "
                           "table: they need --open N")
    if private and not open_seats:
        raise ServiceError("--private needs --open N: only an open game takes invitations")
    pairs = {}
    for text in options:
        key, sep, value = text.partition("=")
        if not sep:
            raise ServiceError(f"option {text!r} must be KEY=VALUE")
        pairs[key.strip()] = value.strip()
    settings: dict[str, Any] = {
        "title": title, "seed_hex": seed, "deadline_hours": parse_hours(deadline),
        "reminder_hours": parse_reminders(reminders),
        "game_id": game_id or (seed_game_id(seed) if seed else None), "press": press,
        "absence_days": absence_days, "master_email": master_email,
        "offer_resigned": offer_resigned, "mail_senders": mail_senders, "notify": notify,
        "auto_pass": auto_pass, "time_bank_hours": parse_hours(time_bank, "--time-bank") or 0,
        "vacation": vacation, "house_for_absent": house_for_absent}
    named = [parse_seat(s) for s in seats]
    if open_seats:
        from service.opentables.lifecycle import open_game

        loaded = open_game(open_store(create=True), game, named, open_seats, pairs, listed=not private,
                           open_days=open_days, rated=rated, min_finished=min_finished,
                           min_rating=min_rating, **settings)
    else:
        loaded = create_game(open_store(create=True), game, named, pairs, **settings,
                             house=tuple(name.strip().lower() for name in house), rated=rated)
    announce(loaded.meta.id)
    click.echo(loaded.meta.id)


def parse_hours(text: str | None, what: str = "--deadline") -> int | None:
    """Return a duration such as 48h, 3d or 36 in whole hours, or raise ServiceError."""
    if text is None:
        return None
    value = text.strip().lower()
    factor = 24 if value.endswith("d") else 1
    digits = value.rstrip("dh")
    if not digits.isdigit() or int(digits) * factor < 1:
        raise ServiceError(f"{what} takes hours or days, such as 48h or 3d, not {text!r}")
    return int(digits) * factor


def parse_reminders(text: str) -> tuple[int, ...]:
    """Return reminder lead times in hours from '24,1' (empty: no reminders)."""
    parts = [part.strip().rstrip("hH") for part in text.split(",") if part.strip()]
    if not all(part.isdigit() and int(part) > 0 for part in parts):
        raise ServiceError(f"--reminders takes whole hours separated by commas, not {text!r}")
    return tuple(int(part) for part in parts)


def _check_seat(loaded: Any, seat: str | None) -> None:
    if not loaded.meta.started:
        table = loaded.meta.table
        raise ServiceError(f"game {loaded.meta.id} has not started: {len(loaded.meta.seats)} of "
                           f"{table.seats_needed if table else 0} seats are taken "
                           f"({table.status if table else 'open'})")
    if seat is not None and seat not in loaded.meta.seat_names:
        raise ServiceError(f"{seat!r} is not a seat of game {loaded.meta.id} (seats: "
                           f"{', '.join(loaded.meta.seat_names)})")


@main.command("show")
@click.argument("game_id")
@click.option("--as", "seat", metavar="SEAT", help="Show what this seat sees (default: a "
              "spectator's view).")
@click.option("--json", "as_json", is_flag=True, help="Print the view as JSON.")
@handles_errors
def show_command(game_id: str, seat: str | None, as_json: bool) -> None:
    """Show the game as SEAT sees it."""
    loaded = load_game(open_store(), game_id)
    _check_seat(loaded, seat)
    view = loaded.game.view(loaded.state, seat)
    if as_json:
        click.echo(json.dumps({"game": game_id, "seq": loaded.seq, "view": view}, indent=2))
        return
    who = seat or "a spectator"
    click.echo(f"{loaded.meta.title} ({loaded.game.title}), game {game_id}, as {who}")
    click.echo(loaded.game.render_text(view))


@main.command("prompts")
@click.argument("game_id")
@click.option("--as", "seat", metavar="SEAT", help="Show what SEAT can write now.")
@handles_errors
def prompts_command(game_id: str, seat: str | None) -> None:
    """Show who must act now; with --as, what that seat can write."""
    loaded = load_game(open_store(), game_id)
    _check_seat(loaded, seat)
    game, prompts = loaded.game, loaded.game.prompts(loaded.state)
    if not prompts:
        click.echo(f"Nobody: the game is over. {loaded.meta.finish_reason}")
        return
    waiting = waiting_at(game, loaded.state, loaded.meta)
    if seat is None:
        if any(p.simultaneous for p in prompts):
            click.echo("Answering at once: " + ", ".join(f"{mark.seat} ({mark.text})"
                                                         for mark in waiting.marks))
        else:
            click.echo("Must act now: " + ", ".join(p.seat for p in prompts))
        click.echo(waiting_line(waiting))
        click.echo("What each may write is for that seat alone: use --as SEAT to see it.")
        return
    prompt = game.prompt_for(loaded.state, seat)
    if prompt is None:
        click.echo(f"{seat} has nothing to decide now. {waiting_line(waiting)}")
        return
    text = game.help(prompt)
    if not text.startswith(prompt.summary):  # the help names the decision first, as a rule
        click.echo(prompt.summary)
    click.echo(text)


@main.command("order")
@click.argument("game_id")
@click.argument("seat")
@click.argument("text")
@handles_errors
def order_command(game_id: str, seat: str, text: str) -> None:
    """Give SEAT's order TEXT, through the same path as an emailed order."""
    result = submit_order(open_order_store(), game_id, seat, text, source="cli")
    if result.status == "help":
        click.echo(result.legal)
        return
    if result.accepted:
        announce_in_background(game_id)
        click.echo(f"accepted: {'; '.join(result.orders)} (log now at seq {result.seq})")
        return
    click.echo(f"rejected [{result.code}]: {result.message}", err=True)
    if result.legal:
        click.echo(result.legal, err=True)
    sys.exit(EXIT_REJECTED)


@main.command("announce", hidden=True)
@click.argument("game_id")
def announce_command(game_id: str) -> None:
    """Tell the task queue that GAME_ID changed, so that its mail goes out now."""
    announce(game_id)


@main.command("log")
@click.argument("game_id")
@click.option("--as", "seat", metavar="SEAT", help="Show the history SEAT may read.")
@click.option("--json", "as_json", is_flag=True, help="Print the history as JSON.")
@handles_errors
def log_command(game_id: str, seat: str | None, as_json: bool) -> None:
    """Show the history of a game that SEAT may read (a spectator's without --as)."""
    store = open_store()
    _check_seat(load_game(store, game_id), seat)
    from service.game.history import history, json_lines

    lines = history(store, game_id, seat)
    if as_json:
        click.echo(json_lines(lines))
        return
    for line in lines:
        click.echo(f"{line.seq:5}  {line.recorded_at[:19]}  {line.text}")


@main.command("verify")
@click.argument("game_id", required=False)
@click.option("--all", "every", is_flag=True, help="Verify every game of the store; print "
              "each failure and a summary line, and exit 1 if any game fails.")
@click.option("--witness", "witnesses", multiple=True, metavar="SEQ:HASH",
              help="A log head from an email or seat page that the log must still contain.")
@handles_errors
def verify_command(game_id: str | None, every: bool, witnesses: tuple[str, ...]) -> None:
    """Check the hash chain, that replaying the log rebuilds the same state, and witnesses."""
    from service.audit.verify import verify

    if every == (game_id is not None) or (every and witnesses):
        raise ServiceError("give a game id (with any --witness), or --all")
    from service.cli.keys import own_keys

    store = open_store()
    keys = own_keys()
    if every:
        verify_every_game(store, keys)
        return
    report = verify(store, game_id or "", keys)
    for given in witnesses:
        check_witness_command(store, game_id or "", given)
    if report.ok:
        click.echo(f"ok: {report.events} events, hash chain intact, every signed head "
                   "holds, replay matches")
        return
    where = f" at seq {report.first_bad_seq}" if report.first_bad_seq is not None else ""
    raise click.ClickException(f"verification failed{where}: {report.problem}")


def verify_every_game(store: Any, keys: Any = None) -> None:
    """Verify every game (against the heads `keys` signed); print each failure and a summary;
    exit 1 if any failed."""
    from service.audit.verify import verify

    games = store.list_games()
    failed = events = 0
    for row in games:
        try:
            report = verify(store, row.id, keys)
        except Exception as exc:  # noqa: BLE001 - one broken game must not hide the others
            failed += 1
            click.echo(f"FAIL {row.id}: {type(exc).__name__}: {exc}")
            continue
        events += report.events
        if not report.ok:
            failed += 1
            where = f" at seq {report.first_bad_seq}" if report.first_bad_seq is not None else ""
            click.echo(f"FAIL {row.id}{where}: {report.problem}")
    click.echo(f"{'ok' if not failed else 'FAILED'}: {len(games)} games verified, "
               f"{len(games) - failed} intact, {failed} failed ({events} events)")
    if failed:
        raise SystemExit(1)


def check_witness_command(store: AuditedLog, game_id: str, given: str) -> None:
    """Print that the log holds a witnessed head, or stop with what is wrong."""
    from service.game.witness import check_witness, parse_witness

    try:
        seq, prefix = parse_witness(given)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    if store.get_game(game_id) is None:
        raise click.ClickException(f"witness {given} not found: no game {game_id}")
    from service.game.numbers import witnessed_seqs

    # a head is shown with its reader's number: the hash tells which event it names
    reports = [check_witness(store, game_id, candidate, prefix)
               for candidate in witnessed_seqs(store, game_id, seq)]
    if not any(report.ok for report in reports):
        problems = dict.fromkeys(report.problem for report in reports)
        raise click.ClickException(f"witness {given} not found: {'; or '.join(problems)}")
    click.echo(f"ok: the log still contains the witnessed head {given}")


@main.command("audit")
@click.argument("game_id", required=False)
@click.option("--archive", "archive_path", type=click.Path(dir_okay=False), metavar="FILE",
              help="Audit a game's archive file alone: no database, server or network.")
@click.option("--house", is_flag=True, help="Also choose every order of the house again, "
              "running its player for the recorded iterations: each must be the one recorded "
              "(slower: the house's thinking is done again).")
@click.option("--key", "key_source", metavar="FILE|URL",
              help="The service's public keys (a file, or its address such as "
              "https://HOST/.well-known/pbem-key): every signed head in the archive must "
              "verify and be the head its events lead to, and the last event must carry one.")
@handles_errors
def audit_command(game_id: str | None, archive_path: str | None, house: bool,
                  key_source: str | None) -> None:
    """Re-run every order of a finished game from its revealed seed; the log must match."""
    if (game_id is None) == (archive_path is None):
        raise ServiceError("give a game id, or --archive FILE (not both)")
    if key_source is not None and archive_path is None:
        raise ServiceError("--key checks an archive's signed heads: give --archive FILE")
    from service.audit.rerun import audit
    from service.audit.restore import audit_archive

    signed = ""
    if archive_path is not None:
        from service.cli.keys import read_keys

        keys = read_keys(key_source) if key_source else None
        report = audit_archive(archive_path, house=house, keys=keys)
        signed = (", every signed head verified against the given keys" if keys else
                  " (signed heads not checked: give --key with the service's public keys)")
    else:
        report = audit(open_store(), game_id or "", house=house)
    state = "" if report.finished else " (a running game: checked up to its last event)"
    chosen = f", {report.house} orders of the house chosen again" if house else ""
    click.echo(f"ok: hash chain intact, seed matches its published hash, {report.orders} "
               f"orders re-run{chosen}, {report.draws} random draws re-derived, "
               f"{report.events} events reproduced exactly{state}{signed}")


@main.command("pause")
@click.argument("game_id")
@click.option("--reason", default="", help="Told to the players.")
@handles_errors
def pause_command(game_id: str, reason: str) -> None:
    """Pause a game: no orders and no deadlines until it is resumed."""
    from service.seats import master

    master.pause_game(open_store(), game_id, reason)
    announce(game_id)
    click.echo(f"game {game_id} is paused")


@main.command("resume")
@click.argument("game_id")
@handles_errors
def resume_command(game_id: str) -> None:
    """Resume a paused game; open deadlines move later by the length of the pause."""
    from service.seats import master

    master.resume_game(open_store(), game_id)
    announce(game_id)
    click.echo(f"game {game_id} goes on")


@main.command("replace")
@click.argument("game_id")
@click.argument("seat")
@click.argument("player", metavar="NAME=EMAIL")
@handles_errors
def replace_command(game_id: str, seat: str, player: str) -> None:
    """Hand SEAT to a new player; the old reply address and links stop working."""
    name, sep, email = player.partition("=")
    if not sep or not name.strip():
        raise ServiceError(f"the new player must be NAME=EMAIL, not {player!r}")
    from service.seats import master

    master.replace_seat(open_store(), game_id, seat, name.strip(), email.strip())
    announce(game_id)
    click.echo(f"{name.strip()} now plays {seat} in game {game_id}; a welcome email is queued")


@main.command("rotate-token")
@click.argument("game_id")
@click.argument("seat")
@handles_errors
def rotate_token_command(game_id: str, seat: str) -> None:
    """Renew SEAT's private link and reply address; the old ones stop working."""
    from service.seats import master

    master.rotate_token(open_store(), game_id, seat)
    announce(game_id)
    click.echo(f"{seat} has a new reply address; an email with it is queued")


@main.group("db")
def db_group() -> None:
    """The store's schema: see its revision, migrate it."""


@db_group.command("upgrade")
@handles_errors
def db_upgrade_command() -> None:
    """Migrate the store's tables to the newest schema revision (safe to run again)."""
    from service.ops.upgrade import upgrade

    done = upgrade(open_store(migrate=False))
    click.echo(f"schema at revision {done.after}" + ("" if done.before == done.after else
                                                      f" (was {done.before or 'empty'})"))


@db_group.command("revision")
@handles_errors
def db_revision_command() -> None:
    """Print the store's schema revision."""
    click.echo(open_store(migrate=False).revision() or "empty")


def register_extra_commands(group: click.Group) -> None:
    """Add the commands that live in their own modules, and those of installed plugins."""
    from importlib.metadata import entry_points

    from service.cli.archives import export_command, import_command
    from service.cli.backups import backup_command, restore_command
    from service.cli.bench import bench_command
    from service.cli.check import check_command
    from service.cli.house import house_group
    from service.cli.keys import key_command
    from service.cli.opentables import (
        cancel_command,
        invite_command,
        offer_command,
        start_command,
        suspend_command,
        table_news_command,
    )
    from service.cli.ratings import ratings_command
    from service.cli.seats import seats_command
    from service.cli.selfplay import demo_command, selfplay_command
    from service.cli.tournaments import tournament_group

    group.add_command(selfplay_command)
    group.add_command(bench_command)
    group.add_command(demo_command)
    group.add_command(export_command)
    group.add_command(import_command)
    group.add_command(backup_command)
    group.add_command(restore_command)
    group.add_command(seats_command)
    group.add_command(check_command)
    group.add_command(house_group)
    group.add_command(key_command)
    group.add_command(ratings_command)
    group.add_command(tournament_group)
    for command in (start_command, cancel_command, invite_command, offer_command,
                    suspend_command, table_news_command):
        group.add_command(command)
    for plugin in entry_points(group="pbem.commands"):
        plugin.load()(group)


if __name__ == "__main__":
    main()
