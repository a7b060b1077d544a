"""The `pbem key` command, and the public keys the audit, import and verify check signed
heads against (docs/signing.md)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import click

from service.base.config import ConfigError, load_config
from service.cli.common import handles_errors
from service.orders.results import ServiceError

if TYPE_CHECKING:
    from service.base.signing import KeyRing


def read_keys(source: str) -> KeyRing:
    """Return the public keys in a file or at a URL, or stop saying why they cannot be read."""
    from service.base.signing import KeyTextError, read_key_source

    try:
        return read_key_source(source)
    except KeyTextError as exc:
        raise ServiceError(str(exc)) from None


def own_keys() -> KeyRing:
    """Return this service's public keys, current and retired (its key made on first use)."""
    from service.base.signing import KeyTextError, service_keys

    try:
        return service_keys(load_config())
    except (KeyTextError, ConfigError) as exc:
        raise ServiceError(f"this service's signing keys cannot be read: {exc}") from None


@click.command("key")
@click.option("--rotate", is_flag=True, help="Retire the signing key and make a new one; the "
              "old public key stays published, so everything it signed still verifies.")
@handles_errors
def key_command(rotate: bool) -> None:
    """Print the service's public signing keys, as published at /.well-known/pbem-key."""
    from service.base.signing import published_keys
    from service.base.signing import rotate as rotate_key

    config = load_config()
    if rotate:
        try:
            old, new = rotate_key(config)
        except ConfigError as exc:
            raise ServiceError(str(exc)) from None
        click.echo(f"retired key {old}; heads are signed with key {new} from now on", err=True)
    click.echo(published_keys(config), nl=False)
