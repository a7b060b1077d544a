"""PDF snapshots rendered once per (game, seq, seat) and kept in the database for every process.

The turn mail of a seq, the reminders (which show the seat's current state) and the download
from the seat page all ask for the PDF of a seat at a seq of its game's log; the first asker
renders it and stores it, the others read it back. The snapshot's history is the seat's newest
readable lines up to that seq, so the same (game, seq, seat) always means the same content.
It is a cache: a missing or unreadable entry is rendered again, and only the newest few PDFs
of each seat of a game are kept.
"""
from __future__ import annotations

from typing import Protocol

from sqlalchemy import select

from engine.core.contract import view_header
from service.game.current import PageGame
from service.game.history import readable_lines
from service.game.loading import LoadedGame
from service.pdf.render import render_snapshot_pdf
from service.store.roles import Caches, Connections
from service.store.schema import events as events_t

HISTORY_LINES = 12
"""History lines on a snapshot."""
HISTORY_EVENTS = 48
"""Events read to find them (secret events may give no line to the seat)."""
KEPT_PER_SEAT = 3
SPECTATOR = ""


class PdfStore(Caches, Connections, Protocol):
    """The store as a PDF snapshot is made: the PDF cache, and the log's rows read for its
    history lines."""


def seat_pdf(store: PdfStore, game: PageGame, seat: str | None,
             muted: frozenset[str] = frozenset()) -> bytes:
    """Return the PDF snapshot of `seat` (None: a spectator) at the game's head."""
    return snapshot_pdf(store, game.loaded, seat, muted)


def snapshot_pdf(store: PdfStore, loaded: LoadedGame, seat: str | None,
                 muted: frozenset[str] = frozenset()) -> bytes:
    """Return the PDF snapshot of `seat` at the loaded game's seq, rendered at most once;
    its history leaves out the press of the seats in `muted` (the seats whose press the reader
    muted: such a snapshot is the reader's own, rendered each time and never kept)."""
    key = (loaded.meta.id, seat or SPECTATOR, loaded.seq)
    found = None if muted else store.cached_pdf(key)
    if found is not None:
        return found
    view = loaded.game.view(loaded.state, seat)
    house = [name for name in loaded.meta.seat_names if name in loaded.meta.house]
    turn = view_header(view)["label"] + (  # which seats the computer plays is public
        f" (the house plays {', '.join(house)})" if house else "")
    pdf = render_snapshot_pdf(loaded.game, view, game_title=loaded.meta.title,
                              game_id=loaded.meta.id, seat=seat, turn_label=turn,
                              history=recent_lines(store, loaded, seat, muted))
    if not muted:
        store.keep_pdf(key, pdf, KEPT_PER_SEAT)
    return pdf


def recent_lines(store: Connections, loaded: LoadedGame, seat: str | None,
                 muted: frozenset[str] = frozenset()) -> list[str]:
    """Return the seat's newest history lines up to the loaded seq (a bounded read), without
    the press of the seats in `muted`."""
    c = events_t.c
    query = (select(c.seq, c.type, c.schema_version, c.payload, c.actor, c.recorded_at)
             .where(c.game_id == loaded.meta.id, c.seq <= loaded.seq,
                    c.seq > loaded.seq - HISTORY_EVENTS)  # a range: seqs have no gaps
             .order_by(c.seq.desc()).limit(HISTORY_EVENTS))
    with store.connect() as conn:
        rows = sorted(conn.execute(query).all(), key=lambda row: row[0])
    lines = readable_lines(loaded.game, rows, seat, loaded.meta.finished, muted=muted)
    return [line.text for line in lines][-HISTORY_LINES:]
