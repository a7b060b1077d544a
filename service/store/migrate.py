"""Schema migrations: bring a store's tables to the newest revision with Alembic.

The revisions live in `service/store/migrations/versions`. A store made before migrations existed
(tables but no `alembic_version`) is recognised as revision 0001 and upgraded from there.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

HEAD = "0022"
"""The newest revision; a store at it needs no work (a test keeps it equal to Alembic's head)."""
FIRST = "0001"
DEADLINES = "0006"
"""The revision that made the deadlines projection; an upgrade across it fills it."""
SEAT_ADDRESSES = "0011"
"""The revision that made the seat addresses projection; an upgrade across it fills it."""
READER_NUMBERS = "0019"
"""The revision that made the reader_hidden projection (numbers per reader); an upgrade
across it fills it."""
if TYPE_CHECKING:
    from alembic.config import Config as AlembicConfig
    from sqlalchemy import Connection

SCRIPTS = Path(__file__).resolve().parent / "migrations"


@dataclass(frozen=True)
class Upgrade:
    """What one upgrade did: the revision a store was at before (None: empty) and after."""

    before: str | None
    after: str | None

    def crossed(self, revision: str) -> bool:
        """Return whether an existing store went from before `revision` to it or past it.

        A projection made by `revision` is then empty and must be filled from the logs; a
        store created empty needs nothing filled.
        """
        return self.before is not None and self.before < revision <= (self.after or "")


def current_revision(conn: Connection) -> str | None:
    """Return the store's revision, None for an empty store, FIRST for one made before."""
    from sqlalchemy import inspect, text

    inspector = inspect(conn)
    if inspector.has_table("alembic_version"):
        return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
    return FIRST if inspector.has_table("games") else None


def is_newer(revision: str) -> bool:
    """Return whether `revision` comes after this version's HEAD (a newer pbem made it)."""
    return revision.isdigit() and HEAD.isdigit() and int(revision) > int(HEAD)


def upgrade(conn: Connection, revision: str = "head") -> None:
    """Upgrade the store on `conn` (inside its transaction) to `revision`."""
    from alembic import command
    from sqlalchemy import inspect

    config = alembic_config(conn)
    inspector = inspect(conn)
    if inspector.has_table("games") and not inspector.has_table("alembic_version"):
        command.stamp(config, FIRST)
    command.upgrade(config, revision)


def script_head() -> str | None:
    """Return the head revision Alembic finds among the scripts."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory(str(SCRIPTS)).get_current_head()


def alembic_config(conn: Connection) -> AlembicConfig:
    """Return an Alembic configuration that runs the scripts on `conn`."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(SCRIPTS))
    config.attributes["connection"] = conn
    return config
