"""Links mailed to an address (a "my games" sign-in, a confirmation to join a game).

A link carries only an opaque token; the store keeps the token's SHA-256 with what the link
stands for (an address, a purpose, some data) and when it expires. A single-use link is taken
by one conditional update, so of two requests with the same link exactly one takes it,
whatever process or node they reach.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, select, update

from service.store.records import later, utc_now
from service.store.roles import Connections
from service.store.schema import mail_links as links_t


@dataclass(frozen=True)
class MailLink:
    """What a mailed link stands for."""

    purpose: str
    address: str
    data: dict[str, Any]
    expires_at: str
    used_at: str | None


def token_digest(token: str) -> str:
    """Return the key a token is stored under (a leaked table opens no link)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class MailLinks:
    """Reads and writes of the `mail_links` table, on a store's own connections."""

    def __init__(self, store: Connections) -> None:
        self._store = store

    def add(self, token: str, purpose: str, address: str, data: dict[str, Any],
            seconds: int) -> None:
        """Keep the link `token` for `seconds`."""
        with self._store.begin_write() as conn:
            conn.execute(links_t.insert().values(
                digest=token_digest(token), purpose=purpose, address=address,
                data=json.dumps(data, sort_keys=True), created_at=utc_now(),
                expires_at=later(seconds), used_at=None))

    def read(self, token: str, purpose: str) -> MailLink | None:
        """Return the link of `purpose` a token stands for, used or not; None when there is
        none or it expired."""
        return self.read_digest(token_digest(token), purpose)

    def read_digest(self, digest: str, purpose: str) -> MailLink | None:
        """The same, for the token whose digest is `digest` (a link named by another link)."""
        c = links_t.c
        with self._store.connect() as conn:
            row = conn.execute(select(links_t).where(
                c.digest == digest, c.purpose == purpose,
                c.expires_at > utc_now())).first()
        if row is None:
            return None
        return MailLink(row.purpose, row.address, json.loads(row.data), row.expires_at,
                        row.used_at)

    def waiting(self, address: str, purpose: str) -> int:
        """Return how many unexpired, unused links of `purpose` wait for `address`."""
        c = links_t.c
        query = select(func.count()).select_from(links_t).where(
            c.address == address, c.purpose == purpose, c.used_at.is_(None),
            c.expires_at > utc_now())
        with self._store.connect() as conn:
            return int(conn.execute(query).scalar_one())

    def asked_for_game(self, purpose: str, game_id: str, seconds: int) -> int:
        """Return how many unexpired links of `purpose` for game `game_id` were made in the
        last `seconds` (used or not: each stands for one request)."""
        c = links_t.c
        query = select(c.data).where(c.purpose == purpose, c.expires_at > utc_now(),
                                     c.created_at >= later(-seconds))
        with self._store.connect() as conn:
            return sum(1 for (data,) in conn.execute(query)
                       if json.loads(data).get("game") == game_id)

    def use(self, token: str, purpose: str) -> bool:
        """Mark an unexpired link used; return True only for the one call that did."""
        return self.use_digest(token_digest(token), purpose)

    def use_digest(self, digest: str, purpose: str) -> bool:
        """The same, for the token whose digest is `digest`."""
        c = links_t.c
        query = (update(links_t)
                 .where(c.digest == digest, c.purpose == purpose,
                        c.used_at.is_(None), c.expires_at > utc_now())
                 .values(used_at=utc_now()))
        with self._store.begin_write() as conn:
            return bool(conn.execute(query).rowcount == 1)

    def release(self, token: str, purpose: str) -> None:
        """Make a used link usable again (its use was refused before anything changed)."""
        c = links_t.c
        query = (update(links_t).where(c.digest == token_digest(token), c.purpose == purpose)
                 .values(used_at=None))
        with self._store.begin_write() as conn:
            conn.execute(query)

    def forget(self, address: str, purpose: str) -> int:
        """Delete every link of `purpose` for `address` (revoked); return how many."""
        c = links_t.c
        with self._store.begin_write() as conn:
            return int(conn.execute(delete(links_t).where(
                c.address == address, c.purpose == purpose)).rowcount)

    def forget_expired(self) -> int:
        """Delete the links that expired; return how many."""
        with self._store.begin_write() as conn:
            return int(conn.execute(delete(links_t).where(
                links_t.c.expires_at <= utc_now())).rowcount)
