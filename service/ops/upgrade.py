"""A store opened at the newest schema, with the projections its migrations made filled in.

The store migrates its own tables (`Store.upgrade`), but a table that is a projection of the
logs (the open deadlines, who plays which seat) can only be filled by folding every game, which
the layers above the store do. So whoever opens a store that may be old opens it here: the web
application, the workers and the `pbem` command.
"""
from __future__ import annotations

from collections.abc import Callable

from service.game.numbers import renumber_all
from service.seats.identity import rebuild_seat_addresses
from service.store.migrate import DEADLINES, READER_NUMBERS, SEAT_ADDRESSES, Upgrade
from service.store.store import Store
from service.time.due import rebuild_deadlines

REBUILDS: tuple[tuple[str, Callable[[Store], int]], ...] = (
    (DEADLINES, rebuild_deadlines),
    (SEAT_ADDRESSES, rebuild_seat_addresses),
    (READER_NUMBERS, renumber_all),
)
"""Each projection's revision, and how it is written anew from the logs."""


def prepared(store: Store) -> Store:
    """Return `store` with its tables created, or migrated and their projections filled."""
    fill_projections(store, store.create_schema())
    return store


def upgrade(store: Store, revision: str = "head") -> Upgrade:
    """Migrate `store` to `revision`, fill the projections it made, and say what it did."""
    done = store.upgrade(revision)
    fill_projections(store, done)
    return done


def fill_projections(store: Store, done: Upgrade) -> None:
    """Write anew every projection that the upgrade `done` made."""
    for revision, rebuild in REBUILDS:
        if done.crossed(revision):
            rebuild(store)
