"""`pbem seats`: the game master's view of a game's seats, one line per seat."""
from __future__ import annotations

from datetime import datetime

import click

from service.base import clock
from service.cli.common import handles_errors, open_store
from service.game.loading import LoadedGame, load_game
from service.game.waiting import waiting_at
from service.time.absence import absence_end


@click.command("seats")
@click.argument("game_id")
@handles_errors
def seats_command(game_id: str) -> None:
    """Show each seat: player, address, whether its mail bounces, whether the table waits for it
    or it has answered, and any absence."""
    loaded = load_game(open_store(), game_id)
    now = clock.now()
    for line in seat_lines(loaded, now):
        click.echo(line)


def seat_lines(loaded: LoadedGame, now: datetime) -> list[str]:
    """Return one line per seat: name, player and address, mail, its mark at the current step
    (waiting, answered, or only asked where answering is private), absence."""
    meta = loaded.meta
    marks = ({mark.seat: mark.text for mark in waiting_at(loaded.game, loaded.state, meta).marks}
             if meta.started else {})
    lines = []
    for seat in meta.seats:
        failing = meta.mail_failing.get(seat.name)
        mail = (f"mail bouncing since {failing.since[:16].replace('T', ' ')} UTC ({failing.reason})"
                if failing else "mail ok")
        turn = ("resigned" if seat.name in meta.resigned else
                marks.get(seat.name, "not asked now"))
        end = absence_end(meta, seat.name, now)
        away = meta.away_until.get(seat.name)
        absence = (f"away until {away[:10]}" if away else "present") + (
            f", deadlines wait until {end:%Y-%m-%d %H:%M} UTC" if end else "")
        if seat.name in meta.house:  # no address, no mail, no absence: the computer plays it
            lines.append(f"{seat.name}: the house (computer player); {turn}")
            continue
        lines.append(f"{seat.name}: {seat.player} <{seat.email}>; {mail}; {turn}; {absence}")
    return lines
