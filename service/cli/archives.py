"""The `pbem export` and `pbem import` commands: a game's archive out of and into the store."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from service.audit import archive as archiving
from service.audit.restore import import_archive
from service.game.loading import load_game
from service.seats import master


@click.command("export")
@click.argument("game_id")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True),
              metavar="FILE", help="Write the archive here (default: a file named after the "
              "game in the current folder; '-' for standard output).")
@click.option("--with-secrets", is_flag=True, help="Include a running game's secret seed, "
              "so the archive can restore it (keep such a file as secret as the database).")
def export_command(game_id: str, output: str | None, with_secrets: bool) -> None:
    """Write a game's archive: its header and every event as stored (docs/archive.md)."""
    from service.cli.common import friendly_errors

    with friendly_errors():
        _export(game_id, output, with_secrets)


def _export(game_id: str, output: str | None, with_secrets: bool) -> None:
    """Write the archive to `output` (a name from the game when None, '-': standard output)."""
    from service.base.config import load_config
    from service.base.signing import signer
    from service.cli.common import open_store

    store = open_store()
    header = archiving.header_for(store, game_id, with_secrets)
    sign = signer(load_config())
    if output == "-":
        archiving.write_archive(store, game_id, sys.stdout.buffer, with_secrets, sign)
        return
    path = Path(output or archiving.archive_name(header))
    mode = 0o600 if header.secret else 0o644  # a running game's seed foretells every draw
    with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode), "wb") as out:
        if header.secret:
            os.chmod(path, 0o600)  # a file written before keeps no wider mode
        size = archiving.write_archive(store, game_id, out, with_secrets, sign)
    kind = ("finished game, seed revealed" if header.finished else
            "running game, WITH ITS SECRET SEED" if header.secret else
            "running game, seed left out: it can be read and checked, not restored")
    click.echo(f"{path}: {header.events} events, {size} bytes ({kind})", err=True)


@click.command("import")
@click.argument("archive_path", metavar="FILE", type=click.Path(dir_okay=False))
@click.option("--renew-links", is_flag=True, help="Give every seat of a running game new "
              "private links and reply addresses, and email them (needed when this server's "
              "secret key is not the one the game was played under).")
@click.option("--key", "key_source", metavar="FILE|URL", help="Check the archive's signed "
              "heads against these public keys (another server's, from its "
              "/.well-known/pbem-key) instead of this service's own.")
@click.option("--unsigned", is_flag=True, help="Accept an archive whose last event carries no "
              "signed head (one written before heads were signed); a head that is there must "
              "still verify.")
def import_command(archive_path: str, renew_links: bool, key_source: str | None,
                   unsigned: bool) -> None:
    """Restore a game from its archive into this store; refuse a broken or unusable one, or
    one whose events do not lead to the heads the service signed."""
    from service.cli.common import friendly_errors

    with friendly_errors():
        _import(archive_path, renew_links, key_source, unsigned)


def _import(archive_path: str, renew_links: bool, key_source: str | None = None,
            unsigned: bool = False) -> None:
    """Import the archive; with `renew_links`, renew and mail every seat's links."""
    from service.cli.common import announce, open_store
    from service.cli.keys import own_keys, read_keys

    keys = read_keys(key_source) if key_source else own_keys()
    store = open_store(create=True)
    restored = import_archive(store, archive_path, keys, unsigned)
    click.echo(f"imported game {restored.game_id}: {restored.events} events, "
               f"{restored.status}")
    if renew_links and restored.status != "finished":
        for seat in load_game(store, restored.game_id).meta.seat_names:
            master.rotate_token(store, restored.game_id, seat)
        announce(restored.game_id)
        click.echo("every seat has new links and reply addresses; their emails are queued")
