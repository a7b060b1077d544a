"""The store's disposable caches: PDF snapshots kept per (game, seat, seq), and the lobby's
line of each game kept with its head, for every process."""
from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import delete, select

from service.store.handles import StoreBase
from service.store.records import GameRow, utc_now
from service.store.schema import lobby_lines as lines_t
from service.store.schema import pdf_cache as pdf_t

LineKey = tuple[str, int, str]
"""(game id, head seq, head hash)."""
PdfKey = tuple[str, str, int]
"""(game id, seat or "" for the spectator, seq)."""


class CacheStore(StoreBase):
    """Reads and writes of the `pdf_cache` and `lobby_lines` tables: caches, so a broken or
    stale entry reads as missing."""

    def lobby_lines(self, rows: Sequence[GameRow]) -> dict[str, str]:
        """Return the stored lines of the games whose line was made at their row's head, by
        id (one statement)."""
        if not rows:
            return {}
        c = lines_t.c
        heads = {row.id: (row.head_seq, row.head_hash) for row in rows}
        query = select(c.game_id, c.head_seq, c.head_hash, c.line).where(
            c.game_id.in_(list(heads)))
        with self._engine.connect() as conn:
            return {game_id: line for game_id, seq, head, line in conn.execute(query)
                    if heads[game_id] == (seq, head)}

    def keep_lobby_lines(self, lines: Sequence[tuple[LineKey, str]]) -> None:
        """Store each game's line made at (game, head seq, head hash), replacing its older one."""
        if not lines:
            return
        insert = self._insert(lines_t)
        upsert = insert.on_conflict_do_update(
            index_elements=["game_id"], set_={name: insert.excluded[name]
                                              for name in ("head_seq", "head_hash", "line")})
        with self._writer.begin() as conn:
            conn.execute(upsert, [{"game_id": game_id, "head_seq": seq, "head_hash": head,
                                   "line": line} for (game_id, seq, head), line in lines])

    def cached_pdf(self, key: PdfKey) -> bytes | None:
        """Return the stored PDF of (game, seat, seq) if there is a whole one."""
        c = pdf_t.c
        with self._engine.connect() as conn:
            data = conn.execute(select(c.pdf).where(c.game_id == key[0], c.seat == key[1],
                                                    c.seq == key[2])).scalar()
        if data is None:
            return None
        pdf = bytes(data)
        return pdf if pdf.startswith(b"%PDF-") and b"%%EOF" in pdf[-64:] else None

    def keep_pdf(self, key: PdfKey, pdf: bytes, kept_per_seat: int) -> None:
        """Store a rendered PDF (replacing a broken one) and drop the seat's older ones,
        keeping the newest `kept_per_seat`."""
        c = pdf_t.c
        mine = (c.game_id == key[0], c.seat == key[1])
        upsert = self._insert(pdf_t).values(game_id=key[0], seat=key[1], seq=key[2], pdf=pdf,
                                            created_at=utc_now())
        upsert = upsert.on_conflict_do_update(index_elements=["game_id", "seat", "seq"],
                                              set_={"pdf": pdf})
        with self._writer.begin() as conn:
            conn.execute(upsert)
            oldest_kept = conn.execute(select(c.seq).where(*mine).order_by(c.seq.desc())
                                       .offset(kept_per_seat - 1).limit(1)).scalar()
            if oldest_kept is not None:
                conn.execute(delete(pdf_t).where(*mine, c.seq < oldest_kept))
