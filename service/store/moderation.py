"""Civil play, as kept: who muted, blocked, reported or suspended whom (`moderation`).

Each row is an address acting about another address: a player muting another's press (in one
game, or everywhere when `game_id` is empty), a game master's address blocking an address
from the tables it hosts, a reader's report of a message or a player (signed by the service,
so what the reader saw cannot be rewritten), and the operator's suspension of an address
from open tables. These are kept apart from the games' logs: a game's log is public once the
game is over, and none of this is for the reported or muted player to read.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, or_, select, update

from service.store.records import utc_now
from service.store.roles import Connections
from service.store.schema import moderation as moderation_t

MUTE, BLOCK, REPORT, SUSPEND = "mute", "block", "report", "suspend"
KINDS = (MUTE, BLOCK, REPORT, SUSPEND)


@dataclass(frozen=True)
class Moderated:
    """One row: `kind` by `actor` about `target` (addresses as compared), in a game or not."""

    id: int
    kind: str
    actor: str
    target: str
    game_id: str | None
    data: dict[str, Any]
    signature: str
    created_at: str
    lifted_at: str | None


class Moderation:
    """Reads and writes of the `moderation` table, on a store's own connections."""

    def __init__(self, store: Connections) -> None:
        self._store = store

    def add(self, kind: str, actor: str, target: str, game_id: str | None,
            data: dict[str, Any], signature: str = "") -> int:
        """Keep a row; return its id."""
        if kind not in KINDS:
            raise ValueError(f"not a kind of moderation: {kind!r}")
        with self._store.begin_write() as conn:
            result = conn.execute(moderation_t.insert().values(
                kind=kind, actor=actor, target=target, game_id=game_id,
                data=json.dumps(data, sort_keys=True), signature=signature,
                created_at=utc_now(), lifted_at=None))
            key = result.inserted_primary_key
            assert key is not None
            return int(key[0])

    def active(self, kind: str, *, actor: str | None = None, target: str | None = None,
               game_id: str | None = None) -> list[Moderated]:
        """Return the rows of `kind` not lifted, by `actor` and about `target` when given; with
        `game_id`, those of that game and those everywhere (no game)."""
        c = moderation_t.c
        conditions = [c.kind == kind, c.lifted_at.is_(None)]
        if actor is not None:
            conditions.append(c.actor == actor)
        if target is not None:
            conditions.append(c.target == target)
        if game_id is not None:
            conditions.append(or_(c.game_id == game_id, c.game_id.is_(None)))
        with self._store.connect() as conn:
            rows = conn.execute(select(moderation_t).where(and_(*conditions))
                                .order_by(c.id)).all()
        return [_moderated(row) for row in rows]

    def newest(self, kind: str, limit: int = 100) -> list[Moderated]:
        """Return the newest rows of `kind`, lifted or not, newest first."""
        c = moderation_t.c
        with self._store.connect() as conn:
            rows = conn.execute(select(moderation_t).where(c.kind == kind)
                                .order_by(c.id.desc()).limit(limit)).all()
        return [_moderated(row) for row in rows]

    def get(self, row_id: int) -> Moderated | None:
        """Return one row by id."""
        with self._store.connect() as conn:
            row = conn.execute(select(moderation_t).where(moderation_t.c.id == row_id)).first()
        return None if row is None else _moderated(row)

    def lift(self, kind: str, *, actor: str | None = None, target: str,
             game_id: str | None = None, row_id: int | None = None) -> int:
        """Lift the active rows of `kind` about `target` (by `actor`, in `game_id` exactly, or
        the one row `row_id`); return how many."""
        c = moderation_t.c
        conditions = [c.kind == kind, c.target == target, c.lifted_at.is_(None)]
        if actor is not None:
            conditions.append(c.actor == actor)
        if row_id is not None:
            conditions.append(c.id == row_id)
        else:
            conditions.append(c.game_id == game_id if game_id else c.game_id.is_(None))
        with self._store.begin_write() as conn:
            return int(conn.execute(update(moderation_t).where(and_(*conditions))
                                    .values(lifted_at=utc_now())).rowcount)


def _moderated(row: Any) -> Moderated:
    """Return the record of a row."""
    return Moderated(int(row.id), row.kind, row.actor, row.target, row.game_id,
                     json.loads(row.data), row.signature, row.created_at, row.lifted_at)
