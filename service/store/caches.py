"""The store's disposable caches: PDF snapshots kept per (game, seat, seq) as files of the
data directory (`service.store.pdffiles`), and the lobby's line of each game kept with its
head, for every process."""
from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select

from service.store.handles import StoreBase
from service.store.pdffiles import PdfFiles, PdfKey
from service.store.records import GameRow
from service.store.schema import lobby_lines as lines_t

LineKey = tuple[str, int, str]
"""(game id, head seq, head hash)."""


class CacheStore(StoreBase):
    """Reads and writes of the PDF files and the `lobby_lines` table: caches, so a broken or
    stale entry reads as missing."""

    pdf_files: PdfFiles

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
        """Return the kept PDF of (game, seat, seq) if there is a whole one."""
        return self.pdf_files.get(key)

    def keep_pdf(self, key: PdfKey, pdf: bytes, kept_per_seat: int) -> None:
        """Keep a rendered PDF (replacing a broken one) and drop the seat's older ones,
        keeping the newest `kept_per_seat`."""
        self.pdf_files.put(key, pdf, kept_per_seat)
