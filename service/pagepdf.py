"""PDF snapshots rendered once per (game, seq, seat) and kept in the database for every process.

The turn mail of a seq, the reminders (which show the seat's current state) and the download
from the seat page all ask for the PDF of a seat at a seq of its game's log; the first asker
renders it and stores it, the others read it back. The snapshot's history is the seat's newest
readable lines up to that seq, so the same (game, seq, seat) always means the same content.
It is a cache: a missing or unreadable entry is rendered again, and only the newest few PDFs
of each seat of a game are kept.
"""
from __future__ import annotations

from sqlalchemy import delete, select

from engine.core.contract import view_header

from .historypage import readable_lines
from .loading import LoadedGame
from .pageread import PageGame, connect
from .pdf import render_snapshot_pdf
from .schema import events as events_t
from .schema import pdf_cache as pdf_t
from .store import Store, utc_now

HISTORY_LINES = 12
"""History lines on a snapshot."""
HISTORY_EVENTS = 48
"""Events read to find them (secret events may give no line to the seat)."""
KEPT_PER_SEAT = 3
SPECTATOR = ""


def seat_pdf(store: Store, game: PageGame, seat: str | None) -> bytes:
    """Return the PDF snapshot of `seat` (None: a spectator) at the game's head."""
    return snapshot_pdf(store, game.loaded, seat)


def snapshot_pdf(store: Store, loaded: LoadedGame, seat: str | None) -> bytes:
    """Return the PDF snapshot of `seat` at the loaded game's seq, rendered at most once."""
    key = (loaded.meta.id, seat or SPECTATOR, loaded.seq)
    found = _cached(store, key)
    if found is not None:
        return found
    view = loaded.game.view(loaded.state, seat)
    pdf = render_snapshot_pdf(loaded.game, view, game_title=loaded.meta.title,
                              game_id=loaded.meta.id, seat=seat, turn_label=view_header(view)["label"],
                              history=recent_lines(store, loaded, seat))
    _keep(store, key, pdf)
    return pdf


def recent_lines(store: Store, loaded: LoadedGame, seat: str | None) -> list[str]:
    """Return the seat's newest history lines up to the loaded seq (a bounded read)."""
    c = events_t.c
    query = (select(c.seq, c.type, c.schema_version, c.payload, c.actor, c.recorded_at)
             .where(c.game_id == loaded.meta.id, c.seq <= loaded.seq)
             .order_by(c.seq.desc()).limit(HISTORY_EVENTS))
    with connect(store) as conn:
        rows = sorted(conn.execute(query).all(), key=lambda row: row[0])
    lines = readable_lines(loaded.game, rows, seat, loaded.meta.finished)
    return [line.text for line in lines][-HISTORY_LINES:]


def _cached(store: Store, key: tuple[str, str, int]) -> bytes | None:
    """Return the stored PDF of (game, seat, seq) if there is a whole one."""
    c = pdf_t.c
    with connect(store) as conn:
        data = conn.execute(select(c.pdf).where(c.game_id == key[0], c.seat == key[1],
                                                c.seq == key[2])).scalar()
    if data is None:
        return None
    pdf = bytes(data)
    return pdf if pdf.startswith(b"%PDF-") and b"%%EOF" in pdf[-64:] else None


def _keep(store: Store, key: tuple[str, str, int], pdf: bytes) -> None:
    """Store a rendered PDF (replacing a broken one) and drop the seat's older ones."""
    c = pdf_t.c
    mine = (c.game_id == key[0], c.seat == key[1])
    upsert = store._insert(pdf_t).values(game_id=key[0], seat=key[1], seq=key[2], pdf=pdf,
                                         created_at=utc_now())
    upsert = upsert.on_conflict_do_update(index_elements=["game_id", "seat", "seq"],
                                          set_={"pdf": pdf})
    with store._writer.begin() as conn:
        conn.execute(upsert)
        oldest_kept = conn.execute(select(c.seq).where(*mine).order_by(c.seq.desc())
                                   .offset(KEPT_PER_SEAT - 1).limit(1)).scalar()
        if oldest_kept is not None:
            conn.execute(delete(pdf_t).where(*mine, c.seq < oldest_kept))
