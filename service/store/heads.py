"""The store's record of the heads the service signed: written whenever one is shown, read
by `pbem verify` and by the archive."""
from __future__ import annotations

from collections.abc import Iterator, Sequence

from sqlalchemy import Connection, select

from service.base.signedhead import SignedHead
from service.store.handles import StoreBase
from service.store.schema import signed_heads as heads_t

ShownHeads = Sequence[tuple[str, SignedHead]]
"""Heads signed and shown, each with its game's id, noted together with whatever showed them."""


def insert_heads(store: StoreBase, conn: Connection, heads: ShownHeads) -> None:
    """Note `heads` inside the caller's transaction; a head noted already stays."""
    if not heads:
        return
    insert = store._insert(heads_t).on_conflict_do_nothing(
        index_elements=["game_id", "seq", "key_id"])
    conn.execute(insert, [{"game_id": game_id, "seq": head.seq, "key_id": head.key,
                           "hash": head.hash, "signature": head.signature}
                          for game_id, head in heads])


class HeadStore(StoreBase):
    """Reads and writes of the `signed_heads` table."""

    def record_signed_heads(self, game_id: str, heads: Sequence[SignedHead]) -> None:
        """Note heads signed for a game; a head already noted (same seq and key) stays."""
        if not heads:
            return
        with self._writer.begin() as conn:
            insert_heads(self, conn, [(game_id, head) for head in heads])

    def iter_signed_heads(self, game_id: str, upto: int | None = None,
                          batch: int = 1000) -> Iterator[SignedHead]:
        """Yield the game's signed heads up to seq `upto` in seq (then key) order, a batch
        of rows at a time."""
        c, after = heads_t.c, (-1, "")
        while True:
            query = (select(c.seq, c.hash, c.key_id, c.signature)
                     .where(c.game_id == game_id,
                            (c.seq > after[0]) | ((c.seq == after[0]) & (c.key_id > after[1])))
                     .order_by(c.seq, c.key_id).limit(batch))
            if upto is not None:
                query = query.where(c.seq <= upto)
            with self._engine.connect() as conn:
                rows = [SignedHead(int(seq), str(hashed), str(key), str(sig))
                        for seq, hashed, key, sig in conn.execute(query)]
            yield from rows
            if len(rows) < batch:
                return
            after = rows[-1].seq, rows[-1].key
